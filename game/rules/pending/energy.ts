/** Energy: one square on the tile's other resource or a terrain touching its energy area (§5.12). */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { canAdvance, isAtTop } from '../tracker-moves';
import { advance } from '../tracks';
import type { GainKind } from './kind';

export const energyGain: GainKind<'energy'> = {
  choices: (_env, d, item) => item.options.filter((t) => canAdvance(d.board, t)).map((track) => ({ track })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    // With several squares to go to (§8.2: Wormhole's boxes), the player then names one.
    advance(d, choice.track, 1, 'all', 'energy');
  },
  label: (item) => message('pending.energy', { options: item.options }),
  refusal(_env, d, item, choice) {
    const track = choice.track;
    if (track === undefined || !item.options.includes(track))
      return refuse('reason.energyOptions', { tracks: item.options }, '§5.12');
    if (!canAdvance(d.board, track))
      return isAtTop(d.board, track)
        ? refuse('reason.trackAtTop', { track }, '§5.3')
        : refuse('reason.trackBlocked', { track }, '§8.2');
    return refuse('reason.notAChoice');
  },
};
