/**
 * A scenario builder for rule tests: set up planets, trackers, pieces and the depot in a few
 * lines, then play actions through the real engine.
 *
 *   const g = scenario({ players: 1 })
 *     .tile('0', 'I-civ-energy', { orientation: 0, x: 0, y: 5 })
 *     .tracker('0', 'water', 2)
 *     .depot('0', { small: 'v-water-rover' })
 *     .start();
 *   g.act('0', { type: 'takeTile', stack: 'small' });
 */
import { expect } from 'vitest';
import type {
  Action,
  Choice,
  Draft,
  GameState,
  LifepodSpot,
  MatchOptions,
  PendingItem,
  PlayerBoard,
  PlayerID,
  Track,
} from '../../game/core/types';
import { STATION, TILES, civCardById, tileById } from '../../game/data';
import { applyAction, legalActions } from '../../game/engine';
import { cellIndex } from '../../game/rules/board';
import { beginTurns } from '../../game/rules/round';
import { revealStation } from '../../game/rules/depot';
import { setupGame, type SetupRandom } from '../../game/rules/setup';
import { facingDepot } from '../../game/rules/depot';
import { addItem, cloneDraft, newDraft } from '../../game/rules/draft';
import { putTile } from '../../game/rules/pieces';
import { matchOptionsFrom, type SetupData } from '../../game/setup-data';
import type { Reason } from '../../game/core/messages';
import type { Placement } from '../../game/rules/legality';
import { why, refusal, type Refusal } from './why';

/** Shuffles nothing and draws zeros: the same setup every time. */
export const fixedRandom: SetupRandom = { Shuffle: (items) => [...items], Number: () => 0 };

export const tileId = (key: string | number): number => {
  if (typeof key === 'number') return key;
  const t = TILES.find((x) => x.key === key);
  if (!t) throw new Error(`No tile "${key}" (keys look like "I-civ-energy")`);
  return t.id;
};

/** A pending gain as a scenario sets it: a pending item without its id, which the draft assigns (R1). */
export type PendingGain = PendingItem extends infer T
  ? T extends PendingItem
    ? Omit<T, 'id'>
    : never
  : never;

export interface ScenarioOptions {
  players?: number;
  setupData?: SetupData;
  /**
   * Options set directly. By default a scenario plays the base rules alone: no events and no
   * private objectives, even in solo (which the real setup never allows, R19), so each rule can be
   * tested by itself. Event and solo tests pass the options they need.
   */
  options?: Partial<MatchOptions>;
  random?: SetupRandom;
}

export class Scenario {
  readonly state: GameState;
  private readonly gains: Record<PlayerID, PendingGain[]> = {};

  constructor(options: ScenarioOptions = {}) {
    const n = options.players ?? 1;
    const ids = Array.from({ length: n }, (_, i) => String(i));
    const match = {
      ...matchOptionsFrom(n, options.setupData),
      events: null,
      privateObjectives: false,
      ...options.options,
    };
    this.state = setupGame(ids, match, options.random ?? fixedRandom);
  }

  board(player: PlayerID): PlayerBoard {
    return this.state.boards[player] as PlayerBoard;
  }

  /** Put a tile straight onto a planet, as if placed in an earlier round (meteor and destruction included). */
  tile(player: PlayerID, key: string | number, at: Placement): this {
    const d = newDraft(this.board(player));
    putTile(d, tileId(key), at, 0);
    this.state.boards[player] = d.board;
    return this;
  }

  /** Cover single squares with biomass patches. */
  patch(player: PlayerID, ...cells: [number, number][]): this {
    const b = this.board(player);
    for (const [x, y] of cells) {
      const c = cellIndex(x, y);
      b.pieces.push({ kind: 'patch', cells: [c], round: 0 });
      b.terrain[c] = 'biomass';
      b.icon[c] = null;
      b.pieceAt[c] = b.pieces.length - 1;
    }
    return this;
  }

  tracker(player: PlayerID, track: Track, level: number): this {
    this.board(player).trackers[track] = { col: track, row: level };
    return this;
  }

  rover(player: PlayerID, id: number, at: [number, number] | null): this {
    const r = this.board(player).rovers.find((v) => v.id === id);
    if (!r) throw new Error(`No rover ${id}`);
    r.cell = at === null ? null : cellIndex(at[0], at[1]);
    return this;
  }

