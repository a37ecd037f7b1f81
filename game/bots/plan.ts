/**
 * Turn planning shared by the Pilot and Commander levels. A plan is a list of actions that the
 * engine itself validated: every candidate step is applied with `applyAction` to a copy of the
 * player's draft inside a shallow copy of their own view, and every choice comes from
 * `legalActions`. Nothing here reads or writes hidden state, and the view is never mutated.
 */
import { boardRules } from '../rules/board-rules';
import {
  TRACKS,
  type Action,
  type Draft,
  type GameState,
  type PendingItem,
  type PlayerBoard,
  type PlayerID,
  type TurnKind,
} from '../core/types';
import { formatMessage } from '../core/messages';
import { baseCorporationRules } from '../content/corporation-base';
import { tileById } from '../data';
import { applyAction, legalActions } from '../engine';
import { cellIndex, cloneBoard } from '../rules/board';
import { placementCells } from '../rules/legality';
import { tileEffects } from '../rules/pieces';
import { cloneDraft } from '../rules/draft';
import {
  advanceWorth,
  deliveryDistances,
  evaluate,
  extrasValue,
  fadeOf,
  targetDistances,
  type EvalEnv,
} from './features';
import { describeStep, explain, hint, summary, type Hint } from './reasons';
import { snugness } from './cadet';

export class BotError extends Error {}

/** A fully planned turn: its actions (ending with confirm when the turn can end) and its value. */
export interface Plan {
  actions: Action[];
  /** Why each action, or null where the turn's summary will say (see the Pilot's `planReasons`). */
  reasons: (Hint | null)[];
  value: number;
  draft: Draft;
}

type PrivateLike = GameState['private'][string];

/**
 * Shallow copies of one view in which the player's turn is a given draft: `applyAction` then only
 * writes to that draft and its own step list. Confirm is never applied here.
 */
export class TurnSandbox {
  constructor(
    readonly base: GameState,
    readonly player: PlayerID,
    readonly kind: TurnKind,
    readonly env: EvalEnv,
    /** No reasons (playouts): skips the board snapshots and explanations they cost. */
    readonly quiet = false,
  ) {}

  /** The same sandbox without reasons, for trial plans that are thrown away. */
  quietly(): TurnSandbox {
    return this.quiet ? this : new TurnSandbox(this.base, this.player, this.kind, this.env, true);
  }

  sim(draft: Draft): GameState {
    const own = this.base.private[this.player] as PrivateLike;
    const priv: PrivateLike = {
      ...own,
      turn: { kind: this.kind, origin: draft, steps: [], draft },
      civOffer: null,
      rejection: null,
    };
    return { ...this.base, private: { ...this.base.private, [this.player]: priv } };
  }

  fork(sim: GameState): GameState {
    return this.sim(cloneDraft(draftOf(sim, this.player)));
  }

  value(d: Draft): number {
    return evaluate(d.board, this.env, { pending: d.pending, movement: d.movement, civRanks: d.civRanks });
  }

  act(sim: GameState, action: Action): void {
    const why = applyAction(sim, this.player, action);
    if (why) throw new BotError(`planned ${action.type} refused: ${formatMessage(why)}`);
  }
}

export function draftOf(sim: GameState, player: PlayerID): Draft {
  const d = sim.private[player]?.turn?.draft;
  if (!d) throw new BotError('no turn in progress');
  return d;
}

const itemOf = (d: Draft, id: number): PendingItem | undefined => d.pending.find((i) => i.id === id);

const resolvesOf = (sim: GameState, player: PlayerID) =>
  legalActions(sim, player).filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve');

/**
 * Stage-1 value of a draft, for ranking placements cheaply: the board as it stands plus the worth
 * of each pending gain estimated without applying it (advances and boosts by the track value they
 * would add, patches and rovers by their weights).
 */
export function quickValue(env: EvalEnv, d: Draft): number {
  const fade = fadeOf(d.board, env);
  let v = evaluate(d.board, env, { civRanks: d.civRanks });
  for (const item of d.pending) {
    switch (item.kind) {
      case 'advance':
        v += advanceWorth(d.board, env, fade, item.track, item.steps);
        break;
      case 'energy':
        v += Math.max(0, ...item.options.map((t) => advanceWorth(d.board, env, fade, t)));
        break;
      case 'synergy':
        v += Math.max(0, ...TRACKS.map((t) => advanceWorth(d.board, env, fade, t)));
        break;
      default:
        v += extrasValue(d.board, env, fade, { pending: [item] });
    }
  }
  return v;
}

