/**
 * The round (§3) and the end of the game (§6): the station turned, the simultaneous turns opened
 * and confirmed, then the sequential steps (civ picks in order, the end-game phase) and scoring.
 * Setup is in setup.ts, the civ picks themselves in civ.ts, whose move it is in stages.ts; player
 * steps inside a turn live in turn.ts.
 */
import { boardRules } from './board-rules';
import type {
  CellIndex,
  ConfirmEffect,
  Draft,
  GameState,
  PlayerBoard,
  PlayerID,
  PrivateState,
  Track,
  TurnEnv,
  TurnGains,
  TurnKind,
  TurnState,
} from '../core/types';
import { civCardById } from '../data';
import { addPlayerEffects, applySharedEffects, rotatesStation, rulesInForce } from '../content/events';
import { message, refuse, type Reason } from '../core/messages';
import { soloResult } from './solo';
import { scoreGame } from './scoring';
import { facingDepot, revealStation } from './depot';
import { addItem, cloneDraft, newDraft } from './draft';
import { isResolvable } from './pending';
import { effects } from './tracks';
import { clockwiseFrom, drawIndex } from './stages';

// The stages' names, for the client's catalogue test.
export { STAGES, type Stage } from './stages';

export function startTurn(state: GameState, player: PlayerID, kind: TurnKind, draft?: Draft): void {
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
    const { corp, corporation } = boardRules(board);
    d.movement += corporation.startOfRoundMovement(corp, d.board);
    // The player's part of the event opens their turn (§3.4), undoable like the rest (R4).
    if (state.event?.round === state.round) addPlayerEffects(state, p, d, state.event.id);
    startTurn(state, p, 'round', d);
  }
}

/** Commit a confirmed draft to the public board and take its tiles out of the station. */
export function commitDraft(state: GameState, player: PlayerID, d: Draft): void {
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
export function turnConfirmed(state: GameState, player: PlayerID): void {
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
      const { corp, corporation } = boardRules(board);
      const extraRank = corporation.civOfferExtraRank(corp, board, rank);
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

export function hasWork(env: TurnEnv, d: Draft): boolean {
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
  const { corp, corporation } = boardRules(board);
  corporation.endOfGame(corp, { state, player, kind: 'endgame' }, d, effects);
  return startEndgameDraft(state, player, d);
}

/**
 * §6.2 step 4, after the End Game cards of step 3 have acted: meteorites still carried by Horizon
 * rovers leave the planet, not collected (R13). Before it, an advance a card gave may still walk a
 * carrying rover onto a rover icon and deliver its meteorite.
 */
function cleanUpEndGame(state: GameState, player: PlayerID): void {
  const board = state.boards[player] as GameState['boards'][string];
  const { corp, corporation } = boardRules(board);
  corporation.endGameCleanup(corp, board);
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
