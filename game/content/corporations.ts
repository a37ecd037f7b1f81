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
  /** Whether a square is the top of its track: no tracker goes higher from it (§5.3). */
  isTopSquare(corp: CorporationData, square: SquareRef): boolean;
  /** Whether the board's tech number `index` (corporations.json `techs[index]`) is available now (§5.11). */
  techActive(corp: CorporationData, board: PlayerBoard, index: number): boolean;
  /** Effect names (corporations.json `techs[].effect`) of the techs available now (§5.11). */
  activeTechEffects(corp: CorporationData, board: PlayerBoard): Set<string>;

  // What a board's techs change in the shared rules (§5.11). The base changes nothing; a
  // corporation whose tech bends a rule overrides the hook and reads its own techs.
  /** A new tile or patch need not touch one already placed (§4.4 lifted). */
  placementIgnoresAdjacency(corp: CorporationData, board: PlayerBoard): boolean;
  /** A biomass patch may be stored on the board instead of placed, outside the end game (§5.9). */
  mayStoreBiomass(corp: CorporationData, board: PlayerBoard): boolean;
  /** The rover movement a gain of `amount` gives (§5.10.2). */
  movementGain(corp: CorporationData, board: PlayerBoard, amount: number): number;
  /** How far a tile's water placed on ice advances the water tracker (§5.8). */
  waterStepsOnIce(corp: CorporationData, board: PlayerBoard): number;
  /** Whether a meteorite lands on the board's tiles, from a placed tile or an event (§4.6, §7.3.2). */
  meteoritesLand(corp: CorporationData, board: PlayerBoard): boolean;
}

/** Whether the tech with this effect is available now; asked on every placement, so no set is built. */
function techOn(corp: CorporationData, board: PlayerBoard, effect: string): boolean {
  const index = corp.techs.findIndex((tech) => tech.effect === effect);
  return index >= 0 && corporationRules(corp.id).techActive(corp, board, index);
}

/** The standard rules, used as they are by Universal Coalition. */
export const baseCorporationRules: CorporationRules = {
  nextSquares(corp, board, track) {
    const at = board.trackers[track];
    const column = corp.tracks[at.col];
    return at.row < column.top ? [{ col: at.col, row: at.row + 1 }] : [];
  },
  isTopSquare: (corp, square) => square.row >= corp.tracks[square.col].top,
  techActive(corp, board, index) {
    // techTrack mode, cumulative: tech k is on while the tech tracker stands on or above its milestone.
    const row = corp.techUnlock.milestoneRows?.[index];
    return row !== undefined && board.trackers.tech.row >= row;
  },
  activeTechEffects(corp, board) {
    const rules = corporationRules(corp.id);
    const active = new Set<string>();
    corp.techs.forEach((tech, k) => {
      if (rules.techActive(corp, board, k)) active.add(tech.effect);
    });
    return active;
  },
  placementIgnoresAdjacency: () => false,
  mayStoreBiomass: () => false,
  movementGain: (_corp, _board, amount) => amount,
  waterStepsOnIce: () => 1,
  meteoritesLand: () => true,
};

/** Universal Coalition's five techs (corporations.json), each bending one shared rule. */
const universalCoalition: Partial<CorporationRules> = {
  placementIgnoresAdjacency: (corp, board) => techOn(corp, board, 'ignoreAdjacency'),
  mayStoreBiomass: (corp, board) => techOn(corp, board, 'storeBiomass'),
  movementGain: (corp, board, amount) => amount + (techOn(corp, board, 'roverMovePlusOne') ? 1 : 0), // R6
  waterStepsOnIce: (corp, board) => (techOn(corp, board, 'doubleWaterFromPlacement') ? 2 : 1),
  meteoritesLand: (corp, board) => !techOn(corp, board, 'meteorImmune'),
};

/** Corporations playable so far, each with the hooks that differ from the base. */
const RULES: Record<string, Partial<CorporationRules>> = {
  'universal-coalition': universalCoalition,
};

const registry = createRegistry<CorporationRules>('Corporation', baseCorporationRules, RULES);

export const PLAYABLE_CORPORATIONS: readonly string[] = registry.ids;

export const corporationRules = (id: string): CorporationRules => registry.get(id);