/** A track square parked on this far above a tracker of its column changes nothing soon. */
const SPOT_REACH = 3;

/**
 * The choices worth weighing: a lifepod spot on a track square (Cosmos Inc., R32) only just above
 * a tracker of that column, where the trackers will skip it soon; every other choice as listed.
 */
function nearSpots<A extends Action>(d: Draft, resolves: A[]): A[] {
  if (resolves.length <= SPOT_REACH * 4) return resolves;
  const near = resolves.filter((a) => {
    const choice = a.type === 'resolve' || a.type === 'useAbility' ? a.choice : undefined;
    const [col, at] = (choice?.spot ?? '').split(':');
    if (!col || at === undefined || col === 'slot' || !(TRACKS as readonly string[]).includes(col))
      return true;
    const row = Number(at);
    return TRACKS.some((t) => {
      const tracker = d.board.trackers[t];
      return tracker.col === col && row > tracker.row && row <= tracker.row + SPOT_REACH;
    });
  });
  return near.length ? near : resolves;
}

/**
 * Where a chain of gains stands: the trackers, the rovers and what is still pending (without the
 * items' ids, which every new gain renews). Two steps that come back to the same place gained
 * nothing.
 */
const chainPlace = (d: Draft): string =>
  JSON.stringify([d.board.trackers, d.board.rovers, d.pending.map(({ id: _id, ...gain }) => gain)]);

/** Below every choice that goes somewhere new: a choice that returns to where the chain has been. */
const BACK_AGAIN = 1e6;

/**
 * Greedy resolution of every pending gain with the full evaluator, one choice at a time (R1).
 * A choice that brings the chain back to where it has already been is taken only when nothing else
 * is left: on Makeshift with tech 3 a tracker may slide for ever between two synergy squares of a
 * row, each landing giving the boost for the next slide (§5.5, §8.2).
 */
export function resolveGreedy(
  box: TurnSandbox,
  sim: GameState,
  actions: Action[],
  reasons: (Hint | null)[],
): void {
  const me = box.player;
  const visited = new Set([chainPlace(draftOf(sim, me))]);
  for (let guard = 0; guard < 80; guard++) {
    const d = draftOf(sim, me);
    const resolves = resolvesOf(sim, me);
    if (resolves.length === 0) return;
    // An advance must be resolved before the rest (R7); with several destinations each is weighed.
    const advance = resolves.find((a) => itemOf(d, a.item)?.kind === 'advance');
    const destinations = advance ? resolves.filter((a) => a.item === advance.item) : [];
    const forced = destinations.length === 1 ? advance : undefined;
    const options = destinations.length > 1 ? destinations : nearSpots(d, resolves);
    let best: Action | undefined = forced;
    if (!best) {
      let bestV = -Infinity;
      let bestTie = -Infinity;
      const fade = fadeOf(d.board, box.env);
      for (const a of options) {
        const t = box.fork(sim);
        box.act(t, a);
        const after = draftOf(t, me);
        const v = box.value(after) - (visited.has(chainPlace(after)) ? BACK_AGAIN : 0);
        // Choices the board values alike (Flux Industries' token, naming a track for later
        // effects): the track whose advance is worth most now.
        const track = a.choice?.track;
        const tie =
          track && itemOf(d, a.item)?.kind === 'corporation'
            ? advanceWorth(d.board, box.env, fade, track)
            : 0;
        if (v > bestV + 1e-9 || (v > bestV - 1e-9 && tie > bestTie)) {
          bestV = Math.max(v, bestV);
          bestTie = tie;
          best = a;
        }
      }
    }
    if (!best) return;
    const chosen = best;
    const item = chosen.type === 'resolve' ? itemOf(d, chosen.item) : undefined;
    takeStep(box, sim, chosen, actions, reasons, (was, now) =>
      describeStep(chosen, item, summary(explain(was, now, box.env))),
    );
    visited.add(chainPlace(draftOf(sim, me)));
  }
}

/** Apply a chosen step and record it, with its reason in words unless the sandbox is quiet. */
function takeStep(
  box: TurnSandbox,
  sim: GameState,
  action: Action,
  actions: Action[],
  reasons: (Hint | null)[],
  reason: (before: PlayerBoard, after: PlayerBoard) => Hint | null,
): void {
  const before = box.quiet ? null : cloneBoard(draftOf(sim, box.player).board);
  box.act(sim, action);
  actions.push(action);
  reasons.push(before ? reason(before, draftOf(sim, box.player).board) : null);
}

