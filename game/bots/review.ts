/**
 * The Commander's review of a finished game, for one player: each of their round turns is looked
 * at in the player's own view at its start (never what they could not see). The turn they played
 * and the Commander's candidate turns (the Pilot's best plans, as the Commander searches them) are
 * played out in the same sampled worlds (common random numbers, as the Commander's race does); the
 * best alternative's mean gain over the turn played, less its standard error, is what the turn
 * cost, in medals, never below zero. A turn at least as good as every candidate costs nothing and
 * proposes nothing.
 *
 * Pure and synchronous, deterministic from the record: the client runs it in a worker, turn by
 * turn, and may stop it between turns.
 */
import type { Action, CellIndex, Draft, GameState, PlayerID } from '../core/types';
import type { Message } from '../core/messages';
import { createRng } from '../core/prng';
import { applyAction, legalActions, stageOf } from '../engine';
import { initialGameState, type MatchRecord } from '../match';
import { playerView } from '../view';
import { candidatePlans, COMMANDER_DEFAULTS, playout } from './commander';
import { DEFAULT_WEIGHTS } from './features';
import { determinize } from './knowledge';
import { envFor, planReasons } from './pilot';
import type { Plan } from './plan';
import { actionText } from './reasons';

/** Worlds each turn is played in, unless the caller sets its own budget. */
export const REVIEW_WORLDS = 6;

export interface ReviewedTurn {
  round: number;
  /** Moves of the record played before the turn's first move: where the viewer shows it. */
  at: number;
  /** The turn as played (its steps once confirmed, undone steps left out). */
  played: Action[];
  /** The Commander's best alternative from the same position, when it is better, with the squares its tile would cover. */
  better: { actions: Action[]; reason: Message; cells: CellIndex[] } | null;
  /** The medals the turn cost against that alternative, estimated; 0 when none is better. */
  cost: number;
  /** The worlds both turns were played in (fewer than asked when a world did not fit a turn). */
  worlds: number;
}

export interface ReviewOptions {
  /** Sampled worlds per turn (the budget). */
  worlds?: number;
  /** Called with each turn once reviewed, and how many are done of how many. */
  progress?(turn: ReviewedTurn, done: number, total: number): void;
  /** Asked between turns: true stops the review with the turns done so far. */
  stop?(): boolean;
}

/** One of the player's round turns: the player's view when it began, and what they played. */
interface TurnToReview {
  round: number;
  at: number;
  view: GameState;
  played: Action[];
}

const actionOf = (m: MatchRecord['moves'][number]): Action => ({ ...(m.args ?? {}), type: m.move }) as Action;
const sameTurn = (a: Action[], b: Action[]): boolean =>
  JSON.stringify(a.filter((x) => x.type !== 'confirm')) ===
  JSON.stringify(b.filter((x) => x.type !== 'confirm'));

/** The player's round turns in the record, each with the view at its start and its steps as confirmed. */
export function roundTurnsOf(record: MatchRecord, player: PlayerID): TurnToReview[] {
  const state = initialGameState(record.numPlayers, record.seed, record.setupData);
  const turns: TurnToReview[] = [];
  let open: { round: number; at: number; view: GameState } | null = null;
  for (const [i, m] of record.moves.entries()) {
    const turn = state.private[player]?.turn;
    if (m.player === player && turn?.kind === 'round' && stageOf(state, player) === 'build') {
      if (!open || open.round !== state.round)
        open = { round: state.round, at: i, view: structuredClone(playerView(state, player)) };
      if (m.move === 'confirm') turns.push({ ...open, played: structuredClone(turn.steps) });
    }
    if (applyAction(state, m.player, actionOf(m))) break; // a damaged record: review what played
  }
  return turns;
}

/**
 * The Commander's candidate turns from the start of a round turn: the Pilot's best plans, as the
 * Commander races them. A turn that opens with an event's gains (to resolve before taking, §3.4)
 * is planned in two parts, as the Commander plays it: the ways through those gains the planner
 * finds (one today: it resolves each gain as it comes), then the Commander's count of best turns
 * from the take on, shared among those ways.
 */
export function candidateTurns(view: GameState, player: PlayerID, env: ReturnType<typeof envFor>): Plan[] {
  const k = COMMANDER_DEFAULTS.candidates;
  const turn = view.private[player]?.turn;
  if (!turn) return [];
  const plans = (from: GameState, draft: Draft, count: number) =>
    candidatePlans(from, player, draft, env, count);
  if (legalActions(view, player).some((a) => a.type === 'takeTile')) return plans(view, turn.draft, k);
  const out: Plan[] = [];
  // Before the take the planner resolves the gains one way (it plans again once a tile may be
  // taken), so the turns after each way share the Commander's candidates among the ways found.
  const ways = plans(view, turn.draft, BRANCHES);
  for (const before of ways) {
    const steps = before.actions.filter((a) => a.type !== 'confirm');
    const after = structuredClone(view);
    if (steps.some((a) => applyAction(after, player, a) !== null)) continue;
    const draft = after.private[player]?.turn?.draft;
    if (!draft) continue;
    for (const rest of plans(after, draft, Math.ceil(k / ways.length)))
      out.push({
        ...rest,
        actions: [...steps, ...rest.actions],
        reasons: [...before.reasons.slice(0, steps.length), ...rest.reasons],
      });
  }
  return out.slice(0, k);
}

