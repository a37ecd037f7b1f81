/**
 * Petra (§8.1, R31): uncovered electric squares count as energy terrain during play and at the
 * end, in every objective, and as covered squares for rows, columns and the tie-break. During play
 * they are energy terrain for every rule that reads terrain (§1.3), event 119's included.
 */
import { describe, expect, it } from 'vitest';
import { corporationById, objectiveById, OBJECTIVES, planetById } from '../../game/data';
import { largestArea } from '../../game/rules/areas';
import { neighborValue, objectiveContext } from '../../game/rules/objectives';
import { planetLines, scoreGame } from '../../game/rules/scoring';
import { roundRulesOf } from '../../game/content/events';
import { legalTilePlacements, placementContext, placementRefusal } from '../../game/rules/legality';
import { roverPathError, roverReach } from '../../game/rules/rover-steps';
import { reveal } from '../events/support';
import { scenario, tileId, type Scenario } from '../support/scenario';
import { at, coverAllBut, geometryOf, onPlanet } from './support';

/** Petra with the event deck on (§7.3), solo, as the event tests play it. */
const petraWithEvents = (): Scenario =>
  scenario({
    players: 1,
    setupData: { seats: [{ planet: 'petra' }] },
    options: { events: { green: 7, orange: 7, red: 6, preset: 'standard' }, privateObjectives: false },
  });

const NO_MATCHING = 119;
const civEnergy = tileId('i-civ-energy'); // civ on its first square, energy on its second

