/** Squares no tile can fill: the fewest squares of a small enclosed region that must stay bare. */
import { GRID } from '../../core/types';
import { orientationsOf } from '../../core/geometry';
import { SHAPES } from '../../data';

const fillCache = new Map<string, number>();

/**
 * The fewest squares of a small enclosed region that must stay bare, whatever tiles of the
 * available shapes go in (an exact search; regions of at most 5 squares).
 */
export function deadSquares(cells: number[], shapeMask: number): number {
  let minX = GRID;
  let minY = GRID;
  for (const c of cells) {
    minX = Math.min(minX, c % GRID);
    minY = Math.min(minY, Math.floor(c / GRID));
  }
  const rows = [0, 0, 0, 0, 0, 0];
  for (const c of cells) {
    const y = Math.floor(c / GRID) - minY;
    rows[y] = (rows[y] ?? 0) | (1 << ((c % GRID) - minX));
  }
  const key = `${shapeMask}:${rows.join(',')}`;
  const cached = fillCache.get(key);
  if (cached !== undefined) return cached;
  const result = leastBare(rows, cells.length, shapeMask);
  fillCache.set(key, result);
  return result;
}

function leastBare(rows: number[], size: number, shapeMask: number): number {
  if (size === 0) return 0;
  // The first remaining cell: either it stays bare or some tile covers it.
  let fy = 0;
  while ((rows[fy] ?? 0) === 0) fy++;
  const fxMask = (rows[fy] ?? 0) & -(rows[fy] ?? 0);
  const fx = 31 - Math.clz32(fxMask);
  const without = rows.slice();
  without[fy] = (without[fy] ?? 0) & ~fxMask;
  // Leaving it bare costs at least 1; covering it may still cost nothing, so every tile is tried.
  let best = 1 + leastBare(without, size - 1, shapeMask);
  for (const shape of SHAPES) {
    if (!(shapeMask & (1 << shape.id)) || shape.size > size) continue;
    for (const o of orientationsOf(shape)) {
      if (o.canonical !== o.index) continue;
      // Anchor each cell of the orientation on the first cell.
      for (const [ax, ay] of o.cells) {
        const x0 = fx - ax;
        const y0 = fy - ay;
        if (x0 < 0 || y0 < 0) continue;
        let fits = true;
        const next = rows.slice();
        for (let r = 0; r < o.height && fits; r++) {
          const m = (o.rowMasks[r] ?? 0) << x0;
          const have = next[y0 + r] ?? 0;
          if ((m & have) !== m) fits = false;
          else next[y0 + r] = have & ~m;
        }
        if (!fits) continue;
        const rest = leastBare(next, size - shape.size, shapeMask);
        if (rest < best) best = rest;
        if (best === 0) return 0;
      }
    }
  }
  return best;
}
