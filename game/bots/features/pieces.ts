/** Lifepods, meteorites, civ cards and patches held, rovers deployed and how close they are to a target. */
import { CELLS, type PlayerBoard } from '../../core/types';
import { civCardById, corporationById } from '../../data';
import { techOn, unused } from '../../content/corporation-base';
import { civCardMedals, lifepodMedals, meteoriteMedals } from '../../rules/scoring';
import type { EvalEnv } from './env';
import { tablesOf } from './planet-tables';

// Scratch arrays of the distance search, allocated once (the evaluator runs per candidate placement).
const queue = new Int16Array(CELLS);
const distTo = new Int16Array(CELLS);
const deliverTo = new Int16Array(CELLS);

export function piecesValue(board: PlayerBoard, env: EvalEnv, fade: number): number {
  const w = env.w;
  let v = lifepodMedals(board) * w.lifepod + meteoriteMedals(board) + civCardMedals(board);
  v += (board.collected.meteorites % 3) * w.meteoriteCollected;
  v += board.lifepods.length * w.podOnPlanet * fade;
  v += board.storedPatches * w.patch;
  v += fade * w.lifepod * returnableLifepods(board);
  for (const held of board.civCards) {
    if (held.timing !== 'endGame' || held.id === null) continue;
    if (civCardById(held.id).structured.some((e) => ACTING_OPS.has(e.op))) v += w.endGameCard;
  }
  let active = 0;
  let bay = 0;
  for (const r of board.rovers) {
    if (r.destroyed) continue;
    if (r.cell === null) bay++;
    else active++;
  }
  v += (active * w.roverActive + bay * w.roverBay) * fade;
  if (active > 0 && fade > 0 && (board.lifepods.length > 0 || board.meteorites.length > 0)) {
    targetDistances(board);
    if (board.corp.carrying.length) deliveryDistances(board);
    for (const r of board.rovers) {
      if (r.destroyed || r.cell === null) continue;
      const d = (board.corp.carrying.includes(r.id) ? deliverTo : distTo)[r.cell] as number;
      if (d >= 0) v += (w.roverNear * fade) / (1 + d);
    }
  }
  return v;
}

/** Powers that bring a parked lifepod back to the scoring area (Cosmos Inc. techs 2 and 5), and how many. */
const LIFEPOD_RETURNS: { effect: string; count: number; once: 'game' | 'round' }[] = [
  { effect: 'repositionThreeLifepods', count: 3, once: 'game' },
  { effect: 'repositionOneLifepod', count: 1, once: 'round' },
];

/**
 * Lifepods parked on track squares that a power still available can bring back to score (R32):
 * while much of the game remains, parking one ahead of a tracker costs little. Vanishes with the
 * fade, so at the end the bot brings them back.
 */
function returnableLifepods(board: PlayerBoard): number {
  const onTracks = board.corp.parkedLifepods.filter((spot) => !spot.startsWith('slot:')).length;
  if (onTracks === 0) return 0;
  const corp = corporationById(board.corporation);
  let returns = 0;
  for (const r of LIFEPOD_RETURNS)
    if (techOn(corp, board, r.effect) && (r.once === 'round' || unused(board, r.effect, 'game')))
      returns += r.once === 'round' ? onTracks : r.count;
  return Math.min(onTracks, returns);
}

const ACTING_OPS = new Set(['advanceTrackers', 'gainBiomassPatches', 'advanceAllTrackersToPosition']);

/** Cells where a rover carrying a meteorite stands (Horizon Group): that meteorite is no target. */
const carriedCells = (board: PlayerBoard): number[] =>
  board.corp.carrying.flatMap((id) => {
    const cell = board.rovers.find((r) => r.id === id)?.cell;
    return cell === null || cell === undefined ? [] : [cell];
  });

/** Steps from every square to the nearest lifepod or meteorite no rover carries (-1: unreachable). */
export function targetDistances(board: PlayerBoard): Int16Array {
  const carried = board.corp.carrying.length ? carriedCells(board) : [];
  const targets = carried.length
    ? [...board.lifepods, ...board.meteorites.filter((c) => !carried.includes(c))]
    : [...board.lifepods, ...board.meteorites];
  // Where the planet lets a rover enter every square, the distances hang on the targets alone, and
  // the placements valued one after another on a board mostly leave those as they were.
  const key = tablesOf(board.planet).rules.roverEntryRefusal ? null : `${board.planet}:${targets.join()}`;
  if (key !== null && key === distancesOf) return distTo;
  spread(board, targets, distTo);
  distancesOf = key;
  return distTo;
}

/** The planet and targets `distTo` holds the distances of; null when it must be counted again. */
let distancesOf: string | null = null;

/**
 * Steps from every square to where a rover carrying a meteorite delivers it: a square with a rover
 * resource icon (Horizon Group, §8.2, R13); lifepods on the way stay targets.
 */
export function deliveryDistances(board: PlayerBoard): Int16Array {
  const targets: number[] = [...board.lifepods];
  board.icon.forEach((icon, c) => {
    if (icon === 'rover') targets.push(c);
  });
  return spread(board, targets, deliverTo);
}

/** A rover's distances to what it should head for: a delivery square while it carries a meteorite. */
export const roverDistances = (board: PlayerBoard, rover: number): Int16Array =>
  board.corp.carrying.includes(rover) ? deliveryDistances(board) : targetDistances(board);

/**
 * Breadth-first steps from the nearest of `targets` into `distTo` (orthogonal steps, §5.10.3), as
 * the planet lets a rover enter each square (§8.1: Tartarus's chasm, K'aak's toxic squares).
 */
function spread(board: PlayerBoard, targets: number[], distTo: Int16Array): Int16Array {
  const t = tablesOf(board.planet);
  const entry = t.rules.roverEntryRefusal;
  distTo.fill(-1);
  let head = 0;
  let tail = 0;
  for (const c of targets) {
    if (distTo[c] === -1) {
      distTo[c] = 0;
      queue[tail++] = c;
    }
  }
  while (head < tail) {
    const c = queue[head++] as number;
    const d = (distTo[c] as number) + 1;
    for (const n of t.neighbours[c] as number[]) {
      // The search runs from the targets back: a rover on `n` steps into `c`.
      if (distTo[n] === -1 && (!entry || entry(t.geometry, board, n, c) === null)) {
        distTo[n] = d;
        queue[tail++] = n;
      }
    }
  }
  return distTo;
}
