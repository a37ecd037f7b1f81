/**
 * Where focus goes after a step that removes the control that had it (taking a tile): once the step
 * has been applied, to the next useful control of the player's area rather than the page body.
 */

/** Frames to wait for the step to come back applied (local games answer at once, online a little later). */
const MAX_FRAMES = 120;

function nextControl(area: Element): HTMLElement | null {
  return (
    area.querySelector<HTMLElement>('.table-canvas-wrap.interactive[tabindex="0"]') ??
    area.querySelector<HTMLElement>('[data-action]:not([disabled]):not([aria-disabled="true"])') ??
    area.querySelector<HTMLElement>('h2')
  );
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
    const area = document.querySelector('[data-testid="my-turn"]');
    const target = area && nextControl(area);
    if (!target) return;
    if (target.tagName === 'H2' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  requestAnimationFrame(step);
}
