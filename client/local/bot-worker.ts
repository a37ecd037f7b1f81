/**
 * The bot worker: runs the bot ladder off the main thread, one request at a time. A long
 * Commander search never freezes the page, and closing the table simply terminates the worker.
 */
import { createRng } from '../../game';
import { chooseAction, hint } from '../../game/bots';
import type { WorkerReply, WorkerRequest } from './bot-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: request }) => {
  try {
    const decision =
      request.kind === 'hint'
        ? hint(request.state, request.player)
        : chooseAction(
            request.level,
            request.state,
            request.player,
            createRng(request.seed),
            request.budgetMs === undefined ? undefined : { ms: request.budgetMs },
          );
    scope.postMessage({ id: request.id, action: decision.action, reason: decision.reason });
  } catch (error) {
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
