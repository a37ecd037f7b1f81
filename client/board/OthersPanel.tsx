/** Every other player's planet at a glance, with their trackers summed up in one line. */
import { useTranslation } from 'react-i18next';
import type { GameState, PlayerBoard, PlayerID } from '../../game';
import { BoardView } from './BoardView';
import { playerName } from '../i18n/labels';
import { TrackerSummary } from './TrackerSummary';
import { CorporationBoard } from './CorporationBoard';
import { useContentText } from '../i18n/content-text';
import './board.css';

interface Props {
  G: GameState;
  /** The viewing seat, left out of the list; null for a spectator, who sees everyone. */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
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
      <h2 id="others-panel-title">{player === null ? t('others.titleSpectator') : t('others.title')}</h2>
      {others.length === 0 && <p className="small">{t('others.none')}</p>}
      {others.map((p) => {
        const board = G.boards[p] as PlayerBoard;
        const name = playerName(p, names);
        return (
          <div key={p} className="other-player" data-testid={`other-${p}`}>
            <TrackerSummary board={board} name={name} testid={`tracker-summary-${p}`} />
            <BoardView player={p} name={name} board={board} />
            <details className="other-corporation" data-testid={`other-corp-${p}`}>
              <summary>
                {t('others.corporationBoard', { corp: content.corporationName(board.corporation) })}
              </summary>
              <CorporationBoard board={board} testid={`corp-${p}`} compact />
            </details>
          </div>
        );
      })}
    </section>
  );
}
