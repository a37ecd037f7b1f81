/**
 * Corporation powers used at any moment of a turn (§8.2: Cosmos 2/5, Horizon 5, Makeshift 4,
 * Flux 2/5, Jump Drive E/F, Wormhole 1). The corporation lists them; a use is accepted exactly when
 * it is listed, spends its once-per-round or once-per-game allowance (R12, §5.11), and is a step
 * of the turn like any other, so undo takes it back (R4).
 */
import { boardRules } from './board-rules';
import type { Choice, Draft, TurnEnv } from '../core/types';
import { refuse, type Reason } from '../core/messages';
import { findListed } from './pending/kind';
import { effects } from './tracks';
import type { AbilityOffer } from '../core/effects';

/** The powers the player may use now, each with its choices. */
export function abilityOffers(env: TurnEnv, d: Draft): AbilityOffer[] {
  const { corp, corporation } = boardRules(d.board);
  return corporation.abilities(corp, env, d).filter((offer) => offer.choices.length > 0);
}

/** Use a power (`choice` absent means `{}`): why not, or null once applied. */
export function useAbility(
  env: TurnEnv,
  d: Draft,
  ability: unknown,
  choice: Choice | undefined,
): Reason | null {
  const offer = abilityOffers(env, d).find((o) => o.ability === ability);
  if (!offer) return refuse('reason.abilityNotAvailable', {}, '§8.2');
  const picked = choice && typeof choice === 'object' ? choice : {};
  const listed = findListed(offer.choices, picked);
  if (listed === undefined) return refuse('reason.abilityChoice', {}, '§8.2');
  if (offer.once === 'round') d.board.corp.usedThisRound.push(offer.ability);
  if (offer.once === 'game') d.board.corp.usedThisGame.push(offer.ability);
  const { corp, corporation } = boardRules(d.board);
  corporation.useAbility(corp, env, d, effects, offer.ability, listed);
  return null;
}
