/**
 * A planet as a 12×12 table: terrain colour plus a letter, ice, lifepods (P), meteorites (M) and
 * rovers (R). Squares in `marks` become buttons; everything else is plain text. The buttons are one
 * tab stop (a roving tab index): the arrows move between them, Home and End to the row's first and
 * last, Ctrl+Home and Ctrl+End to the planet's; Enter or Space acts on the focused square.
 */
import { type CellIndex, GRID, planetById, planetGeometry, type PlayerBoard } from '../../game';
import { TERRAIN_COLOR, TERRAIN_LETTER } from '../i18n/labels';
import type { GridInteraction } from '../table/interaction';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { canDrawCanvas } from '../table/CanvasSlot';
import { PlanetCanvas } from '../table/PlanetCanvas';
import { TerrainLegend } from '../table/TerrainLegend';
import { planetLayers } from '../table/planet-layers';
import { squareContents, squarePlace, squareText } from '../table/square-words';
import { setHelpAt } from '../prefs/table-aids';

interface Props {
  board: PlayerBoard;
  caption: string;
  testid: string;
  interaction?: GridInteraction | null;
  /**
   * Also draw the planet on a canvas: `large` for the acting player, `small` read-only for others at
   * a glance. The grid then becomes the planet's text view, behind a toggle (open when no canvas can
   * be drawn), so the planet is shown once.
   */
  drawn?: 'large' | 'small' | 'none';
  /** With a canvas, whether the text view's toggle is here (false: the caller shows it elsewhere). */
  textView?: boolean;
}

const COLUMNS = Array.from({ length: GRID }, (_, x) => x);

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The square a key moves the focus to among the clickable ones, or null when the key does not move
 * it. An arrow skips squares that cannot be clicked and stops at the planet's edge.
 */
export function gridKeyTarget(
  key: string,
  ctrl: boolean,
  from: CellIndex,
  clickable: (c: CellIndex) => boolean,
): CellIndex | null {
  const x0 = from % GRID;
  const y0 = Math.floor(from / GRID);
  const step = STEPS[key];
  if (step) {
    for (let x = x0 + step[0], y = y0 + step[1]; x >= 0 && x < GRID && y >= 0 && y < GRID;) {
      const c = y * GRID + x;
      if (clickable(c)) return c;
      x += step[0];
      y += step[1];
    }
    return null;
  }
  if (key !== 'Home' && key !== 'End') return null;
  const first = ctrl ? 0 : y0 * GRID;
  const cells = Array.from({ length: ctrl ? GRID * GRID : GRID }, (_, i) => first + i).filter(clickable);
  const target = key === 'Home' ? cells[0] : cells[cells.length - 1];
  return target === undefined || target === from ? null : target;
}

type T = ReturnType<typeof useTranslation>['t'];

function describeCell(t: T, board: PlayerBoard, c: CellIndex, isSquare: boolean, isIce: boolean) {
  // The words: what the canvas's tooltip says of the square too (./square-words.ts).
  const text = squareContents(t, board, c);
  if (!isSquare) return { letter: '', text, bg: 'transparent' };
  const terrain = board.terrain[c] ?? null;
  const icon = board.icon[c] ?? null;
  let letter: string;
  let bg: string;
  if (terrain) {
    letter = TERRAIN_LETTER[terrain] + (icon ? '*' : '');
    bg = TERRAIN_COLOR[terrain];
  } else {
    letter = isIce ? 'i' : '·';
    bg = isIce ? '#dcefff' : '#efe8d6';
  }
  const pods = board.lifepods.filter((p) => p === c).length;
  const rocks = board.meteorites.filter((m) => m === c).length;
  const rovers = board.rovers.filter((r) => r.cell === c).map((r) => r.id);
  let marks = '';
  if (pods) marks += 'P';
  if (rocks) marks += 'M';
  for (const id of rovers) marks += `R${id + 1}`;
  return { letter, marks, text, bg };
}

export function PlanetGrid({ board, caption, testid, interaction, drawn = 'none', textView = true }: Props) {
  const table = <PlanetTable board={board} caption={caption} testid={testid} interaction={interaction} />;
  if (drawn === 'none') return table;
  return (
    <div className={`planet-area planet-area-${drawn}`}>
      <PlanetCanvas board={board} caption={caption} testid={testid} interaction={interaction} size={drawn} />
      {drawn === 'large' && (
        <TerrainLegend holes={planetLayers(planetById(board.planet)).kinds.includes('hole')} />
      )}
      {textView && <PlanetTextView testid={testid}>{table}</PlanetTextView>}
    </div>
  );
}

/** Whether the text views were left open, kept in the browser for people who read the planet as text. */
const TEXT_VIEW_KEY = 'pu.planetTextView';

function textViewWanted(): boolean {
  try {
    return !canDrawCanvas() || window.localStorage.getItem(TEXT_VIEW_KEY) === 'open';
  } catch {
    return !canDrawCanvas();
  }
}

