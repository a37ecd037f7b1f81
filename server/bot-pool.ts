/**
 * Bot decisions off the main event loop: a small pool of worker threads, each running the bot
 * registry. A decision has a hard deadline (`budgetMs`, from the request, time queued behind other
 * decisions included): a worker that overruns it is terminated and replaced, and the seat plays a
 * quick legal action instead, so a bot never holds a round up longer than its budget. With `size: 0` decisions run on the main thread (still bounded by the
 * levels' own budgets, but not preemptible).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Action, GameState, PlayerID } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { fallbackAction, loadBotRegistry } from './bot-registry';
import type { BotTask } from './bot-worker';

/** Below this much time left, a decision is not worth starting. */
const MIN_THINK_MS = 10;

/**
 * What a level gets of the time left: it aims at 60% and never passes 80% (a search may run over
 * its aim to finish one sample); the rest covers messaging and the fallback.
 */
function levelBudget(leftMs: number): { budgetMs: number; hardMs: number } {
  return {
    budgetMs: Math.max(MIN_THINK_MS, Math.floor(leftMs * 0.6)),
    hardMs: Math.max(MIN_THINK_MS, Math.floor(leftMs * 0.8)),
  };
}

export interface BotDecisionResult {
  action: Action | null;
  /** Why the fallback was used, when it was. */
  fallback?: string;
  ms: number;
}

export interface BotPoolStats {
  decisions: number;
  fallbacks: number;
  restarts: number;
  maxMs: number;
}

interface Job {
  task: BotTask;
  /** When the clock started: queued while a worker was ready, or when one became ready. */
  since: number | null;
  done: (r: BotDecisionResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  startedAt: number;
}

/** tsx's loader registered inside the worker, then the worker module (TypeScript) imported. */
function workerSource(module: URL): string {
  const require = createRequire(import.meta.url);
  const api = pathToFileURL(require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = module.href;
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); }).catch((e) => { console.error(e); process.exit(1); });`;
}

export class BotPool {
  readonly stats: BotPoolStats = { decisions: 0, fallbacks: 0, restarts: 0, maxMs: 0 };
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private sweeper: NodeJS.Timeout | null = null;

  private readonly size: number;
  /**
   * Hard deadline per decision, counted from the request (time with no worker ready to take it,
   * while the pool starts, excepted), queueing behind other bots' decisions included.
   */
  private readonly budgetMs: number;
  private readonly log: (message: string) => void;
  private readonly workerModule: URL;

  constructor(o: {
    size: number;
    budgetMs: number;
    log?: (message: string) => void;
    /** The worker's module (server/bot-worker.ts; tests give their own). */
    workerModule?: URL;
  }) {
    this.size = o.size;
    this.budgetMs = o.budgetMs;
    this.log = o.log ?? (() => {});
    this.workerModule = o.workerModule ?? new URL('./bot-worker.ts', import.meta.url);
  }

  /** Decide for `player` at `level` from its view. Never rejects. */
  decide(level: string, view: GameState, player: PlayerID, seed: string): Promise<BotDecisionResult> {
    // The level gets most of the budget; the rest covers messaging and the fallback.
    const task: BotTask = {
      id: this.nextId++,
      level,
      view,
      player,
      seed,
      ...levelBudget(this.budgetMs),
    };
    if (this.size <= 0) return this.decideHere(task);
    return new Promise((done) => {
      const ready = this.slots.some((slot) => slot.ready);
      this.queue.push({ task, since: ready ? Date.now() : null, done });
      this.ensureWorkers();
      this.pump();
      this.sweep();
    });
  }

  private async decideHere(task: BotTask): Promise<BotDecisionResult> {
    const start = Date.now();
    try {
      const registry = await loadBotRegistry();
      const action = registry.decide(task.level, task.view, task.player, createRng(task.seed), {
        ms: task.budgetMs,
        hardMs: task.hardMs,
      });
      return this.finish({ action, ms: Date.now() - start });
    } catch (err) {
      return this.fallback(task, start, `the level failed: ${String(err)}`);
    }
  }

  private finish(r: BotDecisionResult): BotDecisionResult {
    this.stats.decisions++;
    this.stats.maxMs = Math.max(this.stats.maxMs, r.ms);
    if (r.fallback) this.stats.fallbacks++;
    return r;
  }

  private fallback(task: BotTask, start: number, why: string): BotDecisionResult {
    this.log(`bot ${task.level} for player ${task.player}: ${why}; playing the Cadet's choice`);
    return this.finish({
      action: fallbackAction(task.view, task.player, task.seed),
      fallback: why,
      ms: Date.now() - start,
    });
  }

  private ensureWorkers(): void {
    while (!this.closed && this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(workerSource(this.workerModule), { eval: true });
    const slot: Slot = { worker, ready: false, job: null, timer: null, startedAt: 0 };
    worker.unref();
    worker.on('message', (msg: { ready?: boolean; id?: number; action?: Action; error?: string }) => {
      if (msg.ready) {
        slot.ready = true;
        // Time spent waiting for the pool to come up does not count against a decision.
        for (const job of this.queue) job.since ??= Date.now();
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || msg.id !== job.task.id) return;
      this.release(slot);
      const start = slot.startedAt;
      if (msg.error) job.done(this.fallback(job.task, start, `the level failed: ${msg.error}`));
      else job.done(this.finish({ action: msg.action ?? null, ms: Date.now() - start }));
      this.pump();
    });
    worker.on('error', (err) => this.log(`bot worker error: ${err.message}`));
    worker.on('exit', () => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const job = slot.job;
      this.release(slot);
      if (job) job.done(this.fallback(job.task, slot.startedAt, 'the worker stopped'));
      if (!this.closed && this.queue.length) {
        this.ensureWorkers();
        this.pump();
      }
    });
    return slot;
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      this.sweep();
      const job = this.queue.shift();
      if (!job) return;
      const since = job.since ?? Date.now();
      const left = this.budgetMs - (Date.now() - since);
      slot.job = job;
      slot.startedAt = since;
      Object.assign(job.task, levelBudget(left));
      slot.timer = setTimeout(() => this.overrun(slot), left);
      slot.worker.postMessage(job.task);
    }
  }

  /** Answer the queued decisions that have waited their whole budget; look again at the next. */
  private sweep(): void {
    if (this.sweeper) clearTimeout(this.sweeper);
    this.sweeper = null;
    const now = Date.now();
    const expired = (job: Job) => job.since !== null && now - job.since > this.budgetMs - MIN_THINK_MS;
    for (const job of this.queue.filter(expired)) {
      this.queue.splice(this.queue.indexOf(job), 1);
      job.done(this.fallback(job.task, job.since as number, `waited ${this.budgetMs} ms for a worker`));
    }
    const next = Math.min(...this.queue.map((j) => (j.since === null ? Infinity : j.since)));
    if (Number.isFinite(next) && !this.closed) {
      this.sweeper = setTimeout(
        () => this.sweep(),
        Math.max(1, next + this.budgetMs - MIN_THINK_MS - now + 1),
      );
      this.sweeper.unref();
    }
  }

  /** The level overran its budget: replace the worker, answer with a quick legal action. */
  private overrun(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    this.release(slot);
    this.stats.restarts++;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    job.done(this.fallback(job.task, slot.startedAt, `no decision within ${this.budgetMs} ms`));
    this.ensureWorkers();
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearTimeout(this.sweeper);
    for (const job of this.queue.splice(0)) job.done({ action: null, fallback: 'closed', ms: 0 });
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}