/** The most ways through an event's gains before the take that are each planned on. */
const BRANCHES = 3;

/**
 * Rounds each review playout looks ahead before the evaluator values it: two, not the Commander's
 * whole game, so that reviewing every turn of a game stays a few seconds in the browser (a world
 * to the end costs about four times as much).
 */
const REVIEW_HORIZON = 2;

/** Review one turn: the played turn against the Commander's candidates in `worlds` sampled worlds. */
export function reviewTurn(t: TurnToReview, player: PlayerID, worlds: number, seed: string): ReviewedTurn {
  const none: ReviewedTurn = { round: t.round, at: t.at, played: t.played, better: null, cost: 0, worlds: 0 };
  const turn = t.view.private[player]?.turn;
  if (!turn) return none;
  const w = DEFAULT_WEIGHTS;
  const env = envFor(t.view, player, w);
  const candidates = candidateTurns(t.view, player, env).filter(
    (plan) => plan.actions.length > 0 && !sameTurn(plan.actions, t.played),
  );
  if (candidates.length === 0) return none;
  const gains: number[][] = candidates.map(() => []);
  let played = 0;
  for (let i = 0; i < worlds; i++) {
    const world = determinize(t.view, player, createRng(`review:${seed}:${t.round}:${i}`));
    const run = (actions: Action[]) =>
      playout(
        world,
        player,
        actions,
        `review-play:${seed}:${t.round}:${i}`,
        REVIEW_HORIZON,
        w,
        COMMANDER_DEFAULTS.prefilter,
      );
    const base = run(t.played);
    if (Number.isNaN(base)) continue;
    played++;
    candidates.forEach((plan, k) => {
      const value = run(plan.actions);
      if (!Number.isNaN(value)) gains[k]?.push(value - base);
    });
  }
  let best = -1;
  let bestGain = 0;
  gains.forEach((g, k) => {
    // A candidate is compared only over the worlds it shares with the turn played, most of them.
    if (g.length < 2 || g.length * 2 < played) return;
    const mean = g.reduce((a, b) => a + b, 0) / g.length;
    const se = Math.sqrt(g.reduce((a, b) => a + (b - mean) ** 2, 0) / (g.length - 1) / g.length);
    // The best of several noisy means is lucky on average: a gain counts only beyond its standard
    // error, as the Commander's own race switches only then.
    const gain = mean - se;
    if (gain > bestGain + 1e-9) {
      bestGain = gain;
      best = k;
    }
  });
  const plan = candidates[best];
  if (!plan) return { ...none, worlds: played };
  const first = plan.actions[0] as Action;
  // The reason of its tile (the turn's summary is told there), else of its first step.
  const reasons = planReasons(t.view, player, plan, env);
  const take = plan.actions.findIndex((a) => a.type === 'takeTile');
  const reason = reasons[take] ?? reasons[0] ?? actionText(first);
  const actions = plan.actions.filter((a) => a.type !== 'confirm');
  return {
    ...none,
    better: { actions, reason, cells: coveredBy(t.view, player, actions) },
    cost: Math.round(bestGain * 10) / 10,
    worlds: played,
  };
}

/** The squares the turn's tile covers, played in the player's own view (where the plan was made). */
function coveredBy(view: GameState, player: PlayerID, actions: Action[]): CellIndex[] {
  const sandbox = structuredClone(view);
  for (const a of actions) if (applyAction(sandbox, player, a)) return [];
  const piece = sandbox.private[player]?.turn?.draft.board.pieces.findLast(
    (p) => p.kind === 'tile' && p.round === view.round,
  );
  return piece ? [...piece.cells] : [];
}

/** Review every round turn of `player` in a finished game's record, in order. */
export function reviewGame(record: MatchRecord, player: PlayerID, o: ReviewOptions = {}): ReviewedTurn[] {
  const turns = roundTurnsOf(record, player);
  const out: ReviewedTurn[] = [];
  for (const t of turns) {
    if (o.stop?.()) break;
    const reviewed = reviewTurn(t, player, o.worlds ?? REVIEW_WORLDS, record.seed);
    out.push(reviewed);
    o.progress?.(reviewed, out.length, turns.length);
  }
  return out;
}

/** The costliest turns first (ties by round): what the review's summary names. */
export function costliestTurns(turns: readonly ReviewedTurn[], count = 3): ReviewedTurn[] {
  return turns
    .filter((t) => t.better && t.cost > 0)
    .sort((a, b) => b.cost - a.cost || a.round - b.round)
    .slice(0, count);
}