/** The planet as a table of squares behind a toggle: for screen readers, and wherever no canvas draws. */
export function PlanetTextView({ testid, children }: { testid: string; children: ReactNode }) {
  const { t } = useTranslation('table');
  const [open] = useState(textViewWanted);
  return (
    <details
      className="planet-text"
      data-testid={`${testid}-text-view`}
      open={open}
      onToggle={(e) => {
        try {
          window.localStorage.setItem(TEXT_VIEW_KEY, e.currentTarget.open ? 'open' : 'closed');
        } catch {
          // No storage (private mode): the toggle still works for this page.
        }
      }}
    >
      <summary>{t('showTable')}</summary>
      {children}
    </details>
  );
}

function PlanetTable({ board, caption, testid, interaction }: Omit<Props, 'drawn'>) {
  const { t } = useTranslation('table');
  const geometry = planetGeometry(planetById(board.planet));
  const table = useRef<HTMLTableElement>(null);
  // The square holding the grid's one tab stop: the last one focused while it stays clickable,
  // else the first legal one, else the first clickable one.
  const [focused, setFocused] = useState<CellIndex | null>(null);
  const clickable = (c: CellIndex) =>
    Boolean(interaction && (interaction.marks.has(c) || interaction.allClickable));
  const cells = Array.from({ length: GRID * GRID }, (_, c) => c);
  // The words of every square, worked out again only when the board changes (every update of the
  // table, a bot's move included, renders this table: 144 squares of words each time was the slow part).
  const described = useMemo(
    () =>
      Array.from({ length: GRID * GRID }, (_, c) => {
        const d = describeCell(t, board, c, geometry.isSquare[c] ?? false, geometry.isIce[c] ?? false);
        return { d, title: t('cell.line', { place: squarePlace(t, c), contents: d.text }) };
      }),
    [t, board, geometry],
  );
  const tabStop =
    focused !== null && clickable(focused)
      ? focused
      : (cells.find((c) => interaction?.marks.get(c)?.legal) ?? cells.find(clickable) ?? null);
  // Help mode asks the table for a square's full words when one is tapped (not kept on 144 cells).
  const helpAt = useEffectEvent((target: Element) => {
    const square = target.closest('td[data-square]')?.getAttribute('data-square');
    return square ? squareText(t, board, Number(square)) : null;
  });
  useEffect(() => {
    const el = table.current;
    if (!el) return;
    setHelpAt(el, (_x, _y, target) => helpAt(target));
    return () => setHelpAt(el, null);
  }, []);
  const onKeyDown = (e: KeyboardEvent, c: CellIndex) => {
    if (e.altKey || e.metaKey) return;
    const next = gridKeyTarget(e.key, e.ctrlKey, c, clickable);
    if (next === null) return;
    e.preventDefault();
    setFocused(next);
    table.current?.querySelector<HTMLElement>(`[data-cell="${next}"]`)?.focus();
  };
  return (
    <table
      ref={table}
      className={interaction ? 'planet interactive' : 'planet'}
      data-testid={testid}
      aria-label={caption}
      role={tabStop !== null ? 'grid' : undefined}
    >
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">{t('cell.corner')}</span>
          </th>
          {COLUMNS.map((x) => (
            <th scope="col" key={x}>
              {x}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {COLUMNS.map((y) => (
          <tr key={y}>
            <th scope="row">{y}</th>
            {COLUMNS.map((x) => {
              const c = y * GRID + x;
              const { d, title } = described[c] ?? { d: describeCell(t, board, c, false, false), title: '' };
              const mark = interaction?.marks.get(c);
              const inPreview = interaction?.preview?.cells.has(c);
              const cls = [
                'cell',
                geometry.isSquare[c] ? 'square' : 'outside',
                mark?.legal ? 'legal' : '',
                inPreview ? (interaction?.preview?.ok ? 'preview-ok' : 'preview-bad') : '',
              ]
                .filter(Boolean)
                .join(' ');
              const content = (
                <>
                  <span className="letter">{d.letter}</span>
                  {d.marks ? <span className="marks">{d.marks}</span> : null}
                </>
              );
              const clickable = interaction && (mark || interaction.allClickable);
              return (
                <td key={x} className={cls} style={{ background: d.bg }} title={title} data-square={c}>
                  {clickable ? (
                    <button
                      type="button"
                      className="cell-button"
                      data-testid={`${testid}-cell-${x}-${y}`}
                      data-cell={c}
                      data-action={mark?.legal ? (mark.action ?? 'cell') : undefined}
                      tabIndex={c === tabStop ? 0 : -1}
                      onClick={() => interaction.onCell(x, y)}
                      onKeyDown={(e) => onKeyDown(e, c)}
                      onMouseEnter={() => interaction.onHover?.(c)}
                      onFocus={() => {
                        setFocused(c);
                        interaction.onHover?.(c);
                      }}
                      onMouseLeave={() => interaction.onHover?.(null)}
                    >
                      {/* Named by the words alone: the letters are an abbreviation of them. */}
                      <span aria-hidden="true">{content}</span>
                      <span className="sr-only">{`${title}. ${mark ? mark.label : t('cell.notLegal')}`}</span>
                    </button>
                  ) : (
                    <>
                      <span aria-hidden="true">{content}</span>
                      <span className="sr-only">{title}</span>
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
