/**
 * What each player may see (§9): the server strips everything else before a state leaves it.
 * Others' turns in progress, the station's stacks below the top, the civ piles, the undrawn
 * objectives and others' End Game cards never reach a player who may not see them.
 */
import type { GameState, HiddenState, PlayerBoard, PlayerID, PrivateState } from './core/types';

/** A private part with nothing in it: what a player is shown of another's. */
export const NOTHING_PRIVATE: PrivateState = {
  turn: null,
  civOffer: null,
  rejection: null,
  objectiveOffer: null,
  objectives: [],
  peekedEvent: null,
  boardOffer: null,
  boardChoice: null,
  corporationOffer: null,
  corporationChoice: null,
};
const NOTHING_HIDDEN: HiddenState = {
  stacks: [],
  civPiles: {},
  civSetAside: {},
  objectiveDeck: [],
  eventDeck: [],
  drawState: 0,
};

function redactBoard(board: PlayerBoard): PlayerBoard {
  if (!board.civCards.some((c) => c.timing === 'endGame' && c.id !== null)) return board;
  return { ...board, civCards: board.civCards.map((c) => (c.timing === 'endGame' ? { ...c, id: null } : c)) };
}

/** The state as `viewer` may see it; null or an unknown id is a spectator: public information only. */
export function playerView(state: GameState, viewer: PlayerID | null | undefined): GameState {
  // End Game cards are revealed when the end-game phase begins (§6.2 step 3).
  const revealed = state.result !== null || state.step === 'endgame';
  const boards: GameState['boards'] = {};
  for (const p of state.playerIDs) {
    const board = state.boards[p] as PlayerBoard;
    boards[p] = revealed || p === viewer ? board : redactBoard(board);
  }
  const priv: GameState['private'] = {};
  for (const p of state.playerIDs)
    priv[p] = p === viewer ? (state.private[p] as PrivateState) : NOTHING_PRIVATE;
  return { ...state, boards, private: priv, hidden: NOTHING_HIDDEN };
}
