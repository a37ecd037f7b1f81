/**
 * Planet rules: the data in planets.json plus, where a face bends a rule, a small object of hooks
 * over the shared base. KSB-4156 (the symmetric face) follows the base rules.
 */
import { createRegistry } from './registry';
import type { CellIndex, PlayerBoard } from '../core/types';
import type { PlanetGeometry } from '../rules/board';
import type { Reason } from '../core/messages';

export interface PlanetRules {
  /**
   * Per row, a 12-bit mask of the squares a player's first piece must touch (§4.3): the edge by
   * default; Charybdis will name its vortex.
   */
  firstPieceRows(geometry: PlanetGeometry): number[];
  /** Why this planet forbids covering these cells, or null (§4.8; waived by R10). Absent: no restriction. */
  restriction?(
    geometry: PlanetGeometry,
    board: PlayerBoard,
    cells: CellIndex[],
    piece: 'tile' | 'patch',
  ): Reason | null;
}

export const basePlanetRules: PlanetRules = {
  firstPieceRows: (geometry) => geometry.edgeRows,
};

const RULES: Record<string, Partial<PlanetRules>> = {
  'ksb-4156': {},
};

const registry = createRegistry<PlanetRules>('Planet', basePlanetRules, RULES);

export const PLAYABLE_PLANETS: readonly string[] = registry.ids;

export const planetRules = (id: string): PlanetRules => registry.get(id);
