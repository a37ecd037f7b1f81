/**
 * Solo positions the bots' tests plan from: the Cadet plays the seat until the turn asked for, so
 * a test names only its seed.
 */
import type { GameState } from '../../game/core/types';
import { cadetDecide } from '../../game/bots/cadet';
import { createRng } from '../../game/core/prng';
import { applyAction, legalActions, stageOf } from '../../game/engine';
import { initialGameState } from '../../game/match';

/** The Cadet plays seat 0 of a solo game from `seed` until `reached` holds (or 500 steps pass). */
function soloUntil(seed: string, reached: (state: GameState) => boolean, steps = 500): GameState {
  const state = initialGameState(1, seed);
  const rng = createRng(seed);
  for (let guard = 0; guard < steps && !reached(state); guard++)
    applyAction(state, '0', cadetDecide(state, '0', legalActions(state, '0'), rng).action);
  return state;
}

/** Whether seat 0's round turn opens with an event's gain to resolve before any tile (§3.4). */
export function opensWithGain(state: GameState): boolean {
  const turn = state.private['0']?.turn;
  return (
    stageOf(state, '0') === 'build' &&
    turn?.kind === 'round' &&
    turn.steps.length === 0 &&
    !legalActions(state, '0').some((a) => a.type === 'takeTile')
  );
}

/** The first round turn of a solo game, the setup decisions made by the Cadet. */
export const soloFirstTurn = (seed: string): GameState => soloUntil(seed, (s) => !!s.private['0']?.turn);

/** The first round turn of a solo game that opens with an event's gain, the rounds before the Cadet's. */
export const soloTurnOpeningWithGain = (seed: string): GameState => soloUntil(seed, opensWithGain);

/** Seat 0's round turn, its tile still to choose, when the event deck leaves `left` rounds (§7.3). */
export const soloTurnWithRoundsLeft = (seed: string, left: number): GameState =>
  soloUntil(
    seed,
    (s) =>
      s.eventsLeft === left &&
      stageOf(s, '0') === 'build' &&
      s.private['0']?.turn?.kind === 'round' &&
      legalActions(s, '0').some((a) => a.type === 'takeTile'),
    5000,
  );
