/**
 * States stored by earlier versions of the game, brought to the current shape when a match is
 * loaded, so that a server upgraded in the middle of a match goes on serving it. Each step fills
 * what a version added, and leaves a current state exactly as it is.
 */
import type { Draft, GameState, PlayerBoard, PrivateState } from './core/types';
import { newCorporationState } from './rules/board';

/** Corporation boards gained their own state (§8.2). */
const withCorporationState = (board: PlayerBoard): PlayerBoard =>
  board.corp ? board : { ...board, corp: newCorporationState() };

const draftUpgraded = (d: Draft): Draft => ({ ...d, board: withCorporationState(d.board) });

function privateUpgraded(priv: PrivateState): PrivateState {
  const turn = priv.turn;
  if (!turn) return priv;
  return { ...priv, turn: { ...turn, origin: draftUpgraded(turn.origin), draft: draftUpgraded(turn.draft) } };
}

export function upgradeState(G: GameState): GameState {
  const current =
    Object.values(G.boards).every((b) => b.corp) &&
    Object.values(G.private).every((p) => !p.turn || (p.turn.origin.board.corp && p.turn.draft.board.corp));
  if (current) return G;
  return {
    ...G,
    boards: Object.fromEntries(Object.entries(G.boards).map(([p, b]) => [p, withCorporationState(b)])),
    private: Object.fromEntries(Object.entries(G.private).map(([p, priv]) => [p, privateUpgraded(priv)])),
  };
}
