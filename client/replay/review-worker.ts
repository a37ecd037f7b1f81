/**
 * The review worker: the Commander's review of one player's game, off the main thread, each turn
 * posted as it is done (the viewer draws the progress and can stop by terminating the worker).
 */
import { reviewGame } from '../../game';
import type { ReviewReply, ReviewRequest } from './review-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: request }) => {
  try {
    reviewGame(request.record, request.player, {
      worlds: request.worlds,
      progress: (turn, done, total) => scope.postMessage({ kind: 'turn', turn, done, total }),
    });
    scope.postMessage({ kind: 'done' });
  } catch (error) {
    scope.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
