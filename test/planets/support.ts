/** Scenarios on one planet face, named as a match's `seats` names it. */
import { planetById, tileById } from '../../game/data';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import type { PlayerBoard } from '../../game/core/types';
import { legalTilePlacements, placementContext } from '../../game/rules/legality';
import { scenario, tileId, type Scenario } from '../support/scenario';

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
