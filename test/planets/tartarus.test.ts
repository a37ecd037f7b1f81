/**
 * Tartarus (§8.1, §4.8, R10): the chasm splits tiles and rovers, not adjacency; teleports ignore it;
 * the tile rule is lifted when it alone leaves neither depot tile a place.
 */
import { describe, expect, it } from 'vitest';
import { planetById, tileById } from '../../game/data';
import { legalPlacements, placementCells, placementContext } from '../../game/rules/legality';
import { planetRoverRefusal, roverPathError } from '../../game/rules/rover-steps';
import { tileId } from '../support/scenario';
import { at, coverAllBut, onPlanet, placementsOf } from './support';

describe('Tartarus (§8.1)', () => {
  it('refuses a tile lying across the chasm, and changes nothing', () => {
    const g = onPlanet('tartarus').depot('0', { small: 'O-civ-energy', large: 'I4-civ-energy' }).start();
    g.take('0', 'large');
    // Row 1: (3..5, 1) are west of the chasm, (6, 1) east.
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 3, y: 1 })).toEqual({
      code: 'reason.planetAcrossChasm',
      rule: '§8.1',
    });
  });

  it('accepts a tile touching another only across the chasm (adjacency still counts)', () => {
    const g = onPlanet('tartarus')
      .tile('0', 'O-civ-energy', { orientation: 0, x: 4, y: 1 }) // (4..5, 1..2): west
      .depot('0', { small: 'I-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    g.place('0', 0, 6, 1); // (6, 1..3): east, touching (5, 1..2) across the chasm
    expect(g.draft('0').placed).toBe(true);
  });

  it('R10 (§4.8): with only a spot across the chasm left for either tile, the chasm rule is lifted for the turn', () => {
    // Bare: (5, 1) west and (6, 1) east. The domino fits only across; the I4 nowhere.
    const g = coverAllBut(onPlanet('tartarus'), 'tartarus', [
      [5, 1],
      [6, 1],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ planetRestrictionWaived: true, restrictionWaived: false });
    g.place('0', 1, 5, 1);
    expect(g.draft('0').placed).toBe(true);
  });

  it('R10 (§4.8): the rule stands when the other tile fits, and that one must be taken (§4.9)', () => {
    // Bare: (3..6, 5); (3, 5) and (4, 5) are west, (5, 5) and (6, 5) east. The I4 lies across the
    // chasm there; the domino fits on one side.
    const g = coverAllBut(onPlanet('tartarus'), 'tartarus', [
      [3, 5],
      [4, 5],
      [5, 5],
      [6, 5],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    g.take('0', 'small');
    expect(g.draft('0').planetRestrictionWaived).toBe(false);
    expect(g.refusal('0', { type: 'placeTile', orientation: 1, x: 4, y: 5 })).toEqual({
      code: 'reason.planetAcrossChasm',
      rule: '§8.1',
    });
    g.place('0', 1, 5, 5);
    expect(g.draft('0').placed).toBe(true);
  });

  it('keeps rovers from stepping across the chasm, except diagonally at its two breaks', () => {
    const b = onPlanet('tartarus').rover('0', 0, [4, 5]).board('0');
    // (4, 5) is west, (5, 5) east.
    expect(roverPathError(b, 0, [[5, 5]], 3)).toMatchObject({ code: 'reason.roverChasm', rule: '§8.1' });
    expect(roverPathError(b, 0, [[4, 6]], 3)).toBeNull();
    expect(planetRoverRefusal(b, at(5, 3), at(6, 4))).toBeNull();
    expect(planetRoverRefusal(b, at(6, 8), at(5, 9))).toBeNull();
    expect(planetRoverRefusal(b, at(5, 3), at(6, 3))).toMatchObject({ code: 'reason.roverChasm' });
  });

  it('lets a teleport land across the chasm', () => {
    const g = onPlanet('tartarus').rover('0', 0, [4, 5]).pending('0', { kind: 'teleport' }).start();
    g.resolve('0', 'teleport', { rover: 0, x: 8, y: 5 });
    expect(g.draft('0').board.rovers[0]?.cell).toBe(at(8, 5));
  });

  it('golden count: first tile, I4 and O on the empty planet, as a plain reading of the sides layer gives', () => {
    const b = onPlanet('tartarus').board('0');
    expect([placementsOf(b, 'I4-civ-energy'), placementsOf(b, 'O-civ-energy')]).toEqual([70, 168]);
    const sides = (planetById('tartarus').extra['sides'] as string[]).join('');
    for (const key of ['I4-civ-energy', 'O-civ-energy']) {
      const shape = tileById(tileId(key)).shape;
      const oneSide = legalPlacements(placementContext(b, true), shape).filter(
        (p) => new Set(placementCells(shape, p).map((c) => sides[c])).size === 1,
      );
      expect(oneSide).toHaveLength(placementsOf(b, key));
    }
  });
});
