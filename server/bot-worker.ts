/**
 * A bot worker thread: takes `{ id, level, view, player, seed, budgetMs, hardMs }`, answers
 * `{ id, action }` or `{ id, error }`. Started by `BotPool` (server/bot-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { createRng, type GameState, type PlayerID } from '../game';
import { loadBotRegistry } from './bot-registry';

export interface BotTask {
  id: number;
  level: string;
  view: GameState;
  player: PlayerID;
  seed: string;
  budgetMs: number;
  /** The pool's deadline for this decision, less a margin: the level never runs past it. */
  hardMs: number;
}

const port = parentPort;
if (port) {
  const ready = loadBotRegistry();
  port.on('message', (task: BotTask) => {
    ready
      .then((registry) => {
        const action = registry.decide(task.level, task.view, task.player, createRng(task.seed), {
          ms: task.budgetMs,
          hardMs: task.hardMs,
        });
        port.postMessage({ id: task.id, action });
      })
      .catch((err: unknown) => {
        port.postMessage({ id: task.id, error: err instanceof Error ? err.message : String(err) });
      });
  });
  void ready.then(() => port.postMessage({ ready: true }));
}
