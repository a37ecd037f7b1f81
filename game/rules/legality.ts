/**
 * Where tiles and patches may go (§4, §5.9): the one place that decides placement. The UI, the
 * bots, the server and the tests all ask here; rover steps are decided in rover-steps.ts and
 * tracker moves in tracker-moves.ts.
 */
import { boardRules, corporationHooks, type BoardHooks } from './board-rules';
import { orientationsOf, type Orientation } from '../core/geometry';
import {
  GRID as GRID_SIZE,
  type CellIndex,
  type PlayerBoard,
  type RoundRule,
  type Terrain,
} from '../core/types';
import { shapeById, tileById } from '../data';
import { basePlanetRules, type LaidPiece, type PlanetRules } from '../content/planets';
import { refuse, type Reason } from '../core/messages';
import { cellIndex, cellX, cellY, coveredRows, type PlanetGeometry } from './board';
import { areaTerrain } from './areas';

const GRID = GRID_SIZE; // a module-local copy for the inner loops
const FULL_ROW = (1 << GRID) - 1;

export interface Placement {
  orientation: number;
  x: number;
  y: number;
}

/** Everything placement legality depends on for one board, computed once per board state. */
export interface PlacementContext {
  board: PlayerBoard;
  geometry: PlanetGeometry;
  planet: PlanetRules;
  /** Per row: cells that are not planet squares or are already covered. */
  blocked: number[];
  /** Per row: cells a new piece must touch: the edge for a first piece (§4.3), else cells next to a piece (§4.4); null when adjacency is lifted. */
  touch: number[] | null;
  firstPiece: boolean;
  /** The planet's restriction applies: it has one and R10 has not lifted it this turn. */
  planetRestricts: boolean;
  /** Whose first-piece rule binds (§4.3): the planet's, or the edge rule once R10 lifted the planet's. */
  firstRule: Pick<PlanetRules, 'firstPieceRows' | 'firstPieceRefusal'>;
  /** The board's corporation hooks, asked per tile whether adjacency is lifted (§8.2). */
  hooks: BoardHooks;
}

/** The context of a board; `planetWaived` when R10 lifted the planet's restriction this turn (§4.8). */
export function placementContext(board: PlayerBoard, planetWaived = false): PlacementContext {
  const { geometry, planet } = boardRules(board);
  const covered = coveredRows(board);
  const blocked = covered.map((c, y) => c | (geometry.blockedRows[y] ?? 0));
  const firstPiece = board.pieces.length === 0;
  // Charybdis's vortex replaces the edge for the first piece: a planet restriction that R10 lifts (§4.8).
  const firstRule = planetWaived ? basePlanetRules : planet;
  let touch: number[] | null;
  if (firstPiece) touch = firstRule.firstPieceRows(geometry);
  else {
    touch = covered.map((c, y) => {
      const above = covered[y - 1] ?? 0;
      const below = covered[y + 1] ?? 0;
      return ((c << 1) | (c >> 1) | above | below) & FULL_ROW;
    });
  }
  const planetRestricts = planet.restriction !== undefined && !planetWaived;
  const hooks = corporationHooks(board);
  return { board, geometry, planet, blocked, touch, firstPiece, planetRestricts, firstRule, hooks };
}

/** The context for one tile (null: a patch): adjacency lifted when its corporation says so (§4.4, §8.2). */
function forPiece(ctx: PlacementContext, tileId: number | null): PlacementContext {
  if (ctx.touch === null || ctx.firstPiece) return ctx;
  return ctx.hooks.placementIgnoresAdjacency(tileId) ? { ...ctx, touch: null } : ctx;
}

/** Cells covered by a shape placed with the given orientation and top-left corner. */
export function placementCells(shapeId: number, p: Placement): CellIndex[] {
  const o = orientationsOf(shapeById(shapeId))[p.orientation];
  if (!o) throw new RangeError(`No orientation ${p.orientation}: orientations are 0 to 7.`);
  // A cell index past the grid's edge would wrap onto the next row: refuse rather than mislead.
  if (p.x < 0 || p.y < 0 || p.x + o.width > GRID || p.y + o.height > GRID)
    throw new RangeError(`The tile does not fit on the grid at (${p.x}, ${p.y}); ask placementError first.`);
  return o.cells.map(([dx, dy]) => cellIndex(p.x + dx, p.y + dy));
}

/**
 * Bit x is set when the orientation fits with its top-left corner at (x, y): every cell on a bare
 * planet square, and one touching where it must. A whole row of positions at once, by shifting the
 * board's rows under each cell of the shape, rather than one position at a time.
 */
