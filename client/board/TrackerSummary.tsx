/** One line per player: each tracker's level out of its top, letter and name, never colour alone. */
import { useTranslation } from 'react-i18next';
import { corporationById, isAtTop, type PlayerBoard, TRACKS } from '../../game';
import { TERRAIN_COLOR, TERRAIN_LETTER, trackName } from '../i18n/labels';
import './board.css';

export function TrackerSummary({
  board,
  name,
  testid,
}: {
  board: PlayerBoard;
  name: string;
  testid: string;
}) {
  const { t } = useTranslation('board');
  const corp = corporationById(board.corporation);
  return (
    <ul className="tracker-summary" data-testid={testid} aria-label={t('trackers.summary', { name })}>
      {TRACKS.map((track) => {
        const at = board.trackers[track];
        const top = corp.tracks[at.col].top;
        return (
          <li key={track} data-testid={`${testid}-${track}`} data-row={at.row}>
            <span className="swatch" style={{ background: TERRAIN_COLOR[track] }} aria-hidden="true">
              {TERRAIN_LETTER[track]}
            </span>{' '}
            {t('trackers.summaryItem', { track: trackName(track), level: at.row, top })}
            {at.col !== track ? t('trackers.onColumn', { column: trackName(at.col) }) : ''}
            {isAtTop(board, track) ? t('trackers.top') : ''}
          </li>
        );
      })}
    </ul>
  );
}
