/**
 * Setup (§2), the round (§3) and the end of the game (§6): everything that moves the game from one
 * step to the next. Player steps inside a turn live in turn.ts.
 */
import type {
  CellIndex,
  ConfirmEffect,
  Draft,
  GameState,
  MatchOptions,
  PlayerBoard,
  PlayerID,
  PrivateState,
  StackPublic,
  Track,
  TurnEnv,
  TurnGains,
  TurnKind,
  TurnState,
} from '../core/types';
import {
  CIV_CARDS,
  EVENTS,
  OBJECTIVES,
  STATION,
  civCardById,
  corporationById,
  objectiveById,
  planetById,
} from '../data';
import { addPlayerEffects, applySharedEffects, rotatesStation, rulesInForce } from '../content/events';
import { message, refuse, type Reason } from '../core/messages';
import { mulberry32 } from '../core/prng';
import { soloResult } from './solo';
import { createBoard } from './board';
import { scoreGame } from './scoring';
import { facingDepot } from './depot';
import { addItem, cloneDraft, newDraft } from './draft';
import { isResolvable } from './pending';
import { boardChoices, chooseBoard, dealBoardOffers } from './boards';
import { corporationRules } from '../content/corporations';
import { effects } from './tracks';

export { boardChoices };

/** The randomness setup needs; boardgame.io's `random` plugin provides it, seeded (§2). */
export interface SetupRandom {
  Shuffle<T>(items: T[]): T[];
  Number(): number;
}

const CIV_RANKS = [1, 2, 3, 4];

function randomInt(random: SetupRandom, n: number): number {
  return Math.min(n - 1, Math.floor(random.Number() * n));
}

/**
 * A random index below `n` for a draw made during play, from the game's own seeded generator (its
 * state is hidden, drawn at setup from the match's seed): the same seed and moves draw the same.
 */
export function drawIndex(state: GameState, n: number): number {
  const step = mulberry32(state.hidden.drawState);
  state.hidden.drawState = step.state;
  return Math.min(n - 1, Math.floor(step.value * n));
}

/** Players in clockwise order starting from `first` (§2.3). */
export function clockwiseFrom(state: GameState, first: PlayerID): PlayerID[] {
  const i = state.playerIDs.indexOf(first);
  return state.playerIDs.map((_, k) => state.playerIDs[(i + k) % state.playerIDs.length] as PlayerID);
}

function stackPublic(shape: number, stack: number[]): StackPublic {
  return { shape, count: stack.length, top: stack.length ? (stack[stack.length - 1] as number) : null };
}

