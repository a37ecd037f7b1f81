/** What a board's trackers may do (§5.2–§5.3) and which of its techs are on (§5.11), as its corporation says. */
import type { PlayerBoard, SquareRef, Track } from '../core/types';
import { boardRules } from './board-rules';

export function techEffects(board: PlayerBoard): Set<string> {
  const { corp, corporation } = boardRules(board);
  return corporation.activeTechEffects(corp, board);
}

/** Squares the tracker may advance onto; empty at the top (§5.3) or when blocked. */
export function trackerMoves(board: PlayerBoard, track: Track): SquareRef[] {
  const { corp, corporation } = boardRules(board);
  return corporation.nextSquares(corp, board, track);
}

export const canAdvance = (board: PlayerBoard, track: Track): boolean =>
  trackerMoves(board, track).length > 0;

export function isAtTop(board: PlayerBoard, track: Track): boolean {
  const { corp, corporation } = boardRules(board);
  return corporation.isTopSquare(corp, board.trackers[track]);
}
