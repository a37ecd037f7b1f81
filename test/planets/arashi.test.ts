/** Arashi (§8.1): a piece covering the equatorial ring (rows 5 and 6) also covers a square off it. */
import { describe, expect, it } from 'vitest';
import { legalPatchCells, patchError, placementContext } from '../../game/rules/legality';
import { onPlanet, placementsOf } from './support';

describe('Arashi (§8.1)', () => {
  it('refuses a tile lying on the ring alone, and accepts one reaching off it', () => {
    const g = onPlanet('arashi').depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    // (0, 5) and (0, 6) are both ring squares (and edge).
    expect(g.reject('0', { type: 'placeTile', orientation: 0, x: 0, y: 5 })).toMatch(
      /equatorial ring.*§8\.1/,
    );
    g.place('0', 0, 1, 4); // (1, 4) off the ring, (1, 5) on it
    expect(g.draft('0').placed).toBe(true);
  });

  it('never lets a patch on the ring (§8.1: a patch cannot reach off it)', () => {
    const b = onPlanet('arashi').patch('0', [1, 4]).board('0');
    const ctx = placementContext(b);
    expect(patchError(ctx, 1, 5)).toMatchObject({ code: 'reason.planetRingOnly', rule: '§8.1' });
    expect(legalPatchCells(ctx).every((c) => Math.floor(c / 12) !== 5 && Math.floor(c / 12) !== 6)).toBe(
      true,
    );
  });

  it('golden count: first tile, an I (tromino) on the empty planet', () => {
    expect(placementsOf(onPlanet('arashi').board('0'), 'I-civ-energy')).toBe(88);
  });
});
