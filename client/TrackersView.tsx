/** The five tracks of a corporation board: level reached out of the top. */
import type { PlayerBoard } from '../game/core/types';
import { TRACKS } from '../game/core/types';
import { corporationById } from '../game/data';
import { TERRAIN_COLOR, TERRAIN_LETTER, TRACK_NAME } from './labels';

export function TrackersView({ board, testid }: { board: PlayerBoard; testid: string }) {
  const corp = corporationById(board.corporation);
  return (
    <table className="trackers" data-testid={testid}>
      <caption>Tracks</caption>
      <thead>
        <tr>
          <th scope="col">Track</th>
          <th scope="col">Level</th>
          <th scope="col">Progress</th>
        </tr>
      </thead>
      <tbody>
        {TRACKS.map((t) => {
          const level = board.trackers[t].row;
          const top = corp.tracks[t].top;
          return (
            <tr key={t} data-testid={`${testid}-${t}`}>
              <th scope="row">
                <span className="swatch" style={{ background: TERRAIN_COLOR[t] }} aria-hidden="true">
                  {TERRAIN_LETTER[t]}
                </span>{' '}
                {TRACK_NAME[t]}
              </th>
              <td>
                {level} / {top}
                {level >= top ? ' (top)' : ''}
              </td>
              <td>
                <progress max={top} value={level} aria-label={`${TRACK_NAME[t]} level ${level} of ${top}`} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
