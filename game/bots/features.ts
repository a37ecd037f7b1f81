/**
 * The bots' board evaluator: a weighted sum of features of one player's planet and corporation
 * board (weights in weights.json, tuned by `npm run tune`). Real medals count at face value; the
 * rest estimates what the position is worth in future medals:
 *
 * - rows and columns: complete ones by their medal, nearly complete ones by a share of it, lines
 *   spoilt by a meteorite or by a square no tile can fill by a small share;
 * - enclosed squares no available shape can fill, and pinched squares (room for future tiles);
 * - tracks: medals reached, the next medal's distance, steps, techs, civ milestones reached;
 * - lifepods collected or still on the planet, rovers deployed and how close they are to a target;
 * - neighbor objectives against the other players' public boards;
 * - gains still pending in the turn.
 *
 * Speculative terms fade as the planet fills up (`horizon`), and vanish at the end of the game.
 * Everything here reads one board and public information only.
 */
import {
  CELLS,
  GRID,
  TRACKS,
  type GameState,
  type PendingItem,
  type PlayerBoard,
  type PlayerID,
  type Track,
} from '../core/types';
import { orientationsOf } from '../core/geometry';
import { civCardById, corporationById, objectiveById, planetById, SHAPES } from '../data';
import type { CorporationData, ObjectiveCardData, PlanetData, PrivateCheck } from '../data/types';
import { planetGeometry } from '../rules/board';
import { civCardMedals, lifepodMedals, meteoriteMedals } from '../rules/scoring';
import {
  neighborValue,
  objectiveContext,
  privateObjectiveMedals,
  type ObjectiveContext,
} from '../rules/objectives';
import weightsData from './weights.json';

export type Weights = { [K in keyof typeof weightsData]: number };
export type WeightName = keyof Weights;

/** The tuned weights (game/bots/weights.json). */
export const DEFAULT_WEIGHTS: Weights = weightsData;

const STEP_WEIGHT: Record<Track, WeightName> = {
  civ: 'stepCiv',
  water: 'stepWater',
  biomass: 'stepBiomass',
  rover: 'stepRover',
  tech: 'stepTech',
};
const TECH_WEIGHT: WeightName[] = ['tech1', 'tech2', 'tech3', 'tech4', 'tech5'];
const CIV_WEIGHT: WeightName[] = ['civRank1', 'civRank1', 'civRank2', 'civRank3', 'civRank4'];

// ---------------------------------------------------------------- per planet and corporation tables

interface PlanetTables {
  planet: PlanetData;
  squares: number[];
  isSquare: Uint8Array;
  /** Planet squares per row (bit x) and per column (bit y). */
  rowSquares: number[];
  colSquares: number[];
  /** Orthogonal neighbours of each cell that are planet squares. */
  neighbours: number[][];
  /** Sides of each cell that face the outside of the planet. */
  outside: Uint8Array;
}

const planetTables = new Map<string, PlanetTables>();

export function tablesOf(planetId: string): PlanetTables {
  const cached = planetTables.get(planetId);
  if (cached) return cached;
  const planet = planetById(planetId);
  const g = planetGeometry(planet);
  const isSquare = new Uint8Array(CELLS);
  for (const c of g.squares) isSquare[c] = 1;
  const rowSquares = new Array<number>(GRID).fill(0);
  const colSquares = new Array<number>(GRID).fill(0);
  const neighbours: number[][] = [];
  const outside = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    const x = c % GRID;
    const y = (c - x) / GRID;
    const list: number[] = [];
    const around: [number, number][] = [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ];
    for (const [nx, ny] of around) {
      const n = ny * GRID + nx;
      if (nx >= 0 && ny >= 0 && nx < GRID && ny < GRID && isSquare[n]) list.push(n);
      else outside[c] = (outside[c] ?? 0) + 1;
    }
    neighbours.push(list);
    if (isSquare[c]) {
      rowSquares[y] = (rowSquares[y] ?? 0) | (1 << x);
      colSquares[x] = (colSquares[x] ?? 0) | (1 << y);
    }
  }
  const t: PlanetTables = {
    planet,
    squares: g.squares,
    isSquare,
    rowSquares,
    colSquares,
    neighbours,
    outside,
  };
  planetTables.set(planetId, t);
  return t;
}

