/**
 * The `cadet` level, for newcomers: a random legal tile, then the placement that fits most snugly
 * (touching tiles and the planet's outline, leaving no single bare square, covering no lifepod or
 * rover), plain choices for the gains, rovers walked to the nearest lifepod. No search, no
 * evaluator: a few milliseconds per decision.
 */
import {
  TRACKS,
  type Action,
  type Choice,
  type Draft,
  type GameState,
  type PendingItem,
  type PlayerBoard,
  type PlayerID,
} from '../core/types';
import type { Rng } from '../core/prng';
import { tileById } from '../data';
import { applyAction } from '../engine';
import { cellIndex } from '../rules/board';
import { cloneDraft } from '../rules/draft';
import { placementCells } from '../rules/legality';
import { facingDepot } from '../rules/depot';
import { roverDistances, tablesOf } from './features';
import type { BotDecision } from './common';
import { actionText, hint } from './reasons';

/** How snugly a piece sits: sides against tiles or the outline, minus holes and pieces it destroys. */
export function snugness(d: Draft, cells: number[]): number {
  const b = d.board;
  const t = tablesOf(b.planet);
  let score = 0;
  // A tile has at most six squares: looking them up in the list is cheaper than building a set
  // (the Commander's playouts ask this of every placement they try).
  for (const c of cells) {
    score += t.outside[c] ?? 0;
    for (const n of t.neighbours[c] ?? []) {
      if (cells.includes(n)) continue;
      if (b.pieceAt[n] !== -1) score += 1;
      // A bare neighbour left with no bare neighbour of its own is a hole only a patch can fill.
      else if (!hasBareNeighbour(b, t.neighbours[n] ?? [], cells)) score -= 3;
    }
  }
  for (const c of cells) {
    if (b.lifepods.includes(c)) score -= 3;
    if (b.rovers.some((r) => r.cell === c && !r.destroyed)) score -= 4;
  }
  return score;
}

function hasBareNeighbour(b: Draft['board'], neighbours: readonly number[], cells: number[]): boolean {
  for (const m of neighbours) if (b.pieceAt[m] === -1 && !cells.includes(m)) return true;
  return false;
}

function chooseChoice(
  view: GameState,
  player: PlayerID,
  d: Draft,
  item: PendingItem,
  options: Action[],
  rng: Rng,
): BotDecision {
  const choiceOf = (a: Action): Choice => (a.type === 'resolve' ? (a.choice ?? {}) : {});
  const b = d.board;
  switch (item.kind) {
    case 'energy':
    case 'synergy':
    case 'cardAdvance': {
      // Lift the lowest tracker: steady progress on every track.
      let best = options[0] as Action;
      let low = Infinity;
      for (const a of options) {
        const t = choiceOf(a).track;
        if (!t) continue;
        const row = b.trackers[t].row;
        if (row < low) {
          low = row;
          best = a;
        }
      }
      const t = choiceOf(best).track;
      return { action: best, reason: t ? hint('hint.lowestTracker', { track: t }) : actionText(best, item) };
    }
    case 'patch': {
      const t = tablesOf(b.planet);
      let best = options[0] as Action;
      let most = -1;
      for (const a of options) {
        const c = choiceOf(a);
        if (c.x === undefined || c.y === undefined) continue;
        const cell = cellIndex(c.x, c.y);
        const around =
          (t.outside[cell] ?? 0) + (t.neighbours[cell] ?? []).filter((n) => b.pieceAt[n] !== -1).length;
        if (around > most) {
          most = around;
          best = a;
        }
      }
      const at = choiceOf(best);
      return {
        action: best,
        reason:
          at.x === undefined || at.y === undefined
            ? actionText(best, item)
            : hint('hint.patchMostEnclosed', { x: at.x, y: at.y }),
      };
    }
    case 'collect':
    case 'destroyMeteorites': {
      const take = options.find((a) => !choiceOf(a).done) ?? (options[0] as Action);
      const piece = item.kind === 'collect' ? 'lifepod' : 'meteorite';
      return {
        action: take,
        reason: choiceOf(take).done ? actionText(take, item) : hint('hint.takesFirstPiece', { item: piece }),
      };
    }
    case 'extraTile': {
      const depot = view.station.depots[facingDepot(view, player)];
      let best = options[0] as Action;
      let bestScore = -Infinity;
      for (const a of options) {
        const c = choiceOf(a);
        const top = c.stack ? depot?.[c.stack].top : null;
        if (top === null || top === undefined || c.x === undefined || c.y === undefined) continue;
        const placed = { orientation: c.orientation ?? 0, x: c.x, y: c.y };
        const score = snugness(d, placementCells(tileById(top).shape, placed)) + rng.next() * 0.5;
        if (score > bestScore) {
          bestScore = score;
          best = a;
        }
      }
      const at = choiceOf(best);
      return {
        action: best,
        reason:
          at.x === undefined || at.y === undefined
            ? actionText(best, item)
            : hint('hint.extraTileSnugly', { x: at.x, y: at.y }),
      };
    }
    case 'advance': {
      // Several squares to go to (§8.2, R7): the one highest up its column.
      let best = options[0] as Action;
      for (const a of options) if ((choiceOf(a).row ?? -1) > (choiceOf(best).row ?? -1)) best = a;
      return { action: best, reason: actionText(best, item, b) };
    }
    case 'lifepodSpot': {
      // A tech slot unlocks its tech for good (Jump Drive); otherwise the lifepod scores (R32).
      const spot =
        options.find((a) => choiceOf(a).spot?.startsWith('slot:')) ??
        options.find((a) => choiceOf(a).spot === 'area') ??
        (options[0] as Action);
      return { action: spot, reason: actionText(spot, item, b) };
    }
    case 'corporation': {
      // The corporation's own gain: taken rather than declined, whichever way.
      const take = options.filter((a) => !choiceOf(a).done);
      const a = take.length ? rng.pick(take) : (options[0] as Action);
      return { action: a, reason: actionText(a, item, b) };
    }
    default: {
      const a = rng.pick(options);
      return { action: a, reason: actionText(a, item) };
    }
  }
}