/** Spend the movement pool walking rovers towards the nearest lifepods and meteorites (R2). */
export function roverMoves(
  box: TurnSandbox,
  sim: GameState,
  actions: Action[],
  reasons: (Hint | null)[],
): void {
  const me = box.player;
  for (let guard = 0; guard < 60; guard++) {
    const d = draftOf(sim, me);
    if (d.movement <= 0) return;
    if (d.board.lifepods.length === 0 && d.board.meteorites.length === 0) return;
    const moves = legalActions(sim, me).filter(
      (a): a is Extract<Action, { type: 'moveRover' }> => a.type === 'moveRover',
    );
    if (moves.length === 0) return;
    const loose = targetDistances(d.board).slice();
    // A rover carrying a meteorite heads for a square that delivers it (Horizon Group).
    const delivery = d.board.corp.carrying.length ? deliveryDistances(d.board).slice() : loose;
    let best: Extract<Action, { type: 'moveRover' }> | undefined;
    let bestKey = Infinity;
    for (const m of moves) {
      const rover = d.board.rovers.find((r) => r.id === m.rover);
      const step = m.path[0];
      if (!rover || rover.cell === null || !step) continue;
      const dist = d.board.corp.carrying.includes(rover.id) ? delivery : loose;
      const from = dist[rover.cell] ?? -1;
      const to = dist[cellIndex(step[0], step[1])] ?? -1;
      if (to < 0 || from < 0 || to >= from) continue;
      if (to < bestKey) {
        bestKey = to;
        best = m;
      }
    }
    if (!best) return;
    const chosen = best;
    takeStep(box, sim, chosen, actions, reasons, (was, now) => {
      const why = summary(explain(was, now, box.env));
      return why
        ? describeStep(chosen, undefined, why)
        : hint('hint.headsForTarget', { action: describeStep(chosen, undefined, null) });
    });
  }
}

/** Ability choices weighed at most per decision (the first listed), to keep a decision quick. */
const MAX_ABILITY_TRIALS = 24;

/**
 * Use the corporation's powers (§8.2) when they pay: each listed use is tried on a copy, the gains
 * it brings resolved greedily, and compared with not using any. A once-per-game power must gain
 * more while much of the game remains (it could pay more later); a once-per-round one is spent as
 * soon as it gains anything. Called again after each use: some powers open others.
 */
export function useAbilities(
  box: TurnSandbox,
  sim: GameState,
  actions: Action[],
  reasons: (Hint | null)[],
): void {
  const me = box.player;
  // A corporation without powers (Universal Coalition's techs are all passive): nothing to list.
  if (boardRules(draftOf(sim, me).board).corporation.abilities === baseCorporationRules.abilities) return;
  const trial = box.quietly();
  for (let guard = 0; guard < 6; guard++) {
    const offers = legalActions(sim, me).filter((a) => a.type === 'useAbility');
    if (offers.length === 0) return;
    const without = trial.fork(sim);
    resolveGreedy(trial, without, [], []);
    const baseline = trial.value(draftOf(without, me));
    const fade = fadeOf(draftOf(sim, me).board, box.env);
    const usedBefore = draftOf(sim, me).board.corp.usedThisGame.length;
    let best: Action | undefined;
    let bestGain = 0;
    for (const a of nearSpots(draftOf(sim, me), offers).slice(0, MAX_ABILITY_TRIALS)) {
      const t = trial.fork(sim);
      box.act(t, a);
      // A tracker moved down pays only by climbing back over a milestone: with nothing left in the
      // turn to advance it, the drop is pointless (the evaluator's pull towards a near milestone
      // would otherwise take it for a gain).
      if (onlyLowers(draftOf(sim, me), draftOf(t, me))) continue;
      const once = draftOf(t, me).board.corp.usedThisGame.length > usedBefore;
      resolveGreedy(trial, t, [], []);
      const gain = trial.value(draftOf(t, me)) - baseline - (once ? ONCE_PER_GAME_MARGIN * fade : 0);
      if (gain > bestGain + ABILITY_MARGIN) {
        bestGain = gain;
        best = a;
      }
    }
    if (!best) return;
    const chosen = best;
    takeStep(box, sim, chosen, actions, reasons, (was, now) =>
      describeStep(chosen, undefined, summary(explain(was, now, box.env)), now),
    );
  }
}

/**
 * Whether a step only moved trackers down, leaving nothing pending that could advance one again
 * this turn (Makeshift tech 4 used last in a turn, say).
 */
