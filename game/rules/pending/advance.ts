/** A tracker advance from a tile, a track square or an unplaced tile (§5.2, §4.10): nothing to choose. */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { advance } from '../tracks';
import type { GainKind } from './kind';

export const advanceGain: GainKind<'advance'> = {
  choices: () => [{}],
  apply(_env, d, item) {
    removeItem(d, item.id);
    advance(d, item.track, item.steps, 'all', item.source);
  },
  label: (item) =>
    item.steps > 1
      ? message('pending.advanceSteps', { track: item.track, steps: item.steps })
      : message('pending.advanceOne', { track: item.track }),
  refusal: () => refuse('reason.noChoiceNeeded'),
};
