/** The tracks of a corporation board as a table: the level each tracker reached out of its top. */
import { useTranslation } from 'react-i18next';
import { corporationById, isAtTop, type PlayerBoard, TRACKS } from '../../game';
import { TERRAIN_COLOR, TERRAIN_LETTER, trackName } from '../i18n/labels';

export function TrackersView({ board, testid }: { board: PlayerBoard; testid: string }) {
  const { t } = useTranslation('board');
  const corp = corporationById(board.corporation);
  return (
    <table className="trackers" data-testid={testid}>
      <caption>{t('trackers.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('trackers.track')}</th>
          <th scope="col">{t('trackers.level')}</th>
          <th scope="col">{t('trackers.progress')}</th>
        </tr>
      </thead>
      <tbody>
        {TRACKS.map((track) => {
          const at = board.trackers[track];
          const top = corp.tracks[at.col].top;
          return (
            <tr key={track} data-testid={`${testid}-${track}`}>
              <th scope="row">
                <span className="swatch" style={{ background: TERRAIN_COLOR[track] }} aria-hidden="true">
                  {TERRAIN_LETTER[track]}
                </span>{' '}
                {trackName(track)}
              </th>
              <td>
                {t('trackers.levelOf', { level: at.row, top })}
                {at.col !== track ? t('trackers.onColumn', { column: trackName(at.col) }) : ''}
                {isAtTop(board, track) ? t('trackers.top') : ''}
              </td>
              <td>
                <progress
                  max={top}
                  value={at.row}
                  aria-label={t('trackers.progressLabel', { track: trackName(track), level: at.row, top })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
