/**
 * Corporation rules: the data in corporations.json plus, where a board bends a rule, a small object
 * of hooks over the shared base (§8.2). The track model is a board of squares (column × row): a
 * tracker stands on a square and its corporation says where it may go next and what landing there
 * gives, so winding paths (Oasis), boxes (Wormhole), diagonal moves (Makeshift), covered squares
 * (Cosmos) and tech slots (Jump Drive) are hooks, not special cases of the core.
 *
 * Each asymmetric corporation lives in `./corporations/<id>.ts` as a `Partial<CorporationRules>`.
 * Hooks that change the turn get the draft and `fx`, the rules core's own effects, so content never
 * imports the rules modules (no import cycle) and every effect goes through one implementation.
 */
import { createRegistry } from './registry';
import type { CorporationData, Reward } from '../data/types';
import type {
  AbilityChoice,
  Benefits,
  CellIndex,
  CorporationChoice,
  Draft,
  GainSource,
  LifepodSpot,
  PendingItem,
  PlayerBoard,
  SquareRef,
  Track,
} from '../core/types';
import { TRACKS } from '../core/types';
import type { NewItem, TurnEnv } from '../rules/draft';
import type { TileGain } from '../rules/pieces';
import { republic } from './corporations/republic';
import { wormholeCorp } from './corporations/wormhole-corp';
import { cosmosInc } from './corporations/cosmos-inc';
import { horizonGroup } from './corporations/horizon-group';
import { jumpDrive } from './corporations/jump-drive';
import { oasisUltd } from './corporations/oasis-ultd';
import { makeshift } from './corporations/makeshift';
import { fluxIndustries } from './corporations/flux-industries';

/** The rules core's effects, handed to hooks that change a turn (implemented in game/rules). */
export interface CorporationEffects {
  addItem(d: Draft, item: NewItem): void;
  /** Drop a resolved pending item (and the alternatives of its group). */
  removeItem(d: Draft, id: number): void;
  /** Rover movement into the turn's pool, through the corporation's movement hooks (R2, R6). */
  gainMovement(d: Draft, amount: number): void;
  /** Advance a tracker square by square, claiming each square (§5.2, R7). */
  advance(d: Draft, track: Track, steps: number, benefits: Benefits, source: GainSource): void;
  /** Claim a square's rewards for a tracker without moving it (Jump Drive E claims a row). */
  claim(d: Draft, track: Track, square: SquareRef, benefits: Benefits): void;
  /** One square down, claiming nothing (§5.4); false when it cannot. */
  regress(d: Draft, track: Track): boolean;
  /** Collect lifepods: counted as collected, each then offered a spot when the board has any (R32). */
  collectLifepods(d: Draft, count: number): void;
  /** Collect the meteorite on a square: off the planet, counted (§5.10.4). */
  collectMeteorite(d: Draft, cell: CellIndex): void;
  /** A civ card's effects of this timing join the turn (Republic tech 5 keeps cards at the end, §6.2). */
  civCardEffects(d: Draft, card: number, when: 'immediate' | 'endGame'): void;
}

/** A step a rover may take from a square besides the orthogonal ones, or a cost that differs (§8.2). */
export interface RoverStep {
  cell: CellIndex;
  /** Movement it costs (0 for Cosmos tech 4 onto energy, 1 otherwise). */
  cost: number;
  /** A jump, not a walk: nothing is collected on the way, only on arrival. */
  teleport?: boolean;
  /** The once-per-round ability the step uses up (Jump Drive tech B), if any. */
  ability?: string;
}

/** A power the player may use now (§8.2): its name (the tech's effect) and every way to use it. */
export interface AbilityOffer {
  ability: string;
  choices: AbilityChoice[];
  /** Whether using it spends the tech's once-per-round or once-per-game allowance (R12, §5.11). */
  once?: 'round' | 'game';
}

