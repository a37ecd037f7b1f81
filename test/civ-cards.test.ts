/**
 * Every civ card (ids 1–36, civ-cards.json), driven through the real flow where practical: a civ
 * tile takes the civ tracker onto a milestone (§5.7), the round closes, the player picks the card
 * from the rank pile at the end of the round (R3, §3.9), then an Immediate card is resolved in a
 * 'civ' turn that can be undone until confirmed (R1, R2, R4), and an End Game card is held face down
 * (§9) and acts or scores at the end (§6.2, §6.3).
 */
import { describe, expect, it } from 'vitest';
import type { Action, Choice, GameState, PendingItem, PlayerBoard, Track } from '../game/core/types';
import { TILES, civCardById, planetById } from '../game/data';
import { awaiting } from '../game/engine';
import { cellIndex, planetGeometry } from '../game/rules/board';
import { revealStation } from '../game/rules/round';
import { scoreGame } from '../game/rules/scoring';
import { facingDepot } from '../game/rules/turn';
import { playerView } from '../game/view';
import { scenario, tileId, type Game, type Scenario } from './support/scenario';

// ---------------------------------------------------------------- helpers

/** Universal Coalition's civ milestones: rank → level (§5.1, §5.7). */
const MILESTONE: Record<number, number> = { 1: 3, 2: 6, 3: 10, 4: 14 };

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const at = (x: number, y: number): number => cellIndex(x, y);

interface CivStepOptions {
  players?: number;
  /** Arrange the board before the round begins (after the depot and the civ tracker). */
  setup?: (s: Scenario) => void;
  /** Where the round's civ tile goes; (11,5)–(11,6) on the right edge by default. */
  place?: { orientation: number; x: number; y: number };
  /** Anything to do in the round turn after the tile's advances, before confirming. */
  beforeConfirm?: (g: Game) => void;
}

/**
 * Player 0's civ tracker stands one below the milestone of `rank`; the depot shows the biomass/civ
 * domino; the rank's pile is `pile`. Every other player plays a turn, player 0 places the domino (its
 * civ icon reaches the milestone), confirms, and the end-of-round civ step offers the pile (R3).
 */
function toCivStep(rank: number, pile: number[], o: CivStepOptions = {}): Game {
  const s = scenario({ players: o.players ?? 1 })
    .depot('0', { small: 'i-biomass-civ' })
    .tracker('0', 'civ', (MILESTONE[rank] as number) - 1)
    .civPile(rank, ...pile);
  o.setup?.(s);
  const g = s.start();
  for (const p of g.state.playerIDs) if (p !== '0') autoTurn(g, p);
  const where = o.place ?? { orientation: 0, x: 11, y: 5 };
  g.take('0').place('0', where.orientation, where.x, where.y).resolveAdvances('0');
  expect(g.draft('0').civRanks).toEqual([rank]); // the milestone is reached now, the card waits (R3)
  o.beforeConfirm?.(g);
  g.confirm('0');
  expect(g.state.step).toBe('civ');
  expect(g.state.private['0']?.civOffer).toEqual({ rank, cards: pile });
  return g;
}

const pick = (g: Game, card: number, player = '0'): Game => g.act(player, { type: 'pickCiv', card });

/** The choices the engine lists for one pending item. */
function choicesOf(g: Game, item: PendingItem, player = '0'): Choice[] {
  return g
    .legal(player)
    .filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve' && a.item === item.id)
    .map((a) => a.choice ?? {});
}

const rejectResolve = (g: Game, item: PendingItem, choice: Choice, player = '0'): string =>
  g.reject(player, { type: 'resolve', item: item.id, choice });

/** Play whatever a player has to do now with the first legal choices (for the other players). */
function autoStep(g: Game, p: string): void {
  const priv = g.state.private[p];
  if (priv?.civOffer) {
    pick(g, priv.civOffer.cards[0] as number, p);
    return;
  }
  for (;;) {
    const legal = g.legal(p);
    const next =
      legal.find((a) => a.type === 'takeTile') ??
      legal.find((a) => a.type === 'placeTile') ??
      legal.find((a) => a.type === 'resolve' && !a.choice?.done && !a.choice?.store) ??
      legal.find((a) => a.type === 'resolve');
    if (!next) break;
    g.act(p, next);
  }
  g.confirm(p);
}

/** One round turn with the first legal choices. */
function autoTurn(g: Game, p: string): void {
  expect(g.state.private[p]?.turn?.kind).toBe('round');
  autoStep(g, p);
}

/** End the game after the current round and play everything left with the first legal choices. */
function playToEnd(g: Game): NonNullable<GameState['result']> {
  if (!g.state.endTriggers.includes('stuck')) g.state.endTriggers.push('stuck'); // as if a player were stuck
  for (let guard = 0; g.state.step !== 'over' && guard < 100; guard++) {
    const p = Object.keys(awaiting(g.state))[0];
    if (p === undefined) break;
    autoStep(g, p);
  }
  expect(g.state.step).toBe('over');
  return g.state.result as NonNullable<GameState['result']>;
}

const civCardsSeenBy = (g: Game, viewer: string | null, owner = '0') =>
  playerView(g.state, viewer).boards[owner]?.civCards ?? [];

const otherPlayer = (g: Game): string | null => g.state.playerIDs.find((p) => p !== '0') ?? null;

/** An Immediate card lies face up: its owner and everyone else see it (§5.7, §9). */
function expectFaceUp(g: Game, id: number): void {
  const card = civCardById(id);
  const held = { id, rank: card.rank, timing: 'immediate' };
  expect(g.board('0').civCards).toContainEqual(held);
  expect(civCardsSeenBy(g, otherPlayer(g))).toContainEqual(held);
  expect(civCardsSeenBy(g, null)).toContainEqual(held);
}

/** An End Game card is held face down: others see its rank, not which card (§5.7, §9). */
function expectFaceDown(g: Game, id: number): void {
  const card = civCardById(id);
  expect(card.timing).toBe('endGame');
  expect(g.board('0').civCards).toContainEqual({ id, rank: card.rank, timing: 'endGame' });
  expect(civCardsSeenBy(g, '0')).toContainEqual({ id, rank: card.rank, timing: 'endGame' });
  for (const viewer of [otherPlayer(g), null]) {
    const seen = civCardsSeenBy(g, viewer);
    expect(seen).toContainEqual({ id: null, rank: card.rank, timing: 'endGame' });
    expect(seen.some((c) => c.id !== null && c.timing === 'endGame')).toBe(false);
  }
}

/**
 * After picking a card that needs nothing now: no civ turn, the round closed and the next round's
 * turns began; the board changed only by the card held.
 */
function expectNothingAtOnce(g: Game, before: PlayerBoard, round = 2): void {
  expect(g.state.step).toBe('turns');
  expect(g.state.round).toBe(round);
  const turn = g.state.private['0']?.turn;
  expect(turn?.kind).toBe('round');
  expect(turn?.draft.pending).toEqual([]);
  expect(turn?.draft.movement).toBe(0);
  expect({ ...g.board('0'), civCards: [] }).toEqual({ ...before, civCards: [] });
}

const breakdownOf = (state: Parameters<typeof scoreGame>[0], player = '0') =>
  scoreGame(state).scores.find((s) => s.player === player)?.breakdown;

