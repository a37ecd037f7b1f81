/**
 * The shared base of the corporation rules (§8.2): the hooks every board has, the standard rules
 * they default to, and the helpers the boards' own hooks share. Each board file
 * (`./corporations/<id>.ts`) imports this module and `./corporations.ts` only lists the boards, so
 * a board loads without the list. Hooks that change the turn get the draft and `fx`, the rules
 * core's own effects (`../core/effects.ts`), so content never imports the rules modules and every
 * effect goes through one implementation.
 */
import type { CorporationData, Reward } from '../data/types';
import type {
  AbilityChoice,
  CellIndex,
  CorporationChoice,
  Draft,
  LifepodSpot,
  PendingItem,
  PlayerBoard,
  SquareRef,
  TileGain,
  Track,
  TurnEnv,
} from '../core/types';
import { TRACKS } from '../core/types';
import type { AbilityOffer, CorporationEffects, RoverStep } from '../core/effects';

/**
 * A board's rules by id, as the list in `./corporations.ts` resolves them: the base's helpers ask
 * a board's own hooks (`techActive`, `medalsByTrack`) through it. The list sets it when it loads,
 * so this module need not import the list that imports every board.
 */
let boardRulesOf = (id: string): CorporationRules => {
  throw new Error(`Corporation "${id}" asked for before the corporation list was loaded`);
};

/** Set by `./corporations.ts` once its boards are listed. */
export function setCorporationLookup(lookup: (id: string) => CorporationRules): void {
  boardRulesOf = lookup;
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
  return index >= 0 && boardRulesOf(corp.id).techActive(corp, board, index);
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

/** A rover entering a square collects every lifepod there (§5.10.4), whatever it does with meteorites. */
export function collectLifepodsAt(d: Draft, fx: CorporationEffects, cell: CellIndex): void {
  const b = d.board;
  const pods = b.lifepods.filter((c) => c === cell).length;
  if (pods) {
    b.lifepods = b.lifepods.filter((c) => c !== cell);
    fx.collectLifepods(d, pods);
  }
}

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
    const medals = boardRulesOf(corp.id).medalsByTrack(corp, board);
    return TRACKS.reduce((sum, t) => sum + medals[t], 0);
  },
  techActive(corp, board, index) {
    // techTrack mode, cumulative: tech k is on while the tech tracker stands on or above its milestone.
    const row = corp.techUnlock.milestoneRows?.[index];
    return row !== undefined && board.trackers.tech.row >= row;
  },
  activeTechEffects(corp, board) {
    const rules = boardRulesOf(corp.id);
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
    collectLifepodsAt(d, fx, cell);
    while (d.board.meteorites.includes(cell)) fx.collectMeteorite(d, cell);
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
