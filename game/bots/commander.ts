/**
 * The `commander` level: a race over the Pilot's best eight plans for the round turn.
 * Each sample is a complete world drawn from what the player knows (knowledge.ts: unseen stack
 * orders, civ piles, events; others' turns restarted). Every candidate still in the race is played
 * in the same worlds (common random numbers): the steps already taken this turn and the candidate
 * turn, then the rest of the round and `horizon` more rounds (by default to the end of the game)
 * with a cheap Pilot for this player (one plan, only the snuggest placements valued) and the Cadet
 * for the others (or the same cheap Pilot: `rivalPilot`); the position reached is scored by the
 * evaluator (the real score once the game has ended; less a share of the best rival's: `contest`).
 * Candidates that clearly trail leave the race, so the time goes to the close ones.
 *
 * Every round turn is searched once its tile is to be chosen (gains that must come first are
 * resolved by the Pilot). Pure and synchronous; interruptible by its time budget (checked between
 * playouts). Other decisions (rotation, civ picks, civ-step and end-game turns) are the Pilot's.
 */
import type { Action, Draft, GameState, PlayerBoard, PlayerID, TurnState } from '../core/types';
import { explainMessage } from '../core/messages';
import { createRng, type Rng } from '../core/prng';
import { applyAction, awaiting, legalActions, stageOf } from '../engine';
import { cadetDecide } from './cadet';
import { planned, type BotBudget, type BotDecision } from './common';
import { evalEnv, evaluate, DEFAULT_WEIGHTS, type EvalEnv, type Weights } from './features';
import { determinize } from './knowledge';
import { canonTake, planRound, planSequential, TurnSandbox, type Plan } from './plan';
import {
  adopt,
  chooseObjectives,
  chooseSharedObjective,
  civCardValues,
  envFor,
  lookAhead,
  pilotDecide,
} from './pilot';
import { COMMANDER_MS } from './levels';
import { hint } from './reasons';
import { LEARNED_VALUE } from './value/learned';
import type { ValueModel } from './value/model';

export interface CommanderOptions {
  weights?: Weights;
  /** The learned value function (the committed one by default; null: the hand-set sum). */
  model?: ValueModel | null;
  /** Candidates taken from the Pilot's ranking. */
  candidates?: number;
  /** Turns the Pilot plans in full and ranks by its look ahead, of which the candidates are the best. */
  plans?: number;
  /** Rounds played in each sample after the current one before the position is scored. */
  horizon?: number;
  /** Placements of each tile valued in the playouts' own turns (the snuggest; all by default). */
  prefilter?: number;
  /**
   * Every candidate plays every world: no candidate leaves the race. For training labels, which a
   * race would bias (a candidate dropped after its unluckiest worlds keeps their mean).
   */
  keepAll?: boolean;
  /** How many standard errors a candidate must gain over the Pilot's choice to replace it. */
  switchMargin?: number;
  /** Cache key of the plans adopted ('commander'; the Pilot's last rounds search as 'pilot'). */
  level?: string;
  /**
   * 1: the other players' turns in the playouts are planned as this player's are (the cheap
   * Pilot); 0: the Cadet plays them, about half the cost of a world.
   */
  rivalPilot?: number;
  /** The share of the other players' best value taken off a world's value (0: own medals only). */
  contest?: number;
}

/** How many times a playout plans one of its own turns before the Cadet finishes it. */
const PLAN_PASSES = 4;

/** The first sample may run to this multiple of the budget before it is abandoned. */
const FIRST_SAMPLE_GRACE = 1.5;

/**
 * Search settings used when a call gives none (tools may adjust them for experiments).
 * `horizon` 30 plays every playout to the end of the game (no game has 30 rounds left), so a
 * candidate is valued by the medals earned in its worlds, not by the evaluator a few rounds on: a
 * world costs about four times as much as at two rounds, and at the same budget it gained 1.25
 * medals (docs/bots.md, "Commander"). The eight candidates are the best of sixteen plans ranked by
 * the look ahead (`plans`), as the Pilot plans since 2026-11-30: +2.68 medals at 12 worlds, +0.68
 * at the 1 s budget (docs/bots.md, "Commander").
 */
