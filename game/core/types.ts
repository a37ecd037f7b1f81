/**
 * The game state: plain, serializable data. Everything the rules read or write lives here;
 * functions in game/rules operate on it. Cells are indexed `y * 12 + x` (RULES §1.3).
 */
import type { RoundRule, Terrain, Track } from '../data/types';
import type { Message, Reason } from './messages';

export type { RoundRule, Terrain, Track };

export type PlayerID = string;
export type CellIndex = number;

export const GRID = 12;
export const CELLS = GRID * GRID;
export const TRACKS: readonly Track[] = ['civ', 'water', 'biomass', 'rover', 'tech'];
export const TERRAINS: readonly Terrain[] = ['civ', 'water', 'biomass', 'rover', 'tech', 'energy'];

/** A square of the corporation board: a column (track) and a row (level). */
export interface SquareRef {
  col: Track;
  row: number;
}

export type PlacedPiece =
  | {
      kind: 'tile';
      tileId: number;
      cells: CellIndex[];
      orientation: number;
      x: number;
      y: number;
      round: number;
    }
  | { kind: 'patch'; cells: CellIndex[]; round: number };

export interface RoverState {
  id: number;
  /** Planet cell, or null while the rover waits in the corporation's bay. */
  cell: CellIndex | null;
  destroyed: boolean;
}

/** A civ card held by a player. Others see End Game cards with `id: null` (§9). */
export interface HeldCivCard {
  id: number | null;
  rank: number;
  timing: 'immediate' | 'endGame';
}

/**
 * Where a collected lifepod rests (R32): the scoring area, a track square (Cosmos, `civ:3`) or a
 * tech slot (Jump Drive, `slot:0` for A). A flat string so that a choice naming it compares simply.
 */
export type LifepodSpot = 'area' | `${Track}:${number}` | `slot:${number}`;

/** What a corporation board holds beyond the standard pieces (§8.2); empty on Universal Coalition. */
export interface CorporationState {
  /** Abilities (tech effect names) used this round; cleared when a round starts (R12). */
  usedThisRound: string[];
  /** Once-per-game abilities already used, kept even if the tech is lost (§5.11). */
  usedThisGame: string[];
  /** Collected lifepods parked on track squares or tech slots; they count as collected, never score (R32). */
  parkedLifepods: LifepodSpot[];
  /** The track the flux token marks (Flux Industries), null before the first tech milestone. */
  fluxTrack: Track | null;
  /** Rovers carrying a meteorite (Horizon Group); the meteorite lies on its rover's square. */
  carrying: number[];
}

/** One player's planet and corporation board: everything public about them. */
export interface PlayerBoard {
  planet: string;
  corporation: string;
  /** Terrain covering each cell, null where bare. */
  terrain: (Terrain | null)[];
  /** Resource icon printed on the tile square covering each cell. */
  icon: (Terrain | null)[];
  /** Index into `pieces` of the piece covering each cell, -1 where bare. */
  pieceAt: number[];
  pieces: PlacedPiece[];
  lifepods: CellIndex[];
  meteorites: CellIndex[];
  rovers: RoverState[];
  trackers: Record<Track, SquareRef>;
  collected: { lifepods: number; meteorites: number };
  storedPatches: number;
  civCards: HeldCivCard[];
  /** Index into `pieces` of the last tile placed (patches never count, §5.10.1). */
  lastTile: number | null;
  /** The corporation's own pieces and allowances (§8.2). */
  corp: CorporationState;
}

export type Benefits = 'all' | 'allButSynergy' | 'none';

/** What a pending gain came from; some rules depend on it (R5, §5.8). */
export type GainSource = 'tile' | 'unplacedTile' | 'energy' | 'synergy' | 'card' | 'track';