  meteorite(player: PlayerID, ...cells: [number, number][]): this {
    this.board(player).meteorites.push(...cells.map(([x, y]) => cellIndex(x, y)));
    return this;
  }

  /** Lifepods collected earlier: parked on these spots (R32), and `inArea` more in the scoring area. */
  parkedLifepods(player: PlayerID, spots: LifepodSpot[], inArea = 0): this {
    const b = this.board(player);
    b.corp.parkedLifepods.push(...spots);
    b.collected.lifepods += spots.length + inArea;
    return this;
  }

  lifepods(player: PlayerID, ...cells: [number, number][]): this {
    this.board(player).lifepods = cells.map(([x, y]) => cellIndex(x, y));
    return this;
  }

  /** Hold civ cards (by id). */
  civCards(player: PlayerID, ...ids: number[]): this {
    for (const id of ids) {
      const c = civCardById(id);
      this.board(player).civCards.push({ id, rank: c.rank, timing: c.timing });
    }
    return this;
  }

  /** Set a rank's civ pile in play (the cards a milestone of that rank offers). */
  civPile(rank: number, ...ids: number[]): this {
    this.state.hidden.civPiles[rank] = [...ids];
    this.state.civPileSizes[rank] = ids.length;
    return this;
  }

  /** Arrange the station so the player's depot shows these tiles on top (shapes must share a depot). */
  depot(player: PlayerID, tops: { small?: string | number; large?: string | number }): this {
    const s = this.state;
    const small = tops.small === undefined ? undefined : tileById(tileId(tops.small));
    const large = tops.large === undefined ? undefined : tileById(tileId(tops.large));
    if (small && !STATION.smallShapes.includes(small.shape))
      throw new Error(`${tops.small} is not a small tile`);
    if (large && !STATION.largeShapes.includes(large.shape))
      throw new Error(`${tops.large} is not a large tile`);
    // Pick the depot: where the large shape sits, else where the small one does at the current offset.
    let depot = large ? STATION.largeShapes.indexOf(large.shape) : -1;
    if (small && depot >= 0) {
      const shift = (STATION.smallShapes.indexOf(small.shape) - depot + 6) % 6;
      s.station.innerOffset = shift;
    } else if (small) {
      depot = (STATION.smallShapes.indexOf(small.shape) - s.station.innerOffset + 6) % 6;
    }
    if (depot < 0) return this;
    const position = s.positions[s.playerIDs.indexOf(player)] ?? 0;
    s.station.rotation = (position - depot + 6) % 6;
    for (const t of [small, large]) {
      if (!t) continue;
      const stack = s.hidden.stacks[t.shape] as number[];
      stack.splice(stack.indexOf(t.id), 1);
      stack.push(t.id);
    }
    revealStation(s);
    return this;
  }

  /** Empty a stack of the player's depot. */
  emptyStack(player: PlayerID, stack: 'small' | 'large'): this {
    const shape = this.state.station.depots[facingDepot(this.state, player)]?.[stack].shape as number;
    this.state.hidden.stacks[shape] = [];
    revealStation(this.state);
    return this;
  }

  /**
   * Pending gains the player's turn opens with, after the round's event (R1), e.g.
   * `.pending('0', { kind: 'patch' }, { kind: 'advance', track: 'water', steps: 1, source: 'card' })`.
   * They are part of the turn's start: undo and restart keep them (R4).
   */
  pending(player: PlayerID, ...items: PendingGain[]): this {
    (this.gains[player] ??= []).push(...items);
    return this;
  }

  /** Begin the round's turns on the board as arranged. */
  start(): Game {
    revealStation(this.state);
    beginTurns(this.state);
    for (const [player, items] of Object.entries(this.gains)) {
      const turn = this.state.private[player]?.turn;
      if (!turn) throw new Error(`Player ${player} has no turn to hold pending gains`);
      for (const item of items) addItem(turn.draft, item);
      turn.origin = cloneDraft(turn.draft);
    }
    return new Game(this.state);
  }

  /** Keep the game where setup left it (rotation step for 3+ players). */
  asIs(): Game {
    return new Game(this.state);
  }
}

