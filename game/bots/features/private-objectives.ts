/** Private objectives (§7.2): their medals when met for good, else the odds of meeting them. */
import { GRID, type PlayerBoard, type Terrain } from '../../core/types';
import type { PrivateCheck } from '../../data/types';
import { areaTerrain, mostIconsInOneArea } from '../../rules/areas';
import { privateObjectiveMedals, type ObjectiveContext } from '../../rules/objectives';
import { popcount } from './bits';
import { roundsLeftOf, type EvalEnv } from './env';
import { projectedRows } from './tracks';
import { tablesOf } from './planet-tables';

/**
 * Private objectives: their medals when met for good, else the odds of meeting them from here
 * times their medals (fitted to the Pilot's own games, or a tracker's projection).
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
    const metNow = (!progressFirst || p >= 1) && privateObjectiveMedals(card, board, ctx) > 0;
    if (env.final) {
      if (metNow) v += medals;
      continue;
    }
    switch (check.type) {
      case 'terrainRectangle':
      case 'terrainAreaWithResourceIcons':
        // The odds of meeting it from here, as the Pilot does.
        v += metNow ? medals : medals * metOdds(p, roundsLeftOf(board, env));
        break;
      case 'trackAtMaximum': {
        if (metNow) {
          v += medals;
          break;
        }
        // The odds that the tracker's projection reaches its top.
        const at = board.trackers[check.track];
        const rows = env.w.privateTrackOdds > 0 ? projectedRows(board, env, at.row) : null;
        const top = ctx.corporation.tracks[at.col].top;
        if (rows) v += medals * env.w.privateTrackOdds * (rows.filter((r) => r >= top).length / rows.length);
        break;
      }
      case 'allPlanetSquaresCovered':
      case 'collectedAtLeast':
      case 'resourceIconsAtMost':
      case 'collectedMoreThan':
        v +=
          medals *
          fittedOdds(
            check,
            metNow,
            metNow ? 1 : privateProgress(check, board, ctx),
            roundsToCome(board, env),
          );
        break;
      default: {
        const unhandled: never = check;
        throw new Error(`no value for private objective ${JSON.stringify(unhandled)}`);
      }
    }
  }
  return v;
}

/** The rounds still to come after this one, 1 to 20: the event deck's, or the squares' estimate. */
function roundsToCome(board: PlayerBoard, env: EvalEnv): number {
  const rounds = Number.isFinite(env.roundsLeft) ? env.roundsLeft : roundsLeftOf(board, env);
  return Math.min(20, Math.max(1, rounds));
}

const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * The odds of meeting a card read from the planet's squares or the pieces collected, fitted to how
 * often the Pilot met them in 350 of its own solo games (docs/bots.md, "The evaluator"): a logistic
 * curve of the progress `p` and the rounds to come, `r` of 20. A planet's ice covered and nine
 * meteorites, once met, stay met; at most five energy icons and more lifepods than meteorites, met
 * for now, may still be lost, and count by the rounds to come alone. Met for now, five energy icons
 * early are kept about half the time; more lifepods than meteorites early, one time in five.
 */
function fittedOdds(
  check: Extract<
    PrivateCheck,
    { type: 'allPlanetSquaresCovered' | 'collectedAtLeast' | 'resourceIconsAtMost' | 'collectedMoreThan' }
  >,
  metNow: boolean,
  p: number,
  rounds: number,
): number {
  const r = rounds / 20;
  switch (check.type) {
    case 'allPlanetSquaresCovered':
      return metNow ? 1 : logistic(-5.481 + 6.273 * p + 6.618 * r - 0.638 * p * r);
    case 'collectedAtLeast':
      return metNow ? 1 : logistic(-6.383 + 4.745 * p + 5.54 * r + 6.753 * p * r);
    case 'resourceIconsAtMost':
      // Over the limit it is lost for good: icons never leave the planet.
      return metNow ? logistic(0.778 - 0.855 * r) : 0;
    case 'collectedMoreThan':
      return metNow ? logistic(0.439 - 2.353 * r) : logistic(-5.797 + 2.496 * p + 5.063 * r - 3.598 * p * r);
  }
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