/** A civ turn is open for player 0, of this kind, with exactly these pending kinds. */
function expectCivTurn(g: Game, kinds: PendingItem['kind'][], kind: 'civ' | 'endgame' = 'civ'): void {
  const turn = g.state.private['0']?.turn;
  expect(turn?.kind).toBe(kind);
  expect(turn?.steps).toEqual([]);
  expect(g.pending('0').map((p) => p.kind)).toEqual(kinds);
}

/** Put a tile with these terrains (e.g. "biomass-civ") on top of a stack of the player's depot. */
function showOnTop(s: Scenario, player: string, stack: 'small' | 'large', terrains: string): number {
  const shape = s.state.station.depots[facingDepot(s.state, player)]?.[stack].shape as number;
  const tile = TILES.find((t) => t.shape === shape && t.key.endsWith(`-${terrains}`));
  if (!tile) throw new Error(`No ${terrains} tile of shape ${shape}`);
  const pile = s.state.hidden.stacks[shape] as number[];
  pile.splice(pile.indexOf(tile.id), 1);
  pile.push(tile.id);
  revealStation(s.state);
  return tile.id;
}

/** Cover every planet square with patches except the listed cells (a planet that is nearly full). */
function fillPlanetExcept(s: Scenario, player: string, keep: [number, number][]): void {
  const keepCells = new Set(keep.map(([x, y]) => at(x, y)));
  const cells = planetGeometry(planetById(s.board(player).planet))
    .squares.filter((c) => !keepCells.has(c))
    .map((c) => [c % 12, Math.floor(c / 12)] as [number, number]);
  s.patch(player, ...cells);
}

const level = (g: Game, track: Track): number => g.level('0', track);

// ---------------------------------------------------------------- rank piles and pick order (R3)

describe('civ milestones: the pick at the end of the round (§5.7, §3.9, R3)', () => {
  it('a milestone whose rank pile is empty gives nothing: no offer, the round closes (R3)', () => {
    const s = scenario({ players: 1 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 5)
      .civPile(2);
    const g = s.start();
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(g.draft('0').civRanks).toEqual([2]);
    const before = clone(g.draft('0').board);
    g.confirm('0');
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.state.civPending['0']).toEqual([]);
    expect(g.board('0').civCards).toEqual([]);
    expect(g.board('0')).toEqual(before);
    expect(g.state.log.some((e) => e.player === '0' && /pile is empty/.test(e.text))).toBe(true);
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
  });

  it('two players with milestones pick in commander order, each resolving an Immediate card before the next picks (R3)', () => {
    const s = scenario({ players: 2 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 2)
      .tracker('1', 'civ', 2)
      .civPile(1, 1, 3, 6);
    showOnTop(s, '1', 'small', 'biomass-civ');
    s.state.commander = '1'; // not seat order: the commander picks first
    const g = s.start();
    autoTurn(g, '1');
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.step).toBe('civ');
    expect(g.state.queue).toEqual(['1', '0']);
    expect(awaiting(g.state)).toEqual({ '1': 'civ' });
    expect(g.state.private['1']?.civOffer).toEqual({ rank: 1, cards: [1, 3, 6] });
    expect(g.state.private['0']?.civOffer).toBeNull();
    // Only the picker sees the pile; everyone sees its size (§9).
    expect(playerView(g.state, '0').private['1']?.civOffer).toBeNull();
    expect(playerView(g.state, '0').hidden.civPiles).toEqual({});
    expect(playerView(g.state, '0').civPileSizes[1]).toBe(3);
    expect(g.reject('0', { type: 'pickCiv', card: 3 })).toMatch(/not your turn/);
    expect(g.reject('1', { type: 'pickCiv', card: 2 })).toMatch(
      /Pick one of the rank 1 cards offered: 1, 3, 6/,
    );
    // The commander takes Temp Agency and must resolve it before player 0 sees the pile.
    pick(g, 1, '1');
    expect(g.state.private['1']?.turn?.kind).toBe('civ');
    expect(g.state.civPileSizes[1]).toBe(2);
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.reject('0', { type: 'pickCiv', card: 3 })).toMatch(/not your turn/);
    const adv = g.pending('1')[0] as PendingItem;
    g.act('1', { type: 'resolve', item: adv.id, choice: { track: 'water' } });
    g.act('1', { type: 'resolve', item: adv.id, choice: { track: 'tech' } });
    g.confirm('1');
    expect(awaiting(g.state)).toEqual({ '0': 'civ' });
    expect(g.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [3, 6] });
    pick(g, 6);
    expect(g.state.hidden.civPiles[1]).toEqual([3]);
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
    expect(g.state.commander).toBe('0'); // the token passed clockwise (§3.9)
  });
});

// ---------------------------------------------------------------- the 36 cards

