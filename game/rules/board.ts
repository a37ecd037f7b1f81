/** Planet grids and player boards: creating them and reading their cells (RULES §1.3, §2.1). */
import type { CorporationData, PlanetData } from '../data/types';
import {
  CELLS as CELL_COUNT,
  GRID as GRID_SIZE,
  TRACKS,
  type CellIndex,
  type CorporationState,
  type PlacedPiece,
  type PlayerBoard,
  type RoverState,
  type Track,
} from '../core/types';

// Module-local copies: these are read in the engine's innermost loops.
const GRID = GRID_SIZE;
const CELLS = CELL_COUNT;

export const cellIndex = (x: number, y: number): CellIndex => y * GRID + x;
export const cellX = (i: CellIndex): number => i % GRID;
export const cellY = (i: CellIndex): number => Math.floor(i / GRID);
export const onGrid = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < GRID && y < GRID;

/** Orthogonal neighbours of a cell that lie on the 12×12 grid. */
export function gridNeighbours(i: CellIndex): CellIndex[] {
  const x = cellX(i);
  const y = cellY(i);
  const out: CellIndex[] = [];
  if (x > 0) out.push(i - 1);
  if (x < GRID - 1) out.push(i + 1);
  if (y > 0) out.push(i - GRID);
  if (y < GRID - 1) out.push(i + GRID);
  return out;
}

const LAND = new Set(['L', 'P', 'R', 'V', 'G', 'T', 'E', 'F']);
const ICE = new Set(['I', 'Q']);

/** Facts about a planet face derived once from its data. */
export interface PlanetGeometry {
  planet: PlanetData;
  /** A planet square (land or ice) at each cell. */
  isSquare: boolean[];
  isIce: boolean[];
  isEdge: boolean[];
  /** Per row, a 12-bit mask of cells that are NOT planet squares (bit x = column x). */
  blockedRows: number[];
  /** Per row, a 12-bit mask of edge squares. */
  edgeRows: number[];
  squares: CellIndex[];
}

const geometryCache = new Map<string, PlanetGeometry>();

export function planetGeometry(planet: PlanetData): PlanetGeometry {
  const cached = geometryCache.get(planet.id);
  if (cached) return cached;
  const isSquare: boolean[] = new Array<boolean>(CELLS).fill(false);
  const isIce: boolean[] = new Array<boolean>(CELLS).fill(false);
  const isEdge: boolean[] = new Array<boolean>(CELLS).fill(false);
  const blockedRows: number[] = new Array<number>(GRID).fill(0);
  const edgeRows: number[] = new Array<number>(GRID).fill(0);
  const squares: CellIndex[] = [];
  for (let y = 0; y < GRID; y++) {
    const row = planet.grid[y] ?? '';
    for (let x = 0; x < GRID; x++) {
      const ch = row[x] ?? '.';
      const i = cellIndex(x, y);
      if (LAND.has(ch) || ICE.has(ch)) {
        isSquare[i] = true;
        squares.push(i);
      } else {
        blockedRows[y] = (blockedRows[y] ?? 0) | (1 << x);
      }
      if (ICE.has(ch)) isIce[i] = true;
    }
  }
  // The data lists edge squares as the rules enforce them (§4.2, R17).
  for (const [x, y] of planet.perimeterCells) {
    isEdge[cellIndex(x, y)] = true;
    edgeRows[y] = (edgeRows[y] ?? 0) | (1 << x);
  }
  const geometry: PlanetGeometry = { planet, isSquare, isIce, isEdge, blockedRows, edgeRows, squares };
  geometryCache.set(planet.id, geometry);
  return geometry;
}

/** A fresh board at setup: trackers on level 0, rovers in the bay, printed lifepods (§2.1). */
export function createBoard(planet: PlanetData, corporation: CorporationData): PlayerBoard {
  const trackers = {} as Record<Track, { col: Track; row: number }>;
  for (const t of TRACKS) trackers[t] = { col: t, row: 0 };
  return {
    planet: planet.id,
    corporation: corporation.id,
    terrain: new Array(CELLS).fill(null),
    icon: new Array(CELLS).fill(null),
    pieceAt: new Array<number>(CELLS).fill(-1),
    pieces: [],
    lifepods: planet.lifepodCells.map(([x, y]) => cellIndex(x, y)).sort((a, b) => a - b),
    meteorites: [],
    rovers: Array.from({ length: corporation.roverCount }, (_, id) => ({ id, cell: null, destroyed: false })),
    trackers,
    collected: { lifepods: 0, meteorites: 0 },
    storedPatches: 0,
    civCards: [],
    lastTile: null,
    corp: newCorporationState(),
  };
}

