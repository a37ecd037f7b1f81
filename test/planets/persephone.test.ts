/**
 * Persephone (§8.1, R22, §4.8, R10): each quadrant forbids one resource icon; plain terrain and
 * patches go anywhere; the rule is lifted when it alone leaves neither depot tile a place.
 */
import { describe, expect, it } from 'vitest';
import { tileById } from '../../game/data';
import {
  legalPatchCells,
  legalPlacements,
  placementCells,
  placementContext,
} from '../../game/rules/legality';
import { tileId } from '../support/scenario';
import { at, coverAllBut, geometryOf, onPlanet, placementsOf } from './support';

describe('Persephone (§8.1)', () => {
  it('refuses an icon where its quadrant forbids it (civ, top-left), and changes nothing', () => {
    const g = onPlanet('persephone').depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    // i-civ-energy as printed: civ icon on top. At (0, 5..6) the civ icon lands on (0, 5), top-left.
    expect(g.refusalMessage('0', { type: 'placeTile', orientation: 0, x: 0, y: 5 })).toEqual({
      code: 'reason.planetForbiddenIcon',
      rule: '§8.1',
      values: { terrain: 'civ', x: 0, y: 5 },
    });
    // Turned half round, the civ icon is on (0, 6) (bottom-left forbids tech) and energy on (0, 5): legal.
    g.place('0', 2, 0, 5);
    expect(g.draft('0').placed).toBe(true);
  });

  it('lets a tile straddle quadrants, and plain terrain of a forbidden kind lie anywhere', () => {
    // I4-civ-energy turned three quarters at (1, 3..6): energy (1, 3), energy icon (1, 4), plain civ (1, 5)
    // in the top-left, civ icon (1, 6) in the bottom-left.
    const g = onPlanet('persephone').depot('0', { large: 'I4-civ-energy', small: 'O-civ-energy' }).start();
    g.take('0', 'large');
    expect(g.refusalMessage('0', { type: 'placeTile', orientation: 1, x: 1, y: 3 })).toEqual({
      code: 'reason.planetForbiddenIcon',
      rule: '§8.1',
      values: { terrain: 'civ', x: 1, y: 3 },
    });
    g.place('0', 3, 1, 3);
    expect(g.draft('0').board.terrain[at(1, 5)]).toBe('civ');
  });

  it('lists placements per tile: golden counts for three I4 tiles, as a plain reading of the quadrants gives', () => {
    const b = onPlanet('persephone').board('0');
    const counts = ['I4-civ-energy', 'I4-water-rover', 'I4-rover-tech'].map((t) => placementsOf(b, t));
    expect(counts).toEqual([46, 66, 66]);
    // Quadrants: left x 0-5, top y 0-5; civ top-left, energy top-right, tech bottom-left, water bottom-right.
    const forbidden = (c: number) => {
      const left = c % 12 <= 5;
      const top = Math.floor(c / 12) <= 5;
      return top ? (left ? 'civ' : 'energy') : left ? 'tech' : 'water';
    };
    for (const key of ['I4-civ-energy', 'I4-water-rover', 'I4-rover-tech']) {
      const tile = tileById(tileId(key));
      const plain = legalPlacements(placementContext(b, true), tile.shape).filter((p) =>
        placementCells(tile.shape, p).every(
          (c, k) => !tile.cells[k]?.resource || tile.cells[k]?.terrain !== forbidden(c),
        ),
      );
      expect(plain).toHaveLength(placementsOf(b, key));
    }
  });

  it('R10 (§4.8): when every spot left puts a civ icon in the top-left, the quadrant rule is lifted for the turn', () => {
    // Bare: (3, 2)–(3, 3), in the top-left quadrant. The civ/energy domino lays its civ icon there
    // either way round; the I4 fits nowhere.
    const g = coverAllBut(onPlanet('persephone'), 'persephone', [
      [3, 2],
      [3, 3],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ planetRestrictionWaived: true, restrictionWaived: false });
    g.place('0', 0, 3, 2);
    expect(g.draft('0').board.icon[at(3, 2)]).toBe('civ');
  });

  it('R10 (§4.8): the rule stands when the other tile fits, and that one must be taken (§4.9)', () => {
    // Bare: (1..4, 4) in the top-left. The civ/energy I4 lays its civ icon there whichever way it
    // lies; the water/rover domino lays no forbidden icon.
    const g = coverAllBut(onPlanet('persephone'), 'persephone', [
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ])
      .depot('0', { small: 'i-water-rover', large: 'I4-civ-energy' })
      .start();
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    g.take('0', 'small');
    expect(g.draft('0').planetRestrictionWaived).toBe(false);
    g.place('0', 1, 1, 4);
    expect(g.draft('0').placed).toBe(true);
  });

  it('never restricts patches', () => {
    const b = onPlanet('persephone').board('0');
    expect(legalPatchCells(placementContext(b))).toHaveLength(28);
  });

  it('R22: square (11, 5) is ice, as the reference data says', () => {
    expect(geometryOf('persephone').isIce[at(11, 5)]).toBe(true);
  });
});
