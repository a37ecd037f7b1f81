/**
 * Persephone (§8.1, R22): each quadrant forbids one resource icon (civ top-left, energy top-right,
 * tech bottom-left, water bottom-right). Only icons count: terrain without an icon, and patches,
 * go anywhere. The restriction reads the tile's icons, so placements are listed per tile.
 */
import { CELLS, GRID, type Terrain } from '../../core/types';
import { refuse } from '../../core/messages';
import { present } from '../../core/present';
import { cellX, cellY } from '../../rules/board';
import type { PlanetRules } from '../planets';
import { perPlanet } from './layers';

/** The icon each cell forbids, or null. */
const forbiddenIconAt = perPlanet((geometry) => {
  const quadrants = present(geometry.planet.extra.quadrants, 'quadrants of Persephone');
  const out = new Array<Terrain | null>(CELLS).fill(null);
  for (const q of quadrants)
    for (let y = q.y[0]; y <= q.y[1]; y++)
      for (let x = q.x[0]; x <= q.x[1]; x++) out[y * GRID + x] = q.forbiddenResource;
  return out;
});

export const persephoneRules: Partial<PlanetRules> = {
  restrictionReadsIcons: true,
  restriction(geometry, _board, cells, piece) {
    if (piece.kind === 'patch' || piece.icons === null) return null;
    const forbidden = forbiddenIconAt(geometry);
    for (const [k, c] of cells.entries()) {
      const icon = piece.icons[k];
      if (icon && forbidden[c] === icon)
        return refuse('reason.planetForbiddenIcon', { terrain: icon, x: cellX(c), y: cellY(c) }, '§8.1');
    }
    return null;
  },
};
