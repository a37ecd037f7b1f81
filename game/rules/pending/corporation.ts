/** A corporation's own pending gain (§8.2): its hooks list the choices, apply one and label it. */
import { message, refuse, type PendingCode } from '../../core/messages';
import { boardRules } from '../board-rules';
import { effects } from '../tracks';
import type { GainKind } from './kind';

export const corporationGain: GainKind<'corporation'> = {
  choices(env, d, item) {
    const { corp, corporation } = boardRules(d.board);
    return corporation.gainChoices(corp, env, d, item);
  },
  apply(env, d, item, choice) {
    const { corp, corporation } = boardRules(d.board);
    corporation.applyGain(corp, env, d, effects, item, choice);
  },
  // Each gain has its text under `pending.<gain>` in the catalogues, with `count` and `track`.
  label: (item) =>
    message(`pending.${item.gain}` as PendingCode, { count: item.count, track: item.track ?? '' }),
  refusal: () => refuse('reason.notAChoice'),
};
