/** Cerberus (§8.1, R16, R30): three sub-planets; +2 for each one fully covered; seams are edge for objectives. */
import { describe, expect, it } from 'vitest';
import { planetById } from '../../game/data';
import { objectiveEdge } from '../../game/rules/objectives';
import { planetMedals } from '../../game/rules/scoring';
import { at, geometryOf, onPlanet, placementsOf } from './support';

const cerberus = planetById('cerberus');
const subPlanet = (letter: string) => {
  const map = (cerberus.extra['subPlanetMap'] as string[]).join('');
  return geometryOf('cerberus')
    .squares.filter((c) => map[c] === letter)
    .map((c) => [c % 12, Math.floor(c / 12)] as [number, number]);
};

describe('Cerberus (§8.1)', () => {
  it('adds 2 medals for a fully covered sub-planet to its rows and columns', () => {
    const c = subPlanet('C');
    expect(c).toHaveLength(21);
    const b = onPlanet('cerberus')
      .patch('0', ...c)
      .board('0');
    // Sub-planet C (x 7-11, y 7-11) completes no row or column of the whole grid by itself.
    expect(planetMedals(b, cerberus)).toBe(2);
  });

  it('R30: keeps the +2 under a meteorite', () => {
    const b = onPlanet('cerberus')
      .patch('0', ...subPlanet('C'))
      .meteorite('0', [9, 9])
      .board('0');
    expect(planetMedals(b, cerberus)).toBe(2);
  });

  it('R16: for objectives each sub-planet’s outline is edge, seams included', () => {
    const edge = objectiveEdge(cerberus);
    const seams: [number, number][] = [
      [6, 5],
      [7, 5],
      [6, 8],
      [7, 8],
      [6, 9],
      [7, 9],
      [6, 10],
      [7, 10],
    ];
    expect(seams.every(([x, y]) => edge[at(x, y)])).toBe(true);
    // The placement edge (45 squares next to empty space) gains the three seam squares it lacks.
    expect(geometryOf('cerberus').isEdge.filter(Boolean)).toHaveLength(45);
    expect(edge.filter(Boolean)).toHaveLength(48);
  });

  it('lets tiles straddle the seams; the empty space between is no square: golden count, an O', () => {
    expect(placementsOf(onPlanet('cerberus').board('0'), 'O-civ-energy')).toBe(296);
  });
});
