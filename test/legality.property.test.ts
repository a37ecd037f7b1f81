/**
 * fast-check properties of the legality module and the turn's undo (§4, R4), over boards grown
 * by random legal placements.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANETS, SHAPES, TILES, tileById } from '../game/data';
import type { PlayerBoard, RoundRule } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { applyAction, legalActions } from '../game/engine';
import {
  legalPatchCells,
  legalPlacements,
  legalTilePlacements,
  placementCells,
  placementContext,
  restrictionWaivers,
} from '../game/rules/legality';
import { newDraft } from '../game/rules/draft';
import { putTile } from '../game/rules/pieces';
import { naivePlacements } from './support/naive-placement';
import { scenario } from './support/scenario';
import { laidPatch, plainPlacements, plainWaivers, plainlyLegal } from './planets/plain-rules';

/** A KSB-4156 board with `count` random tiles placed legally, from a seed. */
function grownBoard(seed: number, count: number): PlayerBoard {
  const rng = createRng(seed);
  let board = scenario({ players: 1 }).board('0');
  for (let k = 0; k < count; k++) {
    const tile = rng.pick(TILES);
    const options = legalPlacements(placementContext(board), tile.shape);
    if (options.length === 0) continue;
    const d = newDraft(board);
    putTile(d, tile.id, rng.pick(options), k);
    board = d.board;
  }
  return board;
}

const keysOf = (shapeId: number, board: PlayerBoard) =>
  new Set(
    legalPlacements(placementContext(board), shapeId).map((p) =>
      placementCells(shapeId, p)
        .map((c) => `${c % 12},${Math.floor(c / 12)}`)
        .join(' '),
    ),
  );

describe('property: legal placements (§4.1–4.4)', () => {
  it('equal the plain square-by-square reading on any board grown by legal placements', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 11 }),
        (seed, count, shapeIndex) => {
          const board = grownBoard(seed, count);
          const shape = SHAPES[shapeIndex]?.id as number;
          expect(keysOf(shape, board)).toEqual(naivePlacements(board, shape));
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** A board of `planet` with `count` random tiles placed legally, from a seed. */
function grownPlanet(planet: string, seed: number, count: number): PlayerBoard {
  const rng = createRng(seed);
  let board = scenario({ players: 1, setupData: { seats: [{ planet }] } }).board('0');
  for (let k = 0; k < count; k++) {
    const tile = rng.pick(TILES);
    const options = legalTilePlacements(placementContext(board), tile.id);
    if (options.length === 0) continue;
    const d = newDraft(board);
    putTile(d, tile.id, rng.pick(options), k);
    board = d.board;
  }
  return board;
}

const EVENT_TILE_RULES: RoundRule[] = [
  { rule: 'tileMayNotTouchEdge' },
  { rule: 'tileMayNotCoverIce' },
  { rule: 'tileMayNotTouchMatchingTerrain' },
];

const tileKeys = (board: PlayerBoard, tileId: number, planetWaived: boolean, rules: RoundRule[]) => {
  const shape = tileById(tileId).shape;
  return new Set(
    legalTilePlacements(placementContext(board, planetWaived), tileId, rules).map((p) =>
      placementCells(shape, p)
        .map((c) => `${c % 12},${Math.floor(c / 12)}`)
        .join(' '),
    ),
  );
};

describe('property: legal placements on every planet (§4, §8.1, R10, R18)', () => {
  it('tiles, patches and waivers equal the plain reading of each planet, on boards grown by legal placements', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLANETS.map((p) => p.id)),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 45 }),
        fc.integer({ min: 0, max: TILES.length - 1 }),
        fc.integer({ min: 0, max: TILES.length - 1 }),
        fc.subarray(EVENT_TILE_RULES),
        fc.boolean(),
        fc.boolean(),
        (planet, seed, count, tile, other, rules, planetWaived, adjacencyLifted) => {
          const board = grownPlanet(planet, seed, count);
          // Universal Coalition's tech 1 lifts adjacency (§4.4) from its milestone on.
          if (adjacencyLifted) board.trackers.tech.row = 3;
          const lifted = { planet: planetWaived, events: rules };
          expect(tileKeys(board, tile, planetWaived, rules)).toEqual(plainPlacements(board, tile, lifted));
          expect(restrictionWaivers(board, [tile, other], rules)).toEqual(
            plainWaivers(board, [tile, other], rules),
          );
          const patches = new Set(legalPatchCells(placementContext(board)));
          for (let c = 0; c < 144; c++)
            expect(patches.has(c), `patch on (${c % 12}, ${Math.floor(c / 12)})`).toBe(
              plainlyLegal(board, laidPatch(c % 12, Math.floor(c / 12))),
            );
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('property: undo (R4)', () => {
  it('undoing every step of a turn, whatever the steps, gives back the turn as it began', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 8 }), (seed, steps) => {
        const g = scenario({ players: 1 }).start();
        const start = JSON.stringify(g.state);
        const rng = createRng(seed);
        let taken = 0;
        for (let k = 0; k < steps; k++) {
          const options = legalActions(g.state, '0').filter((a) => a.type !== 'confirm');
          if (options.length === 0) break;
          expect(applyAction(g.state, '0', rng.pick(options))).toBeNull();
          taken++;
        }
        for (let k = 0; k < taken; k++) expect(applyAction(g.state, '0', { type: 'undo' })).toBeNull();
        expect(JSON.stringify(g.state)).toBe(start);
      }),
      { numRuns: 60 },
    );
  });
});
