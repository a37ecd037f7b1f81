/** The civ picks (§5.7, R3): the cards a player may keep from the offered pile, and keeping one. */
import type { GameState, PlayerID, PrivateState, TurnKind } from '../core/types';
import { civCardById } from '../data';
import { rulesInForce } from '../content/events';
import { message, refuse, type Reason } from '../core/messages';
import { newDraft } from './draft';
import { effects } from './tracks';
import { commitDraft, continueSequential, hasWork, startTurn } from './round';

/** The civ cards a player may keep now: those of the pile offered to them (§5.7). */
export function civChoices(state: GameState, player: PlayerID): number[] {
  return state.private[player]?.civOffer?.cards ?? [];
}

/** Keep one card of the offered pile; the rest go back (§5.7). */
export function pickCiv(state: GameState, player: PlayerID, card: unknown): Reason | null {
  const priv = state.private[player] as PrivateState;
  const offer = priv.civOffer;
  if (!offer || typeof card !== 'number' || !civChoices(state, player).includes(card))
    return offer
      ? refuse('reason.pickOfRank', { rank: offer.rank, cards: offer.cards }, '§5.7')
      : refuse('reason.noCivNow');
  const data = civCardById(card);
  // The card leaves its own pile (Republic tech 2 may offer one of the next rank, §8.2).
  const pile = state.hidden.civPiles[data.rank] as number[];
  pile.splice(pile.indexOf(card), 1);
  state.civPileSizes[data.rank] = pile.length;
  priv.civOffer = null;
  const board = state.boards[player] as GameState['boards'][string];
  board.civCards.push({ id: card, rank: data.rank, timing: data.timing });
  state.log.push({
    round: state.round,
    player,
    // An End Game card stays hidden until the end-game phase (§9): others learn its rank only.
    message:
      data.timing === 'immediate'
        ? message('log.took', { card: data.name })
        : message('log.tookRank', { rank: data.rank }),
  });
  // The choice is final; what it brings is resolved in a turn of its own that can be undone (§3.9).
  // Round rules last through the civ step, not into the end-game phase: that round is over (§3.4).
  const d = newDraft(board, state.step === 'endgame' ? [] : rulesInForce(state));
  if (data.timing === 'immediate') effects.civCardEffects(d, card, 'immediate');
  else if (state.step === 'endgame') effects.civCardEffects(d, card, 'endGame'); // a card taken now acts now (§6.2.3)
  const kind: TurnKind = state.step === 'endgame' ? 'endgame' : 'civ';
  if (hasWork({ state, player, kind }, d)) startTurn(state, player, kind, d);
  else commitDraft(state, player, d);
  continueSequential(state);
  return null;
}