/** Refresh the public face of the station from the hidden stacks: counts and visible tops (§9). */
export function revealStation(state: GameState): void {
  const { smallShapes, largeShapes } = STATION;
  state.station.depots = largeShapes.map((large, e) => {
    const small = smallShapes[(e + state.station.innerOffset) % 6] as number;
    return {
      small: stackPublic(small, state.hidden.stacks[small] ?? []),
      large: stackPublic(large, state.hidden.stacks[large] ?? []),
    };
  });
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

function startTurn(state: GameState, player: PlayerID, kind: TurnKind, draft?: Draft): void {
  const d = draft ?? newDraft(state.boards[player] as GameState['boards'][string]);
  const turn: TurnState = { kind, origin: cloneDraft(d), steps: [], draft: d };
  (state.private[player] as PrivateState).turn = turn;
}

/** §3.2–3.3: a new round; the commander turns the station unless it turns by itself. */
export function startRound(state: GameState): void {
  state.round++;
  if (state.options.autoRotate) {
    state.station.rotation = (state.station.rotation + 1) % 6; // one depot clockwise (§3.3, §7.1)
    afterRotation(state);
  } else {
    state.step = 'rotate';
  }
}

/** The orientations a player may turn the station to now (§3.3): all six, for the commander only. */
export function rotationChoices(state: GameState, player: PlayerID): number[] {
  if (state.step !== 'rotate' || player !== state.commander) return [];
  return [0, 1, 2, 3, 4, 5];
}

export function rotateStation(state: GameState, player: PlayerID, rotation: unknown): Reason | null {
  if (typeof rotation !== 'number' || !rotationChoices(state, player).includes(rotation)) {
    if (state.step !== 'rotate') return refuse('reason.notRotating');
    if (player !== state.commander) return refuse('reason.onlyCommander', undefined, '§3.3');
    return refuse('reason.rotationRange', undefined, '§3.3');
  }
  state.station.rotation = rotation;
  state.log.push({ round: state.round, player, message: message('log.rotated', { rotation }) });
  afterRotation(state);
  return null;
}

/** §3.4: after the rotation, the round's event is revealed and its shared effects applied. */
function afterRotation(state: GameState): void {
  const revealedThisRound = state.event?.round === state.round;
  const id = revealedThisRound ? undefined : state.hidden.eventDeck.pop();
  if (id !== undefined) {
    state.event = { id, round: state.round };
    for (const p of state.playerIDs) (state.private[p] as PrivateState).peekedEvent = null; // the peeked card is now public
    state.eventsLeft = state.hidden.eventDeck.length;
    state.log.push({ round: state.round, message: message('log.eventRevealed', { id }) });
    // Revealing the last card makes this the final round (§6.1 C).
    if (state.eventsLeft === 0 && !state.endTriggers.includes('eventsExhausted'))
      state.endTriggers.push('eventsExhausted');
    applySharedEffects(state, id);
    if (rotatesStation(id)) {
      state.step = 'rotate'; // event 79 (solo): the player turns the station to any depot
      return;
    }
  }
  beginTurns(state);
}

/** §3.4–3.5: every player starts building their turn at once. */
export function beginTurns(state: GameState): void {
  state.step = 'turns';
  const rules = rulesInForce(state);
  for (const p of state.playerIDs) {
    state.confirmed[p] = false;
    const board = state.boards[p] as GameState['boards'][string];
    board.corp.usedThisRound = []; // once-per-round allowances reset only here (R12)
    const d = newDraft(board, rules);
    // Start-of-round powers put their movement into this turn's pool (R11).
    const corp = corporationById(board.corporation);
    d.movement += corporationRules(corp.id).startOfRoundMovement(corp, d.board);
    // The player's part of the event opens their turn (§3.4), undoable like the rest (R4).
    if (state.event?.round === state.round) addPlayerEffects(state, p, d, state.event.id);
    startTurn(state, p, 'round', d);
  }
}

/** Commit a confirmed draft to the public board and take its tiles out of the station. */
function commitDraft(state: GameState, player: PlayerID, d: Draft): void {
  state.boards[player] = d.board;
  if (d.removedStack) {
    // Event 116: every tile of that shape leaves the station.
    const depot = state.station.depots[facingDepot(state, player)];
    const shape = depot?.[d.removedStack].shape;
    if (shape !== undefined) {
      state.setAsideTiles.push(...(state.hidden.stacks[shape] ?? []));
      state.hidden.stacks[shape] = [];
    }
  }
  for (const t of [...(d.taken ? [d.taken] : []), ...d.extraTaken]) {
    const depot = state.station.depots[t.depot];
    const shape = depot?.[t.stack].shape;
    const stack = shape === undefined ? undefined : state.hidden.stacks[shape];
    if (!stack || stack[stack.length - 1] !== t.tileId) throw new Error('The station changed under a turn.');
    stack.pop();
  }
  (state.civPending[player] as number[]).push(...d.civRanks);
  for (const effect of d.onConfirm ?? []) applyConfirmEffect(state, player, effect);
}

/** A confirmed round turn; once everyone has confirmed, the round closes (§3.8–3.9). */
export function confirmRoundTurn(state: GameState, player: PlayerID): void {
  const priv = state.private[player] as PrivateState;
  const d = priv.turn?.draft;
  if (d) applyPrivateEffects(state, player, d);
  // A choice shown at confirmation (Jump Drive F) is made before the turn counts as confirmed.
  if (priv.objectiveOffer?.shared) return;
  turnConfirmed(state, player);
}

/** The player's round turn is confirmed; once everyone's is, the round closes (§3.8–3.9). */
function turnConfirmed(state: GameState, player: PlayerID): void {
  state.confirmed[player] = true;
  if (!state.playerIDs.every((p) => state.confirmed[p])) return;
  // Every turn becomes public at once (§3.10), in seat order.
  for (const p of state.playerIDs) {
    const priv = state.private[p] as PrivateState;
    const d = priv.turn?.draft;
    if (!d) continue;
    if (d.unplaceable) {
      if (!state.endTriggers.includes('stuck')) state.endTriggers.push('stuck');
      if (d.taken) state.setAsideTiles.push(d.taken.tileId);
    }
    state.log.push({
      round: state.round,
      player: p,
      message: d.unplaceable
        ? message('log.stuck', undefined, '§4.10')
        : message('log.placed', { tile: d.taken?.tileId ?? '' }),
      ...turnSummary(state.boards[p] as PlayerBoard, d.board),
    });
    commitDraft(state, p, d);
    priv.turn = null;
  }
  revealStation(state); // the tiles beneath are revealed before the civ step (§3.9)
  checkEmptyDepot(state);
  state.step = 'civ';
  state.queue = clockwiseFrom(state, state.commander).filter((p) => (state.civPending[p] ?? []).length > 0);
  continueSequential(state);
}

/** The squares a turn covered and what it gained, read off the board before and after it. */
function turnSummary(before: PlayerBoard, after: PlayerBoard): { cells: CellIndex[]; gains: TurnGains } {
  const cells = after.pieces.slice(before.pieces.length).flatMap((piece) => piece.cells);
  const tracks: Partial<Record<Track, number>> = {};
  for (const track of Object.keys(after.trackers) as Track[]) {
    const moved = after.trackers[track].row - (before.trackers[track]?.row ?? 0);
    if (moved !== 0) tracks[track] = moved;
  }
  return {
    cells,
    gains: {
      tracks,
      lifepods: after.collected.lifepods - before.collected.lifepods,
      meteorites: after.collected.meteorites - before.collected.meteorites,
    },
  };
}

/** What a turn's event brought that only its player sees, shown once confirmed (§3.8, R4). */
function applyPrivateEffects(state: GameState, player: PlayerID, d: Draft): void {
  const priv = state.private[player] as PrivateState;
  if (d.peek) {
    priv.peekedEvent = state.hidden.eventDeck.at(-1) ?? null;
    state.log.push({ round: state.round, player, message: message('log.peeked') }); // others learn that much (§9)
  }
  if (d.discardObjective !== null) priv.objectives = priv.objectives.filter((c) => c !== d.discardObjective);
  for (let k = 0; k < d.drawObjectives; k++) {
    const card = state.hidden.objectiveDeck.pop();
    if (card !== undefined) priv.objectives.push(card);
  }
  for (const effect of d.onConfirm ?? []) {
    if (effect.kind !== 'revealObjectives') continue;
    // Jump Drive F: shown now that the turn is final, the choice made at once (§3.8); the cards
    // leave the deck, so a second Jump Drive confirming this round sees the next ones.
    const cards = state.hidden.objectiveDeck.splice(-effect.count).reverse();
    if (cards.length > 0) priv.objectiveOffer = { cards, keep: 1, shared: true };
  }
}

/** A corporation's confirmed effect on shared or hidden state (§8.2). */
function applyConfirmEffect(state: GameState, player: PlayerID, effect: ConfirmEffect): void {
  switch (effect.kind) {
    case 'takeCivCards':
      for (const card of effect.cards) {
        const rank = civCardById(card).rank;
        const pile = state.hidden.civPiles[rank] ?? [];
        if (pile.includes(card)) pile.splice(pile.indexOf(card), 1);
        state.civPileSizes[rank] = pile.length;
      }
      break;
    case 'revealObjectives':
      break; // at the player's own confirmation: applyPrivateEffects
  }
}

function checkEmptyDepot(state: GameState): void {
  const empty = state.station.depots.some((d) => d.small.count === 0 && d.large.count === 0);
  if (empty && !state.endTriggers.includes('depotEmpty')) state.endTriggers.push('depotEmpty');
}

/**
 * The sequential steps after the simultaneous turns: civ picks in commander order (R3), and the
 * end-game phase (§6.2). Moves on to whatever is next and stops where a player must act.
 */
export function continueSequential(state: GameState): void {
  for (;;) {
    const p = state.queue[0];
    if (p === undefined) {
      if (state.step === 'civ') return finishRound(state);
      if (state.step === 'endgame') return finishGame(state);
      return;
    }
    const priv = state.private[p] as PrivateState;
    if (priv.turn || priv.civOffer) return; // waiting for that player
    const ranks = state.civPending[p] as number[];
    const rank = ranks.shift();
    if (rank !== undefined) {
      const pile = state.hidden.civPiles[rank] ?? [];
      if (pile.length === 0) {
        state.log.push({
          round: state.round,
          player: p,
          message: message('log.pileEmpty', { rank }, 'R3'),
        });
        continue;
      }
      priv.civOffer = { rank, cards: [...pile] };
      // Republic tech 2: one random card from the next rank's pile joins the offer (§8.2), drawn
      // anew at each pick; the rest of that pile stays hidden (§9).
      const board = state.boards[p] as GameState['boards'][string];
      const corp = corporationById(board.corporation);
      const extraRank = corporationRules(corp.id).civOfferExtraRank(corp, board, rank);
      const next = extraRank === null ? [] : (state.hidden.civPiles[extraRank] ?? []);
      if (next.length) priv.civOffer.cards.push(next[drawIndex(state, next.length)] as number);
      return;
    }
    if (state.step === 'endgame' && !state.endgameDone.includes(p)) {
      // §6.2: step 1 (stored patches) is a turn of its own, confirmed before step 3 opens.
      if (startStoredPatchesTurn(state, p)) return;
      state.endgameDone.push(p);
      if (startEndGameCardsTurn(state, p)) return;
      continue;
    }
    // §6.2 step 4, once the player's End Game cards are resolved, civ picks they brought included.
    if (state.step === 'endgame') cleanUpEndGame(state, p);
    state.queue.shift();
  }
}

/** The civ cards a player may keep now: those of the pile offered to them (§5.7). */
export function civChoices(state: GameState, player: PlayerID): number[] {
  return state.private[player]?.civOffer?.cards ?? [];
}

/** Keep one card of the offered pile; the rest go back (§5.7). */
export function pickCiv(state: GameState, player: PlayerID, card: unknown): Reason | null {
  const priv = state.private[player] as PrivateState;
  const offer = priv.civOffer;
  if (!offer || typeof card !== 'number' || !civChoices(state, player).includes(card))
    return offer
      ? refuse('reason.pickOfRank', { rank: offer.rank, cards: offer.cards }, '§5.7')
      : refuse('reason.noCivNow');
  const data = civCardById(card);
  // The card leaves its own pile (Republic tech 2 may offer one of the next rank, §8.2).
  const pile = state.hidden.civPiles[data.rank] as number[];
  pile.splice(pile.indexOf(card), 1);
  state.civPileSizes[data.rank] = pile.length;
  priv.civOffer = null;
  const board = state.boards[player] as GameState['boards'][string];
  board.civCards.push({ id: card, rank: data.rank, timing: data.timing });
  state.log.push({
    round: state.round,
    player,
    // An End Game card stays hidden until the end-game phase (§9): others learn its rank only.
    message:
      data.timing === 'immediate'
        ? message('log.took', { card: data.name })
        : message('log.tookRank', { rank: data.rank }),
  });
  // The choice is final; what it brings is resolved in a turn of its own that can be undone (§3.9).
  // Round rules last through the civ step, not into the end-game phase: that round is over (§3.4).
  const d = newDraft(board, state.step === 'endgame' ? [] : rulesInForce(state));
  if (data.timing === 'immediate') effects.civCardEffects(d, card, 'immediate');
  else if (state.step === 'endgame') effects.civCardEffects(d, card, 'endGame'); // a card taken now acts now (§6.2.3)
  const kind: TurnKind = state.step === 'endgame' ? 'endgame' : 'civ';
  if (hasWork({ state, player, kind }, d)) startTurn(state, player, kind, d);
  else commitDraft(state, player, d);
  continueSequential(state);
  return null;
}

function hasWork(env: TurnEnv, d: Draft): boolean {
  const roverOnPlanet = d.board.rovers.some((r) => r.cell !== null);
  return (d.movement > 0 && roverOnPlanet) || d.pending.some((item) => isResolvable(env, d, item));
}

/** Confirm a civ-step or end-game turn: commit it and move on. */
export function confirmSequentialTurn(state: GameState, player: PlayerID): void {
  const priv = state.private[player] as PrivateState;
  const d = priv.turn?.draft;
  if (!d) return;
  commitDraft(state, player, d);
  priv.turn = null;
  if (d.extraTaken.length) {
    revealStation(state);
    checkEmptyDepot(state); // a card that empties a depot ends the game (§5.7, §6.1 B)
  }
  continueSequential(state);
}

function finishRound(state: GameState): void {
  if (state.endTriggers.length) return startEndgame(state);
  // The commander token passes clockwise (§3.9).
  state.commander = clockwiseFrom(state, state.commander)[1] ?? state.commander;
  startRound(state);
}

function startEndgame(state: GameState): void {
  state.step = 'endgame';
  state.queue = clockwiseFrom(state, state.commander);
  state.endgameDone = [];
  continueSequential(state);
}

/** Start a player's end-game turn, or commit it at once when it holds nothing to do. */
function startEndgameDraft(state: GameState, player: PlayerID, d: Draft): boolean {
  const env: TurnEnv = { state, player, kind: 'endgame' };
  if (!hasWork(env, d)) {
    commitDraft(state, player, d);
    return false;
  }
  startTurn(state, player, 'endgame', d);
  return true;
}

/**
 * §6.2 step 1: every stored patch is placed under the normal rules (§5.9). Its turn is confirmed
 * before the End Game cards act, so no card effect can be resolved ahead of a stored patch.
 * False when the player stores none (or none can be placed: they are lost).
 */
function startStoredPatchesTurn(state: GameState, player: PlayerID): boolean {
  const board = state.boards[player] as GameState['boards'][string];
  if (board.storedPatches === 0) return false;
  const d = newDraft(board);
  for (let k = 0; k < board.storedPatches; k++) addItem(d, { kind: 'patch' });
  d.board.storedPatches = 0;
  return startEndgameDraft(state, player, d);
}

/** §6.2 step 3: the End Game cards' actions. False when there is nothing to do. */
function startEndGameCardsTurn(state: GameState, player: PlayerID): boolean {
  const board = state.boards[player] as GameState['boards'][string];
  const d = newDraft(board);
  for (const held of board.civCards)
    if (held.timing === 'endGame' && held.id !== null) effects.civCardEffects(d, held.id, 'endGame');
  // The corporation's end-game techs (§6.2 step 2: Republic tech 5).
  const corp = corporationById(board.corporation);
  corporationRules(corp.id).endOfGame(corp, { state, player, kind: 'endgame' }, d, effects);
  return startEndgameDraft(state, player, d);
}

/**
 * §6.2 step 4, after the End Game cards of step 3 have acted: meteorites still carried by Horizon
 * rovers leave the planet, not collected (R13). Before it, an advance a card gave may still walk a
 * carrying rover onto a rover icon and deliver its meteorite.
 */
function cleanUpEndGame(state: GameState, player: PlayerID): void {
  const board = state.boards[player] as GameState['boards'][string];
  const corp = corporationById(board.corporation);
  corporationRules(corp.id).endGameCleanup(corp, board);
}

function finishGame(state: GameState): void {
  state.step = 'over';
  const privateObjectives = Object.fromEntries(
    state.playerIDs.map((p) => [p, state.private[p]?.objectives ?? []]),
  );
  state.result = { ...scoreGame(state, privateObjectives), privateObjectives };
  const solo = state.result.scores[0];
  if (state.playerIDs.length === 1 && state.options.events && solo)
    state.result.solo = soloResult(solo.total, state.options.events);
  state.log.push({ round: state.round, message: message('log.gameOver') });
}

/** The stages a player may be asked to act in (the client names each one). */
export const STAGES = ['boards', 'objectives', 'rotate', 'build', 'civ', 'endgame'] as const;
export type Stage = (typeof STAGES)[number];

/** The stage a player must act in now, or null (cheaper than building the whole map). */
export function stageOf(state: GameState, player: PlayerID): Stage | null {
  switch (state.step) {
    case 'boards':
      return state.private[player]?.boardOffer ? 'boards' : null;
    case 'objectives':
      return state.private[player]?.objectiveOffer ? 'objectives' : null;
    case 'rotate':
      return player === state.commander ? 'rotate' : null;
    case 'turns':
      if (state.confirmed[player] !== false) return null;
      return state.private[player]?.objectiveOffer ? 'objectives' : 'build';
    case 'civ':
    case 'endgame':
      return state.queue[0] === player ? state.step : null;
    case 'over':
      return null;
  }
}

export function awaiting(state: GameState): Record<PlayerID, Stage> {
  switch (state.step) {
    case 'boards':
      return Object.fromEntries(
        state.playerIDs.filter((p) => state.private[p]?.boardOffer).map((p) => [p, 'boards' as Stage]),
      );
    case 'objectives':
      return Object.fromEntries(
        state.playerIDs
          .filter((p) => state.private[p]?.objectiveOffer)
          .map((p) => [p, 'objectives' as Stage]),
      );
    case 'rotate':
      return { [state.commander]: 'rotate' };
    case 'turns':
      return Object.fromEntries(
        state.playerIDs.filter((p) => !state.confirmed[p]).map((p) => [p, stageOf(state, p) as Stage]),
      );
    case 'civ':
    case 'endgame': {
      const p = state.queue[0];
      return p === undefined ? {} : { [p]: state.step };
    }
    case 'over':
      return {};
  }
}
