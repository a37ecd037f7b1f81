/** A regression: one of the listed trackers moves down, never claiming anything (§5.4). */
import type { Draft } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { regressOnce, regressRoom } from '../tracks';
import type { ItemOf, GainKind } from './kind';

/** How far a regression goes: the full amount if some tracker can drop it, else the most any can (§5.4). */
function regressSteps(d: Draft, item: ItemOf<'regress'>): number {
  const most = Math.max(0, ...item.tracks.map((t) => regressRoom(d, t, item.steps)));
  return Math.min(item.steps, most);
}

export const regressGain: GainKind<'regress'> = {
  choices(_env, d, item) {
    const steps = regressSteps(d, item);
    return steps === 0
      ? []
      : item.tracks.filter((t) => regressRoom(d, t, steps) >= steps).map((track) => ({ track }));
  },
  apply(_env, d, item, choice) {
    const steps = regressSteps(d, item);
    removeItem(d, item.id);
    for (let s = 0; s < steps; s++) regressOnce(d, choice.track);
  },
  label: (item) => message('pending.regress', { tracks: item.tracks, steps: item.steps }),
  refusal(_env, d, item, choice) {
    const track = choice.track;
    if (track === undefined || !item.tracks.includes(track))
      return refuse('reason.chooseToMoveDown', { options: item.tracks });
    return refuse('reason.cannotMoveDown', { track, steps: regressSteps(d, item) }, '§5.4');
  },
};
