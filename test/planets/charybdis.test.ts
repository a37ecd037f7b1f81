/**
 * Charybdis (§8.1, §4.3, §4.8, R10): the first piece covers a central vortex square instead of an
 * edge square. For the first tile that is a planet restriction like the others: R10 lifts it, back
 * to the edge rule, when it alone leaves neither depot tile a place.
 */
import { describe, expect, it } from 'vitest';
import {
  legalTilePlacements,
  patchError,
  placementContext,
  placementError,
  restrictionWaivers,
} from '../../game/rules/legality';
import { roundRulesOf } from '../../game/content/events';
import { scenario, tileId, type Scenario } from '../support/scenario';
import { reveal } from '../events/support';
import { plainPlacements } from './plain-rules';
import { at, onPlanet, placementsOf } from './support';

const DEEP_ICE = 120; // this round no tile may cover ice (§4.8)
const O = tileId('O-civ-energy');
const O_SHAPE = 10;

/** Charybdis, solo, with the event deck on (§7.3). */
const charybdisWithEvents = (): Scenario =>
  scenario({
    players: 1,
    setupData: { seats: [{ planet: 'charybdis' }] },
    options: { events: { green: 7, orange: 7, red: 6, preset: 'standard' }, privateObjectives: false },
  });

describe('Charybdis (§8.1)', () => {
  it('refuses a first tile on the edge away from the vortex, and accepts one on the vortex', () => {
    const g = onPlanet('charybdis').depot('0', { small: 'O-civ-energy' }).start();
    g.take('0', 'small');
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 5, y: 0 })).toEqual({
      code: 'reason.firstTileVortex',
      rule: '§8.1',
    });
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

  it('R10 (§4.8): lifted, the vortex rule gives way to the edge rule for the first tile (§4.3)', () => {
    const b = onPlanet('charybdis').board('0');
    const lifted = placementContext(b, true);
    const north = { orientation: 0, x: 5, y: 0 }; // (5..6, 0..1): on the edge, far from the vortex
    expect(placementError(placementContext(b), O_SHAPE, north, O)).toMatchObject({
      code: 'reason.firstTileVortex',
    });
    expect(placementError(lifted, O_SHAPE, north, O)).toBeNull();
    // (4..5, 4..5) covers the vortex square (5, 5) and no edge square: the edge rule refuses it.
    expect(placementError(lifted, O_SHAPE, { orientation: 0, x: 4, y: 4 }, O)).toMatchObject({
      code: 'reason.firstTileEdge',
      rule: '§4.3',
    });
    // Golden count: 24 footprints of an O on the edge, each in its 8 orientations, as the plain
    // reading of §4.2 gives.
    expect(legalTilePlacements(lifted, O)).toHaveLength(192);
    expect(plainPlacements(b, O, { planet: true }).size).toBe(192);
  });

  it('R10 (§4.8): when the vortex can take neither depot tile, the first tile goes on the edge instead', () => {
    // No game gets here: the vortex is bare until the first piece, and every tile fits on it. So the
    // vortex squares are marked taken by hand, with no piece laid, to show the waiver per source.
    const s = onPlanet('charybdis').depot('0', { small: 'O-civ-energy', large: 'I4-civ-energy' });
    for (const [x, y] of [
      [5, 5],
      [6, 5],
      [5, 6],
      [6, 6],
    ] as const)
      s.board('0').pieceAt[at(x, y)] = 0;
    expect(restrictionWaivers(s.board('0'), [O, tileId('I4-civ-energy')], [])).toEqual({
      planet: true,
      event: false,
    });
    const g = s.start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ planetRestrictionWaived: true, restrictionWaived: false });
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 3, y: 3 })).toEqual({
      code: 'reason.firstTileEdge',
      rule: '§4.3',
    });
    g.place('0', 0, 5, 0);
    expect(g.draft('0').placed).toBe(true);
  });

  it('§4.8 open point: with no tile allowed on ice, the event is lifted first and the vortex still binds', () => {
    // The vortex is ringed with ice: only a tile held within its 2×2 avoids ice there. The I tromino
    // and the I4 cannot, so the event is lifted (that alone is enough); the vortex rule stands.
    const g = reveal(
      charybdisWithEvents().depot('0', { small: 'I-civ-energy', large: 'I4-civ-energy' }),
      DEEP_ICE,
    );
    const ice = roundRulesOf(DEEP_ICE);
    expect(restrictionWaivers(g.board('0'), [tileId('I-civ-energy'), tileId('I4-civ-energy')], ice)).toEqual({
      planet: false,
      event: true,
    });
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ restrictionWaived: true, planetRestrictionWaived: false });
    expect(g.refusal('0', { type: 'placeTile', orientation: 1, x: 0, y: 5 })).toEqual({
      code: 'reason.firstTileVortex',
      rule: '§8.1',
    });
    g.place('0', 1, 4, 5); // (4..6, 5): ice, then two vortex squares
    expect(g.draft('0').placed).toBe(true);
  });

  it('R10 (§4.8): nothing is lifted when the other tile fits the vortex, and that one must be taken (§4.9)', () => {
    // The O fits the vortex's 2×2 exactly, off the ice; the I4 cannot cover the vortex without ice.
    const g = reveal(
      charybdisWithEvents().depot('0', { small: 'O-civ-energy', large: 'I4-civ-energy' }),
      DEEP_ICE,
    );
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ restrictionWaived: false, planetRestrictionWaived: false });
    // Only on the vortex itself, in each of its 8 orientations.
    const spots = g.legal('0').filter((a) => a.type === 'placeTile');
    expect(spots).toHaveLength(8);
    expect(spots.every((a) => a.type === 'placeTile' && a.x === 5 && a.y === 5)).toBe(true);
    g.place('0', 0, 5, 5);
    expect(g.draft('0').placed).toBe(true);
  });

  it('golden count: first tile, an O on the empty planet', () => {
    // Nine 2×2 footprints cover a vortex square, each in its 8 orientations.
    expect(placementsOf(onPlanet('charybdis').board('0'), 'O-civ-energy')).toBe(72);
  });
});
