/**
 * Every other player at a glance, in a strip above the table: their planet drawn small, their name,
 * seat colour and trackers; their pieces, corporation board and planet as text open over the table.
 */
import { useTranslation } from 'react-i18next';
import { type GameState, type PlayerBoard, type PlayerID, TRACKS } from '../../game';
import { TERRAIN_COLOR, TERRAIN_LETTER, trackName } from '../i18n/labels';
import { BoardView } from './BoardView';
import { playerName } from '../i18n/labels';
import { TrackerSummary } from './TrackerSummary';
import { CorporationBoard } from './CorporationBoard';
import { seatStyle } from './seat-colours';
import { useContentText } from '../i18n/content-text';
import './board.css';

interface Props {
  G: GameState;
  /** The viewing seat, left out of the list; null for a spectator, who sees everyone. */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
}

/** Each tracker's letter and level in one short line; the full summary is in the player's details. */
function TrackerLine({ board }: { board: PlayerBoard }) {
  return (
    <ul className="tracker-line">
      {TRACKS.map((track) => (
        <li key={track}>
          <span className="sr-only">
            {trackName(track)} {board.trackers[track].row}
          </span>
          <span aria-hidden="true">
            <span className="swatch" style={{ background: TERRAIN_COLOR[track] }}>
              {TERRAIN_LETTER[track]}
            </span>
            {board.trackers[track].row}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function OthersPanel({ G, player, names }: Props) {
  const { t } = useTranslation('board');
  const content = useContentText();
  const others = G.playerIDs.filter((p) => p !== player && G.boards[p]);
  return (
    <section
      className="board-panel others-panel"
      data-testid="others-panel"
      aria-labelledby="others-panel-title"
    >
      <h2 id="others-panel-title" className="sr-only">
        {player === null ? t('others.titleSpectator') : t('others.title')}
      </h2>
      {others.length === 0 && <p className="small">{t('others.none')}</p>}
      {others.map((p) => {
        const board = G.boards[p] as PlayerBoard;
        const name = playerName(p, names);
        return (
          <div key={p} className="other-player" data-testid={`other-${p}`} style={seatStyle(p)}>
            <BoardView
              player={p}
              name={name}
              board={board}
              layout="compact"
              glance={<TrackerLine board={board} />}
              details={
                <div className="other-corporation" data-testid={`other-corp-${p}`}>
                  <TrackerSummary board={board} name={name} testid={`tracker-summary-${p}`} />
                  <h4>
                    {t('others.corporationBoard', { corp: content.corporationName(board.corporation) })}
                  </h4>
                  <CorporationBoard board={board} testid={`corp-${p}`} />
                </div>
              }
            />
          </div>
        );
      })}
    </section>
  );
}
