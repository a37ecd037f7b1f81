/**
 * The placement rules read plainly, to check the engine against: §4.1–4.4 on each planet's real
 * grid, each planet's own rule (§8.1, R18) and the events' tile rules (§4.8) written from the
 * reference data (planets.json, tiles.json, corporations.json) square by square, and R10's waiver
 * per source with §4.8's open point. Nothing here asks the engine's legality module.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PlayerBoard, RoundRule, Terrain } from '../../game/core/types';

const REFERENCE = fileURLToPath(new URL('../../assets/reference/', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(`${REFERENCE}${file}`, 'utf8'));

type XY = [number, number];

interface PlanetEntry {
  id: string;
  grid: string[];
  initialPlacementCells: 'perimeter' | XY[];
  ringRows?: number[];
  quadrants?: { x: XY; y: XY; forbiddenResource: Terrain }[];
  sides?: string[];
  electricCells?: XY[];
}

interface TileEntry {
  id: number;
  cells: { x: number; y: number; terrain: Terrain; resource: boolean }[];
}

const planetsRef = read('planets.json') as {
  squareClasses: { ice: string; notSquares: string };
  planets: PlanetEntry[];
};
const tilesRef = read('tiles.json') as { tiles: TileEntry[] };
const tilesById = new Map(tilesRef.tiles.map((t) => [t.id, t]));
const corporationsRef = read('corporations.json') as {
  corporations: {
    id: string;
    techUnlock: { milestoneRows?: number[] };
    techs: { level: number; effect: string }[];
  }[];
};

const NOT_SQUARES = planetsRef.squareClasses.notSquares.split(' ');
const ICE = planetsRef.squareClasses.ice.split(' ');

/** One square a piece lays: where, its terrain, and the resource icon printed on it (null: none). */
export interface LaidCell {
  x: number;
  y: number;
  terrain: Terrain;
  icon: Terrain | null;
}

export interface LaidPiece {
  kind: 'tile' | 'patch';
  cells: LaidCell[];
}

/** A tile's eight orientations (some alike), each its cells in the tile's order, box at (0, 0). */
const orientations = new Map<number, LaidCell[][]>();

/**
 * Flip first (dx → −dx) for orientations 4–7, then turn clockwise a quarter `orientation % 4`
 * times (tiles.json `placementTransform`).
 */
function orientedTile(tileId: number): LaidCell[][] {
  let out = orientations.get(tileId);
  if (out) return out;
  const tile = tilesById.get(tileId);
  if (!tile) throw new Error(`No tile ${tileId} in tiles.json`);
  out = [];
  for (let orientation = 0; orientation < 8; orientation++) {
    const turned = tile.cells.map((c) => {
      let dx = orientation >= 4 ? -c.x : c.x;
      let dy = c.y;
      for (let k = 0; k < orientation % 4; k++) [dx, dy] = [-dy, dx];
      return { dx, dy, c };
    });
    const left = Math.min(...turned.map((t) => t.dx));
    const top = Math.min(...turned.map((t) => t.dy));
    out.push(
      turned.map(({ dx, dy, c }) => ({
        x: dx - left,
        y: dy - top,
        terrain: c.terrain,
        icon: c.resource ? c.terrain : null,
      })),
    );
  }
  orientations.set(tileId, out);
  return out;
}

/** A tile as an action names it: an orientation and its box's top-left corner on (x, y). */
export function laidTile(tileId: number, orientation: number, x: number, y: number): LaidPiece {
  const cells = orientedTile(tileId)[orientation];
  if (!cells) throw new Error(`No orientation ${orientation}`);
  return { kind: 'tile', cells: cells.map((c) => ({ ...c, x: x + c.x, y: y + c.y })) };
}

export const laidPatch = (x: number, y: number): LaidPiece => ({
  kind: 'patch',
  cells: [{ x, y, terrain: 'biomass', icon: null }],
});

/** A placement's covered squares in the tile's cell order, "x,y x,y …": a placement's identity. */
const placementKey = (piece: LaidPiece): string => piece.cells.map((c) => `${c.x},${c.y}`).join(' ');

