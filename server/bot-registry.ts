/**
 * The bot levels the server can seat. The registry is `game/bots/index.ts` when it exists (its
 * `chooseAction(level, state, player, rng, budgetMs)` with the levels of `BOT_LEVEL_IDS` or
 * `BOT_LEVELS`), else `BOTS` from `game/sim.ts`. Both are loaded by URL at run time, so the server
 * builds whichever of them is present. Every level decides from its own player's view.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Action, createRng, type GameState, legalActions, type PlayerID, type Rng } from '../game';
import { cadetDecide } from '../game/bots';

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const INDEX_URL = new URL('../game/bots/index.ts', import.meta.url);
const SIM_URL = new URL('../game/sim.ts', import.meta.url);

function fromIndex(mod: Record<string, unknown>): BotRegistry | null {
  const choose = mod.chooseAction;
  if (typeof choose !== 'function') return null;
  const levels = Array.isArray(mod.BOT_LEVEL_IDS)
    ? (mod.BOT_LEVEL_IDS as unknown[]).filter((l): l is string => typeof l === 'string')
    : isRecord(mod.BOT_LEVELS)
      ? Object.keys(mod.BOT_LEVELS)
      : [];
  if (levels.length === 0) return null;
  return {
    source: 'game/bots/index.ts',
    levels,
    decide: (level, view, player, rng, budget) => {
      const decision = (choose as (...a: unknown[]) => unknown)(level, view, player, rng, budget);
      return (isRecord(decision) && 'action' in decision ? decision.action : decision) as Action;
    },
  };
}

function fromSim(mod: Record<string, unknown>): BotRegistry {
  const bots = isRecord(mod.BOTS) ? mod.BOTS : {};
  const levels = Object.keys(bots).filter((k) => typeof bots[k] === 'function');
  return {
    source: 'game/sim.ts',
    levels,
    decide: (level, view, player, rng) =>
      (bots[level] as (s: GameState, p: PlayerID, r: Rng) => Action)(view, player, rng),
  };
}

let loading: Promise<BotRegistry> | null = null;

/** The registry, loaded once per thread. */
export function loadBotRegistry(): Promise<BotRegistry> {
  loading ??= (async () => {
    if (existsSync(fileURLToPath(INDEX_URL))) {
      try {
        const registry = fromIndex(
          (await import(/* @vite-ignore */ INDEX_URL.href)) as Record<string, unknown>,
        );
        if (registry) return registry;
      } catch (err) {
        console.error(`game/bots/index.ts could not be loaded, using game/sim.ts: ${String(err)}`);
      }
    }
    return fromSim((await import(/* @vite-ignore */ SIM_URL.href)) as Record<string, unknown>);
  })();
  return loading;
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