export function onlyLowers(before: Draft, after: Draft): boolean {
  if (after.pending.length > 0) return false;
  let lowered = false;
  for (const t of TRACKS) {
    const was = before.board.trackers[t];
    const now = after.board.trackers[t];
    if (now.row > was.row) return false;
    if (now.row < was.row) lowered = true;
  }
  return lowered;
}

/** What a power must gain to be used: more than noise, and for a once-per-game one, its later use. */
const ABILITY_MARGIN = 0.05;
const ONCE_PER_GAME_MARGIN = 1.5;

/** Resolve everything, move rovers, and confirm: the rest of a turn from `sim`. */
export function finishTurn(
  box: TurnSandbox,
  sim: GameState,
  actions: Action[],
  reasons: (Hint | null)[],
): void {
  const me = box.player;
  for (let pass = 0; pass < 3; pass++) {
    useAbilities(box, sim, actions, reasons);
    resolveGreedy(box, sim, actions, reasons);
    roverMoves(box, sim, actions, reasons);
    useAbilities(box, sim, actions, reasons);
    // Movement or a power may have opened new choices (a collected lifepod's spot, say).
    if (resolvesOf(sim, me).length === 0) break;
  }
  if (legalActions(sim, me).some((a) => a.type === 'confirm')) {
    actions.push({ type: 'confirm' });
    reasons.push(null);
  }
}

interface Stage1 {
  prefix: Action[];
  place: Action | null;
  value: number;
  /** The draft the placement starts from (after the take). */
  from: Draft;
}

/**
 * Stage-1 values of every legal placement of the taken tile, on one scratch copy of the board: the
 * tile is written in with what the rules say it does there (`tileEffects`: lifepods and rovers
 * destroyed, its meteorite, its gains), evaluated with its gains estimated (quickValue's rules),
 * and taken out again. Only the ranking uses this shortcut; the plans kept are replayed through
 * the engine.
 */
function scratchValues(
  env: EvalEnv,
  d: Draft,
  placements: Extract<Action, { type: 'placeTile' }>[],
  prefilter = Infinity,
): number[] {
  const taken = d.taken;
  if (!taken) return placements.map(() => 0);
  const tile = tileById(taken.tileId);
  // Playouts: only the snuggest few placements are worth the evaluator's time.
  const skip = new Set<number>();
  const cellsOf = placements.length > prefilter ? placements.map((p) => placementCells(tile.shape, p)) : null;
  if (cellsOf) {
    const snug = cellsOf.map((cells, k) => ({ k, s: snugness(d, cells) }));
    snug.sort((a, b) => b.s - a.s);
    for (const { k } of snug.slice(prefilter)) skip.add(k);
  }
  const board = cloneBoard(d.board);
  const base = d.pending.length
    ? quickValue(env, { ...d, board }) - evaluate(board, env, { civRanks: d.civRanks })
    : 0;
  const out: number[] = [];
  const pods = board.lifepods;
  const rovers = board.rovers.map((r) => ({ ...r }));
  for (const [k, p] of placements.entries()) {
    if (skip.has(k)) {
      out.push(-Infinity);
      continue;
    }
    const cells = cellsOf?.[k] ?? placementCells(tile.shape, p);
    const effects = tileEffects(board, tile.id, cells);
    const index = board.pieces.length;
    board.pieces.push({
      kind: 'tile',
      tileId: tile.id,
      cells,
      orientation: p.orientation,
      x: p.x,
      y: p.y,
      round: 0,
    });
    cells.forEach((c, k) => {
      const tc = tile.cells[k];
      board.pieceAt[c] = index;
      board.terrain[c] = tc ? tc.terrain : null;
      board.icon[c] = tc?.resource ? tc.terrain : null;
    });
    if (effects.destroyedLifepods.length) board.lifepods = pods.filter((c) => !cells.includes(c));
    for (const r of board.rovers) {
      if (effects.destroyedRovers.includes(r.id)) {
        r.cell = null;
        r.destroyed = true;
      }
    }
    if (effects.meteorite !== null) board.meteorites.push(effects.meteorite);
    const fade = fadeOf(board, env);
    let v = evaluate(board, env, { civRanks: d.civRanks }) + base;
    for (const gain of effects.gains) {
      if (gain.kind === 'advance') v += advanceWorth(board, env, fade, gain.track, gain.steps);
      else v += Math.max(0, ...gain.options.map((t) => advanceWorth(board, env, fade, t)));
    }
    out.push(v);
    // Take the tile out again.
    if (effects.meteorite !== null) board.meteorites.pop();
    for (const c of cells) {
      board.pieceAt[c] = -1;
      board.terrain[c] = null;
      board.icon[c] = null;
    }
    board.pieces.pop();
    board.lifepods = pods;
    if (effects.destroyedRovers.length) board.rovers.forEach((r, k) => Object.assign(r, rovers[k]));
  }
  return out;
}

