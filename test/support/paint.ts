/**
 * Builds hand-made boards for rules tests: covers cells with a terrain as one tile-like piece
 * (or one patch per cell), keeping `terrain`, `icon`, `pieceAt`, `pieces` and `lifepods` consistent.
 */
import type { CellIndex, PlayerBoard, Terrain } from '../../game/core/types';
import { cellIndex, cellX, cellY } from '../../game/rules/board';

export type Cell = [x: number, y: number];

export interface PaintOptions {
  /** Cells (among those painted) that carry a resource icon of the painted terrain. */
  icons?: Cell[];
  /** 'patch' paints one biomass-patch-like piece per cell instead of one tile-like piece. */
  as?: 'tile' | 'patch';
}

export function paint(
  board: PlayerBoard,
  cells: Cell[],
  terrain: Terrain,
  options: PaintOptions = {},
): PlayerBoard {
  const indices = cells.map(([x, y]) => cellIndex(x, y));
  for (const i of indices) {
    if (board.pieceAt[i] !== -1) throw new Error(`paint: cell ${i} is already covered`);
  }
  const groups: CellIndex[][] = options.as === 'patch' ? indices.map((i) => [i]) : [indices];
  for (const group of groups) {
    const piece = board.pieces.length;
    const first = group[0] ?? 0;
    board.pieces.push(
      options.as === 'patch'
        ? { kind: 'patch', cells: group, round: 1 }
        : {
            kind: 'tile',
            tileId: -1,
            cells: group,
            orientation: 0,
            x: cellX(first),
            y: cellY(first),
            round: 1,
          },
    );
    for (const i of group) {
      board.terrain[i] = terrain;
      board.pieceAt[i] = piece;
    }
  }
  for (const [x, y] of options.icons ?? []) {
    const i = cellIndex(x, y);
    if (!indices.includes(i)) throw new Error(`paint: icon (${x},${y}) is not on a painted cell`);
    board.icon[i] = terrain;
  }
  // Covering a lifepod destroys it (§4.5).
  board.lifepods = board.lifepods.filter((i) => !indices.includes(i));
  return board;
}

/** The cells of a w×h block whose top-left cell is (x0, y0). */
export function block(x0: number, y0: number, w: number, h: number): Cell[] {
  const cells: Cell[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([x, y]);
  return cells;
}
