/**
 * The `pilot` level: one-step greedy. For the round turn it ranks every tile × legal placement
 * with the evaluator, plans the best few in full (gains in the best order, patches, rovers, the
 * movement pool) and keeps the best plan, which it then replays one decision at a time. The
 * commander's rotation, civ picks and end-game turns use the same evaluator. It also powers
 * `hint` for human players.
 */
import type { Action, GameState, PlayerBoard, PlayerID, TurnKind } from '../core/types';
import {
  civCardById,
  corporationById,
  objectiveById,
  planetById,
  SYMMETRIC_CORPORATION,
  SYMMETRIC_PLANET,
} from '../data';
import { neighborValue, objectiveContext } from '../rules/objectives';
import { legalActions, stageOf } from '../engine';
import { cloneBoard } from '../rules/board';
import { facingDepot } from '../rules/depot';
import { cloneDraft, newDraft } from '../rules/draft';
import { effects } from '../rules/tracks';
import { planned, storePlan, type BotDecision } from './common';
import { DEFAULT_WEIGHTS, evalEnv, type EvalEnv, type Weights } from './features';
import { draftOf, planRound, planSequential, rankPlacements, TurnSandbox, type Plan } from './plan';
import { actionText, explain, hint, summary, type Hint } from './reasons';
import OBJECTIVE_ODDS from './objective-odds.json';
import { LEARNED_VALUE } from './value/learned';
import type { ValueModel } from './value/model';

export interface PilotOptions {
  weights?: Weights;
  /** Placements planned in full after the cheap ranking (the weight `plans` unless given). */
  topK?: number;
  /** Cache key prefix: levels sharing the pilot's planning keep separate plans. */
  level?: string;
  /** The learned value function to evaluate with (the committed one by default; null: hand-set sum). */
  model?: ValueModel | null;
}

/** Whether the game ends after this round or step, so only real medals count from now on. */
export const endingNow = (view: GameState): boolean => view.step === 'endgame' || view.endTriggers.length > 0;

export function envFor(
  view: GameState,
  player: PlayerID,
  w: Weights = DEFAULT_WEIGHTS,
  model: ValueModel | null = LEARNED_VALUE,
): EvalEnv {
  return evalEnv(view, player, w, endingNow(view), model);
}

/** The turn's plan reasons: the tile steps carry the whole turn's summary. */
export function planReasons(view: GameState, player: PlayerID, plan: Plan, env: EvalEnv): Hint[] {
  const before = view.boards[player];
  const whole = before ? summary(explain(before, plan.draft.board, env)) : null;
  return plan.actions.map((a, k) => {
    const own = plan.reasons[k];
    if (own) return own;
    const what = actionText(a);
    if (a.type === 'confirm') return whole ? hint('hint.confirmsTurnThat', { why: whole }) : what;
    return whole
      ? hint('hint.because', { action: what, why: whole })
      : hint('hint.bestBoard', { action: what });
  });
}

export function pilotDecide(
  view: GameState,
  player: PlayerID,
  legal: Action[],
  o: PilotOptions = {},
): BotDecision {
  const level = o.level ?? 'pilot';
  const w = o.weights ?? DEFAULT_WEIGHTS;
  const model = o.model === undefined ? LEARNED_VALUE : o.model;
  const stage = stageOf(view, player);
  const priv = view.private[player];
  if (stage === 'rotate') return chooseRotation(view, player, envFor(view, player, w, model));
  if (priv?.civOffer) return chooseCiv(view, player, envFor(view, player, w, model));
  const keep = legal.filter((a) => a.type === 'keepObjectives');
  if (keep.length)
    return priv?.objectiveOffer?.shared ? chooseSharedObjective(view, player, keep) : chooseObjectives(keep);
  const planets = legal.filter((a) => a.type === 'chooseBoard');
  if (planets.length) return choosePlanet(planets);
  const turn = priv?.turn;
  if (!turn) return { action: legal[0] as Action, reason: hint('hint.onlyThing') };
  const cached = planned(level, view, player);
  if (cached) return cached;
  const env = envFor(view, player, w, model);
  const box = new TurnSandbox(view, player, turn.kind, env);
  const plan =
    turn.kind === 'round'
      ? (lookAhead(view, player, planRound(box, turn.draft, o.topK ?? env.w.plans), env)[0] as Plan)
      : planSequential(box, turn.draft);
  return adopt(level, view, player, plan, env);
}

