/** Sizes of the drawn planet and the mapping from pointer positions to grid squares. */
import { GRID } from '../../game';

export interface PlanetLayout {
  cell: number;
  /** Left and top margin before column and row 0. */
  pad: number;
  width: number;
  height: number;
}

export function planetLayout(cell: number): PlanetLayout {
  const pad = Math.round(cell * 0.3);
  // The strip right of and below the grid holds the ticks of completed rows and columns.
  const size = pad + GRID * cell + Math.round(cell * 0.9);
  return { cell, pad, width: size, height: size };
}

/** The square under a point given in the canvas's own (unscaled) coordinates, or null off the grid. */
export function cellAt(layout: PlanetLayout, px: number, py: number): { x: number; y: number } | null {
  const x = Math.floor((px - layout.pad) / layout.cell);
  const y = Math.floor((py - layout.pad) / layout.cell);
  return x >= 0 && y >= 0 && x < GRID && y < GRID ? { x, y } : null;
}