export const COMMANDER_DEFAULTS = {
  candidates: 8,
  plans: 16,
  horizon: 30,
  prefilter: 8,
  switchMargin: 1,
  rivalPilot: 0,
  contest: 0,
};
const COMMANDER_LEVEL = 'commander';

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function commanderDecide(
  view: GameState,
  player: PlayerID,
  legal: Action[],
  rng: Rng,
  budget?: BotBudget,
  o: CommanderOptions = {},
): BotDecision {
  const w = o.weights ?? DEFAULT_WEIGHTS;
  const model = o.model === undefined ? LEARNED_VALUE : o.model;
  const level = o.level ?? COMMANDER_LEVEL;
  const turn = view.private[player]?.turn;
  const cached = planned(level, view, player);
  if (cached) return cached;
  // The search chooses the tile: until one is taken. Gains that must come first (an event's
  // advance or regression) are the Pilot's, under another cache key so the search still runs.
  const choosing = stageOf(view, player) === 'build' && turn?.kind === 'round' && !turn.draft.taken;
  if (!choosing) return pilotDecide(view, player, legal, { level, weights: w, model });
  if (!legal.some((a) => a.type === 'takeTile'))
    return pilotDecide(view, player, legal, { level: `${level}:before`, weights: w, model });
  const { candidates, values, alive, worlds, env } = searchRound(view, player, turn, rng, budget, o);
  const first = candidates[0] as Plan;
  if (candidates.length === 1) return adopt(level, view, player, first, env);
  // None played at all: the Pilot's choice.
  if (worlds === 0) return adopt(level, view, player, first, env);
  // The leader among the candidates still in the race, by its mean over the worlds it shares
  // with the Pilot's choice (common random numbers).
  let best = 0;
  let bestGain = 0;
  for (const k of alive) {
    if (k === 0) continue;
    const d = pairedDiffs(values[k] ?? [], values[0] ?? []);
    const gain = d.length ? stats(d).mean : -Infinity;
    if (gain > bestGain + 1e-9) {
      bestGain = gain;
      best = k;
    }
  }
  // A handful of noisy playouts often favours a candidate by luck: leave the Pilot's choice only
  // when the paired differences say the other is better by more than their standard error.
  const margin = o.switchMargin ?? COMMANDER_DEFAULTS.switchMargin;
  if (best !== 0 && !clearlyBetter(values[best] ?? [], values[0] ?? [], margin)) best = 0;
  const chosen = candidates[best] as Plan;
  const decision = adopt(level, view, player, chosen, env);
  const pilotMean = meanOf(values[0] ?? []);
  const reason =
    best === 0
      ? hint('hint.sampledConfirmed', { reason: decision.reason, futures: worlds })
      : hint('hint.sampledBetter', {
          reason: decision.reason,
          futures: worlds,
          score: (pilotMean + bestGain).toFixed(1),
          greedy: pilotMean.toFixed(1),
        });
  return { ...decision, reason };
}

/** What the search found for one round turn: the candidates, each one's playout values by world. */
interface RoundSearch {
  candidates: Plan[];
  values: number[][];
  alive: number[];
  worlds: number;
  env: EvalEnv;
}

/**
 * The search of one round turn, before its tile is taken: the Pilot's best candidates raced in
 * sampled worlds (see commanderDecide). With a single candidate nothing is played.
 */
function searchRound(
  view: GameState,
  player: PlayerID,
  turn: TurnState,
  rng: Rng,
  budget: BotBudget | undefined,
  o: CommanderOptions,
): RoundSearch {
  const w = o.weights ?? DEFAULT_WEIGHTS;
  const model = o.model === undefined ? LEARNED_VALUE : o.model;
  const clock = budget?.clock ?? now;
  const started = clock();
  const env = envFor(view, player, w, model);
  const candidates = candidatePlans(
    view,
    player,
    turn.draft,
    env,
    o.candidates ?? COMMANDER_DEFAULTS.candidates,
    o.plans,
  );
  if (candidates.length === 1) return { candidates, values: [[]], alive: [0], worlds: 0, env };

  const ms = budget?.ms ?? COMMANDER_MS;
  const deadline = started + ms;
  // One complete sample is worth a little overtime on a busy machine: without it the search
  // would fall back to the greedy choice exactly when the planning took long.
  const firstDeadline = started + Math.min(ms * FIRST_SAMPLE_GRACE, budget?.hardMs ?? Infinity);
  const maxSamples = budget?.samples ?? Infinity;
  const horizon = o.horizon ?? COMMANDER_DEFAULTS.horizon;
  const prefilter = o.prefilter ?? COMMANDER_DEFAULTS.prefilter;
  const seed = rng.int(2 ** 31);
  // One world at a time: every candidate still in the race plays it before the next is drawn.
  let worldIndex = -1;
  let world: GameState = view;
  const worldOf = (i: number): GameState => {
    if (i !== worldIndex) {
      world = determinize(view, player, createRng(`world:${seed}:${i}`));
      worldIndex = i;
    }
    return world;
  };
  const { values, alive, worlds } = race(candidates.length, maxSamples, o.keepAll !== true, (i, k) => {
    if (clock() > (i === 0 ? firstDeadline : deadline)) return null;
    const world = worldOf(i);
    const plan = candidates[k] as Plan;
    // The sampled world restarts the turn: replay the steps already taken, then the plan.
    return playout(
      world,
      player,
      [...turn.steps, ...plan.actions],
      `play:${seed}:${i}`,
      horizon,
      w,
      prefilter,
      model,
      {
        rivalPilot: (o.rivalPilot ?? COMMANDER_DEFAULTS.rivalPilot) > 0,
        contest: o.contest ?? COMMANDER_DEFAULTS.contest,
      },
    );
  });
  return { candidates, values, alive, worlds, env };
}