interface CorporationTables {
  corp: CorporationData;
  /** medal[col][row]: the medal a tracker there scores (§5.6). */
  medal: Record<string, number[]>;
  /** Rows to the next medal above, and the medal gained there, per square. */
  nextGain: Record<string, number[]>;
  nextDist: Record<string, number[]>;
  /** The next milestone above each square: rows away, and its kind (civ rank, tech index…). */
  milestoneDist: Record<string, number[]>;
  milestoneWeight: Record<string, (WeightName | null)[]>;
  techRows: number[];
}

const corporationTables = new Map<string, CorporationTables>();

export function corpTablesOf(corpId: string): CorporationTables {
  const cached = corporationTables.get(corpId);
  if (cached) return cached;
  const corp = corporationById(corpId);
  const medal: Record<string, number[]> = {};
  const nextGain: Record<string, number[]> = {};
  const nextDist: Record<string, number[]> = {};
  const milestoneDist: Record<string, number[]> = {};
  const milestoneWeight: Record<string, (WeightName | null)[]> = {};
  for (const t of TRACKS) {
    const levels = corp.tracks[t].levels;
    const m: number[] = [];
    let current = 0;
    for (let row = 0; row < levels.length; row++) {
      const r = levels[row]?.rewards.find((x) => x.kind === 'medal');
      if (r && r.kind === 'medal') current = r.value;
      m.push(current);
    }
    const gain: number[] = [];
    const dist: number[] = [];
    for (let row = 0; row < levels.length; row++) {
      let g = 0;
      let d = 0;
      for (let up = row + 1; up < levels.length; up++) {
        if ((m[up] ?? 0) > (m[row] ?? 0)) {
          g = (m[up] ?? 0) - (m[row] ?? 0);
          d = up - row;
          break;
        }
      }
      gain.push(g);
      dist.push(d);
    }
    medal[t] = m;
    nextGain[t] = gain;
    nextDist[t] = dist;
    const mDist: number[] = [];
    const mWeight: (WeightName | null)[] = [];
    for (let row = 0; row < levels.length; row++) {
      let found: WeightName | null = null;
      let d = 0;
      for (let up = row + 1; up < levels.length && !found; up++) {
        for (const r of levels[up]?.rewards ?? []) {
          if (r.kind === 'civMilestone') found = CIV_WEIGHT[r.rank] ?? 'civRank4';
          else if (r.kind === 'techMilestone') found = TECH_WEIGHT[Number(r.tech) - 1] ?? null;
          else if (r.kind === 'biomassMilestone') found = 'patch';
          else if (r.kind === 'roverMilestone') found = 'roverPending';
          if (found) {
            d = up - row;
            break;
          }
        }
      }
      mDist.push(d);
      mWeight.push(found);
    }
    milestoneDist[t] = mDist;
    milestoneWeight[t] = mWeight;
  }
  const tables: CorporationTables = {
    corp,
    medal,
    nextGain,
    nextDist,
    milestoneDist,
    milestoneWeight,
    techRows: corp.techUnlock.milestoneRows ?? [],
  };
  corporationTables.set(corpId, tables);
  return tables;
}

// ---------------------------------------------------------------- what the evaluator knows

interface ObjectiveTerm {
  card: ObjectiveCardData;
  ctx: ObjectiveContext;
  /** The other players' measures on this card, from their public boards. */
  others: number[];
}

export interface EvalEnv {
  w: Weights;
  /** The player's own private objectives (§7.2), with their context. */
  privateCards: { card: ObjectiveCardData; ctx: ObjectiveContext }[];
  /** Shapes that still have tiles in the station (for squares no tile can fill). */
  shapeMask: number;
  objectives: ObjectiveTerm[];
  /** The game is over after this: only real medals count. */
  final: boolean;
  /** Rounds known to remain after the current one (the event deck), or Infinity. */
  roundsLeft: number;
}

/** Shapes with tiles left in the station's stacks (public: stack sizes, §9). */
export function availableShapeMask(view: GameState): number {
  let mask = 0;
  for (const d of view.station.depots) {
    if (d.small.count > 0) mask |= 1 << d.small.shape;
    if (d.large.count > 0) mask |= 1 << d.large.shape;
  }
  return mask;
}