describe('civ cards (civ-cards.json, §5.7)', () => {
  it('1 Temp Agency: two different trackers up one space each, with benefits (§5.7, R1)', () => {
    const g = toCivStep(1, [1, 6], {
      players: 2,
      setup: (s) => s.tracker('0', 'water', 2).tracker('0', 'tech', 2),
    });
    pick(g, 1);
    expectFaceUp(g, 1);
    expect(g.state.civPileSizes[1]).toBe(1);
    expect(g.state.private['0']?.civOffer).toBeNull();
    expectCivTurn(g, ['cardAdvance']);
    // The pick itself is final: the civ turn starts after it (§3.9, R4).
    expect(g.reject('0', { type: 'undo' })).toMatch(/Nothing to undo/);
    const adv = g.item('0', 'cardAdvance');
    expect(choicesOf(g, adv)).toEqual([
      { track: 'civ' },
      { track: 'water' },
      { track: 'biomass' },
      { track: 'rover' },
      { track: 'tech' },
    ]);
    expect(g.reject('0', { type: 'confirm' })).toMatch(/Resolve your pending gains first/);
    g.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(g, 'water')).toBe(3);
    // Water 3's synergy boost joins the list; the card's second advance is still there (R1).
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'synergy']);
    expect(rejectResolve(g, adv, { track: 'water' })).toMatch(/different trackers: water already moved/);
    expect(choicesOf(g, adv).map((c) => c.track)).toEqual(['civ', 'biomass', 'rover', 'tech']);
    // Any order: the boost first, onto the rover track, whose milestone puts a rover down (§5.10.1).
    g.resolve('0', 'synergy', { track: 'rover' });
    expect(level(g, 'rover')).toBe(1);
    g.resolve('0', 'rover', { x: 11, y: 6 });
    g.resolve('0', 'cardAdvance', { track: 'tech' });
    expect(level(g, 'tech')).toBe(3);
    expect(g.pending('0')).toEqual([]);
    // Undo inside the civ turn takes back the last step only (R4).
    g.act('0', { type: 'undo' });
    expect(level(g, 'tech')).toBe(2);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ chosen: ['water'] });
    g.resolve('0', 'cardAdvance', { track: 'biomass' });
    expect(level(g, 'biomass')).toBe(2); // 1 → 2: a synergy boost
    g.resolve('0', 'synergy', { track: 'tech' });
    g.confirm('0');
    const b = g.board('0');
    expect([b.trackers.water.row, b.trackers.biomass.row, b.trackers.rover.row, b.trackers.tech.row]).toEqual(
      [3, 2, 1, 3],
    );
    expect(b.rovers[0]?.cell).toBe(at(11, 6));
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
    expectFaceUp(g, 1);
  });

  it('2 Dept of Operations: one tracker up two spaces, claiming both squares (R7); one below the top moves one', () => {
    const g = toCivStep(1, [2, 7], { setup: (s) => s.tracker('0', 'water', 14) });
    pick(g, 2);
    expectFaceUp(g, 2);
    expectCivTurn(g, ['cardAdvance']);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ count: 1, stepsEach: 2 });
    expect(rejectResolve(g, g.item('0', 'cardAdvance'), { track: 'energy' as Track })).toMatch(
      /Choose one of/,
    );
    g.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(g, 'water')).toBe(15); // only one space was left
    expect(g.pending('0')).toEqual([]);
    g.act('0', { type: 'undo' });
    expect(level(g, 'water')).toBe(14);
    // Biomass 1 → 3: the boost of square 2 and the patch of square 3, one at a time (R7).
    g.resolve('0', 'cardAdvance', { track: 'biomass' });
    expect(level(g, 'biomass')).toBe(3);
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy', 'patch']);
    g.resolve('0', 'patch', { x: 10, y: 5 }).resolve('0', 'synergy', { track: 'civ' });
    expect(level(g, 'civ')).toBe(4);
    g.confirm('0');
    expect(g.board('0').trackers.biomass.row).toBe(3);
    expect(g.board('0').terrain[at(10, 5)]).toBe('biomass');
    expect(g.state.round).toBe(2);

    // A civ milestone reached while resolving the card is picked in the same civ step (§3.9).
    // The civ/energy domino gives civ twice: 2 → 3 (rank 1) → 4; the card then takes civ 4 → 6 (rank 2).
    const h = scenario({ players: 1 })
      .depot('0', { small: 'i-civ-energy' })
      .tracker('0', 'civ', 2)
      .civPile(1, 2, 7)
      .civPile(2, 8, 9)
      .start();
    h.take('0')
      .place('0', 0, 11, 5)
      .resolveAdvances('0')
      .resolve('0', 'energy', { track: 'civ' })
      .confirm('0');
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [2, 7] });
    pick(h, 2);
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(h.draft('0').civRanks).toEqual([2]);
    h.confirm('0');
    expect(h.state.step).toBe('civ');
    expect(h.state.round).toBe(1);
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 2, cards: [8, 9] });
    pick(h, 9);
    expect(h.board('0').civCards.map((c) => c.id)).toEqual([2, 9]);
    expect(h.state.round).toBe(2);
  });

  it('3 Dept of Natural Resources: one biomass patch next to a piece, destroying a lifepod; storable with tech 2 (§5.9)', () => {
    const g = toCivStep(1, [3, 1], { setup: (s) => s.lifepods('0', [10, 5], [5, 9]) });
    pick(g, 3);
    expectFaceUp(g, 3);
    expectCivTurn(g, ['patch']);
    const patch = g.item('0', 'patch');
    expect(choicesOf(g, patch)).not.toContainEqual({ store: true });
    expect(choicesOf(g, patch)).toContainEqual({ x: 10, y: 5 });
    expect(rejectResolve(g, patch, { x: 5, y: 5 })).toMatch(/must touch/);
    expect(rejectResolve(g, patch, { x: 11, y: 5 })).toMatch(/already covered/);
    g.resolve('0', 'patch', { x: 10, y: 5 });
    g.confirm('0');
    const b = g.board('0');
    expect(b.pieces.at(-1)).toMatchObject({ kind: 'patch', cells: [at(10, 5)] });
    expect(b.terrain[at(10, 5)]).toBe('biomass');
    expect(b.icon[at(10, 5)]).toBeNull();
    expect(b.lifepods).toEqual([at(5, 9)]); // covered, destroyed, not collected (§4.5)
    expect(b.collected.lifepods).toBe(0);

    // Universal Coalition tech 2: the patch may be kept for the end of the game instead.
    const h = toCivStep(1, [3, 1], { setup: (s) => s.tracker('0', 'tech', 5) });
    pick(h, 3);
    expect(choicesOf(h, h.item('0', 'patch'))).toContainEqual({ store: true });
    h.resolve('0', 'patch', { store: true }).confirm('0');
    expect(h.board('0').storedPatches).toBe(1);
    expect(h.board('0').pieces.filter((p) => p.kind === 'patch')).toHaveLength(0);
  });

  it('4 Dept of Engineering: 4 movement for rovers on the planet, 5 with Universal Coalition tech 3 (R6, R2)', () => {
    // Tech 7 switches tech 3 on; a rover waits at (9,5), two steps from the lifepod at (10,4).
    const g = toCivStep(1, [4, 6], { setup: (s) => s.tracker('0', 'tech', 7).rover('0', 0, [9, 5]) });
    pick(g, 4);
    expectFaceUp(g, 4);
    expectCivTurn(g, []);
    expect(g.draft('0').movement).toBe(5); // 4 + 1 (R6)
    expect(g.legal('0').filter((a) => a.type === 'moveRover')).toHaveLength(4);
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [9, 4],
        [10, 4],
      ],
    });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    expect(g.draft('0').movement).toBe(3);
    expect(
      g.reject('0', {
        type: 'moveRover',
        rover: 0,
        path: [
          [10, 5],
          [10, 6],
          [10, 7],
          [9, 7],
        ],
      }),
    ).toMatch(/needs 4 movement and you have 3/);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').movement).toBe(5);
    expect(g.draft('0').board.lifepods).toContain(at(10, 4));
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [9, 4],
        [10, 4],
        [10, 3],
      ],
    });
    g.confirm('0'); // two movement left unspent: lost (R2)
    expect(g.board('0').rovers[0]?.cell).toBe(at(10, 3));
    expect(g.board('0').collected.lifepods).toBe(1);
    expect(g.state.private['0']?.turn?.draft.movement).toBe(0);

    // Without tech 3 it is 4.
    const h = toCivStep(1, [4, 6], { setup: (s) => s.rover('0', 0, [9, 5]) });
    pick(h, 4);
    expect(h.draft('0').movement).toBe(4);

    // Without a rover on the planet the movement has no use: no civ turn, the round closes.
    const k = toCivStep(1, [4, 6]);
    const before = clone(k.board('0'));
    pick(k, 4);
    expectFaceUp(k, 4);
    expectNothingAtOnce(k, before);
  });

  it('5 Salvage Yard: a second tile of the depot faced this round, placed without advancing any tracker (§5.7)', () => {
    const under = tileId('i-water-rover');
    const g = toCivStep(1, [5, 6], {
      setup: (s) => {
        const stack = s.state.hidden.stacks[8] as number[]; // the i-domino stack of player 0's depot
        stack.splice(stack.indexOf(under), 1);
        stack.splice(stack.length - 1, 0, under); // just beneath the biomass/civ domino
      },
    });
    const depot = facingDepot(g.state, '0');
    expect(g.state.station.depots[depot]?.small.top).toBe(under); // revealed before the civ step (§3.9)
    expect(g.state.station.depots[depot]?.small.count).toBe(11);
    const before = clone(g.board('0'));
    pick(g, 5);
    expectFaceUp(g, 5);
    expectCivTurn(g, ['extraTile']);
    const extra = g.item('0', 'extraTile');
    const offered = choicesOf(g, extra);
    expect(new Set(offered.map((c) => c.stack))).toEqual(new Set(['small', 'large']));
    expect(offered).toContainEqual({ stack: 'small', orientation: 0, x: 10, y: 4 });
    expect(rejectResolve(g, extra, { stack: 'small', orientation: 0, x: 3, y: 3 })).toMatch(/must touch/);
    expect(rejectResolve(g, extra, { orientation: 0, x: 10, y: 4 })).toMatch(/small or large stack/);
    // On the lifepod at (10,4): the tile destroys it (§4.5) and its resources move nothing.
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 10, y: 4 });
    expect(g.pending('0')).toEqual([]);
    expect(g.draft('0').board.trackers).toEqual(before.trackers);
    expect(g.draft('0').board.lifepods).not.toContain(at(10, 4));
    expect(g.draft('0').board.collected.lifepods).toBe(0);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').extraTaken).toEqual([]);
    expect(g.draft('0').board.pieces).toHaveLength(before.pieces.length);
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 10, y: 4 });
    g.confirm('0');
    const b = g.board('0');
    expect(b.pieces.at(-1)).toMatchObject({ kind: 'tile', tileId: under, cells: [at(10, 4), at(10, 5)] });
    expect(b.trackers).toEqual(before.trackers);
    expect(g.state.station.depots[depot]?.small.count).toBe(10);
    expect(g.state.hidden.stacks[8]).not.toContain(under);
    expect(g.state.endTriggers).toEqual([]);
    expect(g.state.round).toBe(2);

    // No tile of the depot fits: nothing happens, and it is not the "stuck" trigger A.
    const h = toCivStep(1, [5, 6], {
      setup: (s) =>
        fillPlanetExcept(s, '0', [
          [11, 5],
          [11, 6],
        ]),
    });
    const full = clone(h.board('0'));
    pick(h, 5);
    expectFaceUp(h, 5);
    expectNothingAtOnce(h, full);
    expect(h.state.endTriggers).toEqual([]);

    // The depot's last tile: taking it empties the depot and fires trigger B (§5.7, §6.1 B).
    const k = toCivStep(1, [5, 6], {
      setup: (s) => {
        s.state.hidden.stacks[8] = [tileId('i-biomass-civ')];
        const large = s.state.station.depots[facingDepot(s.state, '0')]?.large.shape as number;
        s.state.hidden.stacks[large] = [tileId('N-rover-tech')];
      },
    });
    expect(k.state.endTriggers).toEqual([]);
    const trackers = clone(k.board('0').trackers);
    pick(k, 5);
    const last = choicesOf(k, k.item('0', 'extraTile'))[0] as Choice;
    expect(last.stack).toBe('large');
    k.resolve('0', 'extraTile', last);
    expect(k.pending('0')).toEqual([]); // no resources
    k.confirm('0');
    expect(k.board('0').trackers).toEqual(trackers);
    expect(k.state.endTriggers).toEqual(['depotEmpty']);
    expect(k.state.result?.endReasons).toEqual(['depotEmpty']);
  });

  it('6 Observance of First Planet Holiday: End Game, face down, 1 medal at the end (§6.3 D, §9)', () => {
    const g = toCivStep(1, [6, 1], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 6);
    expectFaceDown(g, 6);
    expectNothingAtOnce(g, before);
    expect(g.state.log.map((e) => e.text).join('\n')).not.toMatch(/Holiday/); // the public log names the rank only
    expect(g.state.log.some((e) => /took a rank 1 End Game card/.test(e.text))).toBe(true);
    const result = playToEnd(g);
    expect(result.scores.find((s) => s.player === '0')?.breakdown.civ).toBe(1);
    expect(result.scores.find((s) => s.player === '1')?.breakdown.civ).toBe(0);
    // Once the game is over, every card is shown (§6.2).
    expect(civCardsSeenBy(g, '1')).toContainEqual({ id: 6, rank: 1, timing: 'endGame' });
  });

  it('7 Rising Planet Award: End Game, face down, 2 medals (§6.3 D)', () => {
    checkFlatEndGameCard(7, 2, [7, 1]);
  });

  it('8 First Planet Holiday: End Game, face down, 1 medal (§6.3 D)', () => {
    checkFlatEndGameCard(8, 1, [10, 8]);
  });

  it("9 People's Planet Choice Award: End Game, face down, 2 medals (§6.3 D)", () => {
    checkFlatEndGameCard(9, 2, [9, 12]);
  });

  it('10 New Angel Investors: three different trackers up one space each; fewer if fewer can move (§5.7)', () => {
    const g = toCivStep(2, [10, 11], { setup: (s) => s.tracker('0', 'water', 6).tracker('0', 'tech', 4) });
    pick(g, 10);
    expectFaceUp(g, 10);
    expectCivTurn(g, ['cardAdvance']);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ count: 3, distinct: true });
    g.resolve('0', 'cardAdvance', { track: 'water' }).resolve('0', 'cardAdvance', { track: 'tech' });
    expect(rejectResolve(g, g.item('0', 'cardAdvance'), { track: 'tech' })).toMatch(/already moved/);
    g.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']); // water 6 → 7
    expect([level(g, 'water'), level(g, 'tech'), level(g, 'civ')]).toEqual([7, 5, 7]);
    g.resolve('0', 'synergy', { track: 'biomass' }); // biomass 1 → 2: another boost, joining the list (R1)
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']);
    g.resolve('0', 'synergy', { track: 'rover' }).resolve('0', 'rover', { x: 11, y: 6 }).confirm('0');
    expect(g.board('0').trackers.biomass.row).toBe(2);
    expect(g.board('0').trackers.rover.row).toBe(1);

    // Only the civ tracker can still move: it moves, and the rest of the card is lost at confirmation.
    const h = toCivStep(2, [10, 11], {
      setup: (s) =>
        s
          .tracker('0', 'water', 15)
          .tracker('0', 'biomass', 14)
          .tracker('0', 'rover', 15)
          .tracker('0', 'tech', 15),
    });
    pick(h, 10);
    expect(choicesOf(h, h.item('0', 'cardAdvance'))).toEqual([{ track: 'civ' }]);
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    const rest = h.item('0', 'cardAdvance');
    expect(rest).toMatchObject({ chosen: ['civ'] });
    expect(choicesOf(h, rest)).toEqual([]);
    expect(rejectResolve(h, rest, { track: 'water' })).toMatch(/top/);
    h.confirm('0');
    expect(h.board('0').trackers.civ.row).toBe(7);
    expect(h.state.round).toBe(2);
  });

  it('11 Wage Increase: two different trackers up one space each, with benefits; a tracker at the top is not offered (§5.3)', () => {
    const g = toCivStep(2, [11, 12], { setup: (s) => s.tracker('0', 'tech', 15) });
    pick(g, 11);
    expectFaceUp(g, 11);
    const adv = g.item('0', 'cardAdvance');
    expect(adv).toMatchObject({ count: 2, stepsEach: 1, distinct: true });
    expect(choicesOf(g, adv).map((c) => c.track)).toEqual(['civ', 'water', 'biomass', 'rover']);
    expect(rejectResolve(g, adv, { track: 'tech' })).toMatch(/tech tracker is at the top/);
    g.resolve('0', 'cardAdvance', { track: 'rover' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'rover']); // rover milestone (§5.10.1)
    g.resolve('0', 'rover', { x: 11, y: 5 }).resolve('0', 'cardAdvance', { track: 'civ' });
    g.act('0', { type: 'restart' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance']);
    expect(level(g, 'rover')).toBe(0);
    g.resolve('0', 'cardAdvance', { track: 'civ' })
      .resolve('0', 'cardAdvance', { track: 'water' })
      .confirm('0');
    expect(g.board('0').trackers.civ.row).toBe(7);
    expect(g.board('0').trackers.water.row).toBe(1);
  });

  it('12 Dept of Parks and Rec: two biomass patches, each next to a piece, in any order (§5.9, R29)', () => {
    const g = toCivStep(2, [12, 13], { setup: (s) => s.meteorite('0', [10, 6]) });
    pick(g, 12);
    expectFaceUp(g, 12);
    expectCivTurn(g, ['patch', 'patch']);
    const [first, second] = g.pending('0') as [PendingItem, PendingItem];
    expect(rejectResolve(g, first, { x: 10, y: 6 })).toMatch(/cannot cover the meteorite/);
    expect(choicesOf(g, first)).not.toContainEqual({ x: 10, y: 6 });
    expect(rejectResolve(g, second, { x: 9, y: 5 })).toMatch(/must touch/);
    g.act('0', { type: 'resolve', item: second.id, choice: { x: 10, y: 5 } });
    // The first patch now counts as a piece for the adjacency of the second (R29).
    g.act('0', { type: 'resolve', item: first.id, choice: { x: 9, y: 5 } });
    g.confirm('0');
    expect(
      g
        .board('0')
        .pieces.filter((p) => p.kind === 'patch')
        .map((p) => p.cells[0]),
    ).toEqual([at(10, 5), at(9, 5)]);
  });

  it('13 Approved Overtime: collect two lifepods anywhere, no rover needed (§5.10.4)', () => {
    const g = toCivStep(2, [13, 12]);
    expect(g.board('0').rovers.every((r) => r.cell === null)).toBe(true);
    pick(g, 13);
    expectFaceUp(g, 13);
    expectCivTurn(g, ['collect']);
    const collect = g.item('0', 'collect');
    expect(choicesOf(g, collect)).toEqual([
      { x: 7, y: 2 },
      { x: 1, y: 4 },
      { x: 10, y: 4 },
      { x: 2, y: 7 },
      { x: 8, y: 8 },
      { x: 5, y: 9 },
    ]); // no way to stop while a lifepod lies on the planet: applied if possible (§3.4)
    expect(rejectResolve(g, collect, { x: 5, y: 5 })).toMatch(/holding a lifepod/);
    expect(rejectResolve(g, collect, { done: true })).toMatch(/still lies on your planet/);
    g.resolve('0', 'collect', { x: 5, y: 9 });
    expect(g.item('0', 'collect')).toMatchObject({ count: 1 });
    g.resolve('0', 'collect', { x: 2, y: 7 });
    expect(g.pending('0')).toEqual([]); // two collected: the card is spent
    g.act('0', { type: 'undo' });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    g.resolve('0', 'collect', { x: 7, y: 2 }).confirm('0');
    expect(g.board('0').collected.lifepods).toBe(2);
    expect(g.board('0').lifepods).toEqual([at(1, 4), at(10, 4), at(2, 7), at(8, 8)]);

    // Fewer if fewer remain: one lifepod left, collected; the card then finishes.
    const h = toCivStep(2, [13, 12], { setup: (s) => s.lifepods('0', [5, 9]) });
    pick(h, 13);
    h.resolve('0', 'collect', { x: 5, y: 9 });
    expect(choicesOf(h, h.item('0', 'collect'))).toEqual([]);
    h.confirm('0');
    expect(h.board('0').collected.lifepods).toBe(1);
  });

  it('14 Relocation Bonus: a rover on the planet jumps to any other square, onto another rover too (R9), and collects what lies there (§5.10.4)', () => {
    const g = toCivStep(2, [14, 13], {
      setup: (s) => s.rover('0', 0, [5, 5]).rover('0', 1, [3, 3]).meteorite('0', [8, 8]),
    });
    pick(g, 14);
    expectFaceUp(g, 14);
    expectCivTurn(g, ['teleport']);
    const tp = g.item('0', 'teleport');
    const offered = choicesOf(g, tp);
    const squares = planetGeometry(planetById('ksb-4156')).squares.length;
    expect(offered).toHaveLength(2 * (squares - 1)); // each rover, any square but its own
    expect(offered).toContainEqual({ rover: 0, x: 3, y: 3 }); // onto the other rover (R9)
    expect(offered).not.toContainEqual({ rover: 0, x: 5, y: 5 });
    expect(offered).toContainEqual({ rover: 0, x: 11, y: 6 }); // a covered square is fine
    expect(rejectResolve(g, tp, { rover: 0, x: 5, y: 5 })).toMatch(/This rover already stands there/);
    expect(rejectResolve(g, tp, { rover: 0, x: 0, y: 0 })).toMatch(/square of your planet/);
    expect(rejectResolve(g, tp, { rover: 7, x: 4, y: 4 })).toMatch(/one of your rovers on the planet/);
    g.resolve('0', 'teleport', { rover: 0, x: 8, y: 8 });
    const b = g.draft('0').board;
    expect(b.rovers[0]?.cell).toBe(at(8, 8));
    expect(b.collected).toEqual({ lifepods: 1, meteorites: 1 });
    expect(b.meteorites).toEqual([]);
    g.confirm('0');
    expect(g.board('0').rovers.map((r) => r.cell)).toEqual([at(8, 8), at(3, 3)]);
    expect(g.board('0').collected).toEqual({ lifepods: 1, meteorites: 1 });

    // No rover on the planet: nothing happens.
    const h = toCivStep(2, [14, 13]);
    const before = clone(h.board('0'));
    pick(h, 14);
    expectNothingAtOnce(h, before);
  });

  it('15 Top Planet Award: End Game, face down, 2 medals (§6.3 D)', () => {
    checkFlatEndGameCard(15, 2, [15, 16]);
  });

  it('16 Depot Repair Online: a second depot tile placed as a normal placement, its resources advancing (§5.7)', () => {
    const under = tileId('i-water-rover');
    const g = toCivStep(3, [16, 15], {
      place: { orientation: 0, x: 0, y: 5 },
      setup: (s) => {
        const stack = s.state.hidden.stacks[8] as number[];
        stack.splice(stack.indexOf(under), 1);
        stack.splice(stack.length - 1, 0, under);
      },
    });
    pick(g, 16);
    expectFaceUp(g, 16);
    expectCivTurn(g, ['extraTile']);
    // Water on the ice at (1,5), rover at (1,6): both advance, the rover's milestone follows.
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 1, y: 5 });
    expect(g.pending('0')).toMatchObject([
      { kind: 'advance', track: 'water', steps: 1, source: 'tile' },
      { kind: 'advance', track: 'rover', steps: 1, source: 'tile' },
    ]);
    g.resolve('0', 'advance', undefined, 'rover');
    // The rover lands on the tile just placed, the card's tile (§5.10.1).
    expect(choicesOf(g, g.item('0', 'rover'))).toEqual([
      { x: 1, y: 5 },
      { x: 1, y: 6 },
    ]);
    g.resolve('0', 'rover', { x: 1, y: 6 }).resolve('0', 'advance', undefined, 'water');
    g.act('0', { type: 'undo' });
    expect(level(g, 'water')).toBe(0);
    g.resolve('0', 'advance', undefined, 'water').confirm('0');
    expect(g.board('0').trackers.water.row).toBe(1);
    expect(g.board('0').trackers.rover.row).toBe(1);
    expect(g.board('0').rovers[0]?.cell).toBe(at(1, 6));
    expect(g.state.endTriggers).toEqual([]);

    // Taking the depot's last tile empties it: trigger B, the game ends after this round (§6.1 B).
    const h = toCivStep(3, [16, 15], {
      setup: (s) => {
        s.state.hidden.stacks[8] = [tileId('i-biomass-civ')];
        const large = s.state.station.depots[facingDepot(s.state, '0')]?.large.shape as number;
        s.state.hidden.stacks[large] = [tileId('N-rover-tech')];
      },
    });
    const depot = h.state.station.depots[facingDepot(h.state, '0')];
    expect([depot?.small.count, depot?.large.count]).toEqual([0, 1]);
    expect(h.state.endTriggers).toEqual([]);
    pick(h, 16);
    const offered = choicesOf(h, h.item('0', 'extraTile'));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((c) => c.stack === 'large')).toBe(true);
    autoStep(h, '0');
    expect(h.board('0').pieces.at(-1)).toMatchObject({ kind: 'tile', tileId: tileId('N-rover-tech') });
    expect(h.state.endTriggers).toEqual(['depotEmpty']);
    expect(h.state.step).toBe('over');
    expect(h.state.result?.endReasons).toEqual(['depotEmpty']);

    // No tile of the depot fits: nothing happens.
    const k = toCivStep(3, [16, 15], {
      setup: (s) =>
        fillPlanetExcept(s, '0', [
          [11, 5],
          [11, 6],
        ]),
    });
    const full = clone(k.board('0'));
    pick(k, 16);
    expectNothingAtOnce(k, full);
    expect(k.state.endTriggers).toEqual([]);
  });

  it('17 Landing Zone Approved: only lines holding a meteorite are offered; they are destroyed, not collected', () => {
    const g = toCivStep(3, [17, 15], { setup: (s) => s.meteorite('0', [3, 3], [3, 8], [7, 3]) });
    pick(g, 17);
    expectFaceUp(g, 17);
    expectCivTurn(g, ['destroyLine']);
    const line = g.item('0', 'destroyLine');
    expect(choicesOf(g, line)).toEqual([
      { line: 'row', index: 3 },
      { line: 'row', index: 8 },
      { line: 'column', index: 3 },
      { line: 'column', index: 7 },
    ]);
    expect(rejectResolve(g, line, { line: 'row', index: 5 })).toMatch(/That row holds no meteorite/);
    expect(rejectResolve(g, line, {})).toMatch(/row or a column/);
    g.resolve('0', 'destroyLine', { line: 'column', index: 3 });
    expect(g.draft('0').board.meteorites).toEqual([at(7, 3)]);
    g.act('0', { type: 'undo' });
    g.resolve('0', 'destroyLine', { line: 'row', index: 3 }).confirm('0');
    expect(g.board('0').meteorites).toEqual([at(3, 8)]);
    expect(g.board('0').collected.meteorites).toBe(0);

    // With no meteorite on the planet there is nothing to choose: no civ turn.
    const h = toCivStep(3, [17, 15]);
    const before = clone(h.board('0'));
    pick(h, 17);
    expectNothingAtOnce(h, before);
  });

  it('18 Search and Rescue Team: collect three lifepods anywhere, no rover needed (§5.10.4)', () => {
    const g = toCivStep(3, [18, 15]);
    pick(g, 18);
    expectFaceUp(g, 18);
    expectCivTurn(g, ['collect']);
    expect(g.item('0', 'collect')).toMatchObject({ item: 'lifepod', count: 3 });
    g.resolve('0', 'collect', { x: 1, y: 4 }).resolve('0', 'collect', { x: 10, y: 4 });
    expect(g.reject('0', { type: 'confirm' })).toMatch(/collect up to 1 lifepod/);
    g.resolve('0', 'collect', { x: 8, y: 8 });
    expect(g.pending('0')).toEqual([]);
    g.confirm('0');
    expect(g.board('0').collected.lifepods).toBe(3);
    expect(g.board('0').lifepods).toEqual([at(7, 2), at(2, 7), at(5, 9)]);
    expect(g.board('0').rovers.every((r) => r.cell === null)).toBe(true);
    expect(breakdownOf(g.state)?.lifepods).toBe(3);

    // Applied if possible (§3.4): no stopping while a lifepod lies on the planet.
    const h = toCivStep(3, [18, 15]);
    pick(h, 18);
    h.resolve('0', 'collect', { x: 1, y: 4 });
    expect(rejectResolve(h, h.item('0', 'collect'), { done: true })).toMatch(/still lies on your planet/);
    expect(choicesOf(h, h.item('0', 'collect'))).not.toContainEqual({ done: true });
  });

  it('19 Partnership Opportunity: three different trackers up one space each, with benefits, in any order (R1)', () => {
    const g = toCivStep(3, [19, 20], { setup: (s) => s.tracker('0', 'tech', 6) });
    pick(g, 19);
    expectFaceUp(g, 19);
    const adv = g.item('0', 'cardAdvance');
    expect(adv).toMatchObject({ count: 3, distinct: true });
    g.resolve('0', 'cardAdvance', { track: 'civ' }); // 10 → 11: a boost
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'synergy']);
    g.resolve('0', 'synergy', { track: 'civ' }); // the boost may take civ again: 11 → 12
    expect(level(g, 'civ')).toBe(12);
    expect(rejectResolve(g, adv, { track: 'civ' })).toMatch(/already moved/);
    g.resolve('0', 'cardAdvance', { track: 'tech' }).resolve('0', 'cardAdvance', { track: 'water' });
    expect(g.pending('0')).toEqual([]);
    g.confirm('0');
    const t = g.board('0').trackers;
    expect([t.civ.row, t.tech.row, t.water.row]).toEqual([12, 7, 1]);
  });

  it('20 Best in Planet Award: End Game, face down, 3 medals (§6.3 D)', () => {
    checkFlatEndGameCard(20, 3, [35, 20]);
  });

  it('21 Unionization: every tracker below 5 moves up to 5 with milestones and movement, no synergy boosts', () => {
    const g = toCivStep(3, [21, 15], { setup: (s) => s.tracker('0', 'water', 7).tracker('0', 'tech', 4) });
    // Before: civ 10, water 7, biomass 1 (the round's domino), rover 0, tech 4.
    pick(g, 21);
    expectFaceUp(g, 21);
    const t = g.draft('0').board.trackers;
    expect([t.civ.row, t.water.row, t.biomass.row, t.rover.row, t.tech.row]).toEqual([10, 7, 5, 5, 5]);
    // Biomass 3: a patch; rover 1: a rover; rover 2–5: 1+1+2+2 movement; biomass 2's boost skipped.
    expectCivTurn(g, ['patch', 'rover']);
    expect(g.draft('0').movement).toBe(6);
    g.resolve('0', 'rover', { x: 11, y: 5 });
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [10, 5],
        [10, 4],
      ],
    });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').movement).toBe(6);
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [10, 5],
        [10, 4],
      ],
    });
    g.resolve('0', 'patch', { x: 10, y: 6 }).confirm('0');
    const b = g.board('0');
    expect([b.trackers.biomass.row, b.trackers.rover.row, b.trackers.tech.row]).toEqual([5, 5, 5]);
    expect(b.rovers[0]?.cell).toBe(at(10, 4));
    expect(b.collected.lifepods).toBe(1);
    expect(g.state.round).toBe(2);
  });

  it('22 Sustainable Living Act: End Game, 1 medal per biomass patch on the planet, biomass tiles not counted', () => {
    const g = toCivStep(4, [22, 27], {
      players: 2,
      setup: (s) => {
        s.patch('0', [10, 5], [10, 6], [3, 3]);
        s.board('0').storedPatches = 1; // kept with tech 2 earlier, placed in the end-game phase (§6.2)
      },
    });
    const before = clone(g.board('0'));
    pick(g, 22);
    expectFaceDown(g, 22);
    expectNothingAtOnce(g, before);
    // Three patches; the domino's biomass square is a tile and does not count.
    expect(g.board('0').terrain[at(11, 5)]).toBe('biomass');
    expect(breakdownOf(g.state)?.civ).toBe(3);
    // The stored patch is placed in the end-game phase before scoring (§6.2), and then counts too.
    const result = playToEnd(g);
    const patches = g.board('0').pieces.filter((p) => p.kind === 'patch').length;
    expect(patches).toBeGreaterThanOrEqual(4);
    expect(g.board('0').storedPatches).toBe(0);
    expect(result.scores.find((s) => s.player === '0')?.breakdown.civ).toBe(patches);
  });

  it('23 Gaming Commission: End Game; at the end 2 medals and one tracker up one space with benefits (§6.2)', () => {
    const g = toCivStep(4, [23, 24], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 23);
    expectFaceDown(g, 23);
    expectNothingAtOnce(g, before);
    expect(breakdownOf(g.state)?.civ).toBe(2);

    // Picked in the final round: the civ step ends, and the end-game phase opens a turn for the
    // card's advance, commander first (§6.2 step 3).
    const h = toCivStep(4, [23, 24], {
      players: 2,
      setup: (s) => s.tracker('0', 'water', 2),
      beforeConfirm: (x) => x.state.endTriggers.push('stuck'),
    });
    pick(h, 23);
    expect(h.state.step).toBe('endgame');
    expect(awaiting(h.state)).toEqual({ '0': 'endgame' });
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    expect(choicesOf(h, h.item('0', 'cardAdvance'))).toHaveLength(5);
    h.resolve('0', 'cardAdvance', { track: 'tech' });
    h.act('0', { type: 'undo' });
    h.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(h, 'water')).toBe(3);
    // Square 3's boost is claimed and resolved now, before scoring (§6.2).
    expect(h.pending('0').map((p) => p.kind)).toEqual(['synergy']);
    expect(h.reject('0', { type: 'confirm' })).toMatch(/synergy boost/);
    h.resolve('0', 'synergy', { track: 'water' }).confirm('0');
    expect(h.state.step).toBe('over');
    expect(h.board('0').trackers.water.row).toBe(4);
    const score = h.state.result?.scores.find((x) => x.player === '0')?.breakdown;
    expect(score?.civ).toBe(2);
    expect(score?.tracks).toBe(3 + 2); // civ 14: the medal of square 9 (3); water 4: its own medal (2)
  });

  it('24 Planet Lottery: End Game; at the end 3 medals and one advance, whose civ milestone is picked at once (§6.2)', () => {
    const g = toCivStep(4, [24, 27], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 24);
    expectFaceDown(g, 24);
    expectNothingAtOnce(g, before);
    expect(breakdownOf(g.state)?.civ).toBe(3);

    // At the end, Gaming Commission's advance takes civ 13 → 14: the rank 4 milestone is picked at
    // once, and Planet Lottery taken then is resolved at once too (§6.2 step 3).
    const s = scenario({ players: 1 })
      .depot('0', { small: 'i-water-rover' })
      .tracker('0', 'civ', 13)
      .civPile(4, 24, 27);
    s.civCards('0', 23);
    const h = s.start();
    h.state.endTriggers.push('stuck');
    h.take('0').place('0', 0, 0, 5).resolveAdvances('0').resolve('0', 'rover', { x: 0, y: 6 }).confirm('0');
    expect(h.state.step).toBe('endgame');
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(h.draft('0').civRanks).toEqual([4]);
    h.confirm('0');
    expect(h.state.step).toBe('endgame');
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 4, cards: [24, 27] });
    pick(h, 24);
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    h.resolve('0', 'cardAdvance', { track: 'civ' }).confirm('0'); // civ 14 → 15
    expect(h.state.step).toBe('over');
    expect(h.board('0').trackers.civ.row).toBe(15);
    const score = h.state.result?.scores[0]?.breakdown;
    expect(score?.civ).toBe(2 + 3);
    expect(score?.tracks).toBe(5); // civ at the top: 5; water 1 and rover 1 are below their first medals
  });

  it('25 Meteor Defense Program: destroy three meteorites (fewer if fewer remain), not collected (§3.4)', () => {
    const g = toCivStep(4, [25, 27], { setup: (s) => s.meteorite('0', [3, 3], [4, 4], [7, 3], [8, 8]) });
    pick(g, 25);
    expectFaceUp(g, 25);
    expectCivTurn(g, ['destroyMeteorites']);
    const item = g.item('0', 'destroyMeteorites');
    expect(choicesOf(g, item)).toEqual([
      { x: 3, y: 3 },
      { x: 4, y: 4 },
      { x: 7, y: 3 },
      { x: 8, y: 8 },
    ]);
    expect(rejectResolve(g, item, { x: 5, y: 5 })).toMatch(/holding a meteorite/);
    expect(rejectResolve(g, item, { done: true })).toMatch(/A meteorite still lies on your planet/);
    g.resolve('0', 'destroyMeteorites', { x: 3, y: 3 }).resolve('0', 'destroyMeteorites', { x: 8, y: 8 });
    g.act('0', { type: 'undo' });
    expect(g.item('0', 'destroyMeteorites')).toMatchObject({ count: 2 });
    g.resolve('0', 'destroyMeteorites', { x: 4, y: 4 }).resolve('0', 'destroyMeteorites', { x: 7, y: 3 });
    expect(g.pending('0')).toEqual([]); // three destroyed: the card is spent
    g.confirm('0');
    expect(g.board('0').meteorites).toEqual([at(8, 8)]);
    expect(g.board('0').collected.meteorites).toBe(0);
  });

  it('26 Global Parks System: three biomass patches (§5.9)', () => {
    const g = toCivStep(4, [26, 27]);
    pick(g, 26);
    expectFaceUp(g, 26);
    expectCivTurn(g, ['patch', 'patch', 'patch']);
    g.resolve('0', 'patch', { x: 10, y: 5 })
      .resolve('0', 'patch', { x: 9, y: 5 })
      .resolve('0', 'patch', { x: 8, y: 5 });
    g.confirm('0');
    const patches = g.board('0').pieces.filter((p) => p.kind === 'patch');
    expect(patches.map((p) => p.cells[0])).toEqual([at(10, 5), at(9, 5), at(8, 5)]);
    // Row 5 is not complete, nothing scores yet; the patches cover squares like tiles (R29).
    expect(g.board('0').pieceAt[at(9, 5)]).not.toBe(-1);
  });

  it('27 Best Planet to Live on Award: End Game, face down, 4 medals (§6.3 D)', () => {
    checkFlatEndGameCard(27, 4, [27, 28]);
  });

  it('28 Space Citizen Decree: End Game; each collected lifepod scores 2, those left on the planet nothing (§6.3 C)', () => {
    const g = toCivStep(4, [28, 27], {
      players: 2,
      setup: (s) => {
        s.board('0').collected.lifepods = 3;
      },
    });
    expect(breakdownOf(g.state)?.lifepods).toBe(3);
    const before = clone(g.board('0'));
    pick(g, 28);
    expectFaceDown(g, 28);
    expectNothingAtOnce(g, before);
    expect(g.board('0').lifepods).toHaveLength(6); // still on the planet: not doubled, not counted
    const score = breakdownOf(g.state);
    expect(score?.lifepods).toBe(6);
    expect(score?.civ).toBe(0);
  });

  it('29 Meteorite Repo (1/4): End Game; one Repo makes each set of 3 collected meteorites worth 2 (§6.3 C)', () => {
    checkSetCard(29, [], { meteorites: [2, 4] });
  });

  it('30 Meteorite Repo (2/4): two Repos make each set of 3 worth 3', () => {
    checkSetCard(30, [29], { meteorites: [4, 6] });
  });

  it('31 Meteorite Repo (3/4): three Repos make each set of 3 worth 4', () => {
    checkSetCard(31, [29, 30], { meteorites: [6, 8] });
  });

  it('32 Meteorite Repo (4/4): four Repos make each set of 3 worth 5', () => {
    checkSetCard(32, [29, 30, 31], { meteorites: [8, 10] });
  });

  it('33 Commerce Agreement (1/4): End Game; one Agreement is worth 1 (§6.3 D)', () => {
    checkSetCard(33, [], { civ: [0, 1] });
  });

  it('34 Commerce Agreement (2/4): two Agreements are worth 3 together', () => {
    checkSetCard(34, [33], { civ: [1, 3] });
  });

  it('35 Commerce Agreement (3/4): three Agreements are worth 6 together', () => {
    checkSetCard(35, [33, 34], { civ: [3, 6] });
  });

  it('36 Commerce Agreement (4/4): four Agreements are worth 10 together', () => {
    checkSetCard(36, [33, 34, 35], { civ: [6, 10] });
  });
});

