/** Arashi (§8.1): a piece covering the equatorial ring also covers a square off it, so a patch never goes on the ring. */
import { refuse } from '../../core/messages';
import type { PlanetRules } from '../planets';
import { flags, perPlanet, squaresMarked } from './layers';

const onRing = perPlanet((geometry) => flags(squaresMarked(geometry.planet, 'R')));

export const arashiRules: Partial<PlanetRules> = {
  restriction(geometry, _board, cells) {
    const ring = onRing(geometry);
    if (cells.some((c) => ring[c]) && cells.every((c) => ring[c]))
      return refuse('reason.planetRingOnly', undefined, '§8.1');
    return null;
  },
};
