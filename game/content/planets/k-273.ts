/** K-273 (§8.1): a tile lies all on land or all on ice, judged on the printed board; patches always comply. */
import { refuse } from '../../core/messages';
import type { PlanetRules } from '../planets';

export const k273Rules: Partial<PlanetRules> = {
  restriction(geometry, _board, cells, piece) {
    if (piece.kind === 'patch' || cells.length === 0) return null;
    const ice = geometry.isIce[cells[0] as number];
    for (const c of cells)
      if (geometry.isIce[c] !== ice) return refuse('reason.planetLandAndIce', undefined, '§8.1');
    return null;
  },
};