/**
 * Stage 1: every take × legal placement, valued cheaply. With `prefilter`, only that many
 * placements of each tile (the snuggest) are valued; the others rank last.
 */
export function rankPlacements(box: TurnSandbox, d0: Draft, prefilter = Infinity): Stage1[] {
  const me = box.player;
  const out: Stage1[] = [];
  const expand = (taken: GameState, prefix: Action[]) => {
    const dT = draftOf(taken, me);
    if (dT.placed) {
      // Taken without placement (§4.10), or already placed: nothing to choose here.
      out.push({ prefix, place: null, value: quickValue(box.env, dT), from: dT });
      return;
    }
    const places = legalActions(taken, me).filter(
      (a): a is Extract<Action, { type: 'placeTile' }> => a.type === 'placeTile',
    );
    const values = scratchValues(box.env, dT, places, prefilter);
    places.forEach((a, k) => out.push({ prefix, place: a, value: values[k] ?? -Infinity, from: dT }));
  };
  const sim0 = box.sim(cloneDraft(d0));
  if (!d0.taken) {
    for (const a of legalActions(sim0, me)) {
      if (a.type !== 'takeTile') continue;
      const s = box.fork(sim0);
      box.act(s, a);
      expand(s, [a]);
    }
  } else {
    expand(sim0, []);
  }
  out.sort((a, b) => b.value - a.value);
  return out;
}

/**
 * The best `k` placements; with `diverse`, the best of each tile is among them, and no two share
 * the tile and the same footprint's corner (a one-square shift is still a different plan).
 */
function pickCandidates(ranked: Stage1[], k: number, diverse: boolean): Stage1[] {
  if (!diverse) return ranked.slice(0, k);
  const out: Stage1[] = [];
  const takeOf = (c: Stage1) => canonTake(c.prefix);
  for (const c of ranked) if (!out.some((o) => takeOf(o) === takeOf(c))) out.push(c);
  for (const c of ranked) {
    if (out.length >= k) break;
    if (!out.includes(c)) out.push(c);
  }
  return out.slice(0, Math.max(k, 1)).sort((a, b) => b.value - a.value);
}

/** Which stack a turn's steps take their tile from ('' when they take none): plans of one tile share it. */
export const canonTake = (prefix: Action[]): string => {
  const take = prefix.find((a) => a.type === 'takeTile');
  return take && take.type === 'takeTile' ? take.stack : '';
};

/** The best few complete plans of a round turn from the current draft, best first. */
export function planRound(
  box: TurnSandbox,
  d0: Draft,
  topK: number,
  diverse = false,
  prefilter = Infinity,
): Plan[] {
  const me = box.player;
  const ranked = rankPlacements(box, d0, prefilter);
  const plans: Plan[] = [];
  for (const c of pickCandidates(ranked, Math.max(1, topK), diverse)) {
    const s = box.sim(cloneDraft(c.from));
    const actions = [...c.prefix];
    const reasons: (Hint | null)[] = c.prefix.map(() => null);
    if (c.place) {
      box.act(s, c.place);
      actions.push(c.place);
      reasons.push(null);
    }
    finishTurn(box, s, actions, reasons);
    const d = draftOf(s, me);
    plans.push({ actions, reasons, value: box.value(d), draft: d });
  }
  if (ranked.length === 0) {
    // Nothing to take or place: just finish whatever the turn holds.
    const s = box.sim(cloneDraft(d0));
    const actions: Action[] = [];
    const reasons: (Hint | null)[] = [];
    finishTurn(box, s, actions, reasons);
    const d = draftOf(s, me);
    plans.push({ actions, reasons, value: box.value(d), draft: d });
  }
  plans.sort((a, b) => b.value - a.value);
  return plans;
}

/** A civ-step or end-game turn: greedy resolution, rover moves, confirm. */
export function planSequential(box: TurnSandbox, d0: Draft): Plan {
  const s = box.sim(cloneDraft(d0));
  const actions: Action[] = [];
  const reasons: (Hint | null)[] = [];
  finishTurn(box, s, actions, reasons);
  const d = draftOf(s, box.player);
  return { actions, reasons, value: box.value(d), draft: d };
}
