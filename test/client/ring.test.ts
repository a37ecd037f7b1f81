/**
 * The ring of controls around a pinned ghost (issue: the table as a player sees it): for every
 * shape, orientation and spot on the grid, at a desktop's and a phone's sizes, no control leaves
 * the planet's area, touches another, or covers one of the ghost's squares; near an edge a column
 * or row of controls moves to the other side. And the ghost is held by the square under the pointer.
 */
import { describe, expect, it } from 'vitest';
import { GRID, orientationsOf, SHAPES, shapeById } from '../../game';
import { TILES } from '../../game/data';
import { ghostCells, ghostCovers, ghostUnder, grabOffset, grabSquares } from '../../client/table/ghost';
import { planetLayout } from '../../client/table/planet-layout';
import { RING_CONTROLS, type RingSpot, ringLayout } from '../../client/table/ring';

const LAYOUT = planetLayout(34);
/** A desktop's planet (drawn larger than its 34-pixel squares, small buttons) and a phone's (larger buttons). */
const SCREENS = [
  { name: 'desktop', scale: 449 / LAYOUT.width, button: 30 },
  { name: 'phone', scale: 374 / LAYOUT.width, button: 44 },
];

function layoutFor(cells: { x: number; y: number }[], scale: number, button: number) {
  const input = {
    cells,
    cell: LAYOUT.cell * scale,
    pad: LAYOUT.pad * scale,
    width: LAYOUT.width * scale,
    height: LAYOUT.height * scale,
    button,
    gap: Math.max(3, Math.round(button / 10)),
  };
  return { input, spots: ringLayout(input) };
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const spotOf = (spots: RingSpot[], control: string) => spots.find((s) => s.control === control) as RingSpot;

/** One tile per shape: every footprint the game has. */
const tilePerShape = SHAPES.map((shape) => TILES.find((t) => t.shape === shape.id)).filter(
  (t) => t !== undefined,
);

describe('the ring of controls around a pinned ghost', () => {
  it('stays inside the planet, apart, and off the ghost, for every shape, orientation and spot', () => {
    let layouts = 0;
    // Checked without an assertion per control (tens of thousands of layouts); every fault is listed.
    const faults: string[] = [];
    const apart = (a: Box, b: Box) =>
      a.left >= b.right || b.left >= a.right || a.top >= b.bottom || b.top >= a.bottom;
    for (const { name, scale, button } of SCREENS)
      for (const tile of tilePerShape)
        for (const o of orientationsOf(shapeById(tile.shape)))
          for (let y = 0; y + o.height <= GRID; y++)
            for (let x = 0; x + o.width <= GRID; x++) {
              const cells = ghostCells(tile.id, { orientation: o.index, x, y });
              const { input, spots } = layoutFor(cells, scale, button);
              layouts++;
              const where = `${name}, tile ${tile.id} orientation ${o.index} at (${x}, ${y})`;
              if (spots.length !== RING_CONTROLS.length) faults.push(`${where}: ${spots.length} controls`);
              const boxes = spots.map((s) => ({
                control: s.control,
                left: s.left,
                top: s.top,
                right: s.left + button,
                bottom: s.top + button,
              }));
              const squares = cells.map((c) => ({
                left: input.pad + c.x * input.cell,
                top: input.pad + c.y * input.cell,
                right: input.pad + (c.x + 1) * input.cell,
                bottom: input.pad + (c.y + 1) * input.cell,
              }));
              for (const [i, b] of boxes.entries()) {
                if (b.left < 0 || b.top < 0 || b.right > input.width + 1e-9 || b.bottom > input.height + 1e-9)
                  faults.push(`${where}: ${b.control} leaves the area`);
                if (!squares.every((q) => apart(b, q)))
                  faults.push(`${where}: ${b.control} covers the ghost`);
                for (const other of boxes.slice(i + 1))
                  if (!apart(b, other)) faults.push(`${where}: ${b.control} touches ${other.control}`);
              }
            }
    expect(faults.slice(0, 5)).toEqual([]);
    expect(layouts).toBeGreaterThan(5000);
  });

  it('keeps each control on its own side in open ground, and at an edge moves a column or row across, keeping the cross in order', () => {
    const square = (x: number, y: number) => layoutFor([{ x, y }], SCREENS[1]!.scale, 44).spots;
    // In the middle: rotations above, ✓ below right, ← left of →.
    const middle = square(5, 5);
    expect(spotOf(middle, 'rotateCCW').top).toBeLessThan(spotOf(middle, 'place').top);
    expect(spotOf(middle, 'left').left).toBeLessThan(spotOf(middle, 'right').left);
    expect(spotOf(middle, 'up').top).toBeLessThan(spotOf(middle, 'down').top);
    // At the left edge both columns go right of the ghost, ← still left of →; at the bottom both rows
    // go above it, ↑ still above ↓.
    const left = square(0, 5);
    const ghostRight = spotOf(left, 'up').left; // the middle column stands over the ghost
    expect(spotOf(left, 'left').left).toBeGreaterThan(ghostRight);
    expect(spotOf(left, 'left').left).toBeLessThan(spotOf(left, 'right').left);
    expect(spotOf(left, 'left').top).toBe(spotOf(left, 'right').top);
    const bottom = square(5, 11);
    expect(spotOf(bottom, 'down').top).toBe(spotOf(bottom, 'flip').top); // one row, as in open ground
    expect(spotOf(bottom, 'up').top).toBeLessThan(spotOf(bottom, 'down').top);
    expect(spotOf(bottom, 'down').left).toBe(spotOf(bottom, 'up').left);
  });

  it('has nothing to place for a ghost without squares', () => {
    expect(layoutFor([], 1, 30).spots).toEqual([]);
  });
});

describe('the ghost held by the square under the pointer', () => {
  it('covers the pointed square wherever it can, held by its middle square away from the edges', () => {
    const faults: string[] = [];
    for (const tile of tilePerShape)
      for (const o of orientationsOf(shapeById(tile.shape)))
        for (let y = 0; y < GRID; y++)
          for (let x = 0; x < GRID; x++) {
            const g = ghostUnder(tile.id, { orientation: o.index, x: 0, y: 0 }, x, y);
            // Some squares of a corner no placement covers (an L's bounding box has gaps).
            const coverable = o.cells.some(
              ([dx, dy]) =>
                x - dx >= 0 && y - dy >= 0 && x - dx + o.width <= GRID && y - dy + o.height <= GRID,
            );
            const inside = g.x >= 0 && g.y >= 0 && g.x + o.width <= GRID && g.y + o.height <= GRID;
            if (g.orientation !== o.index || !inside || (coverable && !ghostCovers(tile.id, g, x, y)))
              faults.push(`tile ${tile.id} orientation ${o.index} at (${x}, ${y})`);
          }
    expect(faults).toEqual([]);
    // An L tetromino standing up (3 high) is held by its middle square, not its bounding box's corner.
    const l = TILES.find((t) => shapeById(t.shape).name === 'L') ?? tilePerShape[0]!;
    const grab = grabOffset(l.id, 0);
    const g = ghostUnder(l.id, { orientation: 0, x: 0, y: 0 }, 6, 6);
    expect({ x: g.x + grab.dx, y: g.y + grab.dy }).toEqual({ x: 6, y: 6 });
    expect(g.x === 6 && g.y === 6).toBe(false);
  });

  it('marks, for each legal corner, the square to point at: one the tile covers there', () => {
    for (const tile of tilePerShape)
      for (const o of orientationsOf(shapeById(tile.shape))) {
        const corner = 3 * GRID + 4;
        const [square] = grabSquares(tile.id, o.index, [corner]);
        const g = { orientation: o.index, x: 4, y: 3 };
        expect(
          ghostCovers(tile.id, g, (square as number) % GRID, Math.floor((square as number) / GRID)),
        ).toBe(true);
        // Pointing there brings the ghost back to that corner.
        expect(
          ghostUnder(tile.id, g, (square as number) % GRID, Math.floor((square as number) / GRID)),
        ).toEqual(g);
      }
  });
});
