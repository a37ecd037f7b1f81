/** Charybdis (§8.1): the first piece covers a central vortex square instead of an edge square. */
import { describe, expect, it } from 'vitest';
import { patchError, placementContext } from '../../game/rules/legality';
import { onPlanet, placementsOf } from './support';

describe('Charybdis (§8.1)', () => {
  it('refuses a first tile on the edge away from the vortex, and accepts one on the vortex', () => {
    const g = onPlanet('charybdis').depot('0', { small: 'O-civ-energy' }).start();
    g.take('0', 'small');
    expect(g.reject('0', { type: 'placeTile', orientation: 0, x: 5, y: 0 })).toMatch(/vortex squares.*§8\.1/);
    g.place('0', 0, 4, 4); // (4..5, 4..5): covers the vortex square (5, 5)
    expect(g.draft('0').placed).toBe(true);
  });

  it('a first patch too; afterwards the normal adjacency rule applies', () => {
    const empty = placementContext(onPlanet('charybdis').board('0'));
    expect(patchError(empty, 0, 5)).toMatchObject({ code: 'reason.firstPieceVortex' });
    expect(patchError(empty, 6, 6)).toBeNull();
    const later = placementContext(onPlanet('charybdis').patch('0', [5, 5]).board('0'));
    expect(patchError(later, 4, 5)).toBeNull();
    expect(patchError(later, 0, 5)).toMatchObject({ code: 'reason.patchMustTouch' });
  });

  it('golden count: first tile, an O on the empty planet', () => {
    // Nine 2×2 footprints cover a vortex square, each in its 8 orientations.
    expect(placementsOf(onPlanet('charybdis').board('0'), 'O-civ-energy')).toBe(72);
  });
});
