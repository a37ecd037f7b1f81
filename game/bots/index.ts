/**
 * The bot ladder: one registry of levels for the server (`setupData.bots`), the client and the
 * headless tools. Every level decides from its own player's view only (`playerView`, §9): hidden
 * information is sampled by the levels that need it (Commander), never read.
 *
 *   chooseAction(level, state, player, rng, budget?) → { action, reason }
 *   hint(state, player) → { action, reason }   (the Pilot's evaluator, for human players)
 */
import type { Action, GameState, PlayerID } from '../core/types';
import { createRng, type Rng } from '../core/prng';
import { legalActions } from '../engine';
import { playerView } from '../view';
import { cadetDecide } from './cadet';
import { canon, type BotBudget, type BotDecision } from './common';
import { commanderDecide } from './commander';
import { BotError } from './plan';
import { pilotLevelDecide } from './pilot-level';
import { hint as reason } from './reasons';

export type { BotBudget, BotDecision } from './common';
export { cadetDecide };

import { COMMANDER_MS, type BotLevel } from './levels';

export { BOT_LEVEL_IDS, COMMANDER_MS, PLAYABLE_BOT_LEVELS, isBotLevel, type BotLevel } from './levels';

export interface BotLevelInfo {
  level: BotLevel;
  label: string;
  description: string;
  /** Typical time per decision, p95, in milliseconds (Commander: its default budget). */
  budgetMs: number;
  /** Decide from the player's own view; `legal` is `legalActions(view, player)`. */
  decide(view: GameState, player: PlayerID, legal: Action[], rng: Rng, budget?: BotBudget): BotDecision;
}

export const BOT_LEVELS: Record<BotLevel, BotLevelInfo> = {
  random: {
    level: 'random',
    label: 'Random',
    description: 'Any legal action, uniformly at random. For tests.',
    budgetMs: 1,
    decide: (_view, _player, legal, rng) => ({
      action: rng.pick(legal),
      reason: reason('hint.randomAction'),
    }),
  },
  cadet: {
    level: 'cadet',
    label: 'Cadet',
    description: 'A legal tile, placed snugly; simple choices. For newcomers.',
    budgetMs: 10,
    decide: (view, player, legal, rng) => cadetDecide(view, player, legal, rng),
  },
  pilot: {
    level: 'pilot',
    label: 'Pilot',
    description:
      'Greedy over tile, placement and order of gains with a tuned board evaluator; in the last rounds, its best turns raced to the end in a few sampled worlds.',
    budgetMs: 100,
    decide: (view, player, legal, rng) => pilotLevelDecide(view, player, legal, rng),
  },
  commander: {
    level: 'commander',
    label: 'Commander',
    description:
      "Races the Pilot's best eight turns to the game's end in sampled worlds, dropping those that trail.",
    budgetMs: COMMANDER_MS,
    decide: (view, player, legal, rng, budget) => commanderDecide(view, player, legal, rng, budget),
  },
};

/** Decisions that had to fall back to the Cadet because a level failed (should stay 0). */
export const botStats = { fallbacks: 0, lastError: '' };

/**
 * A turn has this many steps only when a level goes round in circles (a round turn takes a few
 * dozen at most): it hands the rest of the turn to the Cadet. Rules that let a chain of gains run
 * for ever exist (Makeshift tech 3, §8.2), and a game a bot never finishes would hold its table.
 */
export const TURN_STEPS_TO_CADET = 200;
/** Past this, any legal step at random: a random walk leaves any circle, where the Cadet may not. */
export const TURN_STEPS_TO_RANDOM = 400;

/**
 * One decision for `player` at `level`. The bot sees `playerView(state, player)` only; the state
 * given is never modified.
 */
export function chooseAction(
  level: BotLevel,
  state: GameState,
  player: PlayerID,
  rng: Rng,
  budget?: number | BotBudget,
): BotDecision {
  const view = playerView(state, player);
  const legal = legalActions(view, player);
  if (legal.length === 0) throw new Error(`Player ${player} has nothing to do now.`);
  const info = BOT_LEVELS[level];
  if (!info) throw new Error(`Unknown bot level "${String(level)}".`);
  const limits = typeof budget === 'number' ? { ms: budget } : budget;
  const steps = view.private[player]?.turn?.steps.length ?? 0;
  if (steps >= TURN_STEPS_TO_CADET && level !== 'random') {
    botStats.fallbacks++;
    botStats.lastError = `${level}: a turn of ${steps} steps`;
    const decision =
      steps >= TURN_STEPS_TO_RANDOM || level === 'cadet'
        ? BOT_LEVELS.random.decide(view, player, legal, rng)
        : cadetDecide(view, player, legal, rng);
    return { ...decision, reason: reason('hint.fallback', { reason: decision.reason }) };
  }
  try {
    const decision = info.decide(view, player, legal, rng, limits);
    const wanted = canon(decision.action);
    if (legal.some((a) => a.type === decision.action.type && canon(a) === wanted)) return decision;
    throw new BotError(`${level} chose an action that is not legal: ${wanted}`);
  } catch (e) {
    if (!(e instanceof BotError) || level === 'cadet' || level === 'random') throw e;
    botStats.fallbacks++;
    botStats.lastError = e.message;
    const decision = cadetDecide(view, player, legal, rng);
    return { ...decision, reason: reason('hint.fallback', { reason: decision.reason }) };
  }
}

/**
 * A hint's time: about a second of the Commander's search, eight sampled worlds at most, so a quick
 * machine gives the same hint for the same position where eight worlds fit in the second (late in
 * a game: early, each world plays many rounds) and a slow one still answers in time.
 */
export const HINT_BUDGET: BotBudget = { ms: 1000, samples: 8 };

/**
 * What the strongest level that fits a hint's time would do now, and why: a hint for a human
 * player. The Commander searches round turns; its other decisions are the Pilot's.
 */
export function hint(state: GameState, player: PlayerID, budget: BotBudget = HINT_BUDGET): BotDecision {
  return chooseAction('commander', state, player, createRng(`hint:${player}:${state.round}`), budget);
}

/** A level as a plain bot function, as the headless sim takes them. */
export function botFunction(
  level: BotLevel,
  budget?: number | BotBudget,
): (state: GameState, player: PlayerID, rng: Rng) => Action {
  return (state, player, rng) => chooseAction(level, state, player, rng, budget).action;
}
