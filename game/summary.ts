/** The one-line summary of a played game that the sim and replay tools print. */
import type { GameState } from './core/types';

export interface GameSummary {
  seed: string;
  players: number;
  rounds: number;
  endReason: string;
  scores: { player: string; total: number; breakdown: Record<string, number>; rank: number }[];
  winners: string[];
  /** Solo only (§7.4). */
  target?: number;
  margin?: number;
  epilogue?: string;
  /** The event deck's mix, when events are used. */
  events?: { green: number; orange: number; red: number; preset: string | null };
}

export function summarize(state: GameState, seed: string): GameSummary {
  const result = state.result;
  return {
    seed,
    players: state.playerIDs.length,
    rounds: state.round,
    endReason: result ? result.endReasons.join('+') : 'unfinished',
    scores: (result?.scores ?? []).map((s) => ({
      player: s.player,
      total: s.total,
      breakdown: { ...s.breakdown },
      rank: s.rank,
    })),
    winners: result?.winners ?? [],
    ...(result?.solo
      ? { target: result.solo.target, margin: result.solo.margin, epilogue: result.solo.epilogue }
      : {}),
    ...(state.options.events ? { events: { ...state.options.events } } : {}),
  };
}
