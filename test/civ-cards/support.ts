/**
 * What the civ card tests share: a game brought to the civ step of a rank (§5.7, R3), the pick, the
 * choices of a pending gain, End Game cards face up or down (§9), and the End Game checks (§6.3).
 */
import { expect } from 'vitest';
import type { Action, Choice, GameState, PendingItem, PlayerBoard, Track } from '../../game/core/types';
import { TILES, civCardById, planetById } from '../../game/data';
import { awaiting } from '../../game/engine';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import { revealStation } from '../../game/rules/depot';
import { scoreGame } from '../../game/rules/scoring';
import { facingDepot } from '../../game/rules/depot';
import { playerView } from '../../game/view';
import { plainStep } from '../support/first-step';
import { scenario, type Game, type Scenario } from '../support/scenario';
import type { Refusal } from '../support/why';
import type { Reason } from '../../game/core/messages';

// ---------------------------------------------------------------- helpers

/** Universal Coalition's civ milestones: rank → level (§5.1, §5.7). */
export const MILESTONE: Record<number, number> = { 1: 3, 2: 6, 3: 10, 4: 14 };

export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
export const at = (x: number, y: number): number => cellIndex(x, y);

export interface CivStepOptions {
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
export function toCivStep(rank: number, pile: number[], o: CivStepOptions = {}): Game {
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

export const pick = (g: Game, card: number, player = '0'): Game => g.act(player, { type: 'pickCiv', card });

/** The choices the engine lists for one pending item. */
export function choicesOf(g: Game, item: PendingItem, player = '0'): Choice[] {
  return g
    .legal(player)
    .filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve' && a.item === item.id)
    .map((a) => a.choice ?? {});
}

/** Which refusal resolving this pending item with this choice meets. */
export const resolveRefusal = (g: Game, item: PendingItem, choice: Choice, player = '0'): Refusal =>
  g.refusal(player, { type: 'resolve', item: item.id, choice });

/** As `resolveRefusal`, with the refusal's values too. */
export const resolveRefusalMessage = (g: Game, item: PendingItem, choice: Choice, player = '0'): Reason =>
  g.refusalMessage(player, { type: 'resolve', item: item.id, choice });

/** Play whatever a player has to do now with the first legal choices (for the other players). */
export function autoStep(g: Game, p: string): void {
  const priv = g.state.private[p];
  if (priv?.civOffer) {
    pick(g, priv.civOffer.cards[0] as number, p);
    return;
  }
  for (;;) {
    const next = plainStep(g.legal(p));
    if (!next) break;
    g.act(p, next);
  }
  g.confirm(p);
}

/** One round turn with the first legal choices. */
export function autoTurn(g: Game, p: string): void {
  expect(g.state.private[p]?.turn?.kind).toBe('round');
  autoStep(g, p);
}

/** End the game after the current round and play everything left with the first legal choices. */
export function playToEnd(g: Game): NonNullable<GameState['result']> {
  if (!g.state.endTriggers.includes('stuck')) g.state.endTriggers.push('stuck'); // as if a player were stuck
  for (let guard = 0; g.state.step !== 'over' && guard < 100; guard++) {
    const p = Object.keys(awaiting(g.state))[0];
    if (p === undefined) break;
    autoStep(g, p);
  }
  expect(g.state.step).toBe('over');
  return g.state.result as NonNullable<GameState['result']>;
}

export const civCardsSeenBy = (g: Game, viewer: string | null, owner = '0') =>
  playerView(g.state, viewer).boards[owner]?.civCards ?? [];

export const otherPlayer = (g: Game): string | null => g.state.playerIDs.find((p) => p !== '0') ?? null;

/** An Immediate card lies face up: its owner and everyone else see it (§5.7, §9). */
export function expectFaceUp(g: Game, id: number): void {
  const card = civCardById(id);
  const held = { id, rank: card.rank, timing: 'immediate' };
  expect(g.board('0').civCards).toContainEqual(held);
  expect(civCardsSeenBy(g, otherPlayer(g))).toContainEqual(held);
  expect(civCardsSeenBy(g, null)).toContainEqual(held);
}

/** An End Game card is held face down: others see its rank, not which card (§5.7, §9). */
export function expectFaceDown(g: Game, id: number): void {
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
export function expectNothingAtOnce(g: Game, before: PlayerBoard, round = 2): void {
  expect(g.state.step).toBe('turns');
  expect(g.state.round).toBe(round);
  const turn = g.state.private['0']?.turn;
  expect(turn?.kind).toBe('round');
  expect(turn?.draft.pending).toEqual([]);
  expect(turn?.draft.movement).toBe(0);
  expect({ ...g.board('0'), civCards: [] }).toEqual({ ...before, civCards: [] });
}

export const breakdownOf = (state: Parameters<typeof scoreGame>[0], player = '0') =>
  scoreGame(state).scores.find((s) => s.player === player)?.breakdown;

/** A civ turn is open for player 0, of this kind, with exactly these pending kinds. */
export function expectCivTurn(g: Game, kinds: PendingItem['kind'][], kind: 'civ' | 'endgame' = 'civ'): void {
  const turn = g.state.private['0']?.turn;
  expect(turn?.kind).toBe(kind);
  expect(turn?.steps).toEqual([]);
  expect(g.pending('0').map((p) => p.kind)).toEqual(kinds);
}

/** Put a tile with these terrains (e.g. "biomass-civ") on top of a stack of the player's depot. */
export function showOnTop(s: Scenario, player: string, stack: 'small' | 'large', terrains: string): number {
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
export function fillPlanetExcept(s: Scenario, player: string, keep: [number, number][]): void {
  const keepCells = new Set(keep.map(([x, y]) => at(x, y)));
  const cells = planetGeometry(planetById(s.board(player).planet))
    .squares.filter((c) => !keepCells.has(c))
    .map((c) => [c % 12, Math.floor(c / 12)] as [number, number]);
  s.patch(player, ...cells);
}

export const level = (g: Game, track: Track): number => g.level('0', track);

// ---------------------------------------------------------------- shared checks

/** A flat-medal End Game card, picked at its rank in a two-player game and scored at the end. */
export function checkFlatEndGameCard(id: number, medals: number, pile: number[]): void {
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
export function checkSetCard(
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