export const newCorporationState = (): CorporationState => ({
  usedThisRound: [],
  usedThisGame: [],
  parkedLifepods: [],
  fluxTrack: null,
  carrying: [],
});

/**
 * After a rover is destroyed or a meteorite leaves the planet, a rover keeps carrying only while it
 * stands on the planet over a meteorite no earlier carrier holds (Horizon Group, §8.2).
 */
export function settleCarriedMeteorites(b: PlayerBoard): void {
  if (b.corp.carrying.length === 0) return;
  const left = b.meteorites.slice();
  b.corp.carrying = b.corp.carrying.filter((id) => {
    const cell = b.rovers.find((r) => r.id === id)?.cell ?? null;
    const at = cell === null ? -1 : left.indexOf(cell);
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
}

/** Per row, a 12-bit mask of covered cells. */
export function coveredRows(board: PlayerBoard): number[] {
  const rows = new Array<number>(GRID);
  const pieceAt = board.pieceAt;
  for (let y = 0, i = 0; y < GRID; y++) {
    let row = 0;
    for (let x = 0; x < GRID; x++, i++) if (pieceAt[i] !== -1) row |= 1 << x;
    rows[y] = row;
  }
  return rows;
}

/**
 * Planet squares left bare (R23 tie-break), not counting bare squares that count as covered at the
 * end (Petra's electric squares, R31).
 */
export function uncoveredSquares(
  board: PlayerBoard,
  geometry: PlanetGeometry,
  countAsCovered: readonly CellIndex[] = [],
): number {
  let n = 0;
  for (const i of geometry.squares) if (board.pieceAt[i] === -1) n++;
  for (const i of countAsCovered) if (board.pieceAt[i] === -1) n--;
  return n;
}

// Field by field, in the order pieces are made in: a spread per piece was the slowest part of a copy.
const clonePiece = (p: PlacedPiece): PlacedPiece =>
  p.kind === 'tile'
    ? {
        kind: 'tile',
        tileId: p.tileId,
        cells: p.cells.slice(),
        orientation: p.orientation,
        x: p.x,
        y: p.y,
        round: p.round,
      }
    : { kind: 'patch', cells: p.cells.slice(), round: p.round };

/** A deep copy, written out because drafts copy boards on hot paths. */
export function cloneBoard(b: PlayerBoard): PlayerBoard {
  return {
    planet: b.planet,
    corporation: b.corporation,
    terrain: b.terrain.slice(),
    icon: b.icon.slice(),
    pieceAt: b.pieceAt.slice(),
    pieces: b.pieces.map(clonePiece),
    lifepods: b.lifepods.slice(),
    meteorites: b.meteorites.slice(),
    rovers: b.rovers.map((r) => ({ ...r })),
    trackers: {
      civ: { ...b.trackers.civ },
      water: { ...b.trackers.water },
      biomass: { ...b.trackers.biomass },
      rover: { ...b.trackers.rover },
      tech: { ...b.trackers.tech },
    },
    collected: { ...b.collected },
    storedPatches: b.storedPatches,
    civCards: b.civCards.map((c) => ({ ...c })),
    lastTile: b.lastTile,
    corp: {
      usedThisRound: b.corp.usedThisRound.slice(),
      usedThisGame: b.corp.usedThisGame.slice(),
      parkedLifepods: b.corp.parkedLifepods.slice(),
      fluxTrack: b.corp.fluxTrack,
      carrying: b.corp.carrying.slice(),
    },
  };
}

/** A rover still waiting in the bay (not yet on the planet, not destroyed), if any (§5.10.1). */
export const roverInBay = (board: PlayerBoard): PlayerBoard['rovers'][number] | undefined =>
  board.rovers.find((r) => r.cell === null && !r.destroyed);

/** The rover with this id, which the caller knows is on the board (a listed choice named it). */
export function roverById(board: PlayerBoard, id: number): RoverState {
  const rover = board.rovers.find((r) => r.id === id);
  if (!rover) throw new Error(`Rules invariant broken: no rover ${id} on the board.`);
  return rover;
}
