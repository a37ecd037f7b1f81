/** Scenarios on one planet face, named as a match's `seats` names it. */
import { planetById, tileById } from '../../game/data';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import type { PlayerBoard } from '../../game/core/types';
import { legalTilePlacements, placementContext } from '../../game/rules/legality';
import { expect } from 'vitest';
import { scenario, tileId, type Game, type Scenario } from '../support/scenario';
import { MILESTONE, pick } from '../civ-cards/support';

export const onPlanet = (planet: string, players = 1): Scenario =>
  scenario({ players, setupData: { seats: Array.from({ length: players }, () => ({ planet })) } });

export const at = (x: number, y: number) => cellIndex(x, y);

export const geometryOf = (planet: string) => planetGeometry(planetById(planet));

/** Legal placements of a tile on a board, as the listing gives them (no event rules). */
export const placementsOf = (board: PlayerBoard, tile: string): number =>
  legalTilePlacements(placementContext(board), tileById(tileId(tile)).id).length;

/** Cover every square of the planet with patches except the given ones (a quick hemmed-in board). */
export function coverAllBut(s: Scenario, planet: string, free: [number, number][]): Scenario {
  const keep = new Set(free.map(([x, y]) => cellIndex(x, y)));
  const cells = geometryOf(planet)
    .squares.filter((c) => !keep.has(c))
    .map((c) => [c % 12, Math.floor(c / 12)] as [number, number]);
  return s.patch('0', ...cells);
}

/**
 * A planet bare only at (0,5)–(0,6) and `keep`: the biomass/civ domino played there (an ice spot on
 * K-273, slid in from the west on Pajitnov) brings civ to rank 1, whose pick is Salvage Yard (card 5):
 * the civ step then holds its extra tile from the depot (§3.9, §4.8).
 */
export function salvageYardOn(planet: string, keep: [number, number][]): Game {
  const s = onPlanet(planet)
    .tracker('0', 'civ', MILESTONE[1]! - 1)
    .civPile(1, 5, 6)
    .depot('0', { small: 'i-biomass-civ' });
  const g = coverAllBut(s, planet, [[0, 5], [0, 6], ...keep]).start();
  g.take('0').place('0', 0, 0, 5).resolveAdvances('0');
  expect(g.draft('0').planetRestrictionWaived).toBe(false);
  g.confirm('0');
  expect(g.state.step).toBe('civ');
  pick(g, 5);
  expect(g.pending('0').map((i) => i.kind)).toEqual(['extraTile']);
  return g;
}
