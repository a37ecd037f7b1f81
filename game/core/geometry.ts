/**
 * Tile orientations (R21): up to 8 per shape, precomputed once with per-row bit masks so that
 * legality checks are a few integer operations per position.
 */
import type { ShapeData, XY } from '../data/types';

export const ORIENTATIONS = 8;

export interface Orientation {
  /** 0–3: quarter turns clockwise; 4–7: flipped, then turned (orientation − 4) quarter turns. */
  index: number;
  /** Oriented positions of the shape's cells, in the shape's cell order, normalised to (0, 0). */
  cells: XY[];
  width: number;
  height: number;
  /** Bit x of rowMasks[r] is set when the oriented shape covers (x, r) of its bounding box. */
  rowMasks: number[];
  /** The lowest orientation index giving the same placement of every cell (same footprint and art). */
  canonical: number;
}

/** Flip first (dx → −dx), then rotate quarter turns clockwise on screen (y down), as tiles.json describes. */
export function orientCell([x, y]: XY, orientation: number): XY {
  let dx = orientation >= 4 ? -x : x;
  let dy = y;
  for (let r = 0; r < orientation % 4; r++) {
    const nx = -dy;
    const ny = dx;
    dx = nx;
    dy = ny;
  }
  return [dx, dy];
}

function buildOrientations(shape: ShapeData): Orientation[] {
  const out: Orientation[] = [];
  const seen = new Map<string, number>();
  for (let o = 0; o < ORIENTATIONS; o++) {
    const raw = shape.cells.map((c) => orientCell(c, o));
    const minX = Math.min(...raw.map((c) => c[0]));
    const minY = Math.min(...raw.map((c) => c[1]));
    const cells = raw.map(([x, y]) => [x - minX, y - minY] as XY);
    const width = Math.max(...cells.map((c) => c[0])) + 1;
    const height = Math.max(...cells.map((c) => c[1])) + 1;
    const rowMasks = new Array<number>(height).fill(0);
    for (const [x, y] of cells) rowMasks[y] = (rowMasks[y] ?? 0) | (1 << x);
    const key = cells.map((c) => c.join(',')).join(';');
    const canonical = seen.get(key) ?? o;
    if (!seen.has(key)) seen.set(key, o);
    out.push({ index: o, cells, width, height, rowMasks, canonical });
  }
  return out;
}

const cache = new Map<number, Orientation[]>();

/** All 8 orientations of a shape; use `canonical === index` to visit each distinct one once. */
export function orientationsOf(shape: ShapeData): Orientation[] {
  let o = cache.get(shape.id);
  if (!o) {
    o = buildOrientations(shape);
    cache.set(shape.id, o);
  }
  return o;
}
