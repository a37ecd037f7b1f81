/**
 * Every seat's planet drawn large, side by side: what a spectator watches, and what the end screen
 * shows under the scores. The viewer's own seat comes first; each other seat's corporation board
 * opens over the table from the button under its planet (the strip's details, as its key 1–6 does).
 * Only public parts of the boards are drawn (the view each seat receives is already stripped).
 */
import { useTranslation } from 'react-i18next';
import type { GameState, PlayerBoard, PlayerID } from '../../game';
import { playerName } from '../i18n/labels';
import { BoardView } from './BoardView';
import { seatStyle } from './seat-colours';
import { TerrainLegend } from '../table/TerrainLegend';
import './planets.css';

interface Props {
  G: GameState;
  /** The viewing seat (first, with its usual test ids), or null for a spectator. */
  viewer: PlayerID | null;
  names?: Record<string, string | undefined>;
  /** Each seat's total, shown after its name (the end screen). */
  totals?: Record<PlayerID, number>;
}

/** Opens the strip's details of `seat` (its large planet and corporation board) and focuses its close button. */
export function openSeatDetails(from: Element, seat: PlayerID): boolean {
  const root = from.closest('[data-testid="game"]') ?? document;
  const more = root.querySelector<HTMLDetailsElement>(`details[data-testid="board-${seat}-more"]`);
  if (!more) return false;
  more.open = true;
  more.querySelector<HTMLElement>('.drawer-close')?.focus();
  return true;
}

export function AllPlanets({ G, viewer, names, totals }: Props) {
  const { t } = useTranslation('board');
  const seats = G.playerIDs.filter((p) => G.boards[p]);
  const ordered =
    viewer !== null && seats.includes(viewer) ? [viewer, ...seats.filter((p) => p !== viewer)] : seats;
  return (
    <section className="all-planets" data-testid="all-planets" aria-labelledby="all-planets-title">
      <h2 id="all-planets-title" className="all-planets-title">
        {t('planets.title')}
      </h2>
      {/* One key for every planet, not one under each. */}
      <TerrainLegend />
      <ul className="all-planets-list">
        {ordered.map((p) => {
          const name = playerName(p, names);
          const own = p === viewer;
          const total = totals?.[p];
          return (
            <li
              key={p}
              className="all-planets-seat"
              data-testid={`seat-planet-card-${p}`}
              style={seatStyle(p)}
            >
              <BoardView
                player={p}
                name={name}
                board={G.boards[p] as PlayerBoard}
                draftNote={total === undefined ? undefined : t('planets.points', { count: total })}
                drawn="large"
                testid={own ? undefined : `seat-board-${p}`}
                planetTestid={own ? undefined : `seat-planet-${p}`}
              />
              {!own && (
                <button
                  type="button"
                  className="all-planets-open"
                  data-testid={`seat-open-${p}`}
                  onClick={(e) => openSeatDetails(e.currentTarget, p)}
                >
                  {t('planets.open', { name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
