/**
 * An independent, deliberately plain reading of §4.1–4.4 (no bit masks, no precomputed
 * orientations) to check the engine's legality module against.
 */
import type { PlayerBoard } from '../../game/core/types';
import { planetById, shapeById } from '../../game/data';

const isSquareChar = (ch: string | undefined) => ch !== undefined && ch !== '.' && ch !== 'H';

/** Every legal placement as a canonical string: the covered cell of each shape cell, in order. */
export function naivePlacements(board: PlayerBoard, shapeId: number, ignoreAdjacency = false): Set<string> {
  const planet = planetById(board.planet);
  const shape = shapeById(shapeId);
  const edge = new Set(planet.perimeterCells.map(([x, y]) => `${x},${y}`));
  const covered = (x: number, y: number) => board.pieceAt[y * 12 + x] !== -1;
  const square = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < 12 && y < 12 && isSquareChar(planet.grid[y]?.[x]);
  const first = board.pieces.length === 0;
  const out = new Set<string>();
  for (let flip = 0; flip < 2; flip++) {
    for (let turns = 0; turns < 4; turns++) {
      // Flip across the vertical axis, then turn clockwise (y points down).
      const cells = shape.cells.map(([x, y]) => {
        let [dx, dy] = [flip ? -x : x, y];
        for (let t = 0; t < turns; t++) [dx, dy] = [-dy, dx];
        return [dx, dy] as const;
      });
      for (let ox = -12; ox < 24; ox++) {
        for (let oy = -12; oy < 24; oy++) {
          const placed = cells.map(([dx, dy]) => [dx + ox, dy + oy] as const);
          if (!placed.every(([x, y]) => square(x, y) && !covered(x, y))) continue;
          const touches = first
            ? placed.some(([x, y]) => edge.has(`${x},${y}`))
            : ignoreAdjacency ||
              placed.some(([x, y]) =>
                [
                  [x + 1, y],
                  [x - 1, y],
                  [x, y + 1],
                  [x, y - 1],
                ].some(
                  ([nx, ny]) => square(nx as number, ny as number) && covered(nx as number, ny as number),
                ),
              );
          if (touches) out.add(placed.map(([x, y]) => `${x},${y}`).join(' '));
        }
      }
    }
  }
  return out;
}

/** Whether covering exactly these cells is legal, read plainly from §4.1–4.4. */
export function naiveIsLegal(
  board: PlayerBoard,
  cells: [number, number][],
  ignoreAdjacency = false,
): boolean {
  const planet = planetById(board.planet);
  const edge = new Set(planet.perimeterCells.map(([x, y]) => `${x},${y}`));
  const square = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < 12 && y < 12 && isSquareChar(planet.grid[y]?.[x]);
  const covered = (x: number, y: number) => square(x, y) && board.pieceAt[y * 12 + x] !== -1;
  if (!cells.every(([x, y]) => square(x, y) && !covered(x, y))) return false;
  if (board.pieces.length === 0) return cells.some(([x, y]) => edge.has(`${x},${y}`));
  if (ignoreAdjacency) return true;
  return cells.some(
    ([x, y]) => covered(x + 1, y) || covered(x - 1, y) || covered(x, y + 1) || covered(x, y - 1),
  );
}
