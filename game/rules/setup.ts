/**
 * Setup (§2): the station, the decks and the boards dealt, then the choices made before round 1:
 * boards (R33) and private objectives (§7.2), which Jump Drive F also offers mid-game (§6.3 F).
 */
import type { GameState, MatchOptions, PlayerID, PrivateState } from '../core/types';
import { CIV_CARDS, EVENTS, OBJECTIVES, STATION, corporationById, objectiveById, planetById } from '../data';
import { message, refuse, type Reason } from '../core/messages';
import { createBoard } from './board';
import { revealStation } from './depot';
import { chooseBoard, dealBoardOffers } from './boards';
import { startRound, turnConfirmed } from './round';
import { stageOf } from './stages';

/** The randomness setup needs; boardgame.io's `random` plugin provides it, seeded (§2). */
export interface SetupRandom {
  Shuffle<T>(items: T[]): T[];
  Number(): number;
}

const CIV_RANKS = [1, 2, 3, 4];

function randomInt(random: SetupRandom, n: number): number {
  return Math.min(n - 1, Math.floor(random.Number() * n));
}

export function setupGame(playerIDs: PlayerID[], options: MatchOptions, random: SetupRandom): GameState {
  const n = playerIDs.length;
  const positions = STATION.seatPositions[n];
  if (!positions) throw new Error(`Planet Unknown is played by 1 to 6 players, not ${n}.`);
  const stacks: number[][] = [];
  for (let shape = 0; shape < 12; shape++) {
    stacks[shape] = random.Shuffle(Array.from({ length: 12 }, (_, k) => 12 * k + shape));
  }
  const civPiles: Record<number, number[]> = {};
  const civSetAside: Record<number, number[]> = {};
  const civPileSizes: Record<number, number> = {};
  for (const rank of CIV_RANKS) {
    const deck = random.Shuffle(CIV_CARDS.filter((c) => c.rank === rank).map((c) => c.id));
    civPiles[rank] = deck.slice(0, n + 1); // players + 1 per rank (§2.4)
    civSetAside[rank] = deck.slice(n + 1);
    civPileSizes[rank] = n + 1;
  }
  const objectiveDeck = random.Shuffle(OBJECTIVES.map((o) => o.id));
  // Private objectives are dealt before the shared ones (§2.5, §7.2): solo 4 keep 3, else 2 keep 1.
  const offers: Record<PlayerID, { cards: number[]; keep: number } | null> = {};
  for (const p of playerIDs) {
    if (!options.privateObjectives) offers[p] = null;
    else if (n === 1) offers[p] = { cards: objectiveDeck.splice(-4).reverse(), keep: 3 };
    else offers[p] = { cards: objectiveDeck.splice(-2).reverse(), keep: 1 };
  }
  const objectives: GameState['objectives'] = [];
  if (n === 2) {
    for (let k = 0; k < 3; k++)
      objectives.push({ card: objectiveDeck.pop() as number, players: [...playerIDs] });
  } else if (n >= 3) {
    // Card i lies between seat i and seat i + 1 (§2.5).
    playerIDs.forEach((p, i) =>
      objectives.push({
        card: objectiveDeck.pop() as number,
        players: [p, playerIDs[(i + 1) % n] as PlayerID],
      }),
    );
  }
  // The event deck: each colour drawn from its pool, then all 20 shuffled together (§7.3.1).
  const eventDeck: number[] = [];
  if (options.events) {
    for (const color of ['green', 'orange', 'red'] as const) {
      const pool = EVENTS.filter((e) => e.color === color && (n === 1 || !e.soloOnly)).map((e) => e.id);
      eventDeck.push(...random.Shuffle(pool).slice(0, options.events[color]));
    }
  }
  const shuffledEvents = options.events ? random.Shuffle(eventDeck) : [];
  const innerOffset = randomInt(random, 6);
  const rotation = randomInt(random, 6); // starting orientation is random (§2.7)
  const commander = playerIDs[randomInt(random, n)] as PlayerID;
  // Dealt last, so that matches without a choice of boards keep their seeds' deals.
  const boardOffers = dealBoardOffers(options, n, (items) => random.Shuffle(items));
  // The seed of the draws made during play, drawn after every deal so that a seed deals as before.
  const drawState = Math.floor(random.Number() * 2 ** 32) >>> 0;
  const boards: GameState['boards'] = {};
  const privateState: Record<PlayerID, PrivateState> = {};
  playerIDs.forEach((p, i) => {
    const seat = options.seats[i];
    if (!seat) throw new Error(`No planet and corporation chosen for player ${p}.`);
    boards[p] = createBoard(planetById(seat.planet), corporationById(seat.corporation));
    privateState[p] = {
      turn: null,
      civOffer: null,
      rejection: null,
      objectiveOffer: offers[p] ?? null,
      objectives: [],
      peekedEvent: null,
      boardOffer: boardOffers[i]?.planets ?? null,
      boardChoice: null,
      corporationOffer: boardOffers[i]?.corporations ?? null,
      corporationChoice: null,
    };
  });
  const state: GameState = {
    options,
    playerIDs: [...playerIDs],
    positions: [...positions],
    commander,
    round: 0,
    step: 'rotate',
    station: { rotation, innerOffset, depots: [] },
    civPileSizes,
    event: null,
    eventsLeft: shuffledEvents.length,
    objectives,
    boards,
    confirmed: Object.fromEntries(playerIDs.map((p, i) => [p, boardOffers[i] === null])),
    queue: [],
    civPending: Object.fromEntries(playerIDs.map((p) => [p, []])),
    endgameDone: [],
    endTriggers: [],
    setAsideTiles: [],
    log: [],
    private: privateState,
    hidden: { stacks, civPiles, civSetAside, objectiveDeck, eventDeck: shuffledEvents, drawState },
    result: null,
  };
  revealStation(state);
  if (boardOffers.some((offer) => offer !== null)) state.step = 'boards';
  else afterBoards(state);
  return state;
}

