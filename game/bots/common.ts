/**
 * What every bot level shares: the decision type, the plan cache that lets a level plan a whole
 * turn once and replay it one decision at a time, and comparing actions.
 */
import { message, type Message } from '../core/messages';
import type { Action, GameState, PlayerID } from '../core/types';
import { legalActions } from '../engine';

export interface BotDecision {
  action: Action;
  /** Why, built from the features that decided it: a `hint.*` message, rendered in each language. */
  reason: Message;
}

/** Time and sample limits for the searching levels; the others ignore them. */
export interface BotBudget {
  /** Wall-clock milliseconds for one decision (Commander's search stops when they run out). */
  ms?: number;
  /** Playouts per candidate at most (for reproducible tests and tools). */
  samples?: number;
  /** A caller's hard deadline in milliseconds (the server's per-decision limit): no overtime past it. */
  hardMs?: number;
  /** The clock the budget is read on, in milliseconds (the wall clock unless a test gives its own). */
  clock?: () => number;
}

/** JSON with sorted keys, so equal actions compare equal whatever built them. */
export function canon(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export const sameAction = (a: Action, b: Action): boolean => canon(a) === canon(b);

export const copyAction = (a: Action): Action => JSON.parse(JSON.stringify(a)) as Action;

// ---------------------------------------------------------------- the plan cache

interface CachedPlan {
  /** The turn's steps when the plan was made. */
  base: string[];
  plan: Action[];
  reasons: (Message | null)[];
}

const MAX_PLANS = 64;
const plans = new Map<string, CachedPlan>();

function planKey(level: string, view: GameState, player: PlayerID): string | null {
  const turn = view.private[player]?.turn;
  if (!turn) return null;
  // The station and the event too: two games (two matches on one server) can start a turn from the
  // same board, with other tiles on offer.
  return `${level}|${player}|${view.round}|${turn.kind}|${view.event?.id ?? ''}|${canon(view.station)}|${canon(turn.origin)}`;
}

/** Remember a plan made from the turn as it stands now. */
export function storePlan(
  level: string,
  view: GameState,
  player: PlayerID,
  plan: Action[],
  reasons: (Message | null)[],
): void {
  const key = planKey(level, view, player);
  const turn = view.private[player]?.turn;
  if (!key || !turn) return;
  plans.delete(key);
  plans.set(key, { base: turn.steps.map(canon), plan, reasons });
  while (plans.size > MAX_PLANS) {
    const oldest = plans.keys().next().value;
    if (oldest === undefined) break;
    plans.delete(oldest);
  }
}

/** The next step of a plan made earlier in this turn, if the turn has followed it so far. */
export function planned(level: string, view: GameState, player: PlayerID): BotDecision | null {
  const key = planKey(level, view, player);
  const turn = view.private[player]?.turn;
  if (!key || !turn) return null;
  const entry = plans.get(key);
  if (!entry) return null;
  const steps = turn.steps.map(canon);
  if (steps.length < entry.base.length) return null;
  for (let i = 0; i < entry.base.length; i++) if (steps[i] !== entry.base[i]) return null;
  const done = steps.length - entry.base.length;
  for (let j = 0; j < done; j++) {
    const p = entry.plan[j];
    if (!p || steps[entry.base.length + j] !== canon(p)) return null;
  }
  const next = entry.plan[done];
  if (!next) return null;
  const wanted = canon(next);
  if (!legalActions(view, player).some((a) => a.type === next.type && canon(a) === wanted)) return null;
  return { action: copyAction(next), reason: entry.reasons[done] ?? message('hint.followsPlan') };
}

/** Forget every plan (tests). */
export function clearPlans(): void {
  plans.clear();
}