/**
 * The search's value of each candidate turn of a round turn (the teacher of the learned value
 * function, `npm run train -- --labels search`): its mean over the worlds it played, put on the
 * scale of the Pilot's choice by the paired differences (common random numbers), with the board
 * the turn leaves. Null when the search does not run here (no tile to choose).
 */
export function searchValues(
  view: GameState,
  player: PlayerID,
  rng: Rng,
  budget: BotBudget,
  o: CommanderOptions = {},
): { board: PlayerBoard; value: number; worlds: number }[] | null {
  const turn = view.private[player]?.turn;
  if (stageOf(view, player) !== 'build' || turn?.kind !== 'round' || turn.draft.taken) return null;
  if (!legalActions(view, player).some((a) => a.type === 'takeTile')) return null;
  const { candidates, values, worlds } = searchRound(view, player, turn, rng, budget, o);
  if (worlds === 0) return null;
  const base = meanOf(values[0] ?? []);
  return candidates.flatMap((plan, k) => {
    const d = k === 0 ? [0] : pairedDiffs(values[k] ?? [], values[0] ?? []);
    return d.length ? [{ board: plan.draft.board, value: base + stats(d).mean, worlds: d.length }] : [];
  });
}

/**
 * The turns the Commander races from a draft (the game review weighs the same): `plans` turns
 * planned in full and ranked by the Pilot's look at the next rounds, so the first is the Pilot's
 * choice, of which the race keeps `count` (`raceCandidates`).
 */
export function candidatePlans(
  from: GameState,
  player: PlayerID,
  draft: Draft,
  env: EvalEnv,
  count: number,
  plans = COMMANDER_DEFAULTS.plans,
): Plan[] {
  const box = new TurnSandbox(from, player, 'round', env);
  const planned = planRound(box, draft, Math.max(count, plans), true);
  return raceCandidates(lookAhead(from, player, planned, env), count);
}

/**
 * The race's candidates: the best `count` plans, with the best plan of each tile among them (the
 * planner's `diverse` promise, kept when there are more plans than candidates), in ranking order.
 */
export function raceCandidates(ranked: Plan[], count: number): Plan[] {
  const tileOf = (plan: Plan): string => canonTake(plan.actions);
  const out = ranked.slice(0, count);
  for (const plan of ranked.slice(count)) {
    if (out.some((o) => tileOf(o) === tileOf(plan))) continue;
    // The lowest-ranked candidate whose tile another candidate also takes gives way.
    for (let k = out.length - 1; k > 0; k--) {
      const tile = tileOf(out[k] as Plan);
      if (out.filter((o) => tileOf(o) === tile).length < 2) continue;
      out.splice(k, 1);
      out.push(plan);
      break;
    }
  }
  return out;
}

/** A candidate leaves the race when it trails the leader by this many standard errors. */
const DROP_Z = 2;
/** Worlds every candidate plays before any leaves the race. */
const MIN_WORLDS = 2;

/**
 * Racing (successive elimination) over candidates: world after world, every candidate still in
 * the race is played in the same world (`play(i, k)`: candidate k in world i, null when time is
 * up, NaN when the world does not fit it); after each world, candidates that trail the leader by
 * more than DROP_Z standard errors of their paired differences leave, so the time left goes to
 * the close ones (none leave without `drop`). Candidate 0 (the Pilot's choice) always stays, as the
 * baseline. The search stops when time is up, the sample limit is reached, or only the baseline is left.
 */
