/**
 * The planet's worth: complete rows and columns by their medal, nearly complete ones by a share of
 * it, lines spoilt by a meteorite or by a square no tile can fill by a small share, the lines the
 * remaining tiles can still complete, and room for future tiles (enclosed and pinched squares).
 * The planet's own rules come through its hooks: squares covered anyway at the end count as
 * covered for lines (Petra), its extra medals count at face value (Gaia's bare cities, Cerberus's
 * covered sub-planets) and the bonuses still to earn by a share, as a line would.
 */
import { CELLS, GRID, type PlayerBoard } from '../../core/types';
import { deadSquares } from './dead-squares';
import type { Detail, EvalEnv } from './env';
import { tablesOf, type PlanetTables } from './planet-tables';
import { roundsLeftOf } from './env';

// Scratch arrays of the flood fill, allocated once (the evaluator runs per candidate placement).
const compOf = new Int16Array(CELLS);
const queue = new Int16Array(CELLS);
// Per row and column, bit masks of covered squares, of squares no tile can fill, and of bare
// squares the greedy line plan still has to cover; which lines the plan may still take.
const rowCov = new Int32Array(GRID);
const colCov = new Int32Array(GRID);
const rowDead = new Int32Array(GRID);
const colDead = new Int32Array(GRID);
const rowBare = new Int32Array(GRID);
const colBare = new Int32Array(GRID);
const open = new Uint8Array(GRID * 2);
// Squares of small bare regions holding a square no tile can fill.
const deadAt = new Uint8Array(CELLS);

export function planetValue(board: PlayerBoard, env: EvalEnv, fade: number, detail?: Detail): number {
  const w = env.w;
  const t = tablesOf(board.planet);
  const planet = t.planet;
  const pieceAt = board.pieceAt;
  rowCov.fill(0);
  colCov.fill(0);
  rowDead.fill(0);
  colDead.fill(0);
  const anyway = t.coveredAnyway;
  for (const c of t.squares) {
    if (pieceAt[c] !== -1 || anyway[c]) {
      const x = c % GRID;
      const y = (c - x) / GRID;
      rowCov[y]! |= 1 << x;
      colCov[x]! |= 1 << y;
    }
  }
  // Bare regions: small ones may hold squares no available tile can fill.
  compOf.fill(-1);
  deadAt.fill(0);
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
      let d = deadSquares(cells, env.shapeMask);
      // Squares covered anyway may be the ones left bare.
      if (d > 0 && t.anyCoveredAnyway) {
        let spare = 0;
        for (const c of cells) spare += anyway[c] as number;
        d = Math.max(0, d - spare);
      }
      if (d > 0) {
        dead += d;
        for (const c of cells) {
          if (anyway[c]) continue;
          deadAt[c] = 1;
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
      const share = lineShare(w, missing, total);
      // Time to finish it: about `roundsPerSquare` rounds per missing square.
      const time = Math.min(1, roundsLeft / Math.max(0.05, w.roundsPerSquare * missing));
      v += medal * share * time;
    }
    detail?.lines.push({ row, index: i, medal, missing, meteor, dead: deadIn });
  }
  v += planetBonuses(board, t, w, fade, roundsLeft);
  if (detail) {
    detail.deadSquares = dead;
    detail.pinched = pinched;
  }
  // The lines the remaining tiles can still complete, chosen greedily by medals per square.
  if (w.planned !== 0 && roundsLeft > 0) {
    for (let i = 0; i < GRID; i++) {
      rowBare[i] = (t.rowSquares[i] ?? 0) & ~(rowCov[i] ?? 0);
      colBare[i] = (t.colSquares[i] ?? 0) & ~(colCov[i] ?? 0);
    }
    let budget = Math.min(roundsLeft, 40) * w.squaresPerRound * w.planEfficiency;
    let planned = 0;
    for (let k = 0; k < GRID * 2; k++) {
      const row = k < GRID;
      const i = row ? k : k - GRID;
      const meteor = ((row ? rowMet : colMet) & (1 << i)) !== 0;
      const deadIn = ((row ? rowDead[i] : colDead[i]) ?? 0) !== 0;
      open[k] = !meteor && !deadIn && ((row ? rowBare[i] : colBare[i]) ?? 0) !== 0 ? 1 : 0;
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
          open[k] = 0;
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
      open[best] = 0;
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

/**
 * The planet's extra medals on this board at face value, and each bonus still to earn by a share
 * that grows as its squares get covered, like a line's (small if a square of it can never be
 * filled).
 */
function planetBonuses(
  board: PlayerBoard,
  t: PlanetTables,
  w: EvalEnv['w'],
  fade: number,
  roundsLeft: number,
): number {
  const rules = t.rules;
  let v = rules.extraMedals ? rules.extraMedals(t.geometry, board) * w.lineDone : 0;
  if (!rules.bonusesToEarn || roundsLeft <= 0) return v;
  for (const bonus of rules.bonusesToEarn(t.geometry, board)) {
    const missing = bonus.left.length;
    const blocked = bonus.left.some((c) => deadAt[c] === 1);
    if (blocked) {
      v += bonus.medals * w.lineBlocked * fade * (1 - missing / bonus.squares);
      continue;
    }
    const time = Math.min(1, roundsLeft / Math.max(0.05, w.roundsPerSquare * missing));
    v += bonus.medals * w.bonusToEarn * lineShare(w, missing, bonus.squares) * time;
  }
  return v;
}

/** The share of a line's (or a bonus's) medals with `missing` of its `total` squares bare. */
function lineShare(w: EvalEnv['w'], missing: number, total: number): number {
  return missing === 1
    ? w.miss1
    : missing === 2
      ? w.miss2
      : missing === 3
        ? w.miss3
        : missing === 4
          ? w.miss4
          : w.lineOpen + w.missFar * (1 - missing / total);
}

function popcount(n: number): number {
  n = n - ((n >> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >> 2) & 0x33333333);
  return (((n + (n >> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