function fittingColumns(ctx: PlacementContext, o: Orientation, y: number): number {
  let free = (1 << (GRID - o.width + 1)) - 1;
  const { blocked, touch } = ctx;
  let touching = touch === null ? free : 0;
  for (let r = 0; r < o.height; r++) {
    const blockedRow = blocked[y + r] ?? FULL_ROW;
    const touchRow = touch === null ? 0 : (touch[y + r] ?? 0);
    // Each cell of the shape's row r, at bit b, shifts the board's row under it.
    for (let m = o.rowMasks[r] ?? 0, b = 0; m !== 0; m >>= 1, b++) {
      if ((m & 1) === 0) continue;
      free &= ~(blockedRow >> b);
      touching |= touchRow >> b;
    }
  }
  return free & touching;
}

/** The listing's test for one position (§4.1–§4.4). */
const fits = (ctx: PlacementContext, o: Orientation, x: number, y: number): boolean =>
  ((fittingColumns(ctx, o, y) >> x) & 1) === 1;

/** The resource icon each cell of a tile prints (null where none), in the order of its cells. */
const tileIcons = new Map<number, (Terrain | null)[]>();
function iconsOf(tileId: number): (Terrain | null)[] {
  let icons = tileIcons.get(tileId);
  if (!icons) {
    icons = tileById(tileId).cells.map((c) => (c.resource ? c.terrain : null));
    tileIcons.set(tileId, icons);
  }
  return icons;
}

/** What a tile lays as the planet sees it; its icons only when the planet reads them. */
const laidTile = (ctx: PlacementContext, tileId: number | null): LaidPiece => ({
  kind: 'tile',
  icons: tileId !== null && ctx.planet.restrictionReadsIcons ? iconsOf(tileId) : null,
});

function restrictionFor(ctx: PlacementContext, cells: CellIndex[], piece: LaidPiece): Reason | null {
  return ctx.planetRestricts && ctx.planet.restriction
    ? ctx.planet.restriction(ctx.geometry, ctx.board, cells, piece)
    : null;
}

/**
 * Every legal placement of a shape, one per distinct orientation and position. Given the tile, a
 * planet restriction that reads icons judges that tile's icons (Persephone); without it, the
 * shape's cells only.
 */
export function legalPlacements(
  boardCtx: PlacementContext,
  shapeId: number,
  tileId: number | null = null,
): Placement[] {
  const ctx = forPiece(boardCtx, tileId);
  const laid = ctx.planetRestricts ? laidTile(ctx, tileId) : null;
  const out: Placement[] = [];
  for (const o of orientationsOf(shapeById(shapeId))) {
    if (o.canonical !== o.index) continue;
    for (let y = 0; y + o.height <= GRID; y++) {
      // Positions from left to right, the lowest set bit first.
      for (let columns = fittingColumns(ctx, o, y); columns !== 0; columns &= columns - 1) {
        const x = 31 - Math.clz32(columns & -columns);
        const p = { orientation: o.index, x, y };
        if (laid === null || restrictionFor(ctx, placementCells(shapeId, p), laid) === null) out.push(p);
      }
    }
  }
  return out;
}

/** Whether at least one legal position exists for the shape, or the tile (§4.9): the same test as the listing. */
export function canPlaceShape(
  boardCtx: PlacementContext,
  shapeId: number,
  tileId: number | null = null,
): boolean {
  const ctx = forPiece(boardCtx, tileId);
  const laid = ctx.planetRestricts ? laidTile(ctx, tileId) : null;
  for (const o of orientationsOf(shapeById(shapeId))) {
    if (o.canonical !== o.index) continue;
    for (let y = 0; y + o.height <= GRID; y++) {
      for (let columns = fittingColumns(ctx, o, y); columns !== 0; columns &= columns - 1) {
        if (laid === null) return true;
        const x = 31 - Math.clz32(columns & -columns);
        const cells = placementCells(shapeId, { orientation: o.index, x, y });
        if (restrictionFor(ctx, cells, laid) === null) return true;
      }
    }
  }
  return false;
}

/**
 * Why a placement of a shape (or of a given tile) is illegal, null when it is legal. Past the
 * checks of its shape (whole numbers, inside the grid) it decides with the listing's own test
 * (`fits`, then the planet's restriction); the squares are read one by one only to say which one fails.
 */
