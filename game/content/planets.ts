/**
 * Planet rules: the data in planets.json plus, where a face bends a rule, a small object of hooks
 * over the shared base (game/content/planets/<planet>.ts). KSB-4156 (the symmetric face) follows
 * the base rules. The shared rules ask these hooks; they never test a planet's name.
 */
import { createRegistry } from './registry';
import type { CellIndex, PlayerBoard, Terrain } from '../core/types';
import type { PlanetGeometry } from '../rules/board';
import { refuse, type Reason } from '../core/messages';
import { arashiRules } from './planets/arashi';
import { cerberusRules } from './planets/cerberus';
import { charybdisRules } from './planets/charybdis';
import { gaiaRules } from './planets/gaia';
import { k273Rules } from './planets/k-273';
import { kaakRules } from './planets/kaak';
import { lacunaRules } from './planets/lacuna';
import { oblivionRules } from './planets/oblivion';
import { pajitnovRules } from './planets/pajitnov';
import { persephoneRules } from './planets/persephone';
import { petraRules } from './planets/petra';
import { tartarusRules } from './planets/tartarus';

/**
 * What a placement lays, as a planet restriction sees it: a tile with the resource icon it prints
 * on each of its cells (in the order of the cells; null where there is none), or a biomass patch.
 * `icons` is null when only the tile's shape is known (listing by shape).
 */
export type LaidPiece = { kind: 'patch' } | { kind: 'tile'; icons: readonly (Terrain | null)[] | null };

/** A bonus not earned yet: its medals, all its squares, and those still to cover. */
export interface BonusToEarn {
  medals: number;
  squares: number;
  left: readonly CellIndex[];
}

export interface PlanetRules {
  /**
   * Per row, a 12-bit mask of the squares a player's first piece must touch (§4.3): the edge by
   * default; Charybdis names its vortex, a planet restriction that R10 lifts back to the edge (§4.8).
   */
  firstPieceRows(geometry: PlanetGeometry): number[];
  /** Why a first piece that misses those squares is refused (§4.3). */
  firstPieceRefusal(piece: 'tile' | 'patch'): Reason;
  /**
   * Why this planet forbids laying the piece on these cells, or null (§4.8; waived by R10).
   * Absent: no restriction.
   */
  restriction?(
    geometry: PlanetGeometry,
    board: PlayerBoard,
    cells: readonly CellIndex[],
    piece: LaidPiece,
  ): Reason | null;
  /** The restriction reads the icons a tile lays: legal placements are then listed per tile, not per shape. */
  restrictionReadsIcons: boolean;
  /**
   * The ruling that lifts the restriction when no depot tile could be placed with it (§4.8): R10 by
   * default; Pajitnov's fallback is its own ruling, R18.
   */
  waiverRule: string;
  /**
   * Why a rover may not enter `to`, or null: from the square `from` by a step, or by teleport when
   * `from` is null (§5.10.3, §8.1). Absent: every planet square may be entered.
   */
  roverEntryRefusal?(
    geometry: PlanetGeometry,
    board: PlayerBoard,
    from: CellIndex | null,
    to: CellIndex,
  ): Reason | null;
  /**
   * Squares that count as energy terrain while uncovered, and as covered at the end (Petra's
   * electric squares, §8.1, R31). Empty by default.
   */
  energyLikeSquares(geometry: PlanetGeometry): readonly CellIndex[];
  /** Medals besides rows and columns (Gaia's uncovered cities, Cerberus's covered sub-planets; R30). */
  extraMedals?(geometry: PlanetGeometry, board: PlayerBoard): number;
  /**
   * The bonuses `extraMedals` does not give yet on this board, each with the squares still to
   * cover to earn it (a Cerberus sub-planet's bare squares), so that bots can weigh the progress.
   * Absent: none.
   */
  bonusesToEarn?(geometry: PlanetGeometry, board: PlayerBoard): readonly BonusToEarn[];
  /** Edge squares for objectives (§4.2): the placement edge by default; Cerberus adds its seams (R16). */
  objectiveEdge(geometry: PlanetGeometry): readonly boolean[];
}

const NO_SQUARES: readonly CellIndex[] = [];

export const basePlanetRules: PlanetRules = {
  firstPieceRows: (geometry) => geometry.edgeRows,
  firstPieceRefusal: (piece) =>
    piece === 'tile'
      ? refuse('reason.firstTileEdge', undefined, '§4.3')
      : refuse('reason.firstPieceEdge', undefined, '§4.3'),
  restrictionReadsIcons: false,
  waiverRule: 'R10',
  energyLikeSquares: () => NO_SQUARES,
  objectiveEdge: (geometry) => geometry.isEdge,
};

/**
 * Every planet with its rules. Being here makes a planet one that `seats` may name; what setup
 * deals by default is the symmetric face alone.
 */
const RULES: Record<string, Partial<PlanetRules>> = {
  'ksb-4156': {},
  'k-273': k273Rules,
  gaia: gaiaRules,
  persephone: persephoneRules,
  arashi: arashiRules,
  petra: petraRules,
  tartarus: tartarusRules,
  charybdis: charybdisRules,
  kaak: kaakRules,
  pajitnov: pajitnovRules,
  oblivion: oblivionRules,
  cerberus: cerberusRules,
  lacuna: lacunaRules,
};

const registry = createRegistry<PlanetRules>('Planet', basePlanetRules, RULES);

export const PLAYABLE_PLANETS: readonly string[] = registry.ids;

export const planetRules = (id: string): PlanetRules => registry.get(id);

/** The ruling under which a planet's restriction is lifted for a turn (§4.8), for the table to cite. */
export const planetWaiverRule = (id: string): string => planetRules(id).waiverRule;
