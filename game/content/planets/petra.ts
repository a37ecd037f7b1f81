/**
 * Petra (§8.1, R31): no ice; uncovered electric squares count as energy terrain, extending energy
 * areas during play and in every objective, and at the end as covered squares for rows, columns
 * and the tie-break.
 */
import type { PlanetRules } from '../planets';
import { perPlanet, squaresMarked } from './layers';

export const petraRules: Partial<PlanetRules> = {
  energyLikeSquares: perPlanet((geometry) => squaresMarked(geometry.planet, 'EF')),
};