export function placementError(
  boardCtx: PlacementContext,
  shapeId: number,
  p: Placement,
  tileId: number | null = null,
): Reason | null {
  const ctx = forPiece(boardCtx, tileId);
  if (!Number.isInteger(p.orientation) || p.orientation < 0 || p.orientation > 7)
    return refuse('reason.orientationRange');
  if (!Number.isInteger(p.x) || !Number.isInteger(p.y)) return refuse('reason.positionWhole');
  const o = orientationsOf(shapeById(shapeId))[p.orientation] as Orientation;
  if (p.x < 0 || p.y < 0 || p.x + o.width > GRID || p.y + o.height > GRID)
    return refuse('reason.offGrid12', undefined, '§4.1');
  const cells = placementCells(shapeId, p);
  if (!fits(ctx, o, p.x, p.y)) {
    for (const c of cells) {
      const at = { x: cellX(c), y: cellY(c) };
      if (!ctx.geometry.isSquare[c]) return refuse('reason.notPlanetSquare', at, '§4.1');
      if (ctx.board.pieceAt[c] !== -1) return refuse('reason.covered', at, '§4.1');
    }
    return ctx.firstPiece
      ? ctx.firstRule.firstPieceRefusal('tile')
      : refuse('reason.mustTouch', undefined, '§4.4');
  }
  return restrictionFor(ctx, cells, laidTile(ctx, tileId));
}

// ---------------------------------------------------------------- event restrictions on tiles (§4.8)

const TILE_RULES = new Set(['tileMayNotTouchEdge', 'tileMayNotCoverIce', 'tileMayNotTouchMatchingTerrain']);

/** The round's rules that restrict where a tile may go (never patches, §4.8). */
export const tileRestrictions = (rules: readonly RoundRule[]): RoundRule[] =>
  rules.filter((r) => TILE_RULES.has(r.rule));

/**
 * Why the round's event forbids this tile on these cells, or null. "Matching terrain" is terrain as
 * §1.3 defines it: a bare square the planet counts as energy terrain (Petra's electric squares,
 * §8.1, R31) matches a tile's energy square like a laid one.
 */
export function eventRestrictionError(
  ctx: PlacementContext,
  tileId: number,
  cells: CellIndex[],
  rules: readonly RoundRule[],
): Reason | null {
  for (const r of rules) {
    if (r.rule === 'tileMayNotTouchEdge' && cells.some((c) => ctx.geometry.isEdge[c]))
      return refuse('reason.eventNoEdge', undefined, '§4.8');
    if (r.rule === 'tileMayNotCoverIce' && cells.some((c) => ctx.geometry.isIce[c]))
      return refuse('reason.eventNoIce', undefined, '§4.8');
    if (r.rule === 'tileMayNotTouchMatchingTerrain') {
      const tile = tileById(tileId);
      const terrainAt = areaTerrain(ctx.board);
      for (const [k, c] of cells.entries()) {
        const terrain = tile.cells[k]?.terrain;
        const x = cellX(c);
        const y = cellY(c);
        for (const [nx, ny] of [
          [x + 1, y],
          [x - 1, y],
          [x, y + 1],
          [x, y - 1],
        ] as const) {
          if (nx < 0 || ny < 0 || nx >= GRID || ny >= GRID) continue;
          const n = cellIndex(nx, ny);
          if (terrain === undefined || cells.includes(n) || terrainAt[n] !== terrain) continue;
          const values = { terrain, terrain2: terrain, x: nx, y: ny };
          return ctx.board.terrain[n] === terrain
            ? refuse('reason.eventNoMatching', values, '§4.8')
            : refuse('reason.eventNoMatchingBare', values, '§4.8');
        }
      }
    }
  }
  return null;
}

/** Legal placements of a given tile under the round's tile restrictions. */
export function legalTilePlacements(
  ctx: PlacementContext,
  tileId: number,
  rules: readonly RoundRule[] = [],
): Placement[] {
  const shape = tileById(tileId).shape;
  const all = legalPlacements(ctx, shape, tileId);
  if (rules.length === 0) return all;
  return all.filter((p) => eventRestrictionError(ctx, tileId, placementCells(shape, p), rules) === null);
}

export function canPlaceTile(
  ctx: PlacementContext,
  tileId: number,
  rules: readonly RoundRule[] = [],
): boolean {
  if (rules.length === 0) return canPlaceShape(ctx, tileById(tileId).shape, tileId);
  return legalTilePlacements(ctx, tileId, rules).length > 0;
}

/** Which restrictions R10 lifts for a player this turn (§4.8): the planet's, the round's event's, or both. */
export interface Waivers {
  planet: boolean;
  event: boolean;
}

