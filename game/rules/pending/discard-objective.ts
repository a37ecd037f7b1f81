/** Event 110: one of the player's private objectives is discarded. */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import type { GainKind } from './kind';

export const discardObjectiveGain: GainKind<'discardObjective'> = {
  choices: (env) => (env.state.private[env.player]?.objectives ?? []).map((card) => ({ card })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    d.discardObjective = choice.card;
  },
  label: () => message('pending.discardObjective'),
  refusal: () => refuse('reason.chooseObjective'),
};
