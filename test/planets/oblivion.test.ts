/** Oblivion (§8.1, R17): the black hole is no square; only the outer border is edge; completion skips the void. */
import { describe, expect, it } from 'vitest';
import { planetById } from '../../game/data';
import { objectiveEdge } from '../../game/rules/objectives';
import { planetLines } from '../../game/rules/scoring';
import { at, geometryOf, onPlanet, placementsOf } from './support';

describe('Oblivion (§8.1, R17)', () => {
  it('has only the outer border as edge, for placement and objectives alike', () => {
    const g = geometryOf('oblivion');
    expect(g.isEdge.filter(Boolean)).toHaveLength(44);
    expect(g.isEdge[at(3, 4)]).toBe(false); // beside the void
    expect(objectiveEdge(planetById('oblivion')).filter(Boolean)).toHaveLength(44);
  });

  it('refuses a tile on the void', () => {
    const g = onPlanet('oblivion').patch('0', [4, 3]).depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 4, y: 1 })).toEqual({
      code: 'reason.notPlanetSquare',
      rule: '§4.1',
    });
  });

  it('completes a row by its squares alone, the void skipped', () => {
    const b = onPlanet('oblivion').patch('0', [0, 5], [11, 5]).board('0');
    expect(planetLines(b, planetById('oblivion')).rows[5]).toBe('complete');
  });

  it('golden count: first tile, an O on the empty planet', () => {
    expect(placementsOf(onPlanet('oblivion').board('0'), 'O-civ-energy')).toBe(272);
  });
});
