/**
 * Arashi (§8.1, §4.8, R10): a piece covering the equatorial ring (rows 5 and 6) also covers a square
 * off it; for tiles the rule is lifted when it alone leaves neither depot tile a place.
 */
import { describe, expect, it } from 'vitest';
import { legalPatchCells, patchError, placementContext } from '../../game/rules/legality';
import { coverAllBut, onPlanet, placementsOf } from './support';

describe('Arashi (§8.1)', () => {
  it('refuses a tile lying on the ring alone, and accepts one reaching off it', () => {
    const g = onPlanet('arashi').depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    // (0, 5) and (0, 6) are both ring squares (and edge).
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 0, y: 5 })).toEqual({
      code: 'reason.planetRingOnly',
      rule: '§8.1',
    });
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

  it('R10 (§4.8): with only ring squares left for either depot tile, the ring rule is lifted for the turn', () => {
    // Bare: (3, 5) and (3, 6), both on the ring. The domino fits only there; the I4 nowhere.
    const g = coverAllBut(onPlanet('arashi'), 'arashi', [
      [3, 5],
      [3, 6],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ planetRestrictionWaived: true, restrictionWaived: false });
    g.place('0', 0, 3, 5);
    expect(g.draft('0').placed).toBe(true);
  });

  it('R10 (§4.8): the rule stands when the other tile fits, and that one must be taken (§4.9)', () => {
    // Bare: the ring run (2..5, 5), where the I4 lies on the ring alone, and (8, 4)–(8, 5), where the
    // domino reaches off it.
    const g = coverAllBut(onPlanet('arashi'), 'arashi', [
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
      [8, 4],
      [8, 5],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    g.take('0', 'small');
    expect(g.draft('0').planetRestrictionWaived).toBe(false);
    expect(g.refusal('0', { type: 'placeTile', orientation: 1, x: 2, y: 5 })).toEqual({
      code: 'reason.planetRingOnly',
      rule: '§8.1',
    });
    g.place('0', 0, 8, 4);
    expect(g.draft('0').placed).toBe(true);
  });

  it('golden count: first tile, an I (tromino) on the empty planet', () => {
    expect(placementsOf(onPlanet('arashi').board('0'), 'I-civ-energy')).toBe(88);
  });
});