export function evalEnv(
  view: GameState,
  player: PlayerID,
  w: Weights = DEFAULT_WEIGHTS,
  final = view.step === 'endgame',
): EvalEnv {
  const objectives: ObjectiveTerm[] = [];
  const privateCards: EvalEnv['privateCards'] = [];
  const mine = view.boards[player];
  if (mine) {
    const ctx = objectiveContext(planetById(mine.planet), corporationById(mine.corporation));
    for (const id of view.private[player]?.objectives ?? [])
      privateCards.push({ card: objectiveById(id), ctx });
    for (const o of view.objectives) {
      if (!o.players.includes(player)) continue;
      const card = objectiveById(o.card);
      const ctx = objectiveContext(planetById(mine.planet), corporationById(mine.corporation));
      const others: number[] = [];
      for (const p of o.players) {
        if (p === player) continue;
        const b = view.boards[p];
        if (!b) continue;
        others.push(
          neighborValue(card, b, objectiveContext(planetById(b.planet), corporationById(b.corporation))),
        );
      }
      objectives.push({ card, ctx, others });
    }
  }
  // With events the deck says how many rounds remain (§6.1 C); the current round is under way.
  const roundsLeft = view.options.events ? Math.max(0, view.eventsLeft) : Infinity;
  return { w, privateCards, shapeMask: availableShapeMask(view), objectives, final, roundsLeft };
}

// ---------------------------------------------------------------- squares no tile can fill

const fillCache = new Map<string, number>();

/**
 * The fewest squares of a small enclosed region that must stay bare, whatever tiles of the
 * available shapes go in (an exact search; regions of at most 5 squares).
 */
function deadSquares(cells: number[], shapeMask: number): number {
  let minX = GRID;
  let minY = GRID;
  for (const c of cells) {
    minX = Math.min(minX, c % GRID);
    minY = Math.min(minY, Math.floor(c / GRID));
  }
  const rows = [0, 0, 0, 0, 0, 0];
  for (const c of cells) {
    const y = Math.floor(c / GRID) - minY;
    rows[y] = (rows[y] ?? 0) | (1 << ((c % GRID) - minX));
  }
  const key = `${shapeMask}:${rows.join(',')}`;
  const cached = fillCache.get(key);
  if (cached !== undefined) return cached;
  const result = leastBare(rows, cells.length, shapeMask);
  fillCache.set(key, result);
  return result;
}

