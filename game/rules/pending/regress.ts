/** An event's regression: one of the listed trackers moves down, never claiming anything (§5.4). */
import type { PlayerBoard } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import type { ItemOf, GainKind } from './kind';

/** How far a regression goes: the full amount if some tracker can drop it, else the most any can (§5.4). */
function regressSteps(b: PlayerBoard, item: ItemOf<'regress'>): number {
  const most = Math.max(0, ...item.tracks.map((t) => b.trackers[t].row));
  return Math.min(item.steps, most);
}

export const regressGain: GainKind<'regress'> = {
  choices(_env, d, item) {
    const steps = regressSteps(d.board, item);
    return steps === 0
      ? []
      : item.tracks.filter((t) => d.board.trackers[t].row >= steps).map((track) => ({ track }));
  },
  apply(_env, d, item, choice) {
    const steps = regressSteps(d.board, item);
    const track = choice.track!;
    removeItem(d, item.id);
    d.board.trackers[track] = { ...d.board.trackers[track], row: d.board.trackers[track].row - steps };
  },
  label: (item) => message('pending.regress', { tracks: item.tracks, steps: item.steps }),
  refusal(_env, d, item, choice) {
    const track = choice.track;
    if (track === undefined || !item.tracks.includes(track))
      return refuse('reason.chooseToMoveDown', { options: item.tracks });
    return refuse('reason.cannotMoveDown', { track, steps: regressSteps(d.board, item) }, '§5.4');
  },
};
