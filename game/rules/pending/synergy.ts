/** A synergy boost: one square on any track that can still advance (§5.5). */
import { TRACKS } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { canAdvance, isAtTop } from '../tracker-moves';
import { advance } from '../tracks';
import type { GainKind } from './kind';

export const synergyGain: GainKind<'synergy'> = {
  choices: (_env, d) => TRACKS.filter((t) => canAdvance(d.board, t)).map((track) => ({ track })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    // With several squares to go to (§8.2: Wormhole's boxes), the player then names one.
    advance(d, choice.track, 1, 'all', 'synergy');
  },
  label: () => message('pending.synergy'),
  refusal(_env, d, _item, choice) {
    const track = choice.track;
    if (track === undefined || !TRACKS.includes(track)) return refuse('reason.synergyOptions', {}, '§5.5');
    if (!canAdvance(d.board, track))
      return isAtTop(d.board, track)
        ? refuse('reason.trackAtTop', { track }, '§5.3')
        : refuse('reason.trackBlocked', { track }, '§8.2');
    return refuse('reason.notAChoice');
  },
};
