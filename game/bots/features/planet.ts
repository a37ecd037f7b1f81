/**
 * The planet's worth: complete rows and columns by their medal, nearly complete ones by a share of
 * it (less when their bare squares lie in several runs), lines spoilt by a meteorite or by a square
 * no tile can fill by a small share, the lines the remaining tiles can still complete, and room for
 * future tiles (enclosed and pinched squares).
 * The planet's own rules come through its hooks: squares covered anyway at the end count as
 * covered for lines (Petra), its extra medals count at face value (Gaia's bare cities, Cerberus's
 * covered sub-planets) and the bonuses still to earn by a share, as a line would. Where the planet
 * restricts tiles (§8.1), its restriction says which squares a tile can still fill: regions split
 * where no tile may join two squares (Tartarus's chasm, K-273's land beside ice), and a square no
 * allowed tile can cover is dead (a ring-only pocket on Arashi, a hole nothing slides into on
 * Pajitnov), even though R10 and R18 may lift the restriction in a turn with no other choice.
 */
import { CELLS, GRID, type PlayerBoard } from '../../core/types';
import { popcount } from './bits';
import { deadSquares } from './dead-squares';
import type { Detail, EvalEnv } from './env';
import { SHAPE_ONLY, tablesOf, type Footprint, type PlanetTables } from './planet-tables';
import { roundsLeftOf } from './env';

// Scratch arrays of the flood fill, allocated once (the evaluator runs per candidate placement).
const compOf = new Int16Array(CELLS);
const queue = new Int16Array(CELLS);
// Per bare square, how many of its sides join a bare square (counted by the flood fill).
const bareSides = new Int8Array(CELLS);
// Per row and column, bit masks of covered squares, of squares no tile can fill, and of bare
// squares the greedy line plan still has to cover; which lines the plan may still take.
const rowTile = new Int32Array(GRID);
const rowCov = new Int32Array(GRID);
const colCov = new Int32Array(GRID);
const rowDead = new Int32Array(GRID);
const colDead = new Int32Array(GRID);
const rowBare = new Int32Array(GRID);
const colBare = new Int32Array(GRID);
const open = new Uint8Array(GRID * 2);
// Squares of small bare regions holding a square no tile can fill.
const deadAt = new Uint8Array(CELLS);
// Where the planet restricts tiles: each region square's bit in its region, and the squares some
// allowed tile can still cover.
const regionBit = new Int8Array(CELLS).fill(-1);
const coverable = new Uint8Array(CELLS);

// The restriction's answers in this evaluation, per footprint: asked when `askedIn` holds the
// evaluation's number; 1 when it allows the footprint.
let askedIn = new Int32Array(0);
let allowed = new Uint8Array(0);
let evaluation = 0;

/**
 * The planet's restriction asked of the board as it stands, once per footprint. The planet may
 * remember what it read of a board by the board's identity, and the bots' scratch boards change in
 * place, so it is asked through a fresh view of the board made once per evaluation.
 */
class RestrictionProbe {
  private view: PlayerBoard | null = null;
  private readonly evaluation: number;

  constructor(
    private readonly t: PlanetTables,
    private readonly board: PlayerBoard,
  ) {
    if (askedIn.length < t.footprintCount) {
      askedIn = new Int32Array(t.footprintCount);
      allowed = new Uint8Array(t.footprintCount);
    }
    // Wrapping around after 2^31 evaluations would need every number's answers cleared.
    if (evaluation === 0x7fffffff) {
      evaluation = 0;
      askedIn.fill(0);
    }
    this.evaluation = ++evaluation;
  }

