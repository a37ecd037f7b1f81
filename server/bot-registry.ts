/**
 * The bot levels the server can seat: the bots' entry (`game/bots`), its `chooseAction(level,
 * state, player, rng, budget)` with the levels of `BOT_LEVEL_IDS`, imported statically like any
 * other use of the rules (the lint rule keeps `server/` to the public front and this entry). Every
 * level decides from its own player's view.
 */
import { type Action, createRng, type GameState, legalActions, type PlayerID, type Rng } from '../game';
import { BOT_LEVEL_IDS, cadetDecide, chooseAction, isBotLevel } from '../game/bots';

/** A level's time: what it aims for (`ms`) and the deadline it must not pass (`hardMs`). */
export interface DecisionBudget {
  ms: number;
  hardMs?: number;
}

type Decide = (level: string, view: GameState, player: PlayerID, rng: Rng, budget: DecisionBudget) => Action;

export interface BotRegistry {
  /** Where the levels come from, for the logs and the docs. */
  source: string;
  levels: string[];
  /** One decision; `view` is the player's own view. */
  decide: Decide;
}

const REGISTRY: BotRegistry = {
  source: 'game/bots',
  levels: [...BOT_LEVEL_IDS],
  decide: (level, view, player, rng, budget) => {
    if (!isBotLevel(level)) throw new Error(`Unknown bot level "${level}".`);
    return chooseAction(level, view, player, rng, budget).action;
  },
};

/**
 * The registry. Still a promise, as when it was loaded at run time, so callers (the server, the
 * worker threads) need not change; it resolves at once.
 */
export function loadBotRegistry(): Promise<BotRegistry> {
  return Promise.resolve(REGISTRY);
}

/**
 * The quick answer when a level overruns its budget or fails: the Cadet's (a few ms, sensible),
 * or any legal action if even that fails.
 */
export function fallbackAction(view: GameState, player: PlayerID, seed: string): Action | null {
  const legal = legalActions(view, player);
  if (legal.length === 0) return null;
  const rng = createRng(`fallback:${seed}`);
  try {
    return cadetDecide(view, player, legal, rng).action;
  } catch {
    return rng.pick(legal);
  }
}
