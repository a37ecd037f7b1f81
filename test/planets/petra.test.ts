/**
 * Petra (§8.1, R31): uncovered electric squares count as energy terrain during play and at the
 * end, in every objective, and as covered squares for rows, columns and the tie-break.
 */
import { describe, expect, it } from 'vitest';
import { corporationById, objectiveById, OBJECTIVES, planetById } from '../../game/data';
import { largestArea } from '../../game/rules/areas';
import { neighborValue, objectiveContext } from '../../game/rules/objectives';
import { planetLines, scoreGame } from '../../game/rules/scoring';
import { geometryOf, onPlanet } from './support';

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
});
