/** The `random` bot level: uniformly among the legal actions, seeing only its own player view. */
import type { Action, GameState, PlayerID } from '../core/types';
import type { Rng } from '../core/prng';
import { legalActions } from '../engine';
import { playerView } from '../view';

export function randomBotAction(state: GameState, player: PlayerID, rng: Rng): Action {
  const view = playerView(state, player);
  return rng.pick(legalActions(view, player));
}
