/** A synergy boost: one square on any track that can still advance (§5.5). */
import { TRACKS } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { canAdvance } from '../legality';
import { advanceOnce } from '../tracks';
import type { GainKind } from './kind';

export const synergyGain: GainKind<'synergy'> = {
  choices: (_env, d) => TRACKS.filter((t) => canAdvance(d.board, t)).map((track) => ({ track })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    advanceOnce(d, choice.track!, 'all', 'synergy');
  },
  label: () => message('pending.synergy'),
  refusal(_env, d, _item, choice) {
    const track = choice.track;
    if (track === undefined || !TRACKS.includes(track)) return refuse('reason.synergyOptions', {}, '§5.5');
    if (!canAdvance(d.board, track)) return refuse('reason.trackAtTop', { track }, '§5.3');
    return refuse('reason.notAChoice');
  },
};
