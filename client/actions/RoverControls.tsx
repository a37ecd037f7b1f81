/**
 * Rover moves paid from the movement pool (R2), without a mouse. When the planet shows a rover's
 * reach, every reachable square is a button in one toolbar (a single Tab stop): the arrow keys move
 * the focus between them, the focused square's path is drawn on the planet and written out, and
 * Enter moves the rover there. Otherwise (the planet is answering something else) one button per
 * legal single step.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, type CellIndex, GRID } from '../../game';
import type { RoverReach } from '../table/interaction';

export function RoverControls({
  actions,
  movement,
  send,
  reach,
}: {
  actions: Action[];
  movement: number;
  send(a: Action): void;
  /** The rover the planet moves, with its reachable squares; absent while the planet asks something else. */
  reach?: RoverReach | null;
}) {
  const { t } = useTranslation('turn');
  const steps = actions.flatMap((a) => (a.type === 'moveRover' ? [a] : []));
  if (!steps.length) return null;
  return (
    <fieldset data-testid="rover-controls">
      <legend>{t('rover.legend', { count: movement })}</legend>
      {reach && reach.paths.size > 0 ? (
        <ReachControls reach={reach} />
      ) : (
        <div className="buttons">
          {steps.map((a) => {
            const [x, y] = a.path[0] ?? [0, 0];
            return (
              <button
                type="button"
                key={`${a.rover}-${x}-${y}`}
                data-action="moveRover"
                data-testid={`rover-${a.rover}-${x}-${y}`}
                onClick={() => send(a)}
              >
                {t('rover.step', { rover: a.rover + 1, x, y })}
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

type Key = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';
const KEYS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

/**
 * The reachable square the focus moves to from `from` (squares in reading order): left and right
 * go to the previous and next square, up and down to the nearest row above or below (the closest
 * column in it), Home and End to the first and last. `from` itself when there is nowhere to go.
 */
export function nextReachable(cells: readonly CellIndex[], from: CellIndex, key: Key): CellIndex {
  const sorted = [...cells].sort((a, b) => a - b);
  const i = sorted.indexOf(from);
  if (key === 'Home') return sorted[0] ?? from;
  if (key === 'End') return sorted[sorted.length - 1] ?? from;
  if (key === 'ArrowLeft') return i > 0 ? (sorted[i - 1] as CellIndex) : from;
  if (key === 'ArrowRight') return i >= 0 && i < sorted.length - 1 ? (sorted[i + 1] as CellIndex) : from;
  const fx = from % GRID;
  const fy = Math.floor(from / GRID);
  const down = key === 'ArrowDown';
  const rows = sorted
    .map((c) => Math.floor(c / GRID))
    .filter((y) => (down ? y > fy : y < fy))
    .sort((a, b) => (down ? a - b : b - a));
  const row = rows[0];
  if (row === undefined) return from;
  const inRow = sorted.filter((c) => Math.floor(c / GRID) === row);
  return inRow.reduce((best, c) => (Math.abs((c % GRID) - fx) < Math.abs((best % GRID) - fx) ? c : best));
}

const square = (c: CellIndex) => ({ x: c % GRID, y: Math.floor(c / GRID) });

function ReachControls({ reach }: { reach: RoverReach }) {
  const { t } = useTranslation('turn');
  const cells = [...reach.paths.keys()].sort((a, b) => a - b);
  const current = reach.target !== null && reach.paths.has(reach.target) ? reach.target : cells[0];
  const buttons = useRef(new Map<CellIndex, HTMLButtonElement>());
  // After a move the buttons change: the focus stays in the toolbar when it was there.
  const keepFocus = useRef(false);
  const rover = reach.rover + 1;
  const pathId = `rover-path-${reach.rover}`;

  useEffect(() => {
    if (!keepFocus.current || current === undefined) return;
    keepFocus.current = false;
    buttons.current.get(current)?.focus();
  }, [reach.from, current]);

  const onKeyDown = (e: KeyboardEvent, c: CellIndex) => {
    if (!KEYS.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const next = nextReachable(cells, c, e.key as Key);
    if (next !== c) buttons.current.get(next)?.focus();
  };

  const target = reach.target !== null ? reach.paths.get(reach.target) : undefined;
  return (
    <>
      {reach.rovers.length > 1 && (
        <div className="buttons" role="group" aria-label={t('rover.whichRover')}>
          {reach.rovers.map((r) => (
            <button
              type="button"
              key={r}
              aria-pressed={r === reach.rover}
              data-testid={`rover-choose-${r}`}
              onClick={() => reach.choose(r)}
            >
              {t('rover.rover', { rover: r + 1 })}
            </button>
          ))}
        </div>
      )}
      <p className="small">{t('rover.reachHelp', { rover })}</p>
      <div
        className="buttons rover-reach"
        role="toolbar"
        aria-label={t('rover.reachLabel', { rover })}
        aria-describedby={pathId}
        data-testid="rover-reach"
      >
        {cells.map((c) => {
          const { x, y } = square(c);
          const count = reach.paths.get(c)?.length ?? 0;
          return (
            <button
              type="button"
              key={c}
              ref={(el) => {
                if (el) buttons.current.set(c, el);
                else buttons.current.delete(c);
              }}
              tabIndex={c === current ? 0 : -1}
              className={c === reach.target ? 'previewed' : undefined}
              data-action="moveRover"
              data-testid={`rover-${reach.rover}-${x}-${y}`}
              aria-label={t('rover.moveTo', { rover, x, y, count })}
              onFocus={() => reach.preview(c)}
              onMouseEnter={() => reach.preview(c)}
              onKeyDown={(e) => onKeyDown(e, c)}
              onClick={() => {
                keepFocus.current = true;
                reach.move(c);
              }}
            >
              {t('rover.square', { x, y, count })}
            </button>
          );
        })}
      </div>
      <p className="small" id={pathId} aria-live="polite" data-testid="rover-path">
        {reach.target !== null && target
          ? t('rover.path', {
              rover,
              ...square(reach.target),
              count: target.length,
              path: target
                .map(([px, py]) => t('message.square', { ns: 'common', column: px, row: py }))
                .join(' → '),
            })
          : t('rover.pathNone')}
      </p>
    </>
  );
}
