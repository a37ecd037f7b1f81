/**
 * Where a rover may go (§5.10.2–§5.10.3, §8.1, §8.2): single steps, everything reachable with a
 * movement pool, and paths read step by step. The one place that decides rover moves.
 */
import {
  GRID as GRID_SIZE,
  type CellIndex,
  type PlayerBoard,
  type RoundRule,
  type Terrain,
} from '../core/types';
import { refuse, type Reason } from '../core/messages';
import { present } from '../core/present';
import type { RoverStep } from '../core/effects';
import { cellIndex, cellX, cellY } from './board';
import { areaTerrain } from './areas';
import { boardRules } from './board-rules';

const GRID = GRID_SIZE; // a module-local copy for the inner loops

/**
 * Squares a rover may step onto from a cell (§5.10.3): orthogonal planet squares the planet lets it
 * enter (§8.1: Tartarus's chasm, K'aak's toxic squares), minus a terrain an event forbids.
 */
export function roverSteps(
  board: PlayerBoard,
  from: CellIndex,
  forbidden: Terrain | null = null,
): CellIndex[] {
  const { geometry, planet } = boardRules(board);
  const entry = planet.roverEntryRefusal;
  // An event's forbidden terrain is read as areas read it: Petra's bare electric squares are energy (§1.3).
  const terrain = forbidden === null ? board.terrain : areaTerrain(board);
  const x = cellX(from);
  const y = cellY(from);
  const out: CellIndex[] = [];
  for (const [nx, ny] of [
    [x, y - 1],
    [x + 1, y],
    [x, y + 1],
    [x - 1, y],
  ] as const) {
    if (nx < 0 || ny < 0 || nx >= GRID || ny >= GRID) continue;
    const c = cellIndex(nx, ny);
    if (!geometry.isSquare[c] || (forbidden !== null && terrain[c] === forbidden)) continue;
    if (entry && entry(geometry, board, from, c) !== null) continue;
    out.push(c);
  }
  return out;
}

/**
 * Every step a rover may take from a cell and what it costs (§5.10.3, §8.2): the orthogonal steps
 * at the corporation's price, then its own steps (diagonals, teleports), which the planet and the
 * round's event judge like any other.
 */
export function roverStepOptions(
  board: PlayerBoard,
  from: CellIndex,
  forbidden: Terrain | null = null,
): RoverStep[] {
  const { corp, corporation: rules, geometry, planet } = boardRules(board);
  const out: RoverStep[] = roverSteps(board, from, forbidden).map((cell) => ({
    cell,
    cost: rules.stepCost(corp, board, from, cell),
  }));
  const extra = rules.extraRoverSteps(corp, board, from);
  if (extra.length === 0) return out;
  const entry = planet.roverEntryRefusal;
  const terrain = forbidden === null ? board.terrain : areaTerrain(board);
  for (const step of extra) {
    const c = step.cell;
    if (c === from || !geometry.isSquare[c] || (forbidden !== null && terrain[c] === forbidden)) continue;
    if (entry && entry(geometry, board, step.teleport ? null : from, c) !== null) continue;
    if (out.some((o) => o.cell === c && o.cost <= step.cost && !o.ability)) continue;
    out.push(step);
  }
  return out;
}

/** Why the planet keeps a rover out of `to`, stepping from `from` or teleporting (null), or null (§8.1). */
export function planetRoverRefusal(board: PlayerBoard, from: CellIndex | null, to: CellIndex): Reason | null {
  const { geometry, planet } = boardRules(board);
  return planet.roverEntryRefusal ? planet.roverEntryRefusal(geometry, board, from, to) : null;
}

/** The terrain rovers may not enter this round, if an event says so. */
export function forbiddenRoverTerrain(rules: readonly RoundRule[]): Terrain | null {
  const r = rules.find((x) => x.rule === 'roverCannotEnterTerrain');
  return r && r.rule === 'roverCannotEnterTerrain' ? r.terrain : null;
}

/**
 * Every square a rover can reach with `movement` (§5.10.2–3), each with the cheapest path of cells
 * leading there (the rover's own square excluded). Empty for a rover in the bay or destroyed.
 * Built on `roverStepOptions`, the step rule `roverPathError` checks; steps cost 0 or 1, so a
 * breadth-first search that takes free steps first finds the cheapest paths.
 */