/** Once the boards are set (R33): private objectives if dealt (§7.2), else round 1. */
function afterBoards(state: GameState): void {
  for (const p of state.playerIDs) state.confirmed[p] = false;
  if (state.playerIDs.some((p) => state.private[p]?.objectiveOffer)) state.step = 'objectives';
  else startRound(state);
}

/** Choose a planet and a corporation before round 1 (R33); see boards.ts. */
export const chooseBoards = (
  state: GameState,
  player: PlayerID,
  planet: unknown,
  corporation: unknown,
): Reason | null => chooseBoard(state, player, planet, corporation, afterBoards);

/** Every way to keep `k` of the cards, in dealt order. */
function subsets(cards: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return cards.flatMap((c, i) => subsets(cards.slice(i + 1), k - 1).map((rest) => [c, ...rest]));
}

/** The ways a player may keep objectives now (§7.2, §7.4): each a set of cards, in dealt order. */
export function objectiveChoices(state: GameState, player: PlayerID): number[][] {
  const offer = state.private[player]?.objectiveOffer;
  if (!offer || stageOf(state, player) !== 'objectives') return [];
  return subsets(offer.cards, offer.keep);
}

/** The listed choice that holds the same cards as `cards` (in any order), or undefined. */
function listedObjectives(choices: number[][], cards: unknown): number[] | undefined {
  if (!Array.isArray(cards)) return undefined;
  return choices.find(
    (choice) =>
      choice.length === cards.length &&
      new Set(cards).size === cards.length &&
      cards.every((c) => choice.includes(c as number)),
  );
}

/** Keep private objectives from those dealt (§7.2, §7.4); the rest leave the game unseen. */
export function keepObjectives(state: GameState, player: PlayerID, cards: unknown): Reason | null {
  const priv = state.private[player] as PrivateState;
  const offer = priv.objectiveOffer;
  const kept = listedObjectives(objectiveChoices(state, player), cards);
  if (!kept) {
    if (!offer) return refuse('reason.noObjectivesNow');
    return refuse('reason.keepExactly', { keep: offer.keep, cards: offer.cards }, '§7.2');
  }
  priv.objectiveOffer = null;
  if (offer?.shared) {
    // Jump Drive F: the kept card is contested by every player; the others are discarded (§6.3 F).
    const card = kept[0] as number;
    state.objectives.push({ card, players: [...state.playerIDs] });
    state.log.push({
      round: state.round,
      player,
      message: message('log.sharedObjective', { objective: objectiveById(card).neighbor.name }),
    });
    turnConfirmed(state, player);
    return null;
  }
  priv.objectives = [...(cards as number[])];
  if (state.playerIDs.every((p) => !state.private[p]?.objectiveOffer)) startRound(state);
  return null;
}