/**
 * The best placement value of the next round's tiles on the board a plan leaves. With the station
 * turning by itself (solo, two-player variant) the next depot, and so its visible tops, are known.
 */
export function nextTurnValue(view: GameState, player: PlayerID, board: PlayerBoard, env: EvalEnv): number {
  return bestPlacementAhead(view, player, board, env, 1)?.value ?? -1e9;
}

/**
 * The best cheap placement of the tiles the player will face `ahead` rounds from now on this board
 * (the station turns one depot a round by itself; otherwise the same depot), with the board it
 * leaves. The depots two rounds ahead are untouched by the next round's take.
 */
function bestPlacementAhead(
  view: GameState,
  player: PlayerID,
  board: PlayerBoard,
  env: EvalEnv,
  ahead: number,
): { value: number; board: () => PlayerBoard } | null {
  const rotation = view.options.autoRotate ? (view.station.rotation + ahead) % 6 : view.station.rotation;
  const base: GameState = {
    ...view,
    step: 'turns',
    station: { ...view.station, rotation },
    confirmed: { ...view.confirmed, [player]: false },
  };
  const box = new TurnSandbox(base, player, 'round', env, true);
  // Only the snuggest placements of each tile are valued (`lookPrefilter`; 0: all of them): the
  // look at every plan is most of a decision's time.
  const only = env.w.lookPrefilter > 0 ? env.w.lookPrefilter : Infinity;
  const best = rankPlacements(box, newDraft(board), only)[0];
  if (!best) return null;
  return {
    value: best.value,
    board: () => {
      const sim = box.sim(cloneDraft(best.from));
      if (best.place) box.act(sim, best.place);
      return draftOf(sim, player).board;
    },
  };
}

/**
 * Re-rank complete plans by how well the board each leaves takes the next round's tiles: a blend
 * of the plan's value and the best next placement's (weight `lookahead`). With the station turning
 * by itself, the rounds after are known too (`lookDepth` rounds in all): the best placement of
 * each on the board the one before leaves, the last counting for the share `lookahead2` of the look.
 */
export function lookAhead(view: GameState, player: PlayerID, plans: Plan[], env: EvalEnv): Plan[] {
  const lambda = env.w.lookahead;
  if (lambda <= 0 || plans.length < 2 || endingNow(view)) return plans;
  const depth = view.options.autoRotate
    ? Math.min(Math.round(env.w.lookDepth), Math.floor(env.roundsLeft), 5)
    : 1;
  const mu = depth >= 2 ? env.w.lookahead2 : 0;
  const looked = plans.map((p, k) => {
    const next = bestPlacementAhead(view, player, p.draft.board, env, 1);
    return { p, k, next, v: (1 - lambda) * p.value + lambda * (next?.value ?? -1e9) };
  });
  if (mu <= 0) return looked.sort((a, b) => b.v - a.v).map((s) => s.p);
  // Further rounds are looked at from the best `lookDeep` plans by the next round's look (0: all);
  // the others follow them, in that look's order.
  looked.sort((a, b) => b.v - a.v);
  const deep = env.w.lookDeep > 0 ? Math.round(env.w.lookDeep) : looked.length;
  const scored = looked.map(({ p, k, next, v }, rank) => {
    if (!next || rank >= deep) return { p, k, v, deep: false };
    let last = next;
    for (let ahead = 2; ahead <= depth; ahead++) {
      const after = bestPlacementAhead(view, player, last.board(), env, ahead);
      if (!after) break;
      last = after;
    }
    if (last === next) return { p, k, v, deep: true };
    const look = (1 - mu) * next.value + mu * last.value;
    return { p, k, v: (1 - lambda) * p.value + lambda * look, deep: true };
  });
  // Ties keep the plans' own order.
  scored.sort((a, b) => Number(b.deep) - Number(a.deep) || b.v - a.v || a.k - b.k);
  return scored.map((s) => s.p);
}

/** Cache a plan and return its first step. */
export function adopt(
  level: string,
  view: GameState,
  player: PlayerID,
  plan: Plan,
  env: EvalEnv,
): BotDecision {
  const reasons = planReasons(view, player, plan, env);
  const first = plan.actions[0];
  if (!first) {
    const legal = legalActions(view, player);
    return { action: legal[0] as Action, reason: hint('hint.nothingToPlan') };
  }
  storePlan(level, view, player, plan.actions, reasons);
  return { action: first, reason: reasons[0] ?? actionText(first) };
}

// ---------------------------------------------------------------- rotation (commander's choice, §3.3)