  allows(f: Footprint): boolean {
    if (askedIn[f.id] === this.evaluation) return allowed[f.id] === 1;
    const restriction = this.t.rules.restriction;
    this.view ??= { ...this.board };
    const ok = !restriction || restriction(this.t.geometry, this.view, f.cells, SHAPE_ONLY) === null;
    askedIn[f.id] = this.evaluation;
    allowed[f.id] = ok ? 1 : 0;
    return ok;
  }
}

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
  // Coverage, and the length of the border between covered and bare squares (compactness), counted
  // on each row's bits of squares under a piece.
  let covered = 0;
  rowTile.fill(0);
  for (const c of t.squares) {
    const tile = pieceAt[c] !== -1;
    if (tile) covered++;
    if (tile || anyway[c]) {
      const x = c % GRID;
      const y = (c - x) / GRID;
      if (tile) rowTile[y] = (rowTile[y] ?? 0) | (1 << x);
      rowCov[y] = (rowCov[y] ?? 0) | (1 << x);
      colCov[x] = (colCov[x] ?? 0) | (1 << y);
    }
  }
  let border = 0;
  for (let y = 0; y < GRID; y++) {
    const tiles = rowTile[y] as number;
    if (tiles === 0) continue;
    const bare = (t.rowSquares[y] ?? 0) & ~tiles;
    const above = y > 0 ? (t.rowSquares[y - 1] ?? 0) & ~(rowTile[y - 1] as number) : 0;
    const below = y + 1 < GRID ? (t.rowSquares[y + 1] ?? 0) & ~(rowTile[y + 1] as number) : 0;
    border +=
      popcount(tiles & (bare << 1)) +
      popcount(tiles & (bare >> 1)) +
      popcount(tiles & above) +
      popcount(tiles & below);
  }
  // Bare regions: small ones may hold squares no available tile can fill.
  compOf.fill(-1);
  deadAt.fill(0);
  let dead = 0;
  let pinched = 0;
  const empty = board.pieces.length === 0;
  const probe = t.restricted && !empty ? new RestrictionProbe(t, board) : null;
  if (probe) coverable.fill(0);
  let comp = 0;
  for (const start of t.squares) {
    if (pieceAt[start] !== -1 || compOf[start] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    compOf[start] = comp;
    while (head < tail) {
      const c = queue[head++] as number;
      let bareJoined = 0;
      for (const n of t.joined[c] as number[]) {
        if (pieceAt[n] !== -1) continue;
        bareJoined++;
        if (compOf[n] === -1) {
          compOf[n] = comp;
          queue[tail++] = n;
        }
      }
      bareSides[c] = bareJoined;
    }
    const size = tail;
    if (!empty && size <= 5) {
      const cells: number[] = [];
      for (let k = 0; k < size; k++) cells.push(queue[k] as number);
      let d = probe ? deadByPlanet(cells, t, probe, env.shapeMask) : deadSquares(cells, env.shapeMask);
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
          rowDead[y] = (rowDead[y] ?? 0) | (1 << x);
          colDead[x] = (colDead[x] ?? 0) | (1 << y);
        }
      }
    } else if (!empty) {
      for (let k = 0; k < size; k++) {
        const c = queue[k] as number;
        // Sides a tile cannot extend through: off the planet, covered, or across what the planet
        // lets no tile join.
        const blocked = 4 - (bareSides[c] as number);
        // The planet is asked of the squares its printed restriction constrains (Arashi's ring) and
        // of hemmed-in ones (on Pajitnov, a square nothing slides into); a large hole's inner
        // squares wait until it shrinks into a small region, so each evaluation stays cheap.
        if (probe && (blocked >= 3 || t.constrained[c]) && !anyway[c] && !canCover(c, board, t, probe)) {
          dead++;
          deadAt[c] = 1;
          const x = c % GRID;
          const y = (c - x) / GRID;
          rowDead[y] = (rowDead[y] ?? 0) | (1 << x);
          colDead[x] = (colDead[x] ?? 0) | (1 << y);
        } else if (blocked >= 3) pinched++;
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
  let lineCount = 0;
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
    if (missing === 0) v += medal * (meteor ? Math.max(w.lineCancelled, w.meteorLine) * fade : w.lineDone);
    else if (deadIn || (meteor && w.meteorLine === 0))
      v += medal * w.lineBlocked * fade * (1 - missing / total);
    else {
      let share = lineShare(w, missing, total);
      // Each run of bare squares needs a tile of its own: a line whose missing squares are split
      // by covered ones is further from done than their count says.
      if (w.lineGaps !== 0 && missing > 1) {
        const bare = squares & ~covered;
        const runs = popcount(bare & ~(bare << 1));
        if (runs > 1) share *= (1 - w.lineGaps) ** (runs - 1);
      }
      // Time to finish it: about `roundsPerSquare` rounds per missing square.
      const time = Math.min(1, roundsLeft / Math.max(0.05, w.roundsPerSquare * missing));
      // A meteorite on a line still being built is often collected by a rover before the end.
      v += medal * share * time * (meteor ? w.meteorLine * fade : 1);
    }
    if (detail) {
      // The records are reused: a planet has as many lines at every evaluation.
      const line = detail.lines[lineCount++];
      if (!line) detail.lines.push({ row, index: i, medal, missing, meteor, dead: deadIn });
      else {
        line.row = row;
        line.index = i;
        line.medal = medal;
        line.missing = missing;
        line.meteor = meteor;
        line.dead = deadIn;
      }
    }
  }
  if (detail) detail.lines.length = lineCount;
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

/** A small region's footprints of the available shapes (largest first), with their bits in it. */
interface RegionFill {
  footprints: Footprint[];
  masks: number[];
}

// Per planet, per region and shapes available: a region recurs across the evaluations of one turn.
const regionFills = new Map<PlanetTables, Map<number, RegionFill>>();
const REGION_FILLS_KEPT = 20_000;

/**
 * The fewest squares of a small bare region that must stay bare when only the footprints the
 * planet allows on this board can fill it: an exact search over the region's subsets that asks the
 * planet only about the footprints it tries, the largest first, so a region one allowed tile fills
 * costs one question.
 */
function deadByPlanet(cells: number[], t: PlanetTables, probe: RestrictionProbe, shapeMask: number): number {
  let fills = regionFills.get(t);
  if (!fills || fills.size > REGION_FILLS_KEPT) regionFills.set(t, (fills = new Map()));
  // Regions are at most 5 squares of 144: the squares and the shapes make one exact number.
  let key = shapeMask;
  for (const c of cells) key = key * 144 + c;
  let fill = fills.get(key);
  if (!fill) {
    fill = regionFill(cells, t, shapeMask);
    fills.set(key, fill);
  }
  return leastBareOf((1 << cells.length) - 1, fill, probe);
}

/** The footprints of available shapes lying wholly in a small region, with their bits in it. */
function regionFill(cells: number[], t: PlanetTables, shapeMask: number): RegionFill {
  for (let k = 0; k < cells.length; k++) regionBit[cells[k] as number] = k;
  const found: { f: Footprint; mask: number }[] = [];
  for (const c of cells) {
    for (const f of t.footprintsFrom[c] as Footprint[]) {
      if (!(shapeMask & (1 << f.shape)) || f.cells.length > cells.length) continue;
      let mask = 0;
      for (const fc of f.cells) {
        const bit = regionBit[fc] as number;
        if (bit < 0) {
          mask = -1;
          break;
        }
        mask |= 1 << bit;
      }
      if (mask > 0) found.push({ f, mask });
    }
  }
  for (const c of cells) regionBit[c] = -1;
  found.sort((a, b) => b.f.cells.length - a.f.cells.length);
  return { footprints: found.map((x) => x.f), masks: found.map((x) => x.mask) };
}

function leastBareOf(rest: number, fill: RegionFill, probe: RestrictionProbe): number {
  if (rest === 0) return 0;
  const first = rest & -rest;
  let best = Infinity;
  for (let k = 0; k < fill.masks.length && best > 0; k++) {
    const m = fill.masks[k] as number;
    if (!(m & first) || (m & rest) !== m || !probe.allows(fill.footprints[k] as Footprint)) continue;
    best = Math.min(best, leastBareOf(rest & ~m, fill, probe));
  }
  // Leaving the first square bare costs one; no need to try it once a cover costs nothing more.
  return best === 0 ? 0 : Math.min(best, 1 + leastBareOf(rest & ~first, fill, probe));
}

/** The largest footprints over a square looked at first, for one that vouches for many squares. */
const LARGEST_TRIED = 12;

/**
 * Whether the planet still lets a tile cover square `c` of a large bare region: a footprint over
 * it, all bare, that the restriction allows on this board. Each footprint found vouches for all
 * its squares, so most squares cost one look. Past the largest few, only footprints of two and
 * three squares are asked: a restriction that refuses every small tile over a square refuses the
 * larger ones too where a part of an allowed tile is allowed (one side of Tartarus's chasm, all
 * land or all ice, a tile that slides in), and asking every footprint of a crowded Pajitnov would
 * cost a thousand questions per evaluation. Which shapes are left is the small regions' concern.
 */
function canCover(c: number, board: PlayerBoard, t: PlanetTables, probe: RestrictionProbe): boolean {
  if (coverable[c]) return true;
  const over = t.footprintsOver[c] as Footprint[];
  for (let k = over.length - 1; k >= Math.max(0, over.length - LARGEST_TRIED); k--) {
    const f = over[k] as Footprint;
    if (!allBare(f, board)) continue;
    // In open country the first bare one is allowed; if not, the small ones decide.
    if (!probe.allows(f)) break;
    for (const fc of f.cells) coverable[fc] = 1;
    return true;
  }
  const small = t.smallFootprintsOver[c] as number;
  for (let k = 0; k < small; k++) {
    const f = over[k] as Footprint;
    if (!allBare(f, board) || !probe.allows(f)) continue;
    for (const fc of f.cells) coverable[fc] = 1;
    return true;
  }
  return false;
}

function allBare(f: Footprint, board: PlayerBoard): boolean {
  for (const c of f.cells) if (board.pieceAt[c] !== -1) return false;
  return true;
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
