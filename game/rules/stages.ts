/**
 * Whose move it is (§3, §6.2): the stage each player must act in, seat order from a player, and
 * the draws made during play from the game's own seeded generator.
 */
import type { GameState, PlayerID } from '../core/types';
import { mulberry32 } from '../core/prng';

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