// ---------------------------------------------------------------- shared checks

/** A flat-medal End Game card, picked at its rank in a two-player game and scored at the end. */
function checkFlatEndGameCard(id: number, medals: number, pile: number[]): void {
  const card = civCardById(id);
  expect(card.structured).toEqual([{ op: 'medals', amount: medals }]);
  const g = toCivStep(card.rank, pile, { players: 2 });
  const before = clone(g.board('0'));
  pick(g, id);
  expectFaceDown(g, id);
  expectNothingAtOnce(g, before);
  expect(g.state.civPileSizes[card.rank]).toBe(pile.length - 1);
  const result = playToEnd(g);
  expect(result.scores.find((s) => s.player === '0')?.breakdown.civ).toBe(medals);
  expect(civCardsSeenBy(g, '1')).toContainEqual({ id, rank: card.rank, timing: 'endGame' });
}

/**
 * A set card (Meteorite Repo, Commerce Agreement) picked at its rank while the others of its set
 * are already held; `meteorites` / `civ` give that part of the score before and after the pick,
 * with 7 collected meteorites (two full sets of 3).
 */
function checkSetCard(
  id: number,
  held: number[],
  expected: { meteorites?: [number, number]; civ?: [number, number] },
): void {
  const card = civCardById(id);
  const other = card.rank === 1 ? 6 : card.rank === 2 ? 8 : card.rank === 3 ? 15 : 27;
  const g = toCivStep(card.rank, [id, other], {
    players: 2,
    setup: (s) => {
      s.civCards('0', ...held);
      s.board('0').collected.meteorites = 7;
    },
  });
  const scoreBefore = breakdownOf(g.state);
  const before = clone(g.board('0'));
  pick(g, id);
  expectFaceDown(g, id);
  expectNothingAtOnce(g, before);
  const scoreAfter = breakdownOf(g.state);
  if (expected.meteorites) {
    expect([scoreBefore?.meteorites, scoreAfter?.meteorites]).toEqual(expected.meteorites);
    expect(scoreAfter?.civ).toBe(0); // the Repo scores nothing by itself
  }
  if (expected.civ) {
    expect([scoreBefore?.civ, scoreAfter?.civ]).toEqual(expected.civ);
    expect(scoreAfter?.meteorites).toBe(2); // unchanged: 2 sets × 1
  }
  // The opponent's view of the score leaves the hidden cards out (§9): their ids are unknown.
  const seen = playerView(g.state, '1');
  const seenScore = breakdownOf(seen);
  expect(seenScore?.meteorites).toBe(2);
  expect(seenScore?.civ).toBe(0);
}

