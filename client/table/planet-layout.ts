/** Sizes of the drawn planet and the mapping from pointer positions to grid squares. */
import { GRID, type CellIndex, type PlayerBoard } from '../../game/core/types';
import type { PlanetGeometry } from '../../game/rules/board';

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

/** Rows and columns whose every planet square is covered (§6.3 scores them). */
export function completeLines(
  board: PlayerBoard,
  geometry: PlanetGeometry,
): { rows: number[]; columns: number[] } {
  const rows: number[] = [];
  const columns: number[] = [];
  const full = (cells: CellIndex[]) => {
    const squares = cells.filter((c) => geometry.isSquare[c]);
    return squares.length > 0 && squares.every((c) => board.pieceAt[c] !== -1);
  };
  for (let i = 0; i < GRID; i++) {
    if (full(Array.from({ length: GRID }, (_, x) => i * GRID + x))) rows.push(i);
    if (full(Array.from({ length: GRID }, (_, y) => y * GRID + i))) columns.push(i);
  }
  return { rows, columns };
}