const NEXT: XY[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** A planet face read from planets.json. */
class Planet {
  readonly entry: PlanetEntry;

  constructor(id: string) {
    const entry = planetsRef.planets.find((p) => p.id === id);
    if (!entry) throw new Error(`No planet ${id} in planets.json`);
    this.entry = entry;
  }

  letter(x: number, y: number): string {
    return x >= 0 && y >= 0 && x < 12 && y < 12 ? (this.entry.grid[y]?.[x] ?? '.') : '.';
  }

  isSquare(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < 12 && y < 12 && !NOT_SQUARES.includes(this.letter(x, y));
  }

  isIce(x: number, y: number): boolean {
    return ICE.includes(this.letter(x, y));
  }

  /** §4.2: a square with a neighbour off the grid or outside the planet ('.'); a hole ('H') is not that. */
  isEdge(x: number, y: number): boolean {
    return this.isSquare(x, y) && NEXT.some(([dx, dy]) => this.letter(x + dx, y + dy) === '.');
  }

  /** Charybdis names its own first squares (its vortex); every other face says "perimeter". */
  firstSquares(): XY[] | null {
    const cells = this.entry.initialPlacementCells;
    return cells === 'perimeter' ? null : cells;
  }
}

const planets = new Map<string, Planet>();
const planetOf = (id: string): Planet => {
  let p = planets.get(id);
  if (!p) planets.set(id, (p = new Planet(id)));
  return p;
};

const covered = (board: PlayerBoard, x: number, y: number) =>
  x >= 0 && y >= 0 && x < 12 && y < 12 && board.pieceAt[y * 12 + x] !== -1;

/** Universal Coalition's tech 1 (corporations.json): pieces need not touch another (§4.4). */
function adjacencyLifted(board: PlayerBoard): boolean {
  const corp = corporationsRef.corporations.find((c) => c.id === board.corporation);
  if (board.corporation !== 'universal-coalition' || !corp)
    throw new Error(`The plain reading knows the symmetric corporation only, not ${board.corporation}`);
  const k = corp.techs.findIndex((t) => t.effect === 'ignoreAdjacency');
  const row = corp.techUnlock.milestoneRows?.[k];
  return row !== undefined && board.trackers.tech.row >= row;
}

/** Would the tile slide in from off the grid, one square at a time, in one of the four directions (R18)? */
function slidesIn(board: PlayerBoard, piece: LaidPiece): boolean {
  return NEXT.some(([dx, dy]) => {
    for (let k = 1; ; k++) {
      const moved = piece.cells.map((c) => [c.x + dx * k, c.y + dy * k] as XY);
      if (moved.some(([x, y]) => covered(board, x, y))) return false;
      if (moved.every(([x, y]) => x < 0 || y < 0 || x >= 12 || y >= 12)) return true;
    }
  });
}

/**
 * Each planet's own placement rule as §8.1 words it, read from its layers (true: kept). The
 * Charybdis first piece is judged with the first-piece rule below.
 */
const PLANET_RULES: Record<string, (p: Planet, board: PlayerBoard, piece: LaidPiece) => boolean> = {
  // All land or all ice on the printed board; a patch always complies.
  'k-273': (p, _b, piece) =>
    piece.kind === 'patch' || new Set(piece.cells.map((c) => p.isIce(c.x, c.y))).size === 1,
  // No icon in the quadrant that forbids it; plain terrain and patches go anywhere.
  persephone: (p, _b, piece) =>
    piece.cells.every((c) => {
      const q = p.entry.quadrants?.find(
        (q) => c.x >= q.x[0] && c.x <= q.x[1] && c.y >= q.y[0] && c.y <= q.y[1],
      );
      return c.icon === null || q?.forbiddenResource !== c.icon;
    }),
  // A piece on the ring reaches off it too; so never a patch on the ring.
  arashi: (p, _b, piece) => {
    const onRing = piece.cells.map((c) => p.entry.ringRows?.includes(c.y) ?? false);
    return !onRing.includes(true) || onRing.includes(false);
  },
  // One side of the chasm only.
  tartarus: (p, _b, piece) => new Set(piece.cells.map((c) => p.entry.sides?.[c.y]?.[c.x])).size === 1,
  // Slides in straight from off the grid; patches and the first tile are exempt.
  pajitnov: (_p, board, piece) =>
    piece.kind === 'patch' || board.pieces.length === 0 || slidesIn(board, piece),
};

/** A square's terrain as "matching terrain" reads it (§1.3): a bare Petra electric square is energy (R31). */
function terrainAt(p: Planet, board: PlayerBoard, x: number, y: number): Terrain | null {
  const laid = board.terrain[y * 12 + x] ?? null;
  if (laid !== null || covered(board, x, y)) return laid;
  return p.entry.electricCells?.some(([ex, ey]) => ex === x && ey === y) ? 'energy' : null;
}

/** The three events' tile rules (§4.8, events.json); other round rules do not restrict tiles. */
function keepsEventRule(p: Planet, board: PlayerBoard, piece: LaidPiece, rule: RoundRule): boolean {
  switch (rule.rule) {
    case 'tileMayNotTouchEdge':
      return piece.cells.every((c) => !p.isEdge(c.x, c.y));
    case 'tileMayNotCoverIce':
      return piece.cells.every((c) => !p.isIce(c.x, c.y));
    case 'tileMayNotTouchMatchingTerrain':
      return piece.cells.every((c) =>
        NEXT.every(([dx, dy]) => {
          const [nx, ny] = [c.x + dx, c.y + dy];
          if (piece.cells.some((o) => o.x === nx && o.y === ny) || !p.isSquare(nx, ny)) return true;
          return terrainAt(p, board, nx, ny) !== c.terrain;
        }),
      );
    default:
      return true;
  }
}

export interface Lifted {
  /** R10 lifted the planet's restriction (for Charybdis, its first-piece rule: the edge rule returns). */
  planet?: boolean;
  /** The round's tile rules in force (none when R10 lifted them, and never for patches). */
  events?: readonly RoundRule[];
}

/** §4.1–4.4 and the restrictions in force: may this piece be laid on this board? */
export function plainlyLegal(board: PlayerBoard, piece: LaidPiece, lifted: Lifted = {}): boolean {
  const p = planetOf(board.planet);
  const cells = piece.cells;
  // On planet squares, none covered; a patch never on a meteorite (§5.9).
  if (!cells.every((c) => p.isSquare(c.x, c.y) && !covered(board, c.x, c.y))) return false;
  if (piece.kind === 'patch' && cells.some((c) => board.meteorites.includes(c.y * 12 + c.x))) return false;
  if (board.pieces.length === 0) {
    // §4.3: the edge; Charybdis's vortex instead, unless R10 lifted that for a tile.
    const vortex = p.firstSquares();
    const lift = piece.kind === 'tile' && lifted.planet;
    const touches =
      vortex && !lift
        ? cells.some((c) => vortex.some(([x, y]) => x === c.x && y === c.y))
        : cells.some((c) => p.isEdge(c.x, c.y));
    if (!touches) return false;
  } else if (!adjacencyLifted(board)) {
    const beside = cells.some((c) => NEXT.some(([dx, dy]) => covered(board, c.x + dx, c.y + dy)));
    if (!beside) return false;
  }
  const rule = PLANET_RULES[board.planet];
  if (rule && !(piece.kind === 'tile' && lifted.planet) && !rule(p, board, piece)) return false;
  if (piece.kind === 'patch') return true;
  return (lifted.events ?? []).every((r) => keepsEventRule(p, board, piece, r));
}

/** Every tile placement whose squares are bare planet squares, before the other rules are asked. */
function* onBareSquares(board: PlayerBoard, tileId: number): Generator<LaidPiece> {
  const p = planetOf(board.planet);
  for (const cells of orientedTile(tileId))
    for (let y = 0; y < 12; y++)
      for (let x = 0; x < 12; x++)
        if (cells.every((c) => p.isSquare(x + c.x, y + c.y) && !covered(board, x + c.x, y + c.y)))
          yield { kind: 'tile', cells: cells.map((c) => ({ ...c, x: x + c.x, y: y + c.y })) };
}

/** Every legal placement of a tile, as placement keys. */
export function plainPlacements(board: PlayerBoard, tileId: number, lifted: Lifted = {}): Set<string> {
  const out = new Set<string>();
  for (const piece of onBareSquares(board, tileId))
    if (plainlyLegal(board, piece, lifted)) out.add(placementKey(piece));
  return out;
}

/** Whether the tile has a legal placement at all. */
export function plainlyFits(board: PlayerBoard, tileId: number, lifted: Lifted = {}): boolean {
  for (const piece of onBareSquares(board, tileId)) if (plainlyLegal(board, piece, lifted)) return true;
  return false;
}

export interface Waived {
  planet: boolean;
  event: boolean;
}

/**
 * R10 per source for a player offered these tiles (§4.8): a restriction is lifted when with it no
 * tile fits and without it one does; when only both together block, the event's goes first if that
 * is enough, else the planet's, else both (§4.8, open point). None when nothing would fit anyway.
 */
export function plainWaivers(
  board: PlayerBoard,
  offer: readonly number[],
  events: readonly RoundRule[],
): Waived {
  const fits = (planet: boolean, lifted: readonly RoundRule[]) =>
    offer.some((t) => plainlyFits(board, t, { planet, events: lifted }));
  if (fits(false, events)) return { planet: false, event: false };
  if (events.length > 0 && fits(false, [])) return { planet: false, event: true };
  if (fits(true, events)) return { planet: true, event: false };
  if (events.length > 0 && fits(true, [])) return { planet: true, event: true };
  return { planet: false, event: false };
}
