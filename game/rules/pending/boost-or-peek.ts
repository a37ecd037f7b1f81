/** Events 117/118: a synergy boost, or a look at the next event after confirming (R4, §3.8). */
import type { ChoiceOf } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { addItem, removeItem } from '../draft';
import type { GainKind } from './kind';

const OPTIONS: readonly ChoiceOf<'boostOrPeek'>[] = [{ option: 'boost' }, { option: 'peek' }];

export const boostOrPeekGain: GainKind<'boostOrPeek'> = {
  choices: () => OPTIONS.map((o) => ({ ...o })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    if (choice.option === 'boost') addItem(d, { kind: 'synergy' });
    else d.peek = true;
  },
  label: () => message('pending.boostOrPeek'),
  refusal: () => refuse('reason.boostOrPeek'),
};
