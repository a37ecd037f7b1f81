/** A bot worker for the budget test: level "slow" never answers, any other level answers at once. */
import { parentPort } from 'node:worker_threads';
import type { BotTask } from '../../server/bot-worker';

const port = parentPort;
if (port) {
  port.on('message', (task: BotTask) => {
    if (task.level === 'slow') for (;;);
    port.postMessage({ id: task.id, action: { type: 'takeTile', stack: 'small' } });
  });
  port.postMessage({ ready: true });
}
