/**
 * Two aids listening once at the table's root, so the rest of the table only adds attributes:
 *
 * - Help mode, for touch screens where hover titles never show: while it is on, tapping anything
 *   with a help text (`data-help`, else `title`) shows that text in a small sheet instead of acting.
 * - The keys 1 to 6 open that seat's board (the viewer's own seat: their own board); Escape closes it.
 */
import { type RefObject, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerID } from '../../game';
import { playerName } from '../i18n/labels';
import { announce } from '../table/Announcer';
import { seatKeyOf } from './keys';

/** Marks the help mode's own controls, which keep working while it is on. */
const HELP_CONTROL = 'data-help-control';
/** What keeps working in help mode: its own controls, and closing a panel (never a move). */
const WORKS_IN_HELP_MODE = `[${HELP_CONTROL}], .drawer-close`;

/**
 * Elements whose help text depends on where they are tapped (a drawing: the planet's squares and
 * line marks), asked with the tap's page coordinates.
 */
type HelpAnswer = (clientX: number, clientY: number, target: Element) => string | null;
const helpByPoint = new WeakMap<Element, HelpAnswer>();

/**
 * Let `el` answer help mode by the point tapped and the element under it (null: stop answering),
 * for texts too many or too costly to keep in attributes (a planet's squares).
 */
export function setHelpAt(el: Element, answer: HelpAnswer | null): void {
  if (answer) helpByPoint.set(el, answer);
  else helpByPoint.delete(el);
}

/**
 * The help text of the element tapped or of the nearest element around it that has one, inside
 * `root`; a drawing that says what lies under the tap (`setHelpAt`) is asked with `point`.
 */
export function helpTextOf(
  target: EventTarget | null,
  root: Element,
  point?: { clientX: number; clientY: number },
): string | null {
  const tapped = target instanceof Element ? target : null;
  // A drawing or a table that answers by the spot tapped first: its words are fuller than a title.
  for (let el = tapped; tapped && el && root.contains(el); el = el.parentElement) {
    const byPoint = helpByPoint.get(el)?.(point?.clientX ?? 0, point?.clientY ?? 0, tapped);
    if (byPoint) return byPoint;
  }
  for (let el = tapped; el && root.contains(el); el = el.parentElement) {
    const text = el.getAttribute('data-help') || el.getAttribute('title');
    if (text) return text;
    // A drawing's own title (SVG), which hover shows the same way.
    const svgTitle = el instanceof SVGElement ? el.querySelector(':scope > title')?.textContent : null;
    if (svgTitle) return svgTitle;
    if (el === root) break;
  }
  return null;
}

/** Another seat's board, opened over the table from the strip of other players. */
const boardDetails = (root: Element, seat: PlayerID) =>
  root.querySelector<HTMLDetailsElement>(`details[data-testid="board-${seat}-more"]`);

export interface TableAids {
  help: boolean;
  setHelp(on: boolean): void;
  /** The help text shown, or null. */
  sheet: string | null;
  closeSheet(): void;
}

export function useTableAids(
  root: RefObject<HTMLElement | null>,
  seats: readonly PlayerID[],
  viewer: PlayerID | null,
  names?: Record<string, string | undefined>,
): TableAids {
  const { t } = useTranslation('prefs');
  const [help, setHelpState] = useState(false);
  const [sheet, setSheet] = useState<string | null>(null);
  const setHelp = (on: boolean) => {
    setHelpState(on);
    setSheet(on ? t('help.intro') : null);
  };

  // Help mode: every press and click inside the table is caught before it reaches its target.
  const onPress = useEffectEvent((e: Event) => {
    const table = root.current;
    if (!help || !table || !(e.target instanceof Element) || e.target.closest(WORKS_IN_HELP_MODE)) return;
    e.stopPropagation();
    if (e.type !== 'click') return; // A press only stops drags and canvas taps; the click shows the text.
    e.preventDefault();
    const point = e instanceof MouseEvent ? { clientX: e.clientX, clientY: e.clientY } : undefined;
    const text = helpTextOf(e.target, table, point) ?? t('help.none');
    setSheet(text);
    announce(text);
  });

  // Keys 1–6 and Escape.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const table = root.current;
    if (!table) return;
    if (e.key === 'Escape') {
      if (sheet !== null) return setSheet(null);
      const open = table.querySelector<HTMLDetailsElement>('details.board-more[open]');
      if (!open) return;
      open.open = false;
      open.querySelector<HTMLElement>('summary')?.focus();
      return;
    }
    const index = seatKeyOf(e);
    const seat = index === null ? undefined : seats[index];
    if (seat === undefined) return;
    e.preventDefault();
    for (const other of table.querySelectorAll<HTMLDetailsElement>('details.board-more[open]'))
      other.open = false;
    const name = playerName(seat, names);
    if (seat === viewer) {
      // The viewer's own board is always on the table (beside the turn, or on the end screen).
      const own = table.querySelector<HTMLElement>(`[data-testid="board-${seat}"]:not(.board-compact)`);
      if (!own) return;
      if (!own.hasAttribute('tabindex')) own.tabIndex = -1;
      own.focus();
      own.scrollIntoView?.({ block: 'nearest' });
      announce(t('seatKeys.own', { name }));
      return;
    }
    const details = boardDetails(table, seat);
    if (!details) return;
    details.open = true;
    (details.querySelector<HTMLElement>('.drawer-close') ?? details.querySelector('summary'))?.focus();
    announce(t('seatKeys.opened', { name }));
  });

  useEffect(() => {
    const table = root.current;
    if (!table) return;
    const press = (e: Event) => onPress(e);
    const key = (e: KeyboardEvent) => onKey(e);
    for (const type of ['pointerdown', 'mousedown', 'click']) table.addEventListener(type, press, true);
    // Keys anywhere on the page, as long as the table is shown; first, so that Escape in an open
    // board can still hand the focus back to its summary before the board closes itself.
    window.addEventListener('keydown', key, true);
    return () => {
      for (const type of ['pointerdown', 'mousedown', 'click']) table.removeEventListener(type, press, true);
      window.removeEventListener('keydown', key, true);
    };
  }, [root]);

  return { help, setHelp, sheet, closeSheet: () => setSheet(null) };
}

/** The "?" toggle, in the table's bar. */
export function HelpToggle({ aids }: { aids: TableAids }) {
  const { t } = useTranslation('prefs');
  return (
    <button
      type="button"
      className="mini help-toggle"
      data-testid="help-toggle"
      {...{ [HELP_CONTROL]: '' }}
      aria-pressed={aids.help}
      aria-label={t('help.toggle')}
      title={t('help.toggle')}
      onClick={() => aids.setHelp(!aids.help)}
    >
      ?
    </button>
  );
}

/** The sheet showing the help text tapped. */
export function HelpSheet({ aids }: { aids: TableAids }) {
  const { t } = useTranslation('prefs');
  return (
    <div
      className="help-sheet"
      data-testid="help-sheet"
      {...{ [HELP_CONTROL]: '' }}
      hidden={aids.sheet === null}
    >
      <p>{aids.sheet}</p>
      <div className="help-sheet-buttons">
        {aids.help && (
          <button type="button" className="mini" data-testid="help-off" onClick={() => aids.setHelp(false)}>
            {t('help.off')}
          </button>
        )}
        <button
          type="button"
          className="drawer-close"
          data-testid="help-close"
          aria-label={t('help.close')}
          onClick={aids.closeSheet}
        >
          ✕
        </button>
      </div>
    </div>
  );
}
