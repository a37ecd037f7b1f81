/** Lacuna (§8.1): holes are no squares: no tile covers them, no rover enters them, completion skips them. */
import { describe, expect, it } from 'vitest';
import { planetById } from '../../game/data';
import { roverPathError } from '../../game/rules/rover-steps';
import { planetLines } from '../../game/rules/scoring';
import { at, geometryOf, onPlanet, placementsOf } from './support';

describe('Lacuna (§8.1)', () => {
  it('refuses a tile over a hole', () => {
    const g = onPlanet('lacuna').patch('0', [5, 1]).depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    // (4, 2) is land, (4, 3) a hole.
    expect(g.refusalMessage('0', { type: 'placeTile', orientation: 0, x: 4, y: 2 })).toEqual({
      code: 'reason.notPlanetSquare',
      rule: '§4.1',
      values: { x: 4, y: 3 },
    });
  });

  it('keeps rovers out of holes', () => {
    const b = onPlanet('lacuna').rover('0', 0, [5, 3]).board('0');
    expect(roverPathError(b, 0, [[5, 2]], 2)).toMatchObject({ code: 'reason.notReachable' });
  });

  it('skips holes for completion, and a square beside a hole is not edge for that', () => {
    // Row 5: holes at (9, 5) and (10, 5).
    const squares = geometryOf('lacuna').squares.filter((c) => Math.floor(c / 12) === 5);
    const b = onPlanet('lacuna')
      .patch('0', ...squares.map((c) => [c % 12, 5] as [number, number]))
      .board('0');
    expect(planetLines(b, planetById('lacuna')).rows[5]).toBe('complete');
    expect(geometryOf('lacuna').isEdge[at(5, 3)]).toBe(false);
  });

  it('golden count: first tile, an O on the empty planet', () => {
    expect(placementsOf(onPlanet('lacuna').board('0'), 'O-civ-energy')).toBe(160);
  });
});
