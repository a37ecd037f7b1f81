/** K'aak (§8.1): rovers may not enter an uncovered toxic square, by step or teleport; a tile over it neutralizes it. */
import { refuse } from '../../core/messages';
import { cellX, cellY } from '../../rules/board';
import type { PlanetRules } from '../planets';
import { flags, perPlanet, squaresMarked } from './layers';

const isToxic = perPlanet((geometry) => flags(squaresMarked(geometry.planet, 'T')));

export const kaakRules: Partial<PlanetRules> = {
  roverEntryRefusal(geometry, board, _from, to) {
    if (isToxic(geometry)[to] && board.pieceAt[to] === -1)
      return refuse('reason.roverToxic', { x: cellX(to), y: cellY(to) }, '§8.1');
    return null;
  },
};
