/** Messages between the replay viewer and its review worker (the Commander's review runs there). */
import type { MatchRecord, PlayerID, ReviewedTurn } from '../../game';

export interface ReviewRequest {
  record: MatchRecord;
  player: PlayerID;
  /** Sampled worlds per turn: the review's budget. */
  worlds: number;
}

export type ReviewReply =
  | { kind: 'turn'; turn: ReviewedTurn; done: number; total: number }
  | { kind: 'done' }
  | { kind: 'error'; message: string };