/** A gain waiting on the player's pending list (R1). */
export type PendingItem = {
  id: number;
  /** Items of one group are alternatives: resolving one drops the others (events 104/108). */
  group?: number;
  /** A rover placement that needs this round's tile (event 65). */
  thisRoundTile?: boolean;
} & (
  | {
      kind: 'advance';
      track: Track;
      steps: number;
      source: GainSource;
      /** What the squares landed on give; absent means all (§5.2). */
      benefits?: Benefits;
    }
  | { kind: 'energy'; options: Track[] }
  | { kind: 'synergy' }
  | { kind: 'patch' }
  | { kind: 'rover' }
  | {
      kind: 'cardAdvance';
      count: number;
      stepsEach: number;
      distinct: boolean;
      tracks: Track[];
      benefits: Benefits;
      chosen: Track[];
    }
  | { kind: 'collect'; item: 'lifepod' | 'meteorite'; count: number }
  | { kind: 'destroyMeteorites'; count: number }
  /** Events: regress one of these trackers (§5.4); never claims. */
  | { kind: 'regress'; tracks: Track[]; steps: number }
  /** Events: destroy a piece on the planet (113: a lifepod, 111: a rover). */
  | { kind: 'destroyPiece'; item: 'lifepod' | 'rover' }
  /** Events 95/107: a meteorite on an empty meteor symbol; optional with Universal Coalition tech 5. */
  | { kind: 'eventMeteorite'; optional: boolean }
  /** Events 117/118: a synergy boost or a peek at the next event. */
  | { kind: 'boostOrPeek' }
  /** Event 116: remove one stack of the facing depot from the station. */
  | { kind: 'removeStack' }
  /** Event 110: discard one of your private objectives. */
  | { kind: 'discardObjective' }
  | { kind: 'destroyLine' }
  | { kind: 'teleport' }
  | { kind: 'extraTile'; advance: boolean }
  /** A collected lifepod waiting for its spot: the scoring area, a track square or a tech slot (§8.2, R32). */
  | { kind: 'lifepodSpot' }
  /** A corporation's own gain, resolved by its hooks (§8.2): `gain` names it, `count` how many remain. */
  | {
      kind: 'corporation';
      gain: string;
      count: number;
      /** Whether the player may decline it (a `{ done: true }` choice). */
      optional: boolean;
      track?: Track;
      /** Cards shown to this player only (Republic tech 5's piles, Jump Drive F's objectives, §9). */
      cards?: number[];
    }
);

export type PendingKind = PendingItem['kind'];

export type StackSide = 'small' | 'large';

/**
 * A choice as a player sends it, to resolve a pending item or use a power: any of these fields.
 * Once found among the item's listed choices it is read as its kind's own shape (`ChoiceOf`).
 */
export interface Choice {
  track?: Track;
  x?: number;
  y?: number;
  store?: boolean;
  done?: boolean;
  line?: 'row' | 'column';
  index?: number;
  rover?: number;
  stack?: StackSide;
  orientation?: number;
  /** boostOrPeek: which option. */
  option?: 'boost' | 'peek';
  /** discardObjective: which card. */
  card?: number;
  /** A square of the corporation board: the destination of an advance with several (§8.2). */
  col?: Track;
  row?: number;
  /** Where a lifepod goes, and for a move, where it comes from (§8.2, R32). */
  spot?: LifepodSpot;
  from?: LifepodSpot;
}

/** A choice that names nothing (`{}`): the only way to resolve an item or use a power that asks nothing. */
export type NoChoice = Record<never, never>;

/** A square of the planet, in the grid's own coordinates (§1.3). */
export interface SquareChoice {
  x: number;
  y: number;
}

/** A choice that ends an optional gain, or declines it. */
export interface DoneChoice {
  done: true;
}

/** The moves of one collected lifepod between spots (Cosmos Inc., R32): where it comes from and goes. */
export interface LifepodMove {
  from: LifepodSpot;
  spot: LifepodSpot;
}

/** The listed choices of a corporation's own pending gain (§8.2), by the gains the corporations add. */
export type CorporationChoice = { track: Track } | { card: number } | LifepodMove | DoneChoice;

/** The listed choices of a corporation's powers (§8.2), by the powers the corporations offer. */
export type AbilityChoice =
  | NoChoice
  | { track: Track }
  | { index: number }
  | { index: number; track: Track }
  | { rover: number }
  | LifepodMove;

/**
 * The shape of each pending kind's listed choices (R1). The item's list decides which are legal; a
 * choice found on it is handed to the kind's `apply` in this shape, so no field is guessed at.
 */
