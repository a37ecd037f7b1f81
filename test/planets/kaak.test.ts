/** K'aak (§8.1): rovers may not enter an uncovered toxic square; a tile over it neutralizes it. */
import { describe, expect, it } from 'vitest';
import { roverPathError, roverReach } from '../../game/rules/rover-steps';
import { at, onPlanet, placementsOf } from './support';

describe("K'aak (§8.1)", () => {
  it('keeps a rover off an uncovered toxic square, by step', () => {
    const b = onPlanet('kaak').rover('0', 0, [5, 2]).board('0');
    // (4, 2) is toxic, (5, 1) is not.
    expect(roverPathError(b, 0, [[4, 2]], 2)).toMatchObject({ code: 'reason.roverToxic', rule: '§8.1' });
    expect(roverReach(b, 0, 1).has(at(4, 2))).toBe(false);
    expect(roverReach(b, 0, 1).has(at(5, 1))).toBe(true);
  });

  it('lets it onto a covered toxic square', () => {
    const b = onPlanet('kaak').patch('0', [4, 2]).rover('0', 0, [5, 2]).board('0');
    expect(roverPathError(b, 0, [[4, 2]], 2)).toBeNull();
  });

  it('keeps a teleport off an uncovered toxic square too', () => {
    const g = onPlanet('kaak').rover('0', 0, [5, 2]).pending('0', { kind: 'teleport' }).start();
    expect(
      g.refusalMessage('0', {
        type: 'resolve',
        item: g.item('0', 'teleport').id,
        choice: { rover: 0, x: 4, y: 2 },
      }),
    ).toEqual({ code: 'reason.roverToxic', rule: '§8.1', values: { x: 4, y: 2 } });
  });

  it('does not restrict tiles: golden count, first tile, an O on the empty planet', () => {
    expect(placementsOf(onPlanet('kaak').board('0'), 'O-civ-energy')).toBe(192);
  });
});
