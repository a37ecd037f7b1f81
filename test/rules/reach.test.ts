/**
 * The rules the client and the bots ask instead of working them out: how far a rover reaches
 * (§5.10.2–3) and the one reason a spot is illegal for a tile (§4.1–4.4, §4.8).
 */
import { describe, expect, it } from 'vitest';
import { TILES, planetById } from '../../game/data';
import type { CellIndex, PlayerBoard } from '../../game/core/types';
import { cellIndex, cellX, cellY, planetGeometry } from '../../game/rules/board';
import {
  eventRestrictionError,
  legalTilePlacements,
  placementCells,
  placementContext,
  placementError,
  placementRefusal,
} from '../../game/rules/legality';
import { roverPathError, roverReach } from '../../game/rules/rover-steps';
import { orientationsOf } from '../../game/core/geometry';
import { shapeById } from '../../game/data';
import { scenario, tileId } from '../support/scenario';
import { refusal } from '../support/why';

const path = (cells: CellIndex[]): [number, number][] => cells.map((c) => [cellX(c), cellY(c)]);

/** A solo board with rover 0 at (5, 5) and some tiles around it. */
function board(): PlayerBoard {
  return scenario({ players: 1 })
    .tile('0', 'I-civ-energy', { orientation: 0, x: 0, y: 5 })
    .rover('0', 0, [5, 5])
    .board('0');
}

describe('§5.10.2–3 rover reach', () => {
  it('every square within the movement, with a shortest path the engine accepts step by step', () => {
    const b = board();
    const geometry = planetGeometry(planetById(b.planet));
    for (const movement of [1, 2, 3, 5]) {
      const reach = roverReach(b, 0, movement);
      const start = cellIndex(5, 5);
      expect(reach.has(start)).toBe(false); // the rover's own square is not a move
      for (const c of geometry.squares) {
        if (c === start) continue;
        const distance = Math.abs(cellX(c) - 5) + Math.abs(cellY(c) - 5);
        const cells = reach.get(c);
        // KSB-4156 has no holes near the middle: the distance is the plain one.
        if (distance <= movement) {
          expect(cells, `(${cellX(c)}, ${cellY(c)}) with ${movement}`).toHaveLength(distance);
          expect(cells?.at(-1)).toBe(c);
          expect(roverPathError(b, 0, path(cells ?? []), movement)).toBeNull();
        } else expect(cells).toBeUndefined();
      }
    }
  });

  it('a terrain the round forbids is neither reached nor crossed, and the refusal names it', () => {
    const b = board();
    const tileSquare = [0, 1, 2, 3, 4]
      .map((x) => cellIndex(x, 5))
      .filter((c) => b.pieceAt[c] !== -1)
      .at(-1);
    const terrain = tileSquare === undefined ? undefined : b.terrain[tileSquare];
    if (tileSquare === undefined || !terrain) throw new Error('the tile left no terrain on row 5');
    const rover = b.rovers.find((r) => r.id === 0);
    if (!rover) throw new Error('no rover 0');
    rover.cell = tileSquare + 1; // beside the tile's last square
    expect(roverReach(b, 0, 3).has(tileSquare)).toBe(true);
    const reach = roverReach(b, 0, 3, terrain);
    expect(reach.size).toBeGreaterThan(0);
    for (const [c, cells] of reach) {
      expect(b.terrain[c]).not.toBe(terrain);
      for (const step of cells) expect(b.terrain[step]).not.toBe(terrain);
    }
    expect(roverPathError(b, 0, [[cellX(tileSquare), 5]], 3, terrain)).toEqual({
      code: 'reason.eventNoRoversAt',
      values: { terrain, x: cellX(tileSquare), y: 5 },
    });
  });

  it('a rover in the bay, destroyed or unknown reaches nothing, and its path is refused', () => {
    const b = board();
    expect(roverReach(b, 1, 4).size).toBe(0); // still in the bay (§5.10.1)
    expect(refusal(roverPathError(b, 1, [[5, 6]], 4))).toEqual({
      code: 'reason.roverInBay',
      rule: '§5.10.1',
    });
    expect(roverReach(b, 9, 4).size).toBe(0);
    expect(roverPathError(b, 9, [[5, 6]], 4)).toEqual({ code: 'reason.noRover', values: { rover: 9 } });
    expect(roverPathError(b, 0, [[5, 7]], 4)).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
      values: { x: 5, y: 7, fromX: 5, fromY: 5 },
    });
    expect(
      roverPathError(
        b,
        0,
        [
          [5, 6],
          [5, 7],
        ],
        1,
      ),
    ).toEqual({ code: 'reason.pathTooLong', rule: '§5.10.2', values: { need: 2, have: 1 } });
  });
});

describe('§4 placementRefusal: the one reason a spot is illegal', () => {
  const ice = { rule: 'tileMayNotCoverIce' } as const;

  it('is null exactly where legalTilePlacements lists the spot, in every orientation', () => {
    const b = scenario({ players: 1 }).tile('0', 'I-civ-energy', { orientation: 0, x: 0, y: 5 }).board('0');
    const ctx = placementContext(b);
    for (const tile of TILES.filter((t) => t.id % 9 === 0)) {
      for (const rules of [[], [ice]]) {
        const listed = new Set(
          legalTilePlacements(ctx, tile.id, rules).map((p) => `${p.orientation},${p.x},${p.y}`),
        );
        for (const o of orientationsOf(shapeById(tile.shape))) {
          for (let y = -1; y < 13; y++) {
            for (let x = -1; x < 13; x++) {
              const refusal = placementRefusal(ctx, tile.id, { orientation: o.index, x, y }, rules);
              expect(refusal === null).toBe(listed.has(`${o.canonical},${x},${y}`));
            }
          }
        }
      }
    }
  });

  it('names the tile rule before the event restriction, as the engine refuses (§4.1, §4.8)', () => {
    const b = scenario({ players: 1 }).board('0');
    const ctx = placementContext(b);
    const geometry = planetGeometry(planetById(b.planet));
    const domino = tileId('i-water-rover');
    const shape = TILES.find((t) => t.id === domino)?.shape as number;
    // An edge spot on ice: legal for the tile rules, refused by the event.
    const spot = legalTilePlacements(ctx, domino).find((p) =>
      placementCells(shape, p).some((c) => geometry.isIce[c]),
    );
    if (!spot) throw new Error('no edge spot on ice');
    expect(placementError(ctx, shape, spot)).toBeNull();
    expect(placementRefusal(ctx, domino, spot, [ice])).toEqual(
      eventRestrictionError(ctx, domino, placementCells(shape, spot), [ice]),
    );
    expect(refusal(placementRefusal(ctx, domino, spot, [ice]))).toEqual({
      code: 'reason.eventNoIce',
      rule: '§4.8',
    });
    // Off the planet and not at the edge: the tile rule is the reason, whatever the event.
    expect(placementRefusal(ctx, domino, { orientation: 0, x: 5, y: 5 }, [ice])).toEqual({
      code: 'reason.firstTileEdge',
      rule: '§4.3',
    });
  });
});