export interface ChoiceByKind {
  /** Nothing on a straight track; the square to land on where the tracker has several (§8.2). */
  advance: NoChoice | SquareRef;
  energy: { track: Track };
  synergy: { track: Track };
  /** A square, or the patch stored with the tech that allows it (§5.9). */
  patch: SquareChoice | { store: true };
  rover: SquareChoice;
  cardAdvance: { track: Track };
  collect: SquareChoice;
  destroyMeteorites: SquareChoice;
  regress: { track: Track };
  /** The square of a lifepod (event 113), or a rover on the planet (event 111). */
  destroyPiece: SquareChoice | { rover: number };
  /** An empty meteor symbol, or declining where the meteorite is optional. */
  eventMeteorite: SquareChoice | DoneChoice;
  boostOrPeek: { option: 'boost' | 'peek' };
  removeStack: { stack: StackSide };
  discardObjective: { card: number };
  destroyLine: { line: 'row' | 'column'; index: number };
  teleport: { rover: number; x: number; y: number };
  extraTile: { stack: StackSide; orientation: number; x: number; y: number };
  lifepodSpot: { spot: LifepodSpot };
  corporation: CorporationChoice;
}

/** How a pending item of kind `K` is resolved, as its list names it. */
export type ChoiceOf<K extends PendingKind> = ChoiceByKind[K];

export type Action =
  | { type: 'rotate'; rotation: number }
  | { type: 'takeTile'; stack: StackSide }
  | { type: 'placeTile'; orientation: number; x: number; y: number }
  | { type: 'resolve'; item: number; choice?: Choice }
  | { type: 'moveRover'; rover: number; path: [number, number][] }
  | { type: 'pickCiv'; card: number }
  | { type: 'keepObjectives'; cards: number[] }
  /** Before round 1 (R33): the planet and the corporation this player plays, both from those offered. */
  | { type: 'chooseBoard'; planet: string; corporation: string }
  /** A corporation power used at any time of the turn (§8.2): `ability` is the tech's effect name. */
  | { type: 'useAbility'; ability: string; choice?: Choice }
  | { type: 'undo' }
  | { type: 'restart' }
  | { type: 'confirm' };

export type ActionType = Action['type'];

/** The player's turn as it is being built: private until confirmed (§3.10, R4). */
export interface Draft {
  board: PlayerBoard;
  taken: { depot: number; stack: StackSide; tileId: number } | null;
  /** The taken tile has been placed (or taken without placement, §4.10). */
  placed: boolean;
  /** Neither tile could be placed: the tile was taken and discarded (§4.10). */
  unplaceable: boolean;
  pending: PendingItem[];
  movement: number;
  /** Ranks of civ milestones reached; the cards are picked at the end of the round (R3). */
  civRanks: number[];
  /** Tiles taken from the depot by civ cards (Salvage Yard, Depot Repair Online). */
  extraTaken: { depot: number; stack: StackSide; tileId: number }[];
  nextItemId: number;
  /** The round's event rules in force for this draft (§3.4); empty without events. */
  rules: RoundRule[];
  /** The event's tile restriction is lifted for this turn (R10), decided when the tile is taken. */
  restrictionWaived: boolean;
  /** The planet's tile restriction is lifted for this turn (R10, R18), decided when the tile is taken. */
  planetRestrictionWaived: boolean;
  /** Event choices applied when the turn is confirmed (they touch hidden or private state). */
  removedStack: StackSide | null;
  peek: boolean;
  discardObjective: number | null;
  drawObjectives: number;
  /** What the turn does to shared or hidden state, applied when it is confirmed (§8.2, R4). */
  onConfirm?: ConfirmEffect[];
}

/** A corporation's effect on shared or hidden state, held in the private draft until confirmation. */
export type ConfirmEffect =
  /** Republic tech 5: cards taken out of the civ piles (they join the board's civ cards in the draft). */
  | { kind: 'takeCivCards'; cards: number[] }
  /**
   * Jump Drive F: the top objective cards shown to the player once the turn is confirmed, one of
   * them kept as a shared objective for every player then (§3.8: nothing hidden inside a turn).
   */
  | { kind: 'revealObjectives'; count: number };

