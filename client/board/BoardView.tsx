/** One player's planet and corporation: grid, trackers, rovers, collected pieces, civ cards. */
import { useTranslation } from 'react-i18next';
import { corporationById, planetById, type PlayerBoard, type PlayerID } from '../../game';
import { PlanetGrid } from './PlanetGrid';
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

export function BoardView({ player, name, board, draftNote, interaction, drawn }: Props) {
  const { t } = useTranslation('table');
  const testid = `board-${player}`;
  return (
    <section className="board" data-testid={testid} aria-label={t('board.label', { name })}>
      <h3>
        {name}
        {draftNote ? ` — ${draftNote}` : ''}
      </h3>
      <p className="small">
        {t('board.summary', {
          planet: planetById(board.planet).name,
          corporation: corporationById(board.corporation).name,
          count: board.pieces.length,
        })}
      </p>
      <div className="board-body">
        <PlanetGrid
          board={board}
          caption={t('board.caption', { name })}
          testid={`planet-${player}`}
          interaction={interaction}
          drawn={drawn ?? (interaction === undefined ? 'small' : 'large')}
        />
        <div>
          <TrackersView board={board} testid={`trackers-${player}`} />
          <ul className="facts">
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
                        .map((c) =>
                          c.id === null ? t('board.hiddenCard', { rank: c.rank }) : civCardLabel(c.id),
                        )
                        .join('; '),
              })}
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
