/**
 * Gaia (§8.1, R30): tiles may cover the eight cities, but each city left uncovered at the end
 * scores 2 medals, meteorites or not (its row and column stay incomplete).
 */
import type { PlanetRules } from '../planets';
import { perPlanet, squaresMarked } from './layers';

const cities = perPlanet((geometry) => squaresMarked(geometry.planet, 'G'));
const medalsEach = perPlanet((geometry) => {
  return geometry.planet.extra.uncoveredCityMedals ?? 2;
});

export const gaiaRules: Partial<PlanetRules> = {
  extraMedals(geometry, board) {
    let uncovered = 0;
    for (const c of cities(geometry)) if (board.pieceAt[c] === -1) uncovered++;
    return uncovered * medalsEach(geometry);
  },
};