export type TurnKind = 'round' | 'civ' | 'endgame';

export interface TurnState {
  kind: TurnKind;
  /** The draft as the turn began. */
  origin: Draft;
  /** Steps applied since the turn began; undo replays all but the last from `origin` (R4). */
  steps: Action[];
  draft: Draft;
}

export interface Rejection {
  /** Increments with every rejection so a client can tell two equal messages apart. */
  serial: number;
  action: ActionType;
  /** Why it was refused, as a message the client renders in the player's language. */
  reason: Reason;
}

/** What only one player may see. */
export interface PrivateState {
  turn: TurnState | null;
  /** The civ pile being picked from, while this player picks (§5.7). */
  civOffer: { rank: number; cards: number[] } | null;
  rejection: Rejection | null;
  /** Private objectives dealt at setup, to keep `keep` of (§7.2, §7.4). */
  objectiveOffer: {
    cards: number[];
    keep: number;
    /** Jump Drive F: the kept card becomes a shared objective for every player (§3.8, §6.3 F). */
    shared?: boolean;
  } | null;
  /** Private objectives kept; secret until final scoring (§9). */
  objectives: number[];
  /** The next event card, seen after confirming (events 117/118, §3.8). */
  peekedEvent: number | null;
  /** The planets this player may choose from before round 1 (R33); null once chosen or when fixed. */
  boardOffer?: string[] | null;
  /** The planet chosen, secret until every player has chosen (R33). */
  boardChoice?: string | null;
  /** The corporations this player may choose from before round 1 (R33), offered with `boardOffer`. */
  corporationOffer?: string[] | null;
  /** The corporation chosen, secret until every player has chosen (R33). */
  corporationChoice?: string | null;
}

export interface StackPublic {
  shape: number;
  count: number;
  /** The visible top tile, null when the stack is empty. */
  top: number | null;
}

export interface DepotPublic {
  small: StackPublic;
  large: StackPublic;
}

export interface StationState {
  /** Orientation of the whole station, mod 6; the player at position p faces depot (p − rotation) mod 6 (§3.3). */
  rotation: number;
  /** Offset of the central disc, fixed for the game (§2.2). */
  innerOffset: number;
  depots: DepotPublic[];
}

export interface NeighborObjective {
  card: number;
  players: PlayerID[];
}

export type EndTrigger = 'stuck' | 'depotEmpty' | 'eventsExhausted';

export type GameStep = 'boards' | 'objectives' | 'rotate' | 'turns' | 'civ' | 'endgame' | 'over';

export interface ScoreBreakdown {
  planet: number;
  tracks: number;
  lifepods: number;
  meteorites: number;
  civ: number;
  objectives: number;
}

/** The medals one card (or one set of cards) brought. */
export interface CardScore {
  cards: number[];
  medals: number;
}

/** The parts of a player's score card by card and track by track, for the end screen. */
export interface ScoreDetail {
  /** §6.3 B, each tracker's medals. */
  tracks: Record<Track, number>;
  /** §6.3 D, each End Game card (a Commerce Agreement set as one). */
  civCards: CardScore[];
  /** §6.3 E and F, each objective card the player is scored on (private ones revealed at the end). */
  objectives: (CardScore & { shared: boolean })[];
}

export interface PlayerScore {
  player: PlayerID;
  total: number;
  breakdown: ScoreBreakdown;
  detail: ScoreDetail;
  /** Tie-breakers (R23): fewer is better. */
  uncovered: number;
  meteoritesOnPlanet: number;
  rank: number;
}

export interface SoloResult {
  target: number;
  margin: number;
  epilogue: string;
}

export interface GameResult {
  scores: PlayerScore[];
  /** Kept private objectives, revealed at the end (§9). */
  privateObjectives?: Record<PlayerID, number[]>;
  solo?: SoloResult;
  winners: PlayerID[];
  endReasons: EndTrigger[];
  rounds: number;
}

export interface SeatSetup {
  planet: string;
  corporation: string;
}

export interface EventMix {
  green: number;
  orange: number;
  red: number;
}

