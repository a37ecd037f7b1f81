/**
 * Where focus goes after a step removes or disables the control that had it (Start, the rotation,
 * taking or placing a tile, a gain, a rover step, Confirm): to the next useful control of the
 * player's area, or its turn heading, rather than the page body.
 */
import { useEffect } from 'react';

/** Frames to wait for the step to come back applied (local games answer at once, online a little later). */
const MAX_FRAMES = 120;

const AREA = '[data-testid="my-turn"]';

/**
 * The control that should take the focus in the player's area: the planet when a ghost is up (its
 * keys then move it), else the first offered action, else the turn's heading.
 */
function nextControl(area: Element): HTMLElement | null {
  const planet = area.querySelector<HTMLElement>('.table-canvas-wrap.interactive[tabindex="0"]');
  if (planet) return planet;
  const actions = area.querySelectorAll<HTMLElement>(
    '[data-action]:not([disabled]):not([aria-disabled="true"])',
  );
  for (const action of actions) {
    if (action.closest('[hidden]')) continue;
    // Squares to choose in the planet's closed text view: its toggle, which opens them.
    const closed = action.closest('details:not([open])');
    if (!closed) return action;
    const toggle = closed.querySelector<HTMLElement>(':scope > summary');
    if (toggle) return toggle;
  }
  // The turn's own heading, not the station's above it.
  return area.querySelector<HTMLElement>('.turn-scroll > h2') ?? area.querySelector<HTMLElement>('h2');
}

/** Focus the next control of the player's area; false when there is none. */
export function focusInArea(): boolean {
  const area = document.querySelector(AREA);
  const target = area && nextControl(area);
  if (!target) return false;
  // A heading takes the focus only from a script, never from Tab.
  if (target.tagName === 'H2' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  // The layout fits the window: focusing never scrolls the table under the pointer.
  target.focus({ preventScroll: true });
  return true;
}

/**
 * After the step, once `done()` holds, focus the planet when it takes a placement, else the first
 * offered action, else the turn's heading, inside the player's area (`[data-testid="my-turn"]`).
 */
export function focusNextControl(done: () => boolean): void {
  if (typeof requestAnimationFrame !== 'function') return;
  let frames = 0;
  const step = () => {
    frames += 1;
    if (!done()) {
      if (frames < MAX_FRAMES) requestAnimationFrame(step);
      return;
    }
    focusInArea();
  };
  requestAnimationFrame(step);
}

/** The focus is nowhere useful: on the page body, or on nothing at all. */
const focusOnBody = () => document.activeElement === null || document.activeElement === document.body;

const FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]';

/** A control that had the focus and can no longer hold it: removed, disabled, hidden or no longer focusable. */
const gone = (el: Element) =>
  !el.isConnected ||
  !el.matches(FOCUSABLE) ||
  el.matches(':disabled') ||
  el.closest('[hidden], [inert]') !== null;

/**
 * Keeps the focus in the player's area: when it opens on a page whose focus is on the body (after
 * Start or a hand-over), and whenever the control that had the focus goes away in a step. A click
 * on the page's background is left alone (the control that had the focus is still there).
 * `area` is the player's area element.
 */
export function useFocusKeeper(area: { readonly current: HTMLElement | null }): void {
  useEffect(() => {
    const el = area.current;
    if (!el || typeof requestAnimationFrame !== 'function') return;
    let last: Element | null = null;
    let frame = 0;
    const remember = (e: FocusEvent) => {
      last = e.target as Element;
    };
    // A step changes the area's tree (a control removed) or a control's state (disabled, hidden).
    const check = () => {
      frame = 0;
      // A disabled control may keep the focus in some browsers: as good as lost.
      if (last && (focusOnBody() || document.activeElement === last) && gone(last)) {
        last = null;
        focusInArea();
      }
    };
    const observer =
      typeof MutationObserver === 'function'
        ? new MutationObserver(() => {
            if (frame === 0) frame = requestAnimationFrame(check);
          })
        : null;
    observer?.observe(el, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert', 'tabindex'],
    });
    el.addEventListener('focusin', remember);
    const opening = requestAnimationFrame(() => {
      if (focusOnBody()) focusInArea();
    });
    return () => {
      observer?.disconnect();
      el.removeEventListener('focusin', remember);
      cancelAnimationFrame(opening);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [area]);
}
