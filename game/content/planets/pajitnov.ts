/**
 * Pajitnov (§8.1, R18): a tile must slide in a straight line, in its final orientation, from outside
 * the grid to its place without crossing a placed tile or patch; lifepods and rovers do not block,
 * patches are exempt, the first tile follows the edge rule. If neither depot tile can slide in, one
 * is placed normally: the restriction is lifted like any planet restriction (§4.8).
 */
import { GRID, type PlayerBoard } from '../../core/types';
import { refuse } from '../../core/messages';
import { cellX, cellY, coveredRows } from '../../rules/board';
import type { PlanetRules } from '../planets';

const FULL_ROW = (1 << GRID) - 1;

/**
 * Per row, the cells a tile cell would cross sliding in from each side: covered cells above,
 * below, left and right of it. One sweep of the covered masks per board state.
 */
interface Sweep {
  pieces: number;
  above: number[];
  below: number[];
  left: number[];
  right: number[];
}

const sweeps = new WeakMap<PlayerBoard, Sweep>();

function sweepOf(board: PlayerBoard): Sweep {
  const known = sweeps.get(board);
  if (known && known.pieces === board.pieces.length) return known;
  const covered = coveredRows(board);
  const above = new Array<number>(GRID).fill(0);
  const below = new Array<number>(GRID).fill(0);
  // Rows outside the grid are empty.
  for (let y = 1; y < GRID; y++) above[y] = (above[y - 1] ?? 0) | (covered[y - 1] ?? 0);
  for (let y = GRID - 2; y >= 0; y--) below[y] = (below[y + 1] ?? 0) | (covered[y + 1] ?? 0);
  const left = covered.map((c) => {
    // Bit x set when some covered cell lies at a smaller x in the row.
    let m = c << 1;
    for (let k = 1; k < GRID; k <<= 1) m |= m << k;
    return m & FULL_ROW;
  });
  const right = covered.map((c) => {
    let m = c >> 1;
    for (let k = 1; k < GRID; k <<= 1) m |= m >> k;
    return m;
  });
  const sweep = { pieces: board.pieces.length, above, below, left, right };
  sweeps.set(board, sweep);
  return sweep;
}

export const pajitnovRules: Partial<PlanetRules> = {
  waiverRule: 'R18',
  restriction(_geometry, board, cells, piece) {
    if (piece.kind === 'patch' || board.pieces.length === 0) return null;
    const s = sweepOf(board);
    for (const side of [s.above, s.below, s.left, s.right]) {
      if (cells.every((c) => !((side[cellY(c)] ?? 0) & (1 << cellX(c))))) return null;
    }
    return refuse('reason.planetMustSlide', undefined, 'R18');
  },
};