/**
 * How planets and corporations reach the seats (R33): the symmetric sides for all, a dealt planet and
 * corporation each kept or turned to its symmetric side, or any planet and any corporation.
 */
export type BoardsMode = 'symmetric' | 'dealt' | 'free';

export interface MatchOptions {
  /** Station turns one depot clockwise each round instead of the commander choosing (§3.3, §7.1). */
  autoRotate: boolean;
  seats: SeatSetup[];
  /** The event deck's mix, or null without events (§7.3). */
  events: (EventMix & { preset: string | null }) | null;
  /** Each player keeps private objectives (§7.2); always in solo (§7.4). */
  privateObjectives: boolean;
  /** How planets and corporations reach the seats (R33); absent in matches recorded before the option: symmetric. */
  boards?: BoardsMode;
  /** Indexes of the seats that choose their planet before round 1 (R33): those `seats` left open. */
  choosing?: number[];
  /** Indexes of the seats that choose their corporation before round 1 (R33): those `seats` left open. */
  choosingCorporation?: number[];
}

/** Information nobody may see: it never leaves the server (§9). */
export interface HiddenState {
  /** Each stack's tiles, top last. Indexed by shape id. */
  stacks: number[][];
  civPiles: Record<number, number[]>;
  civSetAside: Record<number, number[]>;
  objectiveDeck: number[];
  /** The event deck, top last (§7.3). */
  eventDeck: number[];
  /**
   * The state of the seeded generator for the draws made during play (Republic tech 2's random
   * card, §8.2): drawn at setup from the match's seed, so that a match stays its seed plus its moves.
   */
  drawState: number;
}

export interface GameState {
  options: MatchOptions;
  playerIDs: PlayerID[];
  /** Station position (0–5) of each player's indicator, by player index (§2.3). */
  positions: number[];
  commander: PlayerID;
  round: number;
  step: GameStep;
  station: StationState;
  civPileSizes: Record<number, number>;
  /** The event revealed this round, if any (§3.4); its round rules last until the next round. */
  event: { id: number; round: number } | null;
  /** Event cards still in the deck (the order and content are hidden). */
  eventsLeft: number;
  objectives: NeighborObjective[];
  boards: Record<PlayerID, PlayerBoard>;
  confirmed: Record<PlayerID, boolean>;
  /** Players still to act in the sequential civ or end-game step, in order (R3). */
  queue: PlayerID[];
  /** Ranks of civ milestones each player still has to pick from (R3). */
  civPending: Record<PlayerID, number[]>;
  /** Players whose end-game steps are done (§6.2). */
  endgameDone: PlayerID[];
  endTriggers: EndTrigger[];
  /** Tiles out of the game: taken without placement (§4.10) or removed from the station (event 116). */
  setAsideTiles: number[];
  /** Public log of what happened, newest last. */
  log: LogEntry[];
  private: Record<PlayerID, PrivateState>;
  hidden: HiddenState;
  result: GameResult | null;
}

export interface LogEntry {
  round: number;
  player?: PlayerID;
  /** What happened, a `log.*` message rendered in each reader's language. */
  message: Message;
  /** The squares of the player's planet the entry is about (the tiles a turn placed). */
  cells?: CellIndex[];
  /** What the turn gained: rows each tracker moved (negative: back), pieces collected. */
  gains?: TurnGains;
}

/** What a confirmed turn brought its player, for the log (§3.10: every turn becomes public). */
export interface TurnGains {
  tracks: Partial<Record<Track, number>>;
  lifepods: number;
  meteorites: number;
}

/** What a turn step reads besides the draft: the shared state, whose turn, and which kind of turn. */
export interface TurnEnv {
  state: GameState;
  player: PlayerID;
  kind: TurnKind;
}

/** A pending item before it has its id. */
export type NewItem = PendingItem extends infer T ? (T extends PendingItem ? Omit<T, 'id'> : never) : never;

/** A gain a placed tile's resource icons give (§5.2): an advance, or energy's choice of tracks (§5.12). */
export type TileGain =
  { kind: 'advance'; track: Track; steps: number } | { kind: 'energy'; options: Track[] };
