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
