/** Lifepods, meteorites, civ cards and patches held, rovers deployed and how close they are to a target. */
import { CELLS, type PlayerBoard } from '../../core/types';
import { civCardById } from '../../data';
import { civCardMedals, lifepodMedals, meteoriteMedals } from '../../rules/scoring';
import type { EvalEnv } from './env';
import { tablesOf } from './planet-tables';

// Scratch arrays of the distance search, allocated once (the evaluator runs per candidate placement).
const queue = new Int16Array(CELLS);
const distTo = new Int16Array(CELLS);

export function piecesValue(board: PlayerBoard, env: EvalEnv, fade: number): number {
  const w = env.w;
  let v = lifepodMedals(board) * w.lifepod + meteoriteMedals(board) + civCardMedals(board);
  v += (board.collected.meteorites % 3) * w.meteoriteCollected;
  v += board.lifepods.length * w.podOnPlanet * fade;
  v += board.storedPatches * w.patch;
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
    for (const r of board.rovers) {
      if (r.destroyed || r.cell === null) continue;
      const d = distTo[r.cell] as number;
      if (d >= 0) v += (w.roverNear * fade) / (1 + d);
    }
  }
  return v;
}

const ACTING_OPS = new Set(['advanceTrackers', 'gainBiomassPatches', 'advanceAllTrackersToPosition']);

/** Steps from every square to the nearest lifepod or meteorite on the planet (-1: unreachable). */
export function targetDistances(board: PlayerBoard): Int16Array {
  const t = tablesOf(board.planet);
  distTo.fill(-1);
  let head = 0;
  let tail = 0;
  for (const c of board.lifepods) {
    if (distTo[c] === -1) {
      distTo[c] = 0;
      queue[tail++] = c;
    }
  }
  for (const c of board.meteorites) {
    if (distTo[c] === -1) {
      distTo[c] = 0;
      queue[tail++] = c;
    }
  }
  while (head < tail) {
    const c = queue[head++] as number;
    const d = (distTo[c] as number) + 1;
    for (const n of t.neighbours[c] as number[]) {
      if (distTo[n] === -1) {
        distTo[n] = d;
        queue[tail++] = n;
      }
    }
  }
  return distTo;
}
