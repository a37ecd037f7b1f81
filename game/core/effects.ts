/**
 * What the rules core hands the content's hooks (game/content): its own effects on a turn, and the
 * shapes of the steps and powers a corporation offers. Here, below both, so content and rules
 * share them without importing each other.
 */
import type {
  AbilityChoice,
  Benefits,
  CellIndex,
  Draft,
  GainSource,
  NewItem,
  SquareRef,
  Track,
} from './types';

/** The rules core's effects, handed to hooks that change a turn (implemented in game/rules). */
export interface CorporationEffects {
  addItem(d: Draft, item: NewItem): void;
  /** Drop a resolved pending item (and the alternatives of its group). */
  removeItem(d: Draft, id: number): void;
  /** Rover movement into the turn's pool, through the corporation's movement hooks (R2, R6). */
  gainMovement(d: Draft, amount: number): void;
  /** Advance a tracker square by square, claiming each square (§5.2, R7). */
  advance(d: Draft, track: Track, steps: number, benefits: Benefits, source: GainSource): void;
  /**
   * Advance one square (to `to` where there are several) and claim it (§5.2, R7); false when the
   * tracker cannot move there.
   */
  advanceOnce(d: Draft, track: Track, benefits: Benefits, source: GainSource, to?: SquareRef): boolean;
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