export interface CorporationRules {
  // ---------------------------------------------------------------- tracks (§5.2–§5.6)
  /** Squares the tracker of `track` may advance onto from where it stands (§5.2); empty at the top or blocked. */
  nextSquares(corp: CorporationData, board: PlayerBoard, track: Track): SquareRef[];
  /** The square one regression takes the tracker to, or null when it cannot move down (§5.4). */
  previousSquare(corp: CorporationData, board: PlayerBoard, track: Track): SquareRef | null;
  /** Whether a square is the top of its track: no tracker goes higher from it (§5.3). */
  isTopSquare(corp: CorporationData, square: SquareRef): boolean;
  /** What landing on a square gives the tracker of `track` (medals excluded: they are not claimed). */
  rewardsAt(corp: CorporationData, board: PlayerBoard, track: Track, square: SquareRef): Reward[];
  /** What the corporation adds after a square's rewards are claimed (Republic's regression, the flux token). */
  afterClaim(
    corp: CorporationData,
    d: Draft,
    fx: CorporationEffects,
    track: Track,
    square: SquareRef,
    rewards: Reward[],
  ): void;
  /** §6.3 B: the medals each tracker scores at the end (the end screen shows them by track). */
  medalsByTrack(corp: CorporationData, board: PlayerBoard): Record<Track, number>;
  /** §6.3 B: the medals the trackers score at the end: the sum of `medalsByTrack` (not a hook). */
  trackMedals(corp: CorporationData, board: PlayerBoard): number;

  // ---------------------------------------------------------------- techs (§5.11)
  /** Whether the board's tech number `index` (corporations.json `techs[index]`) is available now. */
  techActive(corp: CorporationData, board: PlayerBoard, index: number): boolean;
  /** Effect names (corporations.json `techs[].effect`) of the techs available now. */
  activeTechEffects(corp: CorporationData, board: PlayerBoard): Set<string>;

  // ---------------------------------------------------------------- placement (§4, §5.9)
  /** A new tile or patch need not touch one already placed (§4.4 lifted); `tileId` null for a patch. */
  placementIgnoresAdjacency(corp: CorporationData, board: PlayerBoard, tileId: number | null): boolean;
  /** A biomass patch may be stored on the board instead of placed, outside the end game (§5.9). */
  mayStoreBiomass(corp: CorporationData, board: PlayerBoard): boolean;
  /** A patch may cover this square although a tile or a meteorite lies there (Wormhole techs 2 and 5). */
  patchMayCover(corp: CorporationData, board: PlayerBoard, cell: CellIndex, endOfGame: boolean): boolean;
  /** Whether a meteorite lands on the board's tiles, from a placed tile or an event (§4.6, §7.3.2). */
  meteoritesLand(corp: CorporationData, board: PlayerBoard): boolean;

  // ---------------------------------------------------------------- tiles (§3.6, §5.8, §5.12)
  /** How far a tile's water placed on ice advances the water tracker (§5.8). */
  waterStepsOnIce(corp: CorporationData, board: PlayerBoard): number;
  /**
   * The gains of a placed tile's icons as the corporation reads them: `gains` is the standard
   * reading (with the tile already on `after`, a copy of the board).
   */
  tileGains(
    corp: CorporationData,
    board: PlayerBoard,
    after: PlayerBoard,
    tileId: number,
    cells: CellIndex[],
    gains: TileGain[],
  ): TileGain[];
  /** What placing the tile adds besides its icons' gains (Oasis 3–5, Flux 4, Cosmos 3). */
  afterTilePlaced(
    corp: CorporationData,
    d: Draft,
    fx: CorporationEffects,
    tileId: number,
    cells: CellIndex[],
  ): void;
  /** What selecting the round's tile gives (Republic tech 1). */
  onTileTaken(corp: CorporationData, d: Draft, fx: CorporationEffects, tileId: number): void;

  // ---------------------------------------------------------------- rovers (§5.10)
  /** The rover movement a gain of `amount` gives (§5.10.2, R6). */
  movementGain(corp: CorporationData, board: PlayerBoard, amount: number): number;
  /** Steps besides the orthogonal ones (diagonals, teleports); the planet and events still judge them. */
  extraRoverSteps(corp: CorporationData, board: PlayerBoard, from: CellIndex): RoverStep[];
  /** What an orthogonal step onto `to` costs (1, or 0 onto energy with Cosmos tech 4). */
  stepCost(corp: CorporationData, board: PlayerBoard, from: CellIndex, to: CellIndex): number;
  /**
   * A rover entering a square (on a walk, arriving from a teleport, or placed): it collects the
   * lifepods and meteorites there (§5.10.4). Horizon carries meteorites instead.
   */
  roverEnters(corp: CorporationData, d: Draft, fx: CorporationEffects, rover: number, cell: CellIndex): void;
  /**
   * Whether a rover standing on `cell` in the middle of a walk has a choice to make there, so that a
   * walk offered as one path stops on it (Horizon tech 4: "passing through or stopping on" water).
   */
  roverChoiceAt(corp: CorporationData, board: PlayerBoard, rover: number, cell: CellIndex): boolean;
  /** What moving a rover from `from` to `to` carries along (Horizon's meteorite). */
  roverMoved(corp: CorporationData, d: Draft, rover: number, from: CellIndex, to: CellIndex): void;
  /** What collecting a meteorite adds (Horizon tech 3). */
  afterMeteoriteCollected(corp: CorporationData, d: Draft, fx: CorporationEffects): void;
  /** The movement each rover tile gives while the rover tracker is at the top (R5: the X of X∞). */
  topMovement(corp: CorporationData, board: PlayerBoard): number;

