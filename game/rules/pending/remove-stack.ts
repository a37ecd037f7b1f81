/** Event 116: one stack of the facing depot leaves the station, chosen before taking a tile. */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import type { GainKind } from './kind';

export const removeStackGain: GainKind<'removeStack'> = {
  choices: (_env, d) => (d.taken ? [] : [{ stack: 'small' }, { stack: 'large' }]),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    d.removedStack = choice.stack;
  },
  label: () => message('pending.removeStack'),
  refusal: (_env, d) => (d.taken ? refuse('reason.stackBeforeTaking') : refuse('reason.chooseStack')),
};
