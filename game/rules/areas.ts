/**
 * Terrain areas and resource-icon counts on a planet (RULES §5.12, objectives.json definitions).
 *
 * A terrain area is a maximal set of covered squares of one terrain linked orthogonally, across
 * any number of tiles and patches. The flood fills share module-level scratch buffers so that bots
 * and the energy rule can call them in tight loops without allocating.
 */
import { CELLS, GRID, type CellIndex, type PlayerBoard, type Terrain } from '../core/types';
import { planetById } from '../data';
import { planetRules } from '../content/planets';
import { planetGeometry } from './board';
import { present } from '../core/present';

const energyLikeByPlanet = new Map<string, readonly CellIndex[]>();

/**
 * The terrain each cell counts as for areas: the board's own, with the planet's energy-like squares
 * that are still bare counted as energy (Petra's electric squares, §8.1, R31). The board's own
 * array when the planet has none, so the symmetric planet pays nothing.
 */
export function areaTerrain(board: PlayerBoard): readonly (Terrain | null)[] {
  let energyLike = energyLikeByPlanet.get(board.planet);
  if (!energyLike) {
    energyLike = planetRules(board.planet).energyLikeSquares(planetGeometry(planetById(board.planet)));
    energyLikeByPlanet.set(board.planet, energyLike);
  }
  if (energyLike.length === 0) return board.terrain;
  const terrain = board.terrain.slice();
  // A bare square has no terrain; the test reads terrain, not pieces, so a tile laid over a copy counts.
  for (const c of energyLike) if (terrain[c] === null) terrain[c] = 'energy';
  return terrain;
}

// A cell is visited when its stamp equals the current pass's stamp, so no clearing is needed.
const visited = new Uint32Array(CELLS);
let pass = 0;
const stack = new Int32Array(CELLS);
const rowMask = new Int32Array(GRID);

function nextPass(): number {
  pass++;
  if (pass === 0xffffffff) {
    visited.fill(0);
    pass = 1;
  }
  return pass;
}

/**
 * Flood-fills the area of `terrain` containing `start` (already known to hold that terrain),
 * marking it with `mark`. Appends its cells to `out` when given; returns its size.
 */
function fill(
  terrainAt: readonly (Terrain | null)[],
  start: CellIndex,
  terrain: Terrain,
  mark: number,
  out: CellIndex[] | null,
): number {
  let top = 0;
  let size = 0;
  visited[start] = mark;
  stack[top++] = start;
  while (top > 0) {
    const i = present(stack[--top], 'cell on the fill stack'); // top > 0
    size++;
    if (out) out.push(i);
    const x = i % GRID;
    if (x > 0 && visited[i - 1] !== mark && terrainAt[i - 1] === terrain) {
      visited[i - 1] = mark;
      stack[top++] = i - 1;
    }
    if (x < GRID - 1 && visited[i + 1] !== mark && terrainAt[i + 1] === terrain) {
      visited[i + 1] = mark;
      stack[top++] = i + 1;
    }
    if (i >= GRID && visited[i - GRID] !== mark && terrainAt[i - GRID] === terrain) {
      visited[i - GRID] = mark;
      stack[top++] = i - GRID;
    }
    if (i < CELLS - GRID && visited[i + GRID] !== mark && terrainAt[i + GRID] === terrain) {
      visited[i + GRID] = mark;
      stack[top++] = i + GRID;
    }
  }
  return size;
}

/** The terrain area containing `cell`, in ascending order; empty when the cell is bare. */
export function areaContaining(board: PlayerBoard, cell: CellIndex): CellIndex[] {
  const terrainAt = areaTerrain(board);
  const terrain = terrainAt[cell];
  if (terrain == null) return [];
  const cells: CellIndex[] = [];
  fill(terrainAt, cell, terrain, nextPass(), cells);
  return cells.sort((a, b) => a - b);
}

/** Size of the terrain area containing `cell` (0 when bare), without building the cell list. */
export function areaSizeContaining(board: PlayerBoard, cell: CellIndex): number {
  const terrainAt = areaTerrain(board);
  const terrain = terrainAt[cell];
  if (terrain == null) return 0;
  return fill(terrainAt, cell, terrain, nextPass(), null);
}

