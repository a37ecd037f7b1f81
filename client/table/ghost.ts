/**
 * The ghost tile being placed: an orientation (0–7) and the top-left corner of its bounding box.
 * Pure functions so the keyboard, the buttons, the pointer and the tests share one behaviour; the
 * ghost always stays on the 12×12 grid, and legality is asked of the engine, never decided here.
 */
import { GRID, orientationsOf, shapeById, tileById } from '../../game';

export interface Ghost {
  orientation: number;
  x: number;
  y: number;
}

/** Turning the picture a quarter clockwise keeps the flip (orientation = flip × 4 + turns). */
export const rotateCW = (o: number): number => (o >= 4 ? 4 : 0) + (((o % 4) + 1) % 4);
export const rotateCCW = (o: number): number => (o >= 4 ? 4 : 0) + (((o % 4) + 3) % 4);
/** Mirroring the picture left–right: flip toggles and the turn reverses. */
export const flipOrientation = (o: number): number => (o >= 4 ? 0 : 4) + ((4 - (o % 4)) % 4);

/** Width and height of a tile's bounding box in one orientation. */
export function ghostSize(tileId: number, orientation: number): { width: number; height: number } {
  const o = orientationsOf(shapeById(tileById(tileId).shape))[orientation];
  return o ? { width: o.width, height: o.height } : { width: 1, height: 1 };
}

const clampTo = (v: number, max: number): number => Math.max(0, Math.min(max, Math.round(v)));

/** The same ghost moved back inside the grid if its tile would stick out. */
export function clampGhost(tileId: number, g: Ghost): Ghost {
  const orientation = ((Math.round(g.orientation) % 8) + 8) % 8;
  const { width, height } = ghostSize(tileId, orientation);
  return { orientation, x: clampTo(g.x, GRID - width), y: clampTo(g.y, GRID - height) };
}

export const rotateGhost = (tileId: number, g: Ghost, direction: 1 | -1): Ghost =>
  clampGhost(tileId, {
    ...g,
    orientation: direction === 1 ? rotateCW(g.orientation) : rotateCCW(g.orientation),
  });

export const flipGhost = (tileId: number, g: Ghost): Ghost =>
  clampGhost(tileId, { ...g, orientation: flipOrientation(g.orientation) });

export const nudgeGhost = (tileId: number, g: Ghost, dx: number, dy: number): Ghost =>
  clampGhost(tileId, { ...g, x: g.x + dx, y: g.y + dy });

export const moveGhostTo = (tileId: number, g: Ghost, x: number, y: number): Ghost =>
  clampGhost(tileId, { ...g, x, y });

/** Grid cells covered by the ghost: [x, y] pairs and, per cell, the index into the tile's cells. */
export function ghostCells(tileId: number, g: Ghost): { x: number; y: number; k: number }[] {
  const o = orientationsOf(shapeById(tileById(tileId).shape))[g.orientation];
  if (!o) return [];
  return o.cells.map(([dx, dy], k) => ({ x: g.x + dx, y: g.y + dy, k }));
}

/**
 * The square of the tile a pointer holds it by, as an offset from its bounding box's corner: the
 * tile's own square nearest the box's centre, so the pointer sits on the tile, never on a gap.
 */
export function grabOffset(tileId: number, orientation: number): { dx: number; dy: number } {
  const o = orientationsOf(shapeById(tileById(tileId).shape))[orientation];
  if (!o) return { dx: 0, dy: 0 };
  const mx = (o.width - 1) / 2;
  const my = (o.height - 1) / 2;
  let best: readonly [number, number] = o.cells[0] ?? [0, 0];
  for (const c of o.cells)
    if (Math.hypot(c[0] - mx, c[1] - my) < Math.hypot(best[0] - mx, best[1] - my)) best = c;
  return { dx: best[0], dy: best[1] };
}

/**
 * The ghost moved so that it covers the square (x, y): held by its grab square, or near the grid's
 * edge by the covering square nearest it, so the square under the pointer is always under the tile.
 */
export function ghostUnder(tileId: number, g: Ghost, x: number, y: number): Ghost {
  const o = orientationsOf(shapeById(tileById(tileId).shape))[g.orientation];
  if (!o) return moveGhostTo(tileId, g, x, y);
  const grab = grabOffset(tileId, g.orientation);
  const fitting = o.cells
    .map(([dx, dy]) => ({ dx, dy, x: x - dx, y: y - dy }))
    .filter((c) => c.x >= 0 && c.y >= 0 && c.x + o.width <= GRID && c.y + o.height <= GRID);
  fitting.sort(
    (a, b) => Math.hypot(a.dx - grab.dx, a.dy - grab.dy) - Math.hypot(b.dx - grab.dx, b.dy - grab.dy),
  );
  const best = fitting[0];
  return best ? { orientation: g.orientation, x: best.x, y: best.y } : moveGhostTo(tileId, g, x, y);
}

/** The squares to point at for each legal corner: the grab square of the tile placed there. */
export function grabSquares(tileId: number, orientation: number, corners: Iterable<number>): number[] {
  const { dx, dy } = grabOffset(tileId, orientation);
  return [...corners].map((c) => c + dy * GRID + dx);
}

/** Whether the ghost covers the square (x, y). */
export const ghostCovers = (tileId: number, g: Ghost, x: number, y: number): boolean =>
  ghostCells(tileId, g).some((c) => c.x === x && c.y === y);

export type GhostKeyCommand =
  | { kind: 'rotate'; direction: 1 | -1 }
  | { kind: 'flip' }
  | { kind: 'nudge'; dx: number; dy: number }
  | { kind: 'confirm' };

/** What a key does to the ghost (R / Shift+R rotate, F flips, arrows nudge, Enter confirms), or null. */
export function ghostKeyCommand(key: string, shift = false): GhostKeyCommand | null {
  switch (key) {
    case 'r':
    case 'R':
      return { kind: 'rotate', direction: shift || key === 'R' ? -1 : 1 };
    case 'f':
    case 'F':
      return { kind: 'flip' };
    case 'ArrowLeft':
      return { kind: 'nudge', dx: -1, dy: 0 };
    case 'ArrowRight':
      return { kind: 'nudge', dx: 1, dy: 0 };
    case 'ArrowUp':
      return { kind: 'nudge', dx: 0, dy: -1 };
    case 'ArrowDown':
      return { kind: 'nudge', dx: 0, dy: 1 };
    case 'Enter':
      return { kind: 'confirm' };
    default:
      return null;
  }
}