  // ---------------------------------------------------------------- lifepods (R32)
  /** Spots besides the scoring area where a lifepod collected now may rest (Cosmos, Jump Drive). */
  lifepodSpots(corp: CorporationData, board: PlayerBoard): LifepodSpot[];

  // ---------------------------------------------------------------- civ cards (§5.7)
  /** A rank whose pile shows one more card when a civ milestone of `rank` is picked (Republic tech 2). */
  civOfferExtraRank(corp: CorporationData, board: PlayerBoard, rank: number): number | null;

  // ---------------------------------------------------------------- rounds and the end (R11, §6.2)
  /** Movement the round's turn starts with (R11: Flux 1, Horizon 2, Oasis 2). */
  startOfRoundMovement(corp: CorporationData, board: PlayerBoard): number;
  /**
   * The corporation's end-of-game effects (§6.2 step 2, e.g. Republic tech 5), joining the player's
   * end-game turn with their End Game cards (step 3).
   */
  endOfGame(corp: CorporationData, env: TurnEnv, d: Draft, fx: CorporationEffects): void;
  /**
   * §6.2 step 4: what the corporation clears once the player's End Game cards are resolved (civ
   * picks they brought included), just before scoring: Horizon's carried meteorites (R13).
   */
  endGameCleanup(corp: CorporationData, board: PlayerBoard): void;

  // ---------------------------------------------------------------- powers and own gains (§8.2)
  /** Powers usable now at any moment of the turn; the listing decides, as for every choice. */
  abilities(corp: CorporationData, env: TurnEnv, d: Draft): AbilityOffer[];
  /** Use a listed power with the listed choice the player named (the allowance is spent by the core). */
  useAbility(
    corp: CorporationData,
    env: TurnEnv,
    d: Draft,
    fx: CorporationEffects,
    ability: string,
    choice: AbilityChoice,
  ): void;
  /** The choices of a pending `corporation` gain (its `gain` names which). */
  gainChoices(corp: CorporationData, env: TurnEnv, d: Draft, item: CorporationGain): CorporationChoice[];
  /**
   * Apply a listed choice of a pending `corporation` gain; the hook removes or counts down the item.
   * Its label is the catalogue's `pending.<gain>` text (values `count`, `track`).
   */
  applyGain(
    corp: CorporationData,
    env: TurnEnv,
    d: Draft,
    fx: CorporationEffects,
    item: CorporationGain,
    choice: CorporationChoice,
  ): void;
}

export type CorporationGain = Extract<PendingItem, { kind: 'corporation' }>;

/** Whether the tech with this effect is available now (asked on hot paths: no set is built). */
export function techOn(corp: CorporationData, board: PlayerBoard, effect: string): boolean {
  const index = corp.techs.findIndex((tech) => tech.effect === effect);
  return index >= 0 && corporationRules(corp.id).techActive(corp, board, index);
}

/** Whether a once-per-round or once-per-game allowance is still there (R12, §5.11). */
export const unused = (board: PlayerBoard, ability: string, once: 'round' | 'game'): boolean =>
  !(once === 'round' ? board.corp.usedThisRound : board.corp.usedThisGame).includes(ability);

/** The printed rewards of a square, medals left out (they are scored, never claimed, §5.6). */
export function printedRewards(corp: CorporationData, square: SquareRef): Reward[] {
  const rewards = corp.tracks[square.col]?.levels[square.row]?.rewards ?? [];
  return rewards.some((r) => r.kind === 'medal') ? rewards.filter((r) => r.kind !== 'medal') : rewards;
}

/** §5.6: the medal of the nearest medal square at or below a square of a column; 0 if none. */
/** A value for each of the five tracks. */
export const byTrack = (value: (track: Track) => number): Record<Track, number> =>
  Object.fromEntries(TRACKS.map((t) => [t, value(t)])) as Record<Track, number>;

export function medalAtOrBelow(
  corp: CorporationData,
  square: SquareRef,
  skip?: (row: number) => boolean,
): number {
  const levels = corp.tracks[square.col].levels;
  for (let level = Math.min(square.row, levels.length - 1); level >= 0; level--) {
    if (skip?.(level)) continue;
    const medal = levels[level]?.rewards.find((r) => r.kind === 'medal');
    if (medal && medal.kind === 'medal') return medal.value;
  }
  return 0;
}