export function race(
  count: number,
  maxWorlds: number,
  drop: boolean,
  play: (world: number, candidate: number) => number | null,
): { values: number[][]; alive: number[]; worlds: number } {
  const values: number[][] = Array.from({ length: count }, () => []);
  let alive = Array.from({ length: count }, (_, k) => k);
  let worlds = 0;
  for (let i = 0; i < maxWorlds && alive.length > 1; i++) {
    const got: number[] = [];
    for (const k of alive) {
      const v = play(i, k);
      if (v === null) break;
      got.push(v);
    }
    // A world cut short by the deadline is left out for every candidate.
    if (got.length < alive.length) break;
    alive.forEach((k, j) => ((values[k] as number[])[i] = got[j] as number));
    worlds = i + 1;
    if (worlds < MIN_WORLDS || !drop) continue;
    let leader = alive[0] as number;
    let leaderMean = -Infinity;
    for (const k of alive) {
      const m = meanOf(values[k] ?? []);
      if (m > leaderMean) {
        leaderMean = m;
        leader = k;
      }
    }
    alive = alive.filter((k) => {
      if (k === 0 || k === leader) return true;
      const d = pairedDiffs(values[k] ?? [], values[leader] ?? []);
      if (d.length < MIN_WORLDS) return true;
      const { mean, se } = stats(d);
      return mean + DROP_Z * se >= 0;
    });
  }
  return { values, alive, worlds };
}

/** Differences a[i] − b[i] over the worlds both were played in and fit (NaN left out). */
function pairedDiffs(a: number[], b: number[]): number[] {
  const d: number[] = [];
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = (a[i] ?? NaN) - (b[i] ?? NaN);
    if (!Number.isNaN(x)) d.push(x);
  }
  return d;
}

function meanOf(v: number[]): number {
  let sum = 0;
  let n = 0;
  for (const x of v)
    if (x !== undefined && !Number.isNaN(x)) {
      sum += x;
      n++;
    }
  return n ? sum / n : -Infinity;
}

function stats(d: number[]): { mean: number; se: number } {
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const variance = d.length > 1 ? d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1) : 0;
  return { mean, se: Math.sqrt(variance / d.length) };
}

/** Whether `a` beats `b` over their shared worlds by more than `margin` standard errors. */
function clearlyBetter(a: number[], b: number[], margin: number): boolean {
  const d = pairedDiffs(a, b);
  if (d.length < 2) return false;
  const { mean, se } = stats(d);
  return mean > margin * se;
}

/**
 * Play the candidate turn in a copy of the world, then `horizon` more of the player's round
 * turns (the Pilot's one-plan planning for them, valuing the `prefilter` snuggest placements of
 * each tile; the Cadet for the others, or the same planning with `rivals.rivalPilot`); return
 * the evaluator's value then (`playoutValue`: less `rivals.contest` times the best rival's), or
 * NaN when the sampled world does not fit the plan. An error is an engine or policy bug and is
 * not hidden: the bot's caller falls back on a quick legal choice, and tests see it.
 */
export function playout(
  world: GameState,
  player: PlayerID,
  actions: Action[],
  seed: string,
  horizon: number,
  w: Weights,
  prefilter = Infinity,
  model: ValueModel | null = LEARNED_VALUE,
  rivals: PlayoutRivals = CADET_RIVALS,
): number {
  const st = playoutEnd(world, player, actions, seed, horizon, w, prefilter, model, rivals.rivalPilot);
  return st ? playoutValue(st, player, w, model, rivals.contest) : NaN;
}

/**
 * The position a playout reaches (see `playout`), or null when the sampled world does not fit
 * the plan (an event drew differently). `rivalPilot`: the other seats' turns are planned as the
 * player's are, not the Cadet's.
 */
export function playoutEnd(
  world: GameState,
  player: PlayerID,
  actions: Action[],
  seed: string,
  horizon: number,
  w: Weights,
  prefilter: number,
  model: ValueModel | null,
  rivalPilot: boolean,
): GameState | null {
  const st = structuredClone(world);
  const rng = createRng(seed);
  for (const a of actions) if (applyAction(st, player, a)) return null;
  const startRound = st.round;
  for (let guard = 0; guard < 5000 && st.step !== 'over'; guard++) {
    if (st.round > startRound + horizon && (st.step === 'rotate' || st.step === 'turns')) break;
    const players = Object.keys(awaiting(st));
    if (players.length === 0) break;
    for (const p of players) {
      if (!stageOf(st, p)) continue;
      if (p === player || rivalPilot) playoutTurn(st, p, w, model, rng, prefilter);
      else otherStep(st, p, rng);
    }
  }
  return st;
}

