/** One player's planet and corporation: grid, trackers, rovers, collected pieces, civ cards. */
import { useTranslation } from 'react-i18next';
import { corporationById, planetById, type PlayerBoard, type PlayerID } from '../../game';
import type { ReactNode } from 'react';
import { PlanetGrid, PlanetTextView } from './PlanetGrid';
import type { GridInteraction } from '../table/interaction';
import { TrackersView } from './TrackersView';
import { civCardLabel } from '../i18n/labels';

interface Props {
  player: PlayerID;
  name: string;
  board: PlayerBoard;
  /** Shown after the name when the board is a turn in progress, not yet public. */
  draftNote?: string;
  interaction?: GridInteraction | null;
  /** How the planet is drawn; by default large for the viewer's own area, small for the others. */
  drawn?: 'large' | 'small' | 'none';
  /**
   * `mine`: the viewer's own planet, its tracks left to the corporation board beside it; `compact`:
   * another player's planet in the strip, its details left to the panel that opens from it.
   */
  layout?: 'full' | 'mine' | 'compact';
  /** Compact layout: shown beside the planet (the trackers in a line). */
  glance?: ReactNode;
  /** Compact layout: shown with the board's details, which open over the table. */
  details?: ReactNode;
}

type T = ReturnType<typeof useTranslation>['t'];

function roverText(t: T, board: PlayerBoard): string {
  return board.rovers
    .map((r) =>
      r.destroyed
        ? t('board.roverDestroyed', { n: r.id + 1 })
        : r.cell === null
          ? t('board.roverInBay', { n: r.id + 1 })
          : t('board.roverAt', { n: r.id + 1, x: r.cell % 12, y: Math.floor(r.cell / 12) }),
    )
    .join('; ');
}

export function BoardView({
  player,
  name,
  board,
  draftNote,
  interaction,
  drawn,
  layout = 'full',
  glance,
  details,
}: Props) {
  const { t } = useTranslation('table');
  const testid = `board-${player}`;
  const facts = (
    <ul className="facts board-facts">
      <li>{t('board.lifepods', { count: board.collected.lifepods })}</li>
      <li>{t('board.meteorites', { count: board.collected.meteorites })}</li>
      <li>{t('board.rovers', { rovers: roverText(t, board) })}</li>
      {board.storedPatches > 0 && <li>{t('board.patches', { count: board.storedPatches })}</li>}
      <li>
        {t('board.civCards', {
          cards:
            board.civCards.length === 0
              ? t('board.none')
              : board.civCards
                  .map((c) => (c.id === null ? t('board.hiddenCard', { rank: c.rank }) : civCardLabel(c.id)))
                  .join('; '),
        })}
      </li>
    </ul>
  );
  const summary = (
    <p className="small">
      {t('board.summary', {
        planet: planetById(board.planet).name,
        corporation: corporationById(board.corporation).name,
        count: board.pieces.length,
      })}
    </p>
  );
  if (layout === 'compact')
    return (
      <section
        className="board board-compact"
        data-testid={testid}
        data-planet={board.planet}
        aria-label={t('board.label', { name })}
      >
        <PlanetGrid
          board={board}
          caption={t('board.caption', { name })}
          testid={`planet-${player}`}
          drawn="small"
          textView={false}
        />
        <div className="board-glance">
          <h3>{name}</h3>
          {glance}
          <details
            className="board-more"
            data-testid={`${testid}-more`}
            onKeyDown={(e) => {
              if (e.key === 'Escape') e.currentTarget.open = false;
            }}
          >
            <summary>{t('board.more')}</summary>
            <div className="board-more-body">
              <button
                type="button"
                className="drawer-close"
                aria-label={t('board.closeMore')}
                onClick={(e) => {
                  const details = e.currentTarget.closest('details');
                  if (details) details.open = false;
                }}
              >
                ✕
              </button>
              {summary}
              {facts}
              {details}
              <PlanetTextView testid={`planet-${player}`}>
                <PlanetGrid
                  board={board}
                  caption={t('board.caption', { name })}
                  testid={`planet-${player}`}
                />
              </PlanetTextView>
            </div>
          </details>
        </div>
      </section>
    );
  return (
    <section
      className={`board board-${layout}`}
      data-testid={testid}
      data-planet={board.planet}
      aria-label={t('board.label', { name })}
    >
      <h3>
        {name}
        {draftNote ? ` — ${draftNote}` : ''}
      </h3>
      {summary}
      <div className="board-body">
        <PlanetGrid
          board={board}
          caption={t('board.caption', { name })}
          testid={`planet-${player}`}
          interaction={interaction}
          drawn={drawn ?? (interaction === undefined ? 'small' : 'large')}
        />
        {layout === 'full' ? (
          <div>
            <TrackersView board={board} testid={`trackers-${player}`} />
            {facts}
          </div>
        ) : (
          facts
        )}
      </div>
    </section>
  );
}