export function roverReach(
  board: PlayerBoard,
  roverId: number,
  movement: number,
  forbidden: Terrain | null = null,
): Map<CellIndex, CellIndex[]> {
  const paths = new Map<CellIndex, CellIndex[]>();
  const r = board.rovers.find((v) => v.id === roverId);
  if (!r || r.destroyed || r.cell === null) return paths;
  const start = r.cell;
  const cost = new Map<CellIndex, number>([[start, 0]]);
  const route = new Map<CellIndex, CellIndex[]>([[start, []]]);
  // Abilities a route has used (Jump Drive B): a path uses each at most once, as roverPathError says.
  const usedOn = new Map<CellIndex, readonly string[]>([[start, []]]);
  const deque: CellIndex[] = [start];
  // Every queued square has its cost, route and abilities set before it is queued.
  for (let c = deque.shift(); c !== undefined; c = deque.shift()) {
    const here = present(cost.get(c), 'cost of a queued square');
    const used = present(usedOn.get(c), 'abilities of a queued square');
    const routeHere = present(route.get(c), 'route to a queued square');
    for (const step of roverStepOptions(board, c, forbidden)) {
      if (step.ability && used.includes(step.ability)) continue;
      const total = here + step.cost;
      if (total > movement || total >= (cost.get(step.cell) ?? Infinity)) continue;
      cost.set(step.cell, total);
      route.set(step.cell, [...routeHere, step.cell]);
      usedOn.set(step.cell, step.ability ? [...used, step.ability] : used);
      if (step.cost === 0) deque.unshift(step.cell);
      else deque.push(step.cell);
    }
  }
  for (const [cell, path] of route) if (cell !== start) paths.set(cell, path);
  return paths;
}

/**
 * A rover path read step by step (§5.10.2–3): the steps as `roverStepOptions` lists them (cost,
 * jump, ability used), or why the path is illegal. Each step must be listed from where the rover
 * stands, each step ability used once at most, and the whole within the pool.
 */
export function roverPath(
  board: PlayerBoard,
  rover: number,
  path: [number, number][],
  movement: number,
  forbidden: Terrain | null = null,
): RoverStep[] | Reason {
  const r = board.rovers.find((v) => v.id === rover);
  if (!r) return refuse('reason.noRover', { rover: typeof rover === 'number' ? rover : String(rover) });
  if (r.destroyed) return refuse('reason.roverDestroyed');
  if (r.cell === null) return refuse('reason.roverInBay', undefined, '§5.10.1');
  if (!Array.isArray(path) || path.length === 0) return refuse('reason.atLeastOneStep');
  // Rovers move while the pool holds movement; a free step is free within it (§5.10.2, §8.2).
  if (movement <= 0) return refuse('reason.pathTooLong', { need: path.length, have: 0 }, '§5.10.2');
  if (path.length > 64) return refuse('reason.pathTooLong', { need: path.length, have: movement }, '§5.10.2');
  let at = r.cell;
  let spent = 0;
  const abilities = new Set<string>();
  const steps: RoverStep[] = [];
  for (const step of path) {
    if (!Array.isArray(step) || step.length !== 2 || !step.every(Number.isInteger))
      return refuse('reason.stepPair');
    const [x, y] = step;
    if (x < 0 || y < 0 || x >= GRID || y >= GRID) return refuse('reason.stepOffGrid', { x, y });
    const next = cellIndex(x, y);
    const option = roverStepOptions(board, at, forbidden).find(
      (o) => o.cell === next && (!o.ability || !abilities.has(o.ability)),
    );
    if (!option) {
      // The step rule decided; say which part of it the step breaks.
      if (forbidden !== null && areaTerrain(board)[next] === forbidden)
        return refuse('reason.eventNoRoversAt', { terrain: forbidden, x, y });
      const adjacent = Math.abs(x - cellX(at)) + Math.abs(y - cellY(at)) === 1;
      const planetWhy = adjacent ? planetRoverRefusal(board, at, next) : null;
      return (
        planetWhy ?? refuse('reason.notReachable', { x, y, fromX: cellX(at), fromY: cellY(at) }, '§5.10.3')
      );
    }
    if (option.ability) abilities.add(option.ability);
    spent += option.cost;
    steps.push(option);
    at = next;
  }
  if (spent > movement) return refuse('reason.pathTooLong', { need: spent, have: movement }, '§5.10.2');
  return steps;
}

/** Why a rover path is illegal, or null (§5.10.2–3): `roverPath`'s answer. */
export function roverPathError(
  board: PlayerBoard,
  rover: number,
  path: [number, number][],
  movement: number,
  forbidden: Terrain | null = null,
): Reason | null {
  const read = roverPath(board, rover, path, movement, forbidden);
  return Array.isArray(read) ? null : read;
}