/** Whether another tracker stands on the square (Oasis and Makeshift forbid sharing). */
export const occupiedBy = (board: PlayerBoard, square: SquareRef, except?: Track): Track | null =>
  TRACKS.find(
    (t) => t !== except && board.trackers[t].col === square.col && board.trackers[t].row === square.row,
  ) ?? null;

const NO_STEPS: RoverStep[] = [];

/** The standard rules, used as they are by Universal Coalition. */
export const baseCorporationRules: CorporationRules = {
  nextSquares(corp, board, track) {
    const at = board.trackers[track];
    const column = corp.tracks[at.col];
    return at.row < column.top ? [{ col: at.col, row: at.row + 1 }] : [];
  },
  previousSquare(_corp, board, track) {
    const at = board.trackers[track];
    return at.row > 0 ? { col: at.col, row: at.row - 1 } : null;
  },
  isTopSquare: (corp, square) => square.row >= corp.tracks[square.col].top,
  rewardsAt: (corp, _board, _track, square) => printedRewards(corp, square),
  afterClaim: () => undefined,
  medalsByTrack(corp, board) {
    return byTrack((t) => medalAtOrBelow(corp, board.trackers[t]));
  },
  trackMedals(corp, board) {
    const medals = corporationRules(corp.id).medalsByTrack(corp, board);
    return TRACKS.reduce((sum, t) => sum + medals[t], 0);
  },
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
  patchMayCover: () => false,
  meteoritesLand: () => true,
  waterStepsOnIce: () => 1,
  tileGains: (_corp, _board, _after, _tileId, _cells, gains) => gains,
  afterTilePlaced: () => undefined,
  onTileTaken: () => undefined,
  movementGain: (_corp, _board, amount) => amount,
  extraRoverSteps: () => NO_STEPS,
  stepCost: () => 1,
  roverEnters(_corp, d, fx, _rover, cell) {
    const b = d.board;
    const pods = b.lifepods.filter((c) => c === cell).length;
    if (pods) {
      b.lifepods = b.lifepods.filter((c) => c !== cell);
      fx.collectLifepods(d, pods);
    }
    while (b.meteorites.includes(cell)) fx.collectMeteorite(d, cell);
  },
  roverChoiceAt: () => false,
  roverMoved: () => undefined,
  afterMeteoriteCollected: () => undefined,
  topMovement: (corp, board) => corp.tracks[board.trackers.rover.col].topMovement ?? 0,
  lifepodSpots: () => [],
  civOfferExtraRank: () => null,
  startOfRoundMovement: () => 0,
  endOfGame: () => undefined,
  endGameCleanup: () => undefined,
  abilities: () => [],
  useAbility: () => undefined,
  gainChoices: () => [],
  applyGain: () => undefined,
};

/** Universal Coalition's five techs (corporations.json), each bending one shared rule (§5.11). */
const universalCoalition: Partial<CorporationRules> = {
  placementIgnoresAdjacency: (corp, board) => techOn(corp, board, 'ignoreAdjacency'),
  mayStoreBiomass: (corp, board) => techOn(corp, board, 'storeBiomass'),
  movementGain: (corp, board, amount) => amount + (techOn(corp, board, 'roverMovePlusOne') ? 1 : 0), // R6
  waterStepsOnIce: (corp, board) => (techOn(corp, board, 'doubleWaterFromPlacement') ? 2 : 1),
  meteoritesLand: (corp, board) => !techOn(corp, board, 'meteorImmune'),
};

/** Corporations playable so far, each with the hooks that differ from the base. */
const RULES: Record<string, Partial<CorporationRules> | null> = {
  'universal-coalition': universalCoalition,
  republic,
  'wormhole-corp': wormholeCorp,
  'cosmos-inc': cosmosInc,
  'horizon-group': horizonGroup,
  'jump-drive': jumpDrive,
  'oasis-ultd': oasisUltd,
  makeshift,
  'flux-industries': fluxIndustries,
};

const PLAYABLE = Object.fromEntries(
  Object.entries(RULES).filter((entry): entry is [string, Partial<CorporationRules>] => entry[1] !== null),
);

const registry = createRegistry<CorporationRules>('Corporation', baseCorporationRules, PLAYABLE);

/** Ids of the corporations that can be played (a board still being built exports null). */
export const PLAYABLE_CORPORATIONS: readonly string[] = registry.ids;

export const corporationRules = (id: string): CorporationRules => registry.get(id);
