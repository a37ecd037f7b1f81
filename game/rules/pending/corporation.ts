/** A corporation's own pending gain (§8.2): its hooks list the choices, apply one and label it. */
import { message, refuse, type PendingCode } from '../../core/messages';
import { corporationRules } from '../../content/corporations';
import { corporationOf } from '../legality';
import { effects } from '../tracks';
import type { GainKind } from './kind';

const rulesOf = (board: Parameters<typeof corporationOf>[0]) => {
  const corp = corporationOf(board);
  return { corp, rules: corporationRules(corp.id) };
};

export const corporationGain: GainKind<'corporation'> = {
  choices(env, d, item) {
    const { corp, rules } = rulesOf(d.board);
    return rules.gainChoices(corp, env, d, item);
  },
  apply(env, d, item, choice) {
    const { corp, rules } = rulesOf(d.board);
    rules.applyGain(corp, env, d, effects, item, choice);
  },
  // Each gain has its text under `pending.<gain>` in the catalogues, with `count` and `track`.
  label: (item) =>
    message(`pending.${item.gain}` as PendingCode, { count: item.count, track: item.track ?? '' }),
  refusal: () => refuse('reason.notAChoice'),
};
