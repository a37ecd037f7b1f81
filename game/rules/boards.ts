/**
 * Choosing boards before round 1 (R33). With `dealt`, each choosing seat is dealt a distinct
 * asymmetric planet and keeps it or turns its board to the symmetric side; with `free`, each picks
 * any planet. Players choose at once and in private: a choice stays in its player's private part
 * until every player has chosen, then all boards are set up together.
 */
import type { GameState, MatchOptions, PlayerID, PrivateState } from '../core/types';
import { SYMMETRIC_PLANET, corporationById, planetById } from '../data';
import { PLAYABLE_PLANETS } from '../content/planets';
import { message, refuse, type Reason } from '../core/messages';
import { createBoard } from './board';

/** The planets each player may choose from (R33), by player index; null where the planet is fixed. */
export function dealBoardOffers(
  options: MatchOptions,
  count: number,
  shuffle: <T>(items: T[]) => T[],
): (string[] | null)[] {
  const choosing = new Set(options.choosing ?? []);
  const offers: (string[] | null)[] = Array.from({ length: count }, () => null);
  if (options.boards === 'free') {
    for (const i of choosing) offers[i] = [...PLAYABLE_PLANETS];
  } else if (options.boards === 'dealt' && choosing.size > 0) {
    // Twelve asymmetric planets for at most six seats: each seat gets its own (R33).
    const deck = shuffle(PLAYABLE_PLANETS.filter((id) => id !== SYMMETRIC_PLANET));
    for (const i of choosing) offers[i] = [deck.pop() as string, SYMMETRIC_PLANET];
  }
  return offers;
}

/** The planets a player may choose now (R33); the same list decides `chooseBoard`. */
export function boardChoices(state: GameState, player: PlayerID): string[] {
  if (state.step !== 'boards') return [];
  return state.private[player]?.boardOffer ?? [];
}

/**
 * Choose a planet (R33). When the last player has chosen, every board is set up with its chosen
 * planet and the game moves on; `next` is what follows (objectives or round 1).
 */
export function chooseBoard(
  state: GameState,
  player: PlayerID,
  planet: unknown,
  next: (state: GameState) => void,
): Reason | null {
  const choices = boardChoices(state, player);
  if (typeof planet !== 'string' || !choices.includes(planet)) {
    if (choices.length === 0) return refuse('reason.noBoardChoiceNow');
    return refuse('reason.boardNotOffered', { planet: String(planet), planets: choices }, 'R33');
  }
  const priv = state.private[player] as PrivateState;
  priv.boardOffer = null;
  priv.boardChoice = planet;
  state.confirmed[player] = true; // that a player has chosen is public; what, is not
  if (!state.playerIDs.every((p) => state.confirmed[p])) return null;
  state.playerIDs.forEach((p, i) => {
    const own = state.private[p] as PrivateState;
    const seat = state.options.seats[i];
    if (!seat || !own.boardChoice) return;
    seat.planet = own.boardChoice;
    state.boards[p] = createBoard(planetById(seat.planet), corporationById(seat.corporation));
    state.log.push({
      round: 0,
      player: p,
      message: message('log.choseBoard', { planet: planetById(seat.planet).name }),
    });
    own.boardChoice = null;
  });
  next(state);
  return null;
}