function leastBare(rows: number[], size: number, shapeMask: number): number {
  if (size === 0) return 0;
  // The first remaining cell: either it stays bare or some tile covers it.
  let fy = 0;
  while ((rows[fy] ?? 0) === 0) fy++;
  const fxMask = (rows[fy] ?? 0) & -(rows[fy] ?? 0);
  const fx = 31 - Math.clz32(fxMask);
  const without = rows.slice();
  without[fy] = (without[fy] ?? 0) & ~fxMask;
  let best = 1 + leastBare(without, size - 1, shapeMask);
  if (best === 1) return 1;
  for (const shape of SHAPES) {
    if (!(shapeMask & (1 << shape.id)) || shape.size > size) continue;
    for (const o of orientationsOf(shape)) {
      if (o.canonical !== o.index) continue;
      // Anchor each cell of the orientation on the first cell.
      for (const [ax, ay] of o.cells) {
        const x0 = fx - ax;
        const y0 = fy - ay;
        if (x0 < 0 || y0 < 0) continue;
        let fits = true;
        const next = rows.slice();
        for (let r = 0; r < o.height && fits; r++) {
          const m = (o.rowMasks[r] ?? 0) << x0;
          const have = next[y0 + r] ?? 0;
          if ((m & have) !== m) fits = false;
          else next[y0 + r] = have & ~m;
        }
        if (!fits) continue;
        const rest = leastBare(next, size - shape.size, shapeMask);
        if (rest < best) best = rest;
        if (best === 0) return 0;
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------- evaluation

const compOf = new Int16Array(CELLS);
const queue = new Int16Array(CELLS);
const distTo = new Int16Array(CELLS);

/** What a turn still holds besides the board: pending gains, the movement pool, civ milestones. */
export interface TurnExtras {
  pending?: readonly PendingItem[];
  movement?: number;
  civRanks?: readonly number[];
}

/** A per-feature account of an evaluation, for the reasons bots give. */
export interface Detail {
  lines: { row: boolean; index: number; medal: number; missing: number; meteor: boolean; dead: boolean }[];
  deadSquares: number;
  pinched: number;
  fade: number;
}

/** The planet's share of speculative value that is left: 1 early, 0 when the game is over. */
export function fadeOf(board: PlayerBoard, env: EvalEnv): number {
  return Math.max(0, Math.min(1, roundsLeftOf(board, env) / Math.max(0.5, env.w.horizon)));
}

/** Rounds of tiles still to come: the event deck's count, or the bare squares' worth of tiles. */
export function roundsLeftOf(board: PlayerBoard, env: EvalEnv): number {
  if (env.final) return 0;
  const t = tablesOf(board.planet);
  let bare = 0;
  for (const c of t.squares) if (board.pieceAt[c] === -1) bare++;
  return Math.min(env.roundsLeft, bare / Math.max(0.5, env.w.squaresPerRound));
}

/** The evaluator: estimated final medals of this board (higher is better). */
export function evaluate(board: PlayerBoard, env: EvalEnv, extras?: TurnExtras, detail?: Detail): number {
  const fade = fadeOf(board, env);
  if (detail) detail.fade = fade;
  return (
    planetValue(board, env, fade, detail) +
    trackValue(board, env, fade) +
    piecesValue(board, env, fade) +
    objectiveValue(board, env) +
    privateValue(board, env) +
    extrasValue(board, env, fade, extras)
  );
}

/** Private objectives: their medals when met, else a share growing with progress towards them. */
export function privateValue(board: PlayerBoard, env: EvalEnv): number {
  let v = 0;
  for (const { card, ctx } of env.privateCards) {
    const medals = card.private.medals;
    if (privateObjectiveMedals(card, board, ctx) > 0) v += medals;
    else if (!env.final) {
      const p = privateProgress(card.private.check, board, ctx);
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

export function planetValue(board: PlayerBoard, env: EvalEnv, fade: number, detail?: Detail): number {
  const w = env.w;
  const t = tablesOf(board.planet);
  const planet = t.planet;
  const pieceAt = board.pieceAt;
  const rowCov = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const colCov = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const rowDead = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const colDead = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const c of t.squares) {
    if (pieceAt[c] !== -1) {
      const x = c % GRID;
      const y = (c - x) / GRID;
      rowCov[y]! |= 1 << x;
      colCov[x]! |= 1 << y;
    }
  }
  // Bare regions: small ones may hold squares no available tile can fill.
  compOf.fill(-1);
  let dead = 0;
  let pinched = 0;
  const empty = board.pieces.length === 0;
  let comp = 0;
  for (const start of t.squares) {
    if (pieceAt[start] !== -1 || compOf[start] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    compOf[start] = comp;
    while (head < tail) {
      const c = queue[head++] as number;
      for (const n of t.neighbours[c] as number[]) {
        if (pieceAt[n] === -1 && compOf[n] === -1) {
          compOf[n] = comp;
          queue[tail++] = n;
        }
      }
    }
    const size = tail;
    if (!empty && size <= 5) {
      const cells: number[] = [];
      for (let k = 0; k < size; k++) cells.push(queue[k] as number);
      const d = deadSquares(cells, env.shapeMask);
      if (d > 0) {
        dead += d;
        for (const c of cells) {
          const x = c % GRID;
          const y = (c - x) / GRID;
          rowDead[y]! |= 1 << x;
          colDead[x]! |= 1 << y;
        }
      }
    } else if (!empty) {
      for (let k = 0; k < size; k++) {
        const c = queue[k] as number;
        let blocked = t.outside[c] as number;
        for (const n of t.neighbours[c] as number[]) if (pieceAt[n] !== -1) blocked++;
        if (blocked >= 3) pinched++;
      }
    }
    comp++;
  }
  let rowMet = 0;
  let colMet = 0;
  for (const m of board.meteorites) {
    const x = m % GRID;
    rowMet |= 1 << ((m - x) / GRID);
    colMet |= 1 << x;
  }
  let v = 0;
  const roundsLeft = roundsLeftOf(board, env);
  for (let k = 0; k < GRID * 2; k++) {
    const row = k < GRID;
    const i = row ? k : k - GRID;
    const squares = (row ? t.rowSquares[i] : t.colSquares[i]) ?? 0;
    if (squares === 0) continue;
    const medal = (row ? planet.rowMedals[i] : planet.columnMedals[i]) ?? 0;
    const covered = (row ? rowCov[i] : colCov[i]) ?? 0;
    const meteor = ((row ? rowMet : colMet) & (1 << i)) !== 0;
    const deadIn = ((row ? rowDead[i] : colDead[i]) ?? 0) !== 0;
    const total = popcount(squares);
    const missing = total - popcount(covered & squares);
    if (missing === 0) v += medal * (meteor ? w.lineCancelled * fade : w.lineDone);
    else if (meteor || deadIn) v += medal * w.lineBlocked * fade * (1 - missing / total);
    else {
      const share =
        missing === 1
          ? w.miss1
          : missing === 2
            ? w.miss2
            : missing === 3
              ? w.miss3
              : missing === 4
                ? w.miss4
                : w.lineOpen + w.missFar * (1 - missing / total);
      // Time to finish it: about `roundsPerSquare` rounds per missing square.
      const time = Math.min(1, roundsLeft / Math.max(0.05, w.roundsPerSquare * missing));
      v += medal * share * time;
    }
    detail?.lines.push({ row, index: i, medal, missing, meteor, dead: deadIn });
  }
  if (detail) {
    detail.deadSquares = dead;
    detail.pinched = pinched;
  }
  // The lines the remaining tiles can still complete, chosen greedily by medals per square.
  if (w.planned !== 0 && roundsLeft > 0) {
    const rowBare: number[] = [];
    const colBare: number[] = [];
    for (let i = 0; i < GRID; i++) {
      rowBare.push(((t.rowSquares[i] ?? 0) & ~(rowCov[i] ?? 0)) | 0);
      colBare.push(((t.colSquares[i] ?? 0) & ~(colCov[i] ?? 0)) | 0);
    }
    let budget = Math.min(roundsLeft, 40) * w.squaresPerRound * w.planEfficiency;
    let planned = 0;
    const open: boolean[] = [];
    for (let k = 0; k < GRID * 2; k++) {
      const row = k < GRID;
      const i = row ? k : k - GRID;
      const meteor = ((row ? rowMet : colMet) & (1 << i)) !== 0;
      const deadIn = ((row ? rowDead[i] : colDead[i]) ?? 0) !== 0;
      open.push(!meteor && !deadIn && ((row ? rowBare[i] : colBare[i]) ?? 0) !== 0);
    }
    for (;;) {
      let best = -1;
      let bestRatio = 0;
      let bestCost = 0;
      for (let k = 0; k < GRID * 2; k++) {
        if (!open[k]) continue;
        const row = k < GRID;
        const i = row ? k : k - GRID;
        const cost = popcount((row ? rowBare[i] : colBare[i]) ?? 0);
        const medal = (row ? planet.rowMedals[i] : planet.columnMedals[i]) ?? 0;
        if (cost === 0) {
          open[k] = false;
          planned += medal;
          continue;
        }
        if (cost <= budget && medal / cost > bestRatio) {
          bestRatio = medal / cost;
          best = k;
          bestCost = cost;
        }
      }
      if (best < 0) break;
      open[best] = false;
      budget -= bestCost;
      const row = best < GRID;
      const i = row ? best : best - GRID;
      planned += (row ? planet.rowMedals[i] : planet.columnMedals[i]) ?? 0;
      let bits = (row ? rowBare[i] : colBare[i]) ?? 0;
      while (bits) {
        const j = 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (row) colBare[j] = (colBare[j] ?? 0) & ~(1 << i);
        else rowBare[j] = (rowBare[j] ?? 0) & ~(1 << i);
      }
      if (row) rowBare[i] = 0;
      else colBare[i] = 0;
    }
    v += planned * w.planned;
  }
  // Coverage, and the length of the border between covered and bare squares (compactness).
  let covered = 0;
  let border = 0;
  for (const c of t.squares) {
    if (pieceAt[c] === -1) continue;
    covered++;
    for (const n of t.neighbours[c] as number[]) if (pieceAt[n] === -1) border++;
  }
  return (
    v - dead * w.deadCell - pinched * w.pinched * fade + (covered * w.covered - border * w.border) * fade
  );
}

function popcount(n: number): number {
  n = n - ((n >> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >> 2) & 0x33333333);
  return (((n + (n >> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function trackValue(board: PlayerBoard, env: EvalEnv, fade: number): number {
  const w = env.w;
  const ct = corpTablesOf(board.corporation);
  let v = 0;
  for (const t of TRACKS) {
    const at = board.trackers[t];
    const medal = ct.medal[at.col]?.[at.row] ?? 0;
    v += w.trackMedal * medal;
    const gain = ct.nextGain[at.col]?.[at.row] ?? 0;
    const dist = ct.nextDist[at.col]?.[at.row] ?? 0;
    if (gain > 0) v += (fade * w.nextMedal * gain) / dist;
    v += fade * w[STEP_WEIGHT[t]] * at.row;
    const milestone = ct.milestoneWeight[at.col]?.[at.row];
    if (milestone) v += (fade * w.nextMilestone * w[milestone]) / (ct.milestoneDist[at.col]?.[at.row] ?? 1);
  }
  const techRow = board.trackers.tech.row;
  for (let k = 0; k < ct.techRows.length && k < TECH_WEIGHT.length; k++) {
    if (techRow >= (ct.techRows[k] ?? 99)) v += fade * w[TECH_WEIGHT[k] as WeightName];
  }
  return v;
}

/** Rough worth of the rewards on a track square (§5.2): boosts, milestones, movement. */
function squareRewards(board: PlayerBoard, env: EvalEnv, fade: number, col: Track, row: number): number {
  const w = env.w;
  let v = 0;
  for (const r of corporationById(board.corporation).tracks[col].levels[row]?.rewards ?? []) {
    switch (r.kind) {
      case 'synergy':
        v += w.synergy;
        break;
      case 'civMilestone':
        v += w[CIV_WEIGHT[r.rank] ?? 'civRank4'];
        break;
      case 'biomassMilestone':
        v += w.patch;
        break;
      case 'roverMilestone':
        if (board.rovers.some((x) => x.cell === null && !x.destroyed)) v += w.roverPending * fade;
        break;
      case 'roverMove':
        if (board.rovers.some((x) => x.cell !== null && !x.destroyed)) v += w.movement * r.value * fade;
        break;
      default:
        break;
    }
  }
  return v;
}

/**
 * What advancing one tracker by `steps` squares is worth, without applying it: the change in
 * track value plus the rewards claimed on the way (for ranking placements cheaply).
 */
export function advanceWorth(
  board: PlayerBoard,
  env: EvalEnv,
  fade: number,
  track: Track,
  steps = 1,
): number {
  const at = board.trackers[track];
  const top = corporationById(board.corporation).tracks[at.col].top;
  const to = Math.min(top, at.row + steps);
  if (to <= at.row) return 0;
  const before = trackValue(board, env, fade);
  let rewards = 0;
  for (let row = at.row + 1; row <= to; row++) rewards += squareRewards(board, env, fade, at.col, row);
  board.trackers[track] = { col: at.col, row: to };
  const after = trackValue(board, env, fade);
  board.trackers[track] = at;
  return after - before + rewards;
}

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

export function objectiveValue(board: PlayerBoard, env: EvalEnv): number {
  if (env.objectives.length === 0) return 0;
  const w = env.w;
  let v = 0;
  for (const o of env.objectives) {
    const mine = neighborValue(o.card, board, o.ctx);
    const sign = o.card.neighbor.direction === 'most' ? 1 : -1;
    for (const other of o.others) {
      const diff = sign * (mine - other);
      if (env.final) v += diff > 0 ? o.card.neighbor.win : diff === 0 ? o.card.neighbor.tie : 0;
      else v += (w.objective * o.card.neighbor.win) / (1 + Math.exp(-w.objectiveSharp * diff));
    }
  }
  return v;
}

export function extrasValue(board: PlayerBoard, env: EvalEnv, fade: number, extras?: TurnExtras): number {
  if (!extras) return 0;
  const w = env.w;
  let v = 0;
  for (const item of extras.pending ?? []) {
    switch (item.kind) {
      case 'synergy':
        v += w.synergy;
        break;
      case 'patch':
        v += w.patch;
        break;
      case 'rover':
        if (board.rovers.some((r) => r.cell === null && !r.destroyed)) v += w.roverPending * fade;
        break;
      case 'energy':
      case 'advance':
        v += w.energy;
        break;
      default:
        v += w.cardItem;
    }
  }
  for (const rank of extras.civRanks ?? []) v += w[CIV_WEIGHT[rank] ?? 'civRank4'];
  return v;
}

/** A fresh detail record for `evaluate`. */
export const newDetail = (): Detail => ({ lines: [], deadSquares: 0, pinched: 0, fade: 0 });
