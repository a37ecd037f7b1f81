/** Gaia (§8.1, R30): each city left uncovered scores 2 medals at the end, meteorites or not. */
import { describe, expect, it } from 'vitest';
import { planetById } from '../../game/data';
import { planetMedals } from '../../game/rules/scoring';
import { onPlanet, placementsOf } from './support';

const gaia = planetById('gaia');

describe('Gaia (§8.1)', () => {
  it('scores 2 medals for each uncovered city, none for a covered one', () => {
    expect(planetMedals(onPlanet('gaia').board('0'), gaia)).toBe(16);
    expect(planetMedals(onPlanet('gaia').patch('0', [5, 0], [2, 2]).board('0'), gaia)).toBe(12);
  });

  it('R30: a meteorite in a city’s row or column leaves its 2 medals', () => {
    expect(planetMedals(onPlanet('gaia').meteorite('0', [5, 1]).board('0'), gaia)).toBe(16);
  });

  it('lets tiles cover cities: golden count, first tile, an O on the empty planet', () => {
    expect(placementsOf(onPlanet('gaia').board('0'), 'O-civ-energy')).toBe(
      placementsOf(onPlanet('ksb-4156').board('0'), 'O-civ-energy'),
    );
  });
});