export const scenario = (options?: ScenarioOptions) => new Scenario(options);

/** A game in progress, with assertions that read like the rules. */
export class Game {
  constructor(readonly state: GameState) {}

  board(player: PlayerID): PlayerBoard {
    return this.state.boards[player] as PlayerBoard;
  }

  draft(player: PlayerID): Draft {
    const d = this.state.private[player]?.turn?.draft;
    if (!d) throw new Error(`Player ${player} has no turn in progress`);
    return d;
  }

  /** Apply an action that must be legal. */
  act(player: PlayerID, action: Action): this {
    const refusal = why(applyAction(this.state, player, action));
    if (refusal) throw new Error(`${action.type} was rejected: ${refusal}`);
    return this;
  }

  /** Apply an action that must be rejected; checks nothing changed and returns the reason. */
  reject(player: PlayerID, action: Action): string {
    return why(this.refusalMessage(player, action)) as string;
  }

  /** Apply an action that must be rejected; checks nothing changed and returns which refusal it is. */
  refusal(player: PlayerID, action: Action): Refusal {
    return refusal(this.refusalMessage(player, action)) as Refusal;
  }

  /** As `refusal`, with the refusal's values too: for the tests where which values it names matters. */
  refusalMessage(player: PlayerID, action: Action): Reason {
    const before = JSON.stringify(this.state);
    const refused = applyAction(this.state, player, action);
    expect(refused, `${action.type} should have been rejected`).not.toBeNull();
    expect(JSON.stringify(this.state)).toBe(before);
    return refused as Reason;
  }

  take(player: PlayerID, stack: 'small' | 'large' = 'small'): this {
    return this.act(player, { type: 'takeTile', stack });
  }

  place(player: PlayerID, orientation: number, x: number, y: number): this {
    return this.act(player, { type: 'placeTile', orientation, x, y });
  }

  pending(player: PlayerID): PendingItem[] {
    return this.draft(player).pending;
  }

  /** The first pending item of a kind (and track, for advances). */
  item(player: PlayerID, kind: PendingItem['kind'], track?: Track): PendingItem {
    const found = this.pending(player).find(
      (p) => p.kind === kind && (track === undefined || (p.kind === 'advance' && p.track === track)),
    );
    if (!found)
      throw new Error(
        `No pending ${kind}${track ? ` ${track}` : ''}: ${JSON.stringify(this.pending(player))}`,
      );
    return found;
  }

  resolve(player: PlayerID, kind: PendingItem['kind'], choice?: Choice, track?: Track): this {
    return this.act(player, {
      type: 'resolve',
      item: this.item(player, kind, track).id,
      ...(choice ? { choice } : {}),
    });
  }

  /** Resolve every pending tile advance (no choices needed). */
  resolveAdvances(player: PlayerID): this {
    for (;;) {
      const next = this.pending(player).find((p) => p.kind === 'advance');
      if (!next) return this;
      this.act(player, { type: 'resolve', item: next.id });
    }
  }

  confirm(player: PlayerID): this {
    return this.act(player, { type: 'confirm' });
  }

  legal(player: PlayerID): Action[] {
    return legalActions(this.state, player);
  }

  /** The choices the listing offers for one pending item (R1). */
  choicesOf(player: PlayerID, item: number): Choice[] {
    return this.legal(player).flatMap((a) =>
      a.type === 'resolve' && a.item === item ? [a.choice ?? {}] : [],
    );
  }

  /** The ways the listing offers to use a corporation power now (§8.2). */
  powerChoices(player: PlayerID, ability: string): Choice[] {
    return this.legal(player).flatMap((a) =>
      a.type === 'useAbility' && a.ability === ability ? [a.choice ?? {}] : [],
    );
  }

  /** The rover steps the listing offers, each as "x,y". */
  roverSteps(player: PlayerID): string[] {
    return this.legal(player).flatMap((a) =>
      a.type === 'moveRover' ? [a.path.map(([x, y]) => `${x},${y}`).join(' ')] : [],
    );
  }

  level(player: PlayerID, track: Track, fromDraft = true): number {
    const b = fromDraft && this.state.private[player]?.turn ? this.draft(player).board : this.board(player);
    return b.trackers[track].row;
  }
}