/** The best turn value this player could reach facing each of the six depots. */
export function rotationValues(view: GameState, player: PlayerID, env: EvalEnv): number[] {
  const board = view.boards[player];
  if (!board) return [0, 0, 0, 0, 0, 0];
  const values: number[] = [];
  for (let rotation = 0; rotation < 6; rotation++) {
    const base: GameState = {
      ...view,
      step: 'turns',
      station: { ...view.station, rotation },
      confirmed: { ...view.confirmed, [player]: false },
    };
    const box = new TurnSandbox(base, player, 'round', env);
    const ranked = rankPlacements(box, newDraft(board));
    values.push(ranked[0]?.value ?? -1e9);
  }
  return values;
}

export function chooseRotation(view: GameState, player: PlayerID, env: EvalEnv): BotDecision {
  const values = rotationValues(view, player, env);
  let best = view.station.rotation;
  for (let r = 0; r < 6; r++) if ((values[r] ?? -1e9) > (values[best] ?? -1e9) + 1e-9) best = r;
  const depot = facingDepot({ ...view, station: { ...view.station, rotation: best } }, player);
  return {
    action: { type: 'rotate', rotation: best },
    reason: hint('hint.facesDepot', {
      depot,
      value: ((values[best] ?? 0) - Math.min(...values)).toFixed(1),
    }),
  };
}

// ---------------------------------------------------------------- civ cards (§5.7)

/** The value of keeping each offered card: its effects resolved with the evaluator. */
export function civCardValues(
  view: GameState,
  player: PlayerID,
  env: EvalEnv,
  quiet = false,
): { card: number; plan: Plan }[] {
  const priv = view.private[player];
  const board = view.boards[player];
  if (!priv?.civOffer || !board) return [];
  const kind: TurnKind = view.step === 'endgame' ? 'endgame' : 'civ';
  const out: { card: number; plan: Plan }[] = [];
  for (const card of priv.civOffer.cards) {
    const data = civCardById(card);
    const b = cloneBoard(board);
    b.civCards.push({ id: card, rank: data.rank, timing: data.timing });
    const d = newDraft(b);
    if (data.timing === 'immediate') effects.civCardEffects(d, card, 'immediate');
    else if (kind === 'endgame') effects.civCardEffects(d, card, 'endGame');
    const box = new TurnSandbox(view, player, kind, env, quiet);
    out.push({ card, plan: planSequential(box, d) });
  }
  return out;
}

export function chooseCiv(view: GameState, player: PlayerID, env: EvalEnv): BotDecision {
  const values = civCardValues(view, player, env);
  values.sort((a, b) => b.plan.value - a.plan.value);
  const best = values[0];
  const offer = view.private[player]?.civOffer;
  if (!best || !offer) {
    const legal = legalActions(view, player);
    return { action: legal[0] as Action, reason: hint('hint.onlyCard') };
  }
  const board = view.boards[player];
  const why = board ? summary(explain(board, best.plan.draft.board, env)) : null;
  const kept = { card: best.card, offered: offer.cards.length };
  return {
    action: { type: 'pickCiv', card: best.card },
    reason: why ? hint('hint.keepsBestCardBecause', { ...kept, why }) : hint('hint.keepsBestCard', kept),
  };
}

// ---------------------------------------------------------------- private objectives (§7.2)

/**
 * How often the Pilot meets a private objective when it pursues it (measured by
 * `npm run tune -- --objectives`); a rough guess by kind for a card not measured.
 */
function objectiveOdds(card: number): number {
  const measured = (OBJECTIVE_ODDS as Record<string, number>)[String(card)];
  if (measured !== undefined) return measured;
  const check = objectiveById(card).private.check;
  switch (check.type) {
    case 'trackAtMaximum':
    case 'collectedMoreThan':
    case 'allPlanetSquaresCovered':
      return 0.5;
    default:
      return 0.2;
  }
}

/**
 * How well the Pilot plays each corporation: its average solo score over 48 games on the
 * symmetric planet, so a bot offered several picks the one it plays best (`npm run -s strength --
 * --games 48 --seed c47 --levels pilot --duels '' --corporation each`). One not measured counts as
 * Universal Coalition.
 */
export const CORPORATION_SKILL: Record<string, number> = {
  'universal-coalition': 50.4,
  republic: 47.1,
  'wormhole-corp': 51.4,
  'cosmos-inc': 48.5,
  'horizon-group': 51.7,
  'jump-drive': 52.5,
  'oasis-ultd': 53.9,
  makeshift: 44.5,
  'flux-industries': 49.8,
};

