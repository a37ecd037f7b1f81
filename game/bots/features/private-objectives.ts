/** Private objectives (§7.2): their medals when met, else a share growing with progress towards them. */
import { GRID, type PlayerBoard, type Terrain } from '../../core/types';
import type { PrivateCheck } from '../../data/types';
import { areaTerrain, mostIconsInOneArea } from '../../rules/areas';
import { privateObjectiveMedals, type ObjectiveContext } from '../../rules/objectives';
import { popcount } from './bits';
import { roundsLeftOf, type EvalEnv } from './env';
import { projectedRows } from './tracks';
import { tablesOf } from './planet-tables';

/**
 * Private objectives: their medals when met, else a share growing with progress towards them.
 * A rectangle or an area's icons is met only at full progress, so its progress, cheaper than the
 * rule's check, is read first and the rule is asked only then.
 */
export function privateValue(board: PlayerBoard, env: EvalEnv): number {
  let v = 0;
  for (const { card, ctx } of env.privateCards) {
    const medals = card.private.medals;
    const check = card.private.check;
    const progressFirst = check.type === 'terrainRectangle' || check.type === 'terrainAreaWithResourceIcons';
    const p = progressFirst ? privateProgress(check, board, ctx) : 0;
    if ((!progressFirst || p >= 1) && privateObjectiveMedals(card, board, ctx) > 0) {
      v += medals;
      continue;
    }
    if (env.final) continue;
    // A track's top: the odds that the tracker's projection reaches it.
    if (check.type === 'trackAtMaximum' && env.w.privateTrackOdds > 0) {
      const at = board.trackers[check.track];
      const rows = projectedRows(board, env, at.row);
      const top = ctx.corporation.tracks[at.col].top;
      if (rows) v += medals * env.w.privateTrackOdds * (rows.filter((r) => r >= top).length / rows.length);
      continue;
    }
    // A rectangle or an area's icons: the odds of meeting it from here, as the Pilot does.
    if (progressFirst) {
      v += medals * metOdds(p, roundsLeftOf(board, env));
      continue;
    }
    const progress = privateProgress(check, board, ctx);
    v += medals * env.w.privateProgress * progress * progress;
  }
  return v;
}

/** How far a private objective is from being met, 0 to 1 (an estimate). */
export function privateProgress(check: PrivateCheck, board: PlayerBoard, ctx: ObjectiveContext): number {
  switch (check.type) {
    case 'terrainRectangle':
      return rectangleProgress(board, check.terrain, check.width, check.height, check.eitherOrientation);
    case 'terrainAreaWithResourceIcons':
      return Math.min(1, mostIconsInOneArea(board, check.terrain) / check.minIcons);
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

/**
 * The odds that a rectangle or an area's icons is met from this progress with these rounds left,
 * fitted to how often the Pilot met them in its own solo games (docs/bots.md, "The evaluator"): a
 * logistic curve whose midpoint climbs as the rounds run out. Two thirds of a 3×3 is met about
 * seven times in ten with a dozen rounds left, and about once in six with two.
 */
export function metOdds(progress: number, roundsLeft: number): number {
  const mid = Math.max(0.55, Math.min(0.95, 0.95 - 0.035 * roundsLeft));
  return 1 / (1 + Math.exp(-7 * (progress - mid)));
}

// Per row, bit masks of the squares holding the objective's terrain, of those that may still
// (the terrain or bare), and of the bare ones.
const mineRows = new Int32Array(GRID);
const openRows = new Int32Array(GRID);
const bareRows = new Int32Array(GRID);
// A window's bare squares, and those of them a tile can still reach, by row of the window.
const inside = new Int32Array(GRID);
const reach = new Int32Array(GRID);

/**
 * The best share of a w×h window holding only this terrain or bare planet squares, of the windows
 * whose bare squares a tile can still bring the terrain to (`reachable`). Terrain as the rule reads
 * it (`areaTerrain`), so that a rectangle the rule finds is a window at full progress.
 */
function rectangleProgress(
  board: PlayerBoard,
  terrain: Terrain,
  w: number,
  h: number,
  either: boolean,
): number {
  const t = tablesOf(board.planet);
  const terrainAt = areaTerrain(board);
  for (let y = 0; y < GRID; y++) {
    let mine = 0;
    let open = 0;
    for (let x = 0; x < GRID; x++) {
      const c = y * GRID + x;
      if (!t.isSquare[c]) continue;
      const here = terrainAt[c];
      if (here === terrain) {
        mine |= 1 << x;
        open |= 1 << x;
      } else if (here === null) open |= 1 << x;
    }
    mineRows[y] = mine;
    openRows[y] = open;
    bareRows[y] = open & ~mine;
  }
  // A biomass patch is one square of biomass terrain (§5.9): it fills any bare square.
  const check = terrain !== 'biomass';
  const area = w * h;
  const best = Math.max(windowBest(w, h, check), either && w !== h ? windowBest(h, w, check) : 0);
  return best / area;
}

/**
 * The most terrain squares in a ww×hh window of only terrain or bare squares (the rows above);
 * with `check`, of the windows whose bare squares are all `reachable`.
 */
function windowBest(ww: number, hh: number, check: boolean): number {
  const widthMask = (1 << ww) - 1;
  let best = 0;
  for (let y0 = 0; y0 + hh <= GRID; y0++) {
    let rows = (1 << GRID) - 1;
    for (let y = y0; y < y0 + hh && rows !== 0; y++) rows &= openRows[y] as number;
    // Bit x stays where columns x .. x+ww-1 are all open.
    let starts = rows;
    for (let k = 1; k < ww && starts !== 0; k++) starts &= rows >> k;
    while (starts !== 0) {
      const x = 31 - Math.clz32(starts & -starts);
      starts &= starts - 1;
      let mine = 0;
      for (let y = y0; y < y0 + hh; y++) mine += popcount(((mineRows[y] as number) >> x) & widthMask);
      if (mine > best && (!check || reachable(x, y0, ww, hh))) best = mine;
    }
  }
  return best;
}

/**
 * Whether a tile can still bring the terrain to every bare square of the window at x, y0: a tile's
 * two halves touch and the other half may not lie inside the window, so each group of bare squares
 * in the window must touch a bare square outside it. A square enclosed by the terrain is lost.
 */
function reachable(x: number, y0: number, ww: number, hh: number): boolean {
  const mask = ((1 << ww) - 1) << x;
  for (let k = 0; k < hh; k++) {
    const y = y0 + k;
    const row = bareRows[y] as number;
    const bare = row & mask;
    let seed = 0;
    if (x > 0 && (row >> (x - 1)) & 1) seed |= bare & (1 << x);
    if ((row >> (x + ww)) & 1) seed |= bare & (1 << (x + ww - 1));
    if (k === 0 && y0 > 0) seed |= bare & (bareRows[y0 - 1] as number);
    if (k === hh - 1 && y + 1 < GRID) seed |= bare & (bareRows[y + 1] as number);
    inside[k] = bare;
    reach[k] = seed;
  }
  // Spread within the window's bare squares until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (let k = 0; k < hh; k++) {
      const r = reach[k] as number;
      const near =
        r |
        (r << 1) |
        (r >> 1) |
        (k > 0 ? (reach[k - 1] as number) : 0) |
        (k < hh - 1 ? (reach[k + 1] as number) : 0);
      const grown = near & (inside[k] as number);
      if (grown !== r) {
        reach[k] = grown;
        changed = true;
      }
    }
  }
  for (let k = 0; k < hh; k++) if (reach[k] !== inside[k]) return false;
  return true;
}
