/**
 * Corporation rules: the data in corporations.json plus, where a board bends a rule, a small object
 * of hooks over the shared base. The track model is a board of squares (column × row): a tracker
 * stands on a square and a corporation says which squares it may advance to, so winding or diagonal
 * tracks (Oasis, Makeshift) and tech slots (Jump Drive) fit as hooks later.
 */
import { createRegistry } from './registry';
import type { CorporationData } from '../data/types';
import type { PlayerBoard, SquareRef, Track } from '../core/types';

export interface CorporationRules {
  /** Squares the tracker of `track` may advance onto from where it stands (§5.2). */
  nextSquares(corp: CorporationData, board: PlayerBoard, track: Track): SquareRef[];
  /** Effect names (corporations.json `techs[].effect`) of the techs available now (§5.11). */
  activeTechEffects(corp: CorporationData, board: PlayerBoard): Set<string>;
}

/** The standard rules, used as they are by Universal Coalition. */
export const baseCorporationRules: CorporationRules = {
  nextSquares(corp, board, track) {
    const at = board.trackers[track];
    const column = corp.tracks[at.col];
    return at.row < column.top ? [{ col: at.col, row: at.row + 1 }] : [];
  },
  activeTechEffects(corp, board) {
    // techTrack mode, cumulative: tech k is on while the tech tracker stands on or above its milestone.
    const rows = corp.techUnlock.milestoneRows ?? [];
    const level = board.trackers.tech.row;
    const active = new Set<string>();
    corp.techs.forEach((tech, k) => {
      const row = rows[k];
      if (row !== undefined && level >= row) active.add(tech.effect);
    });
    return active;
  },
};

/** Corporations playable so far, each with the hooks that differ from the base. */
const RULES: Record<string, Partial<CorporationRules>> = {
  'universal-coalition': {},
};

const registry = createRegistry<CorporationRules>('Corporation', baseCorporationRules, RULES);

export const PLAYABLE_CORPORATIONS: readonly string[] = registry.ids;

export const corporationRules = (id: string): CorporationRules => registry.get(id);

/** Universal Coalition tech effects (corporations.json), named once for the rules that read them. */
export const TECH = {
  ignoreAdjacency: 'ignoreAdjacency',
  storeBiomass: 'storeBiomass',
  roverMovePlusOne: 'roverMovePlusOne',
  doubleWaterFromPlacement: 'doubleWaterFromPlacement',
  meteorImmune: 'meteorImmune',
} as const;
