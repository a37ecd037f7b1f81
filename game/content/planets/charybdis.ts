/** Charybdis (§8.1): the first piece covers one of the four central vortex squares instead of an edge square. */
import { GRID } from '../../core/types';
import { refuse } from '../../core/messages';
import { cellX, cellY } from '../../rules/board';
import type { PlanetRules } from '../planets';
import { perPlanet, squaresMarked } from './layers';

const vortexRows = perPlanet((geometry) => {
  const rows = new Array<number>(GRID).fill(0);
  for (const c of squaresMarked(geometry.planet, 'V'))
    rows[cellY(c)] = (rows[cellY(c)] ?? 0) | (1 << cellX(c));
  return rows;
});

export const charybdisRules: Partial<PlanetRules> = {
  firstPieceRows: vortexRows,
  firstPieceRefusal: (piece) =>
    piece === 'tile'
      ? refuse('reason.firstTileVortex', undefined, '§8.1')
      : refuse('reason.firstPieceVortex', undefined, '§8.1'),
};