describe('Petra (§8.1, R31)', () => {
  it('has no ice', () => {
    expect(geometryOf('petra').isIce.some(Boolean)).toBe(false);
  });

  it('an energy icon reaches, through uncovered electric squares, terrain its own area never touches', () => {
    // A biomass patch on (3, 4) touches the electric square (3, 5); the electric squares link (3, 5)
    // to (5, 3), beside which the tile's energy icon lands. A patch on (6, 0) lets the tile touch.
    const g = onPlanet('petra').patch('0', [3, 4], [6, 0]).depot('0', { small: 'I-civ-energy' }).start();
    g.take('0', 'small');
    g.place('0', 2, 6, 1); // turned half round: energy icon on (6, 3), civ on (6, 1..2)
    const energy = g.item('0', 'energy');
    expect(energy.kind === 'energy' && energy.options).toEqual(['civ', 'biomass']);
  });

  it('event 99 (no rovers on energy): a rover may not enter an uncovered electric square, energy terrain in play (§1.3, §8.1)', () => {
    // (3, 5) is electric; (3, 4) beside it is a plain square.
    const b = onPlanet('petra').rover('0', 0, [3, 4]).board('0');
    expect(roverPathError(b, 0, [[3, 5]], 2, null)).toBeNull();
    expect(roverPathError(b, 0, [[3, 5]], 2, 'energy')).toMatchObject({ code: 'reason.eventNoRoversAt' });
    expect(roverReach(b, 0, 2, 'energy').has(at(3, 5))).toBe(false);
    // Covered by a biomass patch, it is biomass: the event no longer keeps the rover out.
    const covered = onPlanet('petra').patch('0', [3, 5]).rover('0', 0, [3, 4]).board('0');
    expect(roverPathError(covered, 0, [[3, 5]], 2, 'energy')).toBeNull();
  });

  it('counts uncovered electric squares as covered for rows and columns', () => {
    // Row 2: squares 2..9; (4, 2), (5, 2) and (9, 2) are electric.
    const b = onPlanet('petra').patch('0', [2, 2], [3, 2], [6, 2], [7, 2], [8, 2]).board('0');
    expect(planetLines(b, planetById('petra')).rows[2]).toBe('complete');
  });

  it('counts them in energy areas for objectives, and as covered for the tie-break (R23)', () => {
    const b = onPlanet('petra').board('0');
    expect(largestArea(b, 'energy')).toBeGreaterThan(10);
    const card = OBJECTIVES.find(
      (o) => o.neighbor.measure.type === 'largestTerrainArea' && o.neighbor.measure.terrain === 'energy',
    );
    if (card) {
      const ctx = objectiveContext(planetById('petra'), corporationById(b.corporation));
      expect(neighborValue(objectiveById(card.id), b, ctx)).toBe(largestArea(b, 'energy'));
    }
    const g = onPlanet('petra');
    const result = scoreGame(g.state);
    expect(result.scores[0]?.uncovered).toBe(96 - 37);
  });

  it('event 119: a tile’s energy square may not touch an uncovered electric square, which is energy terrain in play (§1.3, §4.8, §8.1, R31)', () => {
    const g = reveal(petraWithEvents().depot('0', { small: 'i-civ-energy' }), NO_MATCHING);
    g.take('0');
    expect(g.draft('0').restrictionWaived).toBe(false);
    // First tile on the edge at (0,5)–(0,6); the electric square (1,6) lies beside (0,6).
    expect(geometryOf('petra').isEdge[at(0, 5)]).toBe(true);
    const energyBeside = { orientation: 0, x: 0, y: 5 }; // civ (0,5), energy (0,6)
    const civBeside = { orientation: 2, x: 0, y: 5 }; // energy (0,5), civ (0,6)
    expect(placementRefusal(placementContext(g.draft('0').board), civEnergy, energyBeside)).toBeNull();
    expect(g.refusalMessage('0', { type: 'placeTile', ...energyBeside })).toEqual({
      code: 'reason.eventNoMatchingBare',
      rule: '§4.8',
      values: { terrain: 'energy', terrain2: 'energy', x: 1, y: 6 },
    });
    const listed = g.legal('0').filter((a) => a.type === 'placeTile');
    expect(listed).not.toContainEqual({ type: 'placeTile', ...energyBeside });
    expect(listed).toContainEqual({ type: 'placeTile', ...civBeside }); // civ beside it matches nothing
    g.place('0', civBeside.orientation, civBeside.x, civBeside.y);

    // Covered by a biomass patch, (1,6) is biomass terrain: the energy square may touch it.
    const h = reveal(petraWithEvents().patch('0', [1, 6]).depot('0', { small: 'i-civ-energy' }), NO_MATCHING);
    h.take('0').place('0', energyBeside.orientation, energyBeside.x, energyBeside.y);
    expect(h.draft('0').placed).toBe(true);
  });

  it('event 119 and R10: when the electric squares leave no depot tile a place, the event is lifted for the turn (§4.8)', () => {
    // Bare: (6,5) between the electric squares (5,5) and (7,5); civ terrain at (6,4) above it.
    // Every placement of the civ/energy domino there breaks the rule: energy beside a bare electric
    // square, or civ beside the civ at (6,4). Without the event all four are legal.
    const s = petraWithEvents().tile('0', 'i-biomass-civ', { orientation: 0, x: 6, y: 3 });
    const full = coverAllBut(s, 'petra', [
      [5, 5],
      [6, 5],
      [7, 5],
      [6, 3],
      [6, 4],
    ]).depot('0', { small: 'i-civ-energy' });
    const g = reveal(full, NO_MATCHING);
    const ctx = placementContext(g.draft('0').board);
    expect(legalTilePlacements(ctx, civEnergy)).toHaveLength(4);
    expect(legalTilePlacements(ctx, civEnergy, roundRulesOf(NO_MATCHING))).toEqual([]);
    // Energy on (6,5), civ on (7,5): only the bare electric square (5,5) forbids it.
    expect(
      placementRefusal(ctx, civEnergy, { orientation: 1, x: 6, y: 5 }, roundRulesOf(NO_MATCHING)),
    ).toEqual({
      code: 'reason.eventNoMatchingBare',
      rule: '§4.8',
      values: { terrain: 'energy', terrain2: 'energy', x: 5, y: 5 },
    });
    g.take('0');
    expect(g.draft('0')).toMatchObject({ restrictionWaived: true, planetRestrictionWaived: false });
    expect(g.legal('0').filter((a) => a.type === 'placeTile')).toHaveLength(4);
    g.place('0', 1, 6, 5);
    expect(g.draft('0').placed).toBe(true);
  });
});
