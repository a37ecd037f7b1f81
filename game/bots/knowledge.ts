/**
 * What a player can know about the hidden parts of the game, and complete worlds sampled from it
 * (determinization) for the Commander's playouts. Built from the player's view only:
 *
 * - each stack's remaining *set* is public (§9): its shape's 12 tiles minus every tile seen (on a
 *   planet, set aside, or a visible top); only the order below the top is sampled;
 * - civ piles: the ranks' cards minus those seen held; the pile being picked from is known;
 * - the event deck: the deck's colour mix minus the cards revealed (read from the public log);
 * - others' turns in progress are not known: they are replayed from the start of the turn.
 */
import type { GameState, PlayerID } from '../core/types';
import type { Rng } from '../core/prng';
import { CIV_CARDS, EVENTS, OBJECTIVES } from '../data';
import { beginTurns } from '../rules/round';

const SHAPES = 12;
const PER_SHAPE = 12;

/** Tile ids of a shape: the data numbers tiles 12 * k + shape. */
export const tilesOfShape = (shape: number): number[] =>
  Array.from({ length: PER_SHAPE }, (_, k) => PER_SHAPE * k + shape);

/** Every tile the player has seen: placed on any planet, set aside, or on top of a stack. */
export function seenTiles(view: GameState): Set<number> {
  const seen = new Set<number>(view.setAsideTiles);
  for (const board of Object.values(view.boards))
    for (const piece of board.pieces) if (piece.kind === 'tile') seen.add(piece.tileId);
  for (const depot of view.station.depots) {
    if (depot.small.top !== null) seen.add(depot.small.top);
    if (depot.large.top !== null) seen.add(depot.large.top);
  }
  return seen;
}

/** Per shape, the tiles below the visible top that nobody has seen: each stack's unseen rest. */
export function unseenTiles(view: GameState): number[][] {
  const seen = seenTiles(view);
  const out: number[][] = [];
  for (let shape = 0; shape < SHAPES; shape++) out.push(tilesOfShape(shape).filter((t) => !seen.has(t)));
  return out;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The event ids revealed so far, from the public log. */
function revealedEvents(view: GameState): Set<number> {
  const out = new Set<number>();
  for (const entry of view.log) {
    const id = entry.message.code === 'log.eventRevealed' ? entry.message.values?.id : undefined;
    if (typeof id === 'number') out.add(id);
  }
  if (view.event) out.add(view.event.id);
  return out;
}

/**
 * A complete game state consistent with everything `player` knows, the unknowns drawn from
 * `rng`. The view is not modified. In the round's turns, every player's turn restarts from its
 * beginning (others' steps are private; the player's own are replayed by the caller).
 */
export function determinize(view: GameState, player: PlayerID, rng: Rng): GameState {
  const revealed = revealedEvents(view);
  const state = structuredClone({ ...view, log: [] }) as GameState;
  const unseen = unseenTiles(view);
  const stacks: number[][] = Array.from({ length: SHAPES }, () => []);
  for (const depot of view.station.depots) {
    for (const side of ['small', 'large'] as const) {
      const s = depot[side];
      const rest = shuffle((unseen[s.shape] ?? []).slice(), rng).slice(0, Math.max(0, s.count - 1));
      stacks[s.shape] = s.top === null ? [] : [...rest, s.top];
    }
  }
  // Civ piles: the cards of each rank nobody is known to hold.
  const held = new Set<number>();
  for (const board of Object.values(view.boards))
    for (const c of board.civCards) if (c.id !== null) held.add(c.id);
  const offer = view.private[player]?.civOffer ?? null;
  const civPiles: Record<number, number[]> = {};
  const civSetAside: Record<number, number[]> = {};
  for (const rankKey of Object.keys(view.civPileSizes)) {
    const rank = Number(rankKey);
    const size = view.civPileSizes[rank] ?? 0;
    if (offer && offer.rank === rank) {
      civPiles[rank] = offer.cards.slice();
      civSetAside[rank] = CIV_CARDS.filter(
        (c) => c.rank === rank && !held.has(c.id) && !offer.cards.includes(c.id),
      ).map((c) => c.id);
      continue;
    }
    const pool = shuffle(
      CIV_CARDS.filter((c) => c.rank === rank && !held.has(c.id)).map((c) => c.id),
      rng,
    );
    civPiles[rank] = pool.slice(0, size);
    civSetAside[rank] = pool.slice(size);
  }
  const shared = new Set(view.objectives.map((o) => o.card));
  const mine = new Set(view.private[player]?.objectives ?? []);
  const objectiveDeck = shuffle(
    OBJECTIVES.map((o) => o.id).filter((id) => !shared.has(id) && !mine.has(id)),
    rng,
  );
  state.hidden = {
    ...state.hidden,
    stacks,
    civPiles,
    civSetAside,
    objectiveDeck,
    eventDeck: sampleEvents(view, revealed, rng, view.private[player]?.peekedEvent ?? null),
  };
  if (state.step === 'turns') beginTurns(state);
  return state;
}

/** The unrevealed event deck, drawn from the mix; a card the player has peeked at stays on top. */
function sampleEvents(view: GameState, revealed: Set<number>, rng: Rng, peeked: number | null): number[] {
  const left = view.eventsLeft ?? 0;
  const mix = view.options.events;
  if (!mix || left <= 0) return [];
  const solo = view.playerIDs.length === 1;
  const known = new Set(revealed);
  if (peeked !== null) known.add(peeked);
  const deck: number[] = [];
  for (const color of ['green', 'orange', 'red'] as const) {
    const seenOfColor = EVENTS.filter((e) => e.color === color && known.has(e.id)).length;
    const want = Math.max(0, mix[color] - seenOfColor);
    const pool = EVENTS.filter((e) => e.color === color && (solo || !e.soloOnly) && !known.has(e.id)).map(
      (e) => e.id,
    );
    deck.push(...shuffle(pool, rng).slice(0, want));
  }
  const rest = shuffle(deck, rng).slice(0, peeked === null ? left : left - 1);
  // The deck is drawn from its end (round.ts): the peeked card is the next one revealed.
  return peeked === null ? rest : [...rest, peeked];
}