const NO_WAIVER: Waivers = { planet: false, event: false };

/**
 * R10 per source, for a player offered these tiles: a restriction is lifted when with it no tile
 * could be placed and without it one could. When only their combination blocks, the event's is
 * lifted if that alone is enough, else the planet's, else both (§4.8, open point).
 */
export function restrictionWaivers(
  board: PlayerBoard,
  tileIds: readonly number[],
  eventRules: readonly RoundRule[],
): Waivers {
  const { planet } = boardRules(board);
  // The planet's restrictions (§4.8): its placement rule, and for the first piece its own first squares.
  const planetRestricts =
    planet.restriction !== undefined ||
    (board.pieces.length === 0 && planet.firstPieceRows !== basePlanetRules.firstPieceRows);
  if (eventRules.length === 0 && !planetRestricts) return NO_WAIVER;
  const anyFits = (ctx: PlacementContext, rules: readonly RoundRule[]) =>
    tileIds.some((t) => canPlaceTile(ctx, t, rules));
  const full = placementContext(board);
  if (anyFits(full, eventRules)) return NO_WAIVER;
  if (eventRules.length > 0 && anyFits(full, [])) return { planet: false, event: true };
  if (!planetRestricts) return NO_WAIVER;
  const lifted = placementContext(board, true);
  if (anyFits(lifted, eventRules)) return { planet: true, event: false };
  if (eventRules.length > 0 && anyFits(lifted, [])) return { planet: true, event: true };
  return NO_WAIVER;
}

/**
 * The one reason a spot is illegal for a tile, as the engine refuses it: the tile rules first
 * (§4.1–4.4, the planet's restriction), then the round's event restrictions (§4.8). Null exactly
 * when `legalTilePlacements` lists the spot (in any of the orientations that give the same cells).
 */
export function placementRefusal(
  ctx: PlacementContext,
  tileId: number,
  p: Placement,
  rules: readonly RoundRule[] = [],
): Reason | null {
  const shape = tileById(tileId).shape;
  return (
    placementError(ctx, shape, p, tileId) ??
    eventRestrictionError(ctx, tileId, placementCells(shape, p), rules)
  );
}

const PATCH: LaidPiece = { kind: 'patch' };

/** Squares where a biomass patch may go now (§5.9): bare planet squares, touching a piece unless lifted. */
export function legalPatchCells(boardCtx: PlacementContext, endOfGame = false): CellIndex[] {
  const ctx = forPiece(boardCtx, null);
  const hooks = ctx.hooks;
  const out: CellIndex[] = [];
  for (const c of ctx.geometry.squares) {
    const covered = ctx.board.pieceAt[c] !== -1;
    // Meteorites lie on tiles in the base game; a patch never covers one (§5.9, R14).
    const meteorite = ctx.board.meteorites.includes(c);
    if ((covered || meteorite) && !hooks.patchMayCover(c, endOfGame)) continue;
    const x = cellX(c);
    const y = cellY(c);
    if (ctx.touch !== null && !((ctx.touch[y] ?? 0) & (1 << x))) continue;
    if (restrictionFor(ctx, [c], PATCH) !== null) continue;
    out.push(c);
  }
  return out;
}

/** Why a patch may not go on (x, y), or null: the same conditions, in the same order, as legalPatchCells. */
export function patchError(
  boardCtx: PlacementContext,
  x: number,
  y: number,
  endOfGame = false,
): Reason | null {
  const ctx = forPiece(boardCtx, null);
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= GRID || y >= GRID)
    return refuse('reason.patchOffGrid');
  const c = cellIndex(x, y);
  if (!ctx.geometry.isSquare[c]) return refuse('reason.patchNotPlanet', { x, y });
  const lifted = ctx.hooks.patchMayCover(c, endOfGame);
  // The meteorite first: a corporation may let patches cover tiles but not their meteorites (R14).
  if (ctx.board.meteorites.includes(c) && !lifted) return refuse('reason.patchMeteorite', { x, y }, '§5.9');
  if (ctx.board.pieceAt[c] !== -1 && !lifted) return refuse('reason.patchCovered', { x, y });
  if (ctx.touch !== null && !((ctx.touch[y] ?? 0) & (1 << x)))
    return ctx.firstPiece
      ? ctx.firstRule.firstPieceRefusal('patch')
      : refuse('reason.patchMustTouch', undefined, '§5.9');
  return restrictionFor(ctx, [c], PATCH);
}
