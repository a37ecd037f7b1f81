/** A bot worker that starts but never reports ready (stuck loading, say). */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {});
