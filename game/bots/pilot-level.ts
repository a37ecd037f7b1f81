/**
 * The Pilot level: the Pilot's one-turn planning (pilot.ts), and in the last rounds of a game whose
 * event deck counts the rounds down (every solo game, §7.3), a small race of its best turns to the
 * end of the game in a few sampled worlds, as the Commander races them all game (commander.ts).
 * There a playout is short and ends on real medals, where the evaluator's estimate is weakest:
 * searched in the last four rounds with six worlds and four turns, the Pilot gained about a medal
 * and a half on paired solo deals, and about a medal more searched in the last eight with fewer
 * worlds further back (docs/bots.md, "The Pilot's last rounds", "A cheaper look again"). The weights
 * `endgameRounds`, `endgameWorlds`, `endgameEffort` and `endgameCandidates` set it
 * (`endgameRounds` 0: never), and `endgameMargin` the standard errors a raced turn must gain over
 * the Pilot's own to replace it.
 */
import type { Action, GameState, PlayerID } from '../core/types';
import type { Rng } from '../core/prng';
import type { BotBudget, BotDecision } from './common';
import { commanderDecide } from './commander';
import { DEFAULT_WEIGHTS } from './features';
import type { Weights } from './features/weights';
import { pilotDecide, type PilotOptions } from './pilot';

/**
 * A cap on the race's time, which the worlds' count bounds first: only a machine many times slower
 * than a laptop reaches it, and then the race ends with the worlds played (at least one).
 */
const ENDGAME_MS = 1000;

/** Whether the Pilot races its turns now: a round turn with 1 to `endgameRounds` rounds to come. */
export function pilotSearchesNow(view: GameState, rounds: number): boolean {
  // The last round gains nothing from it (measured: +0.10 over 80 deals): its turn is the end.
  return view.options.events !== null && view.eventsLeft >= 1 && view.eventsLeft <= rounds;
}

/**
 * The worlds raced now: `endgameWorlds`, or with `endgameEffort` set, that many rounds of playout
 * shared among the worlds (a world plays this round and the rounds to come), at most
 * `endgameWorlds`: further from the end a world costs more, so there are fewer of them (more than
 * six in the last rounds gained nothing; docs/bots.md).
 */
export function endgameWorldsNow(view: GameState, w: Weights): number {
  const most = Math.round(w.endgameWorlds);
  if (w.endgameEffort <= 0) return most;
  return Math.min(most, Math.max(2, Math.round(w.endgameEffort / (view.eventsLeft + 1))));
}

export function pilotLevelDecide(
  view: GameState,
  player: PlayerID,
  legal: Action[],
  rng: Rng,
  o: PilotOptions = {},
  /** The clock the race's time cap is read on (the wall clock unless a test gives its own). */
  clock?: BotBudget['clock'],
): BotDecision {
  const w = o.weights ?? DEFAULT_WEIGHTS;
  const worlds = endgameWorldsNow(view, w);
  if (worlds < 1 || !pilotSearchesNow(view, w.endgameRounds)) return pilotDecide(view, player, legal, o);
  return commanderDecide(
    view,
    player,
    legal,
    rng,
    { samples: worlds, ms: ENDGAME_MS, ...(clock ? { clock } : {}) },
    {
      weights: w,
      model: o.model,
      level: o.level ?? 'pilot',
      candidates: Math.round(w.endgameCandidates),
      switchMargin: w.endgameMargin,
      ...(o.topK ? { plans: o.topK } : {}),
    },
  );
}