// ---------------------------------------------------------------- nothing left to act on, and reveals

describe('cards with nothing left to act on (§3.7) and End Game reveals (§6.2)', () => {
  // An "up to N" card with no target on the planet gives a gain with no resolution: it is lost,
  // and no civ turn is opened for it.
  it('18 Search and Rescue Team with no lifepod left on the planet opens no civ turn (§3.7)', () => {
    const g = toCivStep(3, [18, 15], { setup: (s) => s.lifepods('0') });
    const before = clone(g.board('0'));
    pick(g, 18);
    expectNothingAtOnce(g, before);
  });

  it('25 Meteor Defense Program with no meteorite on the planet opens no civ turn (§3.7)', () => {
    const g = toCivStep(4, [25, 27]);
    const before = clone(g.board('0'));
    pick(g, 25);
    expectNothingAtOnce(g, before);
  });

  // Once the last target is taken, nothing is left to decline: the turn can be confirmed.
  it('13 Approved Overtime: after the last lifepod on the planet is collected the turn can be confirmed (§3.7)', () => {
    const g = toCivStep(2, [13, 12], { setup: (s) => s.lifepods('0', [5, 9]) });
    pick(g, 13);
    g.resolve('0', 'collect', { x: 5, y: 9 });
    g.confirm('0');
    expect(g.state.round).toBe(2);
  });

  // §6.2 step 3 reveals every End Game card when the end-of-game phase begins.
  it('End Game cards are shown to the others during the end-game phase, not only after scoring (§6.2, §9)', () => {
    const g = toCivStep(4, [23, 24], {
      players: 2,
      beforeConfirm: (x) => x.state.endTriggers.push('stuck'),
    });
    pick(g, 23);
    expect(g.state.step).toBe('endgame');
    expect(civCardsSeenBy(g, '1')).toContainEqual({ id: 23, rank: 4, timing: 'endGame' });
  });
});
