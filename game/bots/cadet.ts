/**
 * The `cadet` level, for newcomers: a random legal tile, then the placement that fits most snugly
 * (touching tiles and the planet's outline, leaving no single bare square, covering no lifepod or
 * rover), plain choices for the gains, rovers walked to the nearest lifepod. No search, no
 * evaluator: a few milliseconds per decision.
 */
import type { Action, Choice, Draft, GameState, PendingItem, PlayerID } from '../core/types';
import type { Rng } from '../core/prng';
import { orientationsOf } from '../core/geometry';
import { shapeById, tileById } from '../data';
import { facingDepot } from '../rules/turn';
import { targetDistances, tablesOf } from './features';
import type { BotDecision } from './common';

const GRID = 12;

function cellsOf(shape: number, a: { orientation: number; x: number; y: number }): number[] {
  const o = orientationsOf(shapeById(shape))[a.orientation];
  return o ? o.cells.map(([dx, dy]) => (a.y + dy) * GRID + a.x + dx) : [];
}

/** How snugly a piece sits: sides against tiles or the outline, minus holes and pieces it destroys. */
function snugness(d: Draft, cells: number[]): number {
  const b = d.board;
  const t = tablesOf(b.planet);
  const inTile = new Set(cells);
  let score = 0;
  const blocked = (n: number) => b.pieceAt[n] !== -1 || inTile.has(n);
  for (const c of cells) {
    score += t.outside[c] ?? 0;
    for (const n of t.neighbours[c] ?? []) {
      if (inTile.has(n)) continue;
      if (b.pieceAt[n] !== -1) score += 1;
      else {
        // A bare neighbour left with no bare neighbour of its own is a hole only a patch can fill.
        const free = (t.neighbours[n] ?? []).some((m) => !blocked(m));
        if (!free) score -= 3;
      }
    }
  }
  for (const c of cells) {
    if (b.lifepods.includes(c)) score -= 3;
    if (b.rovers.some((r) => r.cell === c && !r.destroyed)) score -= 4;
  }
  return score;
}

function placementText(a: { x: number; y: number }): string {
  return `(${a.x + 1}, ${a.y + 1})`;
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
      return { action: best, reason: `${item.kind} → ${t ?? 'a track'}: the lowest tracker` };
    }
    case 'patch': {
      const t = tablesOf(b.planet);
      let best = options[0] as Action;
      let most = -1;
      for (const a of options) {
        const c = choiceOf(a);
        if (c.x === undefined || c.y === undefined) continue;
        const cell = c.y * GRID + c.x;
        const around =
          (t.outside[cell] ?? 0) + (t.neighbours[cell] ?? []).filter((n) => b.pieceAt[n] !== -1).length;
        if (around > most) {
          most = around;
          best = a;
        }
      }
      return { action: best, reason: 'patch into the most enclosed square' };
    }
    case 'collect':
    case 'destroyMeteorites': {
      const take = options.find((a) => !choiceOf(a).done) ?? (options[0] as Action);
      return { action: take, reason: `takes the first ${item.kind === 'collect' ? 'lifepod' : 'meteorite'}` };
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
        const score = snugness(d, cellsOf(tileById(top).shape, placed)) + rng.next() * 0.5;
        if (score > bestScore) {
          bestScore = score;
          best = a;
        }
      }
      return { action: best, reason: 'places the extra tile snugly' };
    }
    default:
      return { action: rng.pick(options), reason: `resolves the ${item.kind}` };
  }
}

export function cadetDecide(view: GameState, player: PlayerID, legal: Action[], rng: Rng): BotDecision {
  const priv = view.private[player];
  const first = legal[0] as Action;
  if (first.type === 'rotate') {
    const a = rng.pick(legal);
    return { action: a, reason: 'turns the station at random' };
  }
  if (first.type === 'pickCiv') return { action: rng.pick(legal), reason: 'keeps a civ card at random' };
  if (legal.every((a) => a.type !== 'takeTile' && a.type !== 'placeTile' && a.type !== 'resolve')) {
    const keep = legal.find((a) => a.type !== 'moveRover' && a.type !== 'confirm');
    if (keep && legal.every((a) => a.type === keep.type))
      return { action: rng.pick(legal), reason: 'chooses at random' };
  }
  const d = priv?.turn?.draft;
  const takes = legal.filter((a) => a.type === 'takeTile');
  if (takes.length) {
    const a = rng.pick(takes);
    return {
      action: a,
      reason: `takes the ${a.type === 'takeTile' ? a.stack : ''} tile: any legal tile will do`,
    };
  }
  const places = legal.filter((a): a is Extract<Action, { type: 'placeTile' }> => a.type === 'placeTile');
  if (places.length && d?.taken) {
    const shape = tileById(d.taken.tileId).shape;
    let best = places[0] as Extract<Action, { type: 'placeTile' }>;
    let bestScore = -Infinity;
    for (const a of places) {
      const s = snugness(d, cellsOf(shape, a)) + rng.next() * 0.5;
      if (s > bestScore) {
        bestScore = s;
        best = a;
      }
    }
    return { action: best, reason: `places it snugly at ${placementText(best)}` };
  }
  const resolves = legal.filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve');
  if (resolves.length && d) {
    const id = (resolves[0] as Extract<Action, { type: 'resolve' }>).item;
    const item = d.pending.find((i) => i.id === id);
    const options = resolves.filter((a) => a.item === id);
    if (item) return chooseChoice(view, player, d, item, options, rng);
    return { action: options[0] as Action, reason: 'resolves a gain' };
  }
  const moves = legal.filter((a): a is Extract<Action, { type: 'moveRover' }> => a.type === 'moveRover');
  if (moves.length && d && (d.board.lifepods.length || d.board.meteorites.length)) {
    const dist = targetDistances(d.board);
    for (const m of moves) {
      const rover = d.board.rovers.find((r) => r.id === m.rover);
      const step = m.path[0];
      if (!rover || rover.cell === null || !step) continue;
      const to = dist[step[1] * GRID + step[0]] ?? -1;
      const from = dist[rover.cell] ?? -1;
      if (to >= 0 && from >= 0 && to < from)
        return { action: m, reason: 'walks a rover towards the nearest lifepod or meteorite' };
    }
  }
  const confirm = legal.find((a) => a.type === 'confirm');
  if (confirm) return { action: confirm, reason: 'confirms the turn' };
  return { action: rng.pick(legal), reason: 'chooses at random' };
}
