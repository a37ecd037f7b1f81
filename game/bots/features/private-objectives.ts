/** Private objectives (§7.2): their medals when met, else a share growing with progress towards them. */
import { CELLS, GRID, type PlayerBoard } from '../../core/types';
import type { PrivateCheck } from '../../data/types';
import { privateObjectiveMedals, type ObjectiveContext } from '../../rules/objectives';
import type { EvalEnv } from './env';
import { projectedRows } from './tracks';
import { tablesOf } from './planet-tables';

// Scratch arrays of the flood fill, allocated once (the evaluator runs per candidate placement).
const compOf = new Int16Array(CELLS);
const queue = new Int16Array(CELLS);

/** Private objectives: their medals when met, else a share growing with progress towards them. */
export function privateValue(board: PlayerBoard, env: EvalEnv): number {
  let v = 0;
  for (const { card, ctx } of env.privateCards) {
    const medals = card.private.medals;
    if (privateObjectiveMedals(card, board, ctx) > 0) v += medals;
    else if (!env.final) {
      const check = card.private.check;
      // A track's top: the odds that the tracker's projection reaches it.
      if (check.type === 'trackAtMaximum' && env.w.privateTrackOdds > 0) {
        const at = board.trackers[check.track];
        const rows = projectedRows(board, env, at.row);
        const top = ctx.corporation.tracks[at.col].top;
        if (rows) v += medals * env.w.privateTrackOdds * (rows.filter((r) => r >= top).length / rows.length);
        continue;
      }
      const p = privateProgress(check, board, ctx);
      v += medals * env.w.privateProgress * p * p;
    }
  }
  return v;
}

/** How far a private objective is from being met, 0 to 1 (an estimate). */
export function privateProgress(check: PrivateCheck, board: PlayerBoard, ctx: ObjectiveContext): number {
  switch (check.type) {
    case 'terrainRectangle':
      return rectangleProgress(board, check.terrain, check.width, check.height, check.eitherOrientation);
    case 'terrainAreaWithResourceIcons':
      return Math.min(1, mostIconsInArea(board, check.terrain) / check.minIcons);
    case 'trackAtMaximum': {
      const at = board.trackers[check.track];
      return at.row / Math.max(1, ctx.corporation.tracks[at.col].top);
    }
    case 'resourceIconsAtMost':
      return 0; // over the limit: icons never leave the planet
    case 'collectedAtLeast': {
      const n = check.item === 'lifepod' ? board.collected.lifepods : board.collected.meteorites;
      return Math.min(1, n / Math.max(1, check.min));
    }
    case 'collectedMoreThan': {
      const more = check.more === 'lifepod' ? board.collected.lifepods : board.collected.meteorites;
      const than = check.than === 'lifepod' ? board.collected.lifepods : board.collected.meteorites;
      return Math.max(0, Math.min(1, 0.8 - 0.2 * (than - more)));
    }
    case 'allPlanetSquaresCovered': {
      let all = 0;
      let covered = 0;
      for (const c of ctx.geometry.squares) {
        if (ctx.geometry.isIce[c] !== (check.kind === 'ice')) continue;
        all++;
        if (board.pieceAt[c] !== -1) covered++;
      }
      return all ? covered / all : 0;
    }
    default:
      return 0;
  }
}

/** The most resource icons of a terrain inside one area of that terrain (flood fill, no allocation). */
function mostIconsInArea(board: PlayerBoard, terrain: string): number {
  const t = tablesOf(board.planet);
  compOf.fill(-1);
  let best = 0;
  for (const start of t.squares) {
    if (board.terrain[start] !== terrain || compOf[start] !== -1) continue;
    let head = 0;
    let tail = 0;
    let icons = 0;
    queue[tail++] = start;
    compOf[start] = 1;
    while (head < tail) {
      const c = queue[head++] as number;
      if (board.icon[c] === terrain) icons++;
      for (const n of t.neighbours[c] as number[]) {
        if (compOf[n] === -1 && board.terrain[n] === terrain) {
          compOf[n] = 1;
          queue[tail++] = n;
        }
      }
    }
    if (icons > best) best = icons;
  }
  return best;
}

/** The best share of a w×h window holding only this terrain or bare planet squares. */
function rectangleProgress(
  board: PlayerBoard,
  terrain: string,
  w: number,
  h: number,
  either: boolean,
): number {
  const t = tablesOf(board.planet);
  let best = 0;
  const sizes =
    either && w !== h
      ? [
          [w, h],
          [h, w],
        ]
      : [[w, h]];
  for (const [ww, hh] of sizes as [number, number][]) {
    for (let y0 = 0; y0 + hh <= GRID; y0++) {
      for (let x0 = 0; x0 + ww <= GRID; x0++) {
        let mine = 0;
        let ok = true;
        for (let y = y0; y < y0 + hh && ok; y++) {
          for (let x = x0; x < x0 + ww; x++) {
            const c = y * GRID + x;
            if (!t.isSquare[c]) {
              ok = false;
              break;
            }
            const here = board.terrain[c];
            if (here === terrain) mine++;
            else if (here !== null) {
              ok = false;
              break;
            }
          }
        }
        if (ok && mine > best) best = mine;
      }
    }
  }
  return best / (w * h);
}
