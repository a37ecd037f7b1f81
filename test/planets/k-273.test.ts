/**
 * K-273 (§8.1, §4.8, R10): a tile lies all on land or all on ice; the rule is lifted when it alone
 * blocks, for the round's tile and for a civ card's extra tile alike.
 */
import { describe, expect, it } from 'vitest';
import { legalPatchCells, placementContext, restrictionWaivers } from '../../game/rules/legality';
import type { Choice } from '../../game/core/types';
import { tileId } from '../support/scenario';
import { choicesOf, resolveRefusal } from '../civ-cards/support';
import { at, coverAllBut, onPlanet, placementsOf, salvageYardOn } from './support';

describe('K-273 (§8.1)', () => {
  it('refuses a tile covering land and ice, judged on the printed board, and changes nothing', () => {
    const g = onPlanet('k-273').patch('0', [1, 5]).depot('0', { small: 'i-civ-energy' }).start();
    g.take('0', 'small');
    // Beside the patch on (1, 5): (2, 4) ice with (2, 5) land is refused; (2, 5) land with (2, 6), a
    // lifepod square, counts as all land.
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 2, y: 4 })).toEqual({
      code: 'reason.planetLandAndIce',
      rule: '§8.1',
    });
    g.place('0', 0, 2, 5);
    expect(g.draft('0').board.pieceAt[at(2, 6)]).not.toBe(-1);
  });

  it('lets a patch go on land or on ice', () => {
    const b = onPlanet('k-273').board('0');
    const cells = legalPatchCells(placementContext(b));
    expect(cells).toContain(at(0, 5)); // ice
    expect(cells).toContain(at(11, 6)); // land
  });

  it('R10: with only a land-and-ice spot left for either tile, the planet rule is lifted for the turn', () => {
    // Left bare: (8, 3) a lifepod square (land) and (9, 3) ice. The domino fits only across both.
    const g = coverAllBut(onPlanet('k-273'), 'k-273', [
      [8, 3],
      [9, 3],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ planetRestrictionWaived: true, restrictionWaived: false });
    expect(g.legal('0').filter((a) => a.type === 'placeTile')).toHaveLength(2);
    g.place('0', 1, 8, 3);
    expect(g.draft('0').placed).toBe(true);
  });

  it('R10 for a civ card’s extra tile: the planet rule binds it, and is lifted for it alone when it blocks every depot tile (Salvage Yard, §3.9, §4.1, §4.8)', () => {
    // Bare: the ice spot (0,5)–(0,6) for the round's tile and the land-and-ice spot (2,4)–(2,5).
    const waived = salvageYardOn('k-273', [
      [2, 4],
      [2, 5],
    ]);
    // Only land and ice together are left: with the rule neither depot tile fits, without it one does.
    const spots = choicesOf(waived, waived.item('0', 'extraTile'));
    expect(spots.length).toBeGreaterThan(0);
    expect(spots.every((c) => c.stack === 'small' && c.x === 2 && c.y === 4)).toBe(true);
    waived.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 2, y: 4 }).confirm('0');
    expect(waived.board('0').pieceAt[at(2, 4)]).not.toBe(-1);
    expect(waived.board('0').pieceAt[at(2, 5)]).not.toBe(-1);

    // An all-ice spot (5,0)–(6,0) is left too: the rule stands; the straddling spot is refused, nothing changed.
    const kept = salvageYardOn('k-273', [
      [2, 4],
      [2, 5],
      [5, 0],
      [6, 0],
    ]);
    const extra = kept.item('0', 'extraTile');
    const allIce = choicesOf(kept, extra);
    expect(allIce.length).toBeGreaterThan(0);
    expect(allIce.every((c) => c.stack === 'small' && c.x === 5 && c.y === 0)).toBe(true);
    expect(resolveRefusal(kept, extra, { stack: 'small', orientation: 0, x: 2, y: 4 })).toEqual({
      code: 'reason.planetLandAndIce',
      rule: '§8.1',
    });
    kept.resolve('0', 'extraTile', allIce[0] as Choice).confirm('0');
    expect(kept.board('0').pieceAt[at(5, 0)]).not.toBe(-1);
  });

  it('§4.8 open point: with an event restriction too, the event is lifted first, both only if needed', () => {
    const noIce = [{ rule: 'tileMayNotCoverIce' as const }];
    const domino = [tileId('i-civ-energy')];
    // Two ice squares left, (9, 3) and (9, 4): lifting the event alone is enough.
    const ice = coverAllBut(onPlanet('k-273'), 'k-273', [
      [9, 3],
      [9, 4],
    ]).board('0');
    expect(restrictionWaivers(ice, domino, noIce)).toEqual({ planet: false, event: true });
    // Land (8, 3) and ice (9, 3): only lifting both lets the domino in.
    const mixed = coverAllBut(onPlanet('k-273'), 'k-273', [
      [8, 3],
      [9, 3],
    ]).board('0');
    expect(restrictionWaivers(mixed, domino, noIce)).toEqual({ planet: true, event: true });
    expect(restrictionWaivers(mixed, domino, [])).toEqual({ planet: true, event: false });
  });

  it('golden count: first tile, an O on the empty planet (112 all-ice footprints on the edge)', () => {
    expect(placementsOf(onPlanet('k-273').board('0'), 'O-civ-energy')).toBe(112);
  });
});
