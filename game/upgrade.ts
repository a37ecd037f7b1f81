/**
 * States stored by earlier versions of the game, brought to the current shape when a match is
 * loaded, so that a server upgraded in the middle of a match goes on serving it. Each step fills
 * what a version added, and leaves a current state exactly as it is.
 */
import type { Draft, GameResult, GameState, HiddenState, PlayerBoard, PrivateState } from './core/types';
import { createRng } from './core/prng';
import { newCorporationState } from './rules/board';
import { scoreGame } from './rules/scoring';

/** Corporation boards gained their own state (§8.2). */
const withCorporationState = (board: PlayerBoard): PlayerBoard =>
  board.corp ? board : { ...board, corp: newCorporationState() };

const draftUpgraded = (d: Draft): Draft => ({ ...d, board: withCorporationState(d.board) });

function privateUpgraded(priv: PrivateState): PrivateState {
  const turn = priv.turn;
  if (!turn) return priv;
  return { ...priv, turn: { ...turn, origin: draftUpgraded(turn.origin), draft: draftUpgraded(turn.draft) } };
}

/** A finished game's scores gained their detail by card and by track (the end screen's). */
function resultUpgraded(G: GameState, result: GameResult): GameResult {
  const detailOf = new Map(scoreGame(G, result.privateObjectives).scores.map((s) => [s.player, s.detail]));
  return {
    ...result,
    scores: result.scores.map((score) => {
      const detail = detailOf.get(score.player);
      return detail ? { ...score, detail } : score;
    }),
  };
}

/**
 * The hidden state gained the seed of the draws made during play (Republic tech 2, §8.2). A state
 * stored without it draws from one derived from its hidden deals: as hidden, and the same each load.
 */
const withDrawState = (hidden: HiddenState): HiddenState =>
  typeof hidden.drawState === 'number'
    ? hidden
    : { ...hidden, drawState: Math.floor(createRng(JSON.stringify(hidden)).next() * 2 ** 32) >>> 0 };

export function upgradeState(G: GameState): GameState {
  const boardsCurrent =
    Object.values(G.boards).every((b) => b.corp) &&
    Object.values(G.private).every((p) => !p.turn || (p.turn.origin.board.corp && p.turn.draft.board.corp));
  const resultCurrent = !G.result || G.result.scores.every((s) => s.detail);
  const hiddenCurrent = typeof G.hidden.drawState === 'number';
  if (boardsCurrent && resultCurrent && hiddenCurrent) return G;
  const upgraded: GameState = {
    ...G,
    hidden: withDrawState(G.hidden),
    boards: Object.fromEntries(Object.entries(G.boards).map(([p, b]) => [p, withCorporationState(b)])),
    private: Object.fromEntries(Object.entries(G.private).map(([p, priv]) => [p, privateUpgraded(priv)])),
  };
  if (upgraded.result && !resultCurrent) upgraded.result = resultUpgraded(upgraded, upgraded.result);
  return upgraded;
}