/**
 * How well the Pilot plays each planet: its average solo score over 48 games with Universal
 * Coalition (`npm run -s strength -- --games 48 --seed p47 --levels pilot --duels '' --planet
 * each`). A planet not measured counts as the symmetric one does.
 */
export const PLANET_SKILL: Record<string, number> = {
  'ksb-4156': 49.6,
  'k-273': 44.6,
  gaia: 55.6,
  persephone: 48.1,
  arashi: 48.8,
  petra: 53.9,
  tartarus: 43.9,
  charybdis: 50.1,
  kaak: 48.4,
  pajitnov: 45.4,
  oblivion: 44.7,
  cerberus: 49.6,
  lacuna: 42.6,
};

/** The solo score the Pilot expects on a planet with a corporation: each measured apart, added. */
export function expectedScore(planet: string, corporation: string): number {
  const base = CORPORATION_SKILL[SYMMETRIC_CORPORATION] ?? 0;
  const corp = CORPORATION_SKILL[corporation] ?? base;
  return (PLANET_SKILL[planet] ?? PLANET_SKILL[SYMMETRIC_PLANET] ?? 0) + corp - base;
}

/**
 * A planet and a corporation before round 1 (R33): the pair the Pilot scores best on, measured
 * (PLANET_SKILL, CORPORATION_SKILL); between pairs within a tenth of a medal, the simpler planet
 * (printed complexity), then the one listed first, so the choice is always the same.
 */
export function choosePlanet(options: Action[]): BotDecision {
  let best: { action: Action; score: number; complexity: number } | null = null;
  for (const action of options) {
    if (action.type !== 'chooseBoard') continue;
    const score = expectedScore(action.planet, action.corporation);
    const complexity = planetById(action.planet).complexity;
    const better =
      !best ||
      score > best.score + 0.05 ||
      (Math.abs(score - best.score) <= 0.05 && complexity < best.complexity);
    if (better) best = { action, score, complexity };
  }
  const chosen = (best?.action ?? options[0]) as Action;
  if (chosen.type !== 'chooseBoard') return { action: chosen, reason: hint('hint.onlyThing') };
  const planet = planetById(chosen.planet).name;
  const corporation = corporationById(chosen.corporation).name;
  const score = (best?.score ?? 0).toFixed(0);
  return { action: chosen, reason: hint('hint.playsBestBoard', { planet, corporation, score }) };
}

/**
 * An objective added for every player (Jump Drive tech F, §8.2): the one on which this board leads
 * the others most, from their public boards (§7.1); ties go to the one listed first.
 */
export function chooseSharedObjective(view: GameState, player: PlayerID, options: Action[]): BotDecision {
  const mine = view.boards[player];
  const standing = (card: number): number => {
    if (!mine) return 0;
    const data = objectiveById(card);
    const of = (b: PlayerBoard) =>
      neighborValue(data, b, objectiveContext(planetById(b.planet), corporationById(b.corporation)));
    const sign = data.neighbor.direction === 'most' ? 1 : -1;
    const own = of(mine);
    let lead = 0;
    for (const p of view.playerIDs) {
      const other = view.boards[p];
      if (p !== player && other) lead += Math.sign(sign * (own - of(other)));
    }
    return lead;
  };
  let best = options[0] as Action;
  let bestLead = -Infinity;
  for (const a of options) {
    if (a.type !== 'keepObjectives') continue;
    const lead = a.cards.reduce((sum, card) => sum + standing(card), 0);
    if (lead > bestLead) {
      bestLead = lead;
      best = a;
    }
  }
  const objectives =
    best.type === 'keepObjectives' ? best.cards.map((c) => objectiveById(c).neighbor.name) : [];
  return { action: best, reason: hint('hint.sharesObjective', { objectives }) };
}

export function chooseObjectives(options: Action[]): BotDecision {
  let best = options[0] as Action;
  let bestV = -1;
  for (const a of options) {
    if (a.type !== 'keepObjectives') continue;
    const v = a.cards.reduce((s, c) => s + objectiveOdds(c), 0);
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  const objectives =
    best.type === 'keepObjectives' ? best.cards.map((c) => objectiveById(c).private.name) : [];
  return {
    action: best,
    reason: hint('hint.keepsObjectives', { objectives, medals: (bestV * 5).toFixed(1) }),
  };
}