/**
 * A playout's value for the player: the evaluator's value of its board (its real medals once the
 * game is over), less `contest` times the best other seat's.
 */
export function playoutValue(
  st: GameState,
  player: PlayerID,
  w: Weights,
  model: ValueModel | null,
  contest: number,
): number {
  const final = st.step === 'over' || st.step === 'endgame';
  const valueOf = (p: PlayerID): number => {
    const board = st.boards[p];
    return board ? evaluate(board, evalEnv(st, p, w, final, model)) : 0;
  };
  const own = valueOf(player);
  if (contest <= 0) return own;
  const others = Object.keys(st.boards).filter((p) => p !== player);
  return others.length ? own - contest * Math.max(...others.map(valueOf)) : own;
}

/** Who plays the other seats in a playout, and how much their medals count against the player's. */
export interface PlayoutRivals {
  rivalPilot: boolean;
  contest: number;
}
const CADET_RIVALS: PlayoutRivals = { rivalPilot: false, contest: 0 };

/** The player's own decisions in a playout: a whole turn at once, planned by the Pilot. */
export function playoutTurn(
  st: GameState,
  player: PlayerID,
  w: Weights,
  model: ValueModel | null,
  rng: Rng,
  prefilter: number,
): void {
  const stage = stageOf(st, player);
  const priv = st.private[player];
  if (stage === 'rotate') {
    applyOrFail(st, player, { type: 'rotate', rotation: st.station.rotation });
    return;
  }
  const legal = legalActions(st, player);
  if (priv?.civOffer) {
    let best: { card: number; value: number } | null = null;
    for (const { card, plan } of civCardValues(st, player, envFor(st, player, w, model), true))
      if (!best || plan.value > best.value) best = { card, value: plan.value };
    applyOrFail(st, player, best ? { type: 'pickCiv', card: best.card } : (legal[0] as Action));
    return;
  }
  const keep = legal.filter((a) => a.type === 'keepObjectives');
  if (keep.length) {
    const shared = priv?.objectiveOffer?.shared;
    applyOrFail(
      st,
      player,
      (shared ? chooseSharedObjective(st, player, keep) : chooseObjectives(keep)).action,
    );
    return;
  }
  if (!priv?.turn) {
    applyOrFail(st, player, rng.pick(legal));
    return;
  }
  const round = st.round;
  const step = st.step;
  const same = () => st.round === round && st.step === step && st.private[player]?.turn;
  // A turn that opens with an event's gain to resolve before any tile may be taken (§3.4) is
  // planned up to that gain only: once it is resolved, the turn is planned again from there.
  // Planned once, those turns (most rounds of a solo game) were left to the Cadet below, and the
  // playouts scored about 37 solo instead of 44 (docs/bots.md, "Commander").
  for (let pass = 0; pass < PLAN_PASSES && stageOf(st, player) && same(); pass++) {
    const turn = st.private[player]?.turn;
    if (!turn) break;
    const box = new TurnSandbox(st, player, turn.kind, envFor(st, player, w, model), true);
    const plan =
      turn.kind === 'round'
        ? (planRound(box, turn.draft, 1, false, prefilter)[0] as Plan)
        : planSequential(box, turn.draft);
    if (plan.actions.length === 0) break;
    for (const a of plan.actions) {
      if (applyAction(st, player, a)) break;
    }
  }
  // A plan that could not finish (it should not happen): let the Cadet end this turn only.
  for (let guard = 0; guard < 50 && stageOf(st, player) && same(); guard++) {
    const l = legalActions(st, player);
    if (l.length === 0) break;
    applyOrFail(st, player, cadetDecide(st, player, l, rng).action);
  }
}

/** Another player's decision in a playout: the Cadet's. */
function otherStep(st: GameState, player: PlayerID, rng: Rng): void {
  for (let guard = 0; guard < 60 && stageOf(st, player); guard++) {
    const legal = legalActions(st, player);
    if (legal.length === 0) return;
    const a = cadetDecide(st, player, legal, rng).action;
    applyOrFail(st, player, a);
    if (a.type === 'confirm' || a.type === 'rotate' || a.type === 'pickCiv') return;
  }
}

function applyOrFail(st: GameState, player: PlayerID, a: Action): void {
  const why = applyAction(st, player, a);
  if (why) throw new Error(`playout: ${a.type} refused: ${explainMessage(why)}`);
}
