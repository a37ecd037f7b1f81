/**
 * The table's side of the bot worker: requests become promises, a request that takes far too long
 * restarts the worker (its answer is then a failure the caller falls back from), and `close`
 * terminates it when the table is left (`open` lets a remounted table use it again).
 */
import type {
  Decision,
  DecisionRequest,
  DecisionSource,
  HintRequest,
  WorkerReply,
  WorkerRequest,
} from './bot-protocol';
import { COMMANDER_MS } from '../../game';

/** Beyond the bot's own budget: a decision that takes this long is abandoned. */
const GRACE_MS = 20_000;

interface Pending {
  resolve(decision: Decision): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

type WorkerRequestBody = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export class BotWorkerClient implements DecisionSource {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  decide(request: DecisionRequest): Promise<Decision> {
    return this.send({ kind: 'decide', ...request }, (request.budgetMs ?? COMMANDER_MS) + GRACE_MS);
  }

  hint(request: HintRequest): Promise<Decision> {
    return this.send({ kind: 'hint', ...request }, GRACE_MS);
  }

  /** Take requests (again): a table that closed and reopened, as React may remount it, thinks anew. */
  open(): void {
    this.closed = false;
  }

  /** Stop thinking until reopened: the table is closing. */
  close(): void {
    this.closed = true;
    this.restart(new Error('The table was closed.'));
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      const waiting = this.pending.get(data.id);
      if (!waiting) return;
      this.pending.delete(data.id);
      clearTimeout(waiting.timer);
      if ('error' in data) waiting.reject(new Error(data.error));
      else waiting.resolve({ action: data.action, reason: data.reason });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.restart(new Error(event.message || 'The bot worker failed.'));
    };
    this.worker = worker;
    return worker;
  }

  /** Terminate the worker and fail everything it was asked; the next request starts a fresh one. */
  private restart(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of failed) {
      clearTimeout(waiting.timer);
      waiting.reject(reason);
    }
  }

  private send(body: WorkerRequestBody, timeoutMs: number): Promise<Decision> {
    if (this.closed) return Promise.reject(new Error('The table was closed.'));
    const id = this.nextId++;
    return new Promise<Decision>((resolve, reject) => {
      const timer = setTimeout(
        () => this.restart(new Error(`No decision after ${Math.round(timeoutMs / 1000)} s.`)),
        timeoutMs,
      );
      this.pending.set(id, { resolve, reject, timer });
      this.ensureWorker().postMessage({ id, ...body } as WorkerRequest);
    });
  }
}