/** Size in squares of the largest area of `terrain`, 0 if there is none. */
export function largestArea(board: PlayerBoard, terrain: Terrain): number {
  const mark = nextPass();
  const terrainAt = areaTerrain(board);
  let best = 0;
  for (let i = 0; i < CELLS; i++) {
    if (terrainAt[i] !== terrain || visited[i] === mark) continue;
    const size = fill(terrainAt, i, terrain, mark, null);
    if (size > best) best = size;
  }
  return best;
}

/** Number of separate areas of `terrain`. */
export function areaCount(board: PlayerBoard, terrain: Terrain): number {
  const mark = nextPass();
  const terrainAt = areaTerrain(board);
  let count = 0;
  for (let i = 0; i < CELLS; i++) {
    if (terrainAt[i] !== terrain || visited[i] === mark) continue;
    fill(terrainAt, i, terrain, mark, null);
    count++;
  }
  return count;
}

/** Resource icons of type `terrain` printed on the given cells. */
export function iconsInCells(board: PlayerBoard, cells: readonly CellIndex[], terrain: Terrain): number {
  let n = 0;
  for (const i of cells) if (board.icon[i] === terrain) n++;
  return n;
}

// One area's cells at a time, reused: the bots ask this per candidate placement.
const areaCells: CellIndex[] = [];

/** The most icons of type `terrain` held by a single area of that same terrain. */
export function mostIconsInOneArea(board: PlayerBoard, terrain: Terrain): number {
  const mark = nextPass();
  const terrainAt = areaTerrain(board);
  let best = 0;
  for (let i = 0; i < CELLS; i++) {
    if (terrainAt[i] !== terrain || visited[i] === mark) continue;
    areaCells.length = 0;
    fill(terrainAt, i, terrain, mark, areaCells);
    const n = iconsInCells(board, areaCells, terrain);
    if (n > best) best = n;
  }
  return best;
}

/** Whether some `width`×`height` block of cells (x across, y down) is all `terrain`. */
function hasBlock(width: number, height: number): boolean {
  if (width < 1 || height < 1 || width > GRID || height > GRID) return false;
  for (let y0 = 0; y0 + height <= GRID; y0++) {
    let rows = (1 << GRID) - 1;
    for (let y = y0; y < y0 + height && rows !== 0; y++) rows &= rowMask[y] ?? 0;
    // Keep bit x only where columns x .. x+width-1 are all set.
    let run = rows;
    for (let k = 1; k < width && run !== 0; k++) run &= rows >> k;
    if (run !== 0) return true;
  }
  return false;
}

/**
 * Whether the planet holds a solid `w`×`h` rectangle (w columns, h rows) of `terrain`, or,
 * with `eitherOrientation`, an `h`×`w` one. Larger areas qualify if they contain one.
 */
export function hasTerrainRectangle(
  board: PlayerBoard,
  terrain: Terrain,
  w: number,
  h: number,
  eitherOrientation: boolean,
): boolean {
  const terrainAt = areaTerrain(board);
  for (let y = 0; y < GRID; y++) {
    let mask = 0;
    for (let x = 0; x < GRID; x++) if (terrainAt[y * GRID + x] === terrain) mask |= 1 << x;
    rowMask[y] = mask;
  }
  return hasBlock(w, h) || (eitherOrientation && w !== h && hasBlock(h, w));
}

/** Resource icons of type `terrain` on edge squares. Any `isEdge` layer may be given (R16). */
export function resourceIconsOnEdge(
  board: PlayerBoard,
  geometry: { readonly isEdge: readonly boolean[] },
  terrain: Terrain,
): number {
  let n = 0;
  for (let i = 0; i < CELLS; i++) if (geometry.isEdge[i] && board.icon[i] === terrain) n++;
  return n;
}

/** Resource icons of type `terrain` anywhere on the planet. */
export function resourceIconsOnPlanet(board: PlayerBoard, terrain: Terrain): number {
  let n = 0;
  for (let i = 0; i < CELLS; i++) if (board.icon[i] === terrain) n++;
  return n;
}