/** What a Cadet sees in a position: how far the trackers stand and what its rovers collected. */
const progress = (b: PlayerBoard): number =>
  TRACKS.reduce((sum, t) => sum + b.trackers[t].row, 0) + b.collected.lifepods + b.collected.meteorites;

/** Power uses weighed at most per decision, and used at most per turn. */
const MAX_POWER_TRIALS = 12;
const MAX_POWERS_PER_TURN = 3;

/**
 * A power (§8.2) the Cadet uses: the first listed use that, tried on a copy of its turn, moves a
 * tracker up or collects something without losing anything of the kind. Null when none does.
 */
function usefulPower(view: GameState, player: PlayerID, legal: Action[]): Action | null {
  const priv = view.private[player];
  const turn = priv?.turn;
  if (!priv || !turn) return null;
  // A few powers a turn at most: a power that could be used again and again never stalls the game.
  if (turn.steps.filter((a) => a.type === 'useAbility').length >= MAX_POWERS_PER_TURN) return null;
  const before = progress(turn.draft.board);
  for (const a of legal.filter((x) => x.type === 'useAbility').slice(0, MAX_POWER_TRIALS)) {
    const draft = cloneDraft(turn.draft);
    const trial: GameState = {
      ...view,
      private: { ...view.private, [player]: { ...priv, turn: { ...turn, steps: [...turn.steps], draft } } },
    };
    if (applyAction(trial, player, a)) continue;
    const after = trial.private[player]?.turn?.draft;
    if (after && progress(after.board) > before) return a;
  }
  return null;
}

export function cadetDecide(view: GameState, player: PlayerID, legal: Action[], rng: Rng): BotDecision {
  const priv = view.private[player];
  const first = legal[0] as Action;
  if (first.type === 'rotate') {
    const a = rng.pick(legal);
    return { action: a, reason: hint('hint.rotatesAtRandom') };
  }
  if (first.type === 'pickCiv') return { action: rng.pick(legal), reason: hint('hint.keepsCardAtRandom') };
  if (legal.every((a) => a.type !== 'takeTile' && a.type !== 'placeTile' && a.type !== 'resolve')) {
    const keep = legal.find((a) => a.type !== 'moveRover' && a.type !== 'confirm');
    if (keep && legal.every((a) => a.type === keep.type))
      return { action: rng.pick(legal), reason: hint('hint.atRandom') };
  }
  const d = priv?.turn?.draft;
  const takes = legal.filter((a) => a.type === 'takeTile');
  if (takes.length) {
    const a = rng.pick(takes);
    return {
      action: a,
      reason: a.type === 'takeTile' ? hint('hint.anyTile', { stack: a.stack }) : actionText(a),
    };
  }
  const places = legal.filter((a): a is Extract<Action, { type: 'placeTile' }> => a.type === 'placeTile');
  if (places.length && d?.taken) {
    const shape = tileById(d.taken.tileId).shape;
    let best = places[0] as Extract<Action, { type: 'placeTile' }>;
    let bestScore = -Infinity;
    for (const a of places) {
      const s = snugness(d, placementCells(shape, a)) + rng.next() * 0.5;
      if (s > bestScore) {
        bestScore = s;
        best = a;
      }
    }
    return { action: best, reason: hint('hint.placesSnugly', { x: best.x, y: best.y }) };
  }
  // Before the gains are resolved: some powers change a gain (Jump Drive's double synergy).
  const power = usefulPower(view, player, legal);
  if (power) return { action: power, reason: actionText(power, undefined, d?.board) };
  const resolves = legal.filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve');
  if (resolves.length && d) {
    const id = (resolves[0] as Extract<Action, { type: 'resolve' }>).item;
    const item = d.pending.find((i) => i.id === id);
    const options = resolves.filter((a) => a.item === id);
    if (item) return chooseChoice(view, player, d, item, options, rng);
    return { action: options[0] as Action, reason: hint('hint.resolvesGain') };
  }
  const moves = legal.filter((a): a is Extract<Action, { type: 'moveRover' }> => a.type === 'moveRover');
  if (moves.length && d && (d.board.lifepods.length || d.board.meteorites.length)) {
    for (const m of moves) {
      const rover = d.board.rovers.find((r) => r.id === m.rover);
      const step = m.path[0];
      if (!rover || rover.cell === null || !step) continue;
      const dist = roverDistances(d.board, rover.id);
      const to = dist[cellIndex(step[0], step[1])] ?? -1;
      const from = dist[rover.cell] ?? -1;
      const [x, y] = m.path[m.path.length - 1] ?? step;
      if (to >= 0 && from >= 0 && to < from)
        return { action: m, reason: hint('hint.walksRover', { rover: m.rover, x, y }) };
    }
  }
  const confirm = legal.find((a) => a.type === 'confirm');
  if (confirm) return { action: confirm, reason: hint('hint.confirms') };
  return { action: rng.pick(legal), reason: hint('hint.atRandom') };
}
