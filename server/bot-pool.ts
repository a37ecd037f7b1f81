/**
 * Bot decisions off the main event loop: a small pool of worker threads, each running the bot
 * registry. A decision has a hard deadline (`budgetMs` from the request, time queued behind other
 * decisions included, plus at most `startupMs` while no worker has come up yet): a worker that
 * overruns it is terminated and replaced, a decision still queued at its deadline is not started,
 * and either way the seat plays the Cadet's choice instead, so a bot never holds a round up longer
 * than its budget. Workers that die before they are ready are respawned a few times only, then the
 * pool rests for a while and every decision gets the Cadet's choice at once. With `size: 0`
 * decisions run on the main thread (still bounded by the levels' own budgets, but not preemptible).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Action, createRng, type GameState, type PlayerID } from '../game';
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
  /** From the request to the answer. */
  ms: number;
}

export interface BotPoolStats {
  decisions: number;
  fallbacks: number;
  /** Workers replaced after overrunning a decision. */
  restarts: number;
  /** Workers that died, or never said they were ready, before taking any decision. */
  startFailures: number;
  maxMs: number;
}

interface Job {
  task: BotTask;
  requestedAt: number;
  /** When the Cadet's choice is played instead, started or not. */
  deadline: number;
  done: (r: BotDecisionResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Terminated by the pool: its exit is already accounted for. */
  dropped: boolean;
  /** Ends the worker if it is not ready in time. */
  startTimer: NodeJS.Timeout | null;
  /** Why it failed, if it reported an error before exiting. */
  error: string | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** tsx's loader registered inside the worker, then the worker module (TypeScript) imported. */
function workerSource(module: URL): string {
  const require = createRequire(import.meta.url);
  const api = pathToFileURL(require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = module.href;
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); }).catch((e) => { console.error(e); process.exit(1); });`;
}

export interface BotPoolOptions {
  size: number;
  /** Hard deadline per decision, from its request. */
  budgetMs: number;
  /**
   * How long a new worker may take to say it is ready (loading the levels takes about 0.5 s). A
   * decision asked while no worker is ready may wait this much longer than its budget.
   */
  startupMs?: number;
  /** Workers failing to start this many times in a row make the pool rest… */
  maxStartFailures?: number;
  /** …for this long, deciding with the Cadet's choice meanwhile. */
  restMs?: number;
  log?: (message: string) => void;
  /** The worker's module (server/bot-worker.ts; tests give their own). */
  workerModule?: URL;
}

export const POOL_DEFAULTS = { startupMs: 10_000, maxStartFailures: 3, restMs: 60_000 };

export class BotPool {
  readonly stats: BotPoolStats = { decisions: 0, fallbacks: 0, restarts: 0, startFailures: 0, maxMs: 0 };
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** Workers that failed to start since one last did. */
  private failuresInARow = 0;
  /** No worker is started before this time (0: not resting). */
  private restUntil = 0;

  private readonly size: number;
  private readonly budgetMs: number;
  private readonly startupMs: number;
  private readonly maxStartFailures: number;
  private readonly restMs: number;
  private readonly log: (message: string) => void;
  private readonly workerModule: URL;

  constructor(o: BotPoolOptions) {
    this.size = o.size;
    this.budgetMs = o.budgetMs;
    this.startupMs = o.startupMs ?? POOL_DEFAULTS.startupMs;
    this.maxStartFailures = Math.max(1, o.maxStartFailures ?? POOL_DEFAULTS.maxStartFailures);
    this.restMs = o.restMs ?? POOL_DEFAULTS.restMs;
    this.log = o.log ?? (() => {});
    this.workerModule = o.workerModule ?? new URL('./bot-worker.ts', import.meta.url);
  }

  /** Decisions waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Workers running or starting. */
  get workers(): number {
    return this.slots.length;
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
    const now = Date.now();
    if (this.resting(now)) return Promise.resolve(this.fallback(task, now, 'no bot worker could start'));
    return new Promise((done) => {
      const ready = this.slots.some((slot) => slot.ready);
      // While no worker is up, the wait for one to start is allowed on top of the budget.
      const deadline = now + this.budgetMs + (ready ? 0 : this.startupMs);
      this.queue.push({ task, requestedAt: now, deadline, done });
      this.ensureWorkers();
      this.pump();
      this.sweep();
    });
  }

  private resting(now: number): boolean {
    if (this.restUntil === 0) return false;
    if (now < this.restUntil) return true;
    this.restUntil = 0;
    return false;
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
    // Resting, every decision falls back: the rest was logged once, these are not.
    if (this.restUntil === 0)
      this.log(`bot ${task.level} for player ${task.player}: ${why}; playing the Cadet's choice`);
    return this.finish({
      action: fallbackAction(task.view, task.player, task.seed),
      fallback: why,
      ms: Date.now() - start,
    });
  }

  private ensureWorkers(): void {
    while (!this.closed && !this.resting(Date.now()) && this.slots.length < this.size)
      this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(workerSource(this.workerModule), { eval: true });
    const slot: Slot = {
      worker,
      ready: false,
      dropped: false,
      startTimer: null,
      error: null,
      job: null,
      timer: null,
    };
    worker.unref();
    slot.startTimer = setTimeout(() => {
      this.drop(slot);
      this.startFailed(`a bot worker was not ready within ${this.startupMs} ms`);
    }, this.startupMs);
    slot.startTimer.unref();
    worker.on('message', (msg: { ready?: boolean; id?: number; action?: Action; error?: string }) => {
      if (msg.ready) {
        if (slot.startTimer) clearTimeout(slot.startTimer);
        slot.startTimer = null;
        slot.ready = true;
        this.failuresInARow = 0;
        // Decisions asked before any worker was up now have their plain budget from here.
        const deadline = Date.now() + this.budgetMs;
        for (const job of this.queue) job.deadline = Math.min(job.deadline, deadline);
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || msg.id !== job.task.id) return;
      this.release(slot);
      if (msg.error) job.done(this.fallback(job.task, job.requestedAt, `the level failed: ${msg.error}`));
      else job.done(this.finish({ action: msg.action ?? null, ms: Date.now() - job.requestedAt }));
      this.pump();
    });
    worker.on('error', (err) => {
      slot.error = err.message;
      if (slot.ready) this.log(`bot worker error: ${err.message}`);
    });
    worker.on('exit', (code) => {
      if (slot.dropped) return;
      this.drop(slot);
      const job = slot.job;
      this.release(slot);
      if (job) job.done(this.fallback(job.task, job.requestedAt, 'the worker stopped'));
      if (!slot.ready)
        this.startFailed(slot.error ?? `a bot worker exited (code ${code}) before it was ready`);
      if (!this.closed && this.queue.length) {
        this.ensureWorkers();
        this.pump();
      }
    });
    return slot;
  }

  /** Take a worker out of the pool and end it. */
  private drop(slot: Slot): void {
    slot.dropped = true;
    if (slot.startTimer) clearTimeout(slot.startTimer);
    slot.startTimer = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
  }

  /**
   * A worker failed before it was ready. Another is started for the decisions waiting, unless too
   * many failed in a row: then the pool rests, and the decisions waiting get the Cadet's choice now.
   */
  private startFailed(why: string): void {
    this.stats.startFailures++;
    this.failuresInARow++;
    if (this.closed) return;
    if (this.failuresInARow < this.maxStartFailures) {
      if (this.queue.length) this.ensureWorkers();
      return;
    }
    this.failuresInARow = 0;
    this.log(
      `${this.maxStartFailures} bot workers in a row failed to start (last: ${why}); ` +
        `bots play the Cadet's choice for ${Math.round(this.restMs / 1000)} s before another is tried`,
    );
    this.restUntil = Date.now() + this.restMs;
    for (const job of this.queue.splice(0))
      job.done(this.fallback(job.task, job.requestedAt, 'no bot worker could start'));
    this.sweep();
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
      const left = job.deadline - Date.now();
      slot.job = job;
      Object.assign(job.task, levelBudget(left));
      slot.timer = setTimeout(() => this.overrun(slot), left);
      slot.worker.postMessage(job.task);
    }
  }

  /** Answer the queued decisions whose deadline has come; look again at the next deadline. */
  private sweep(): void {
    if (this.sweeper) clearTimeout(this.sweeper);
    this.sweeper = null;
    const now = Date.now();
    const expired = (job: Job) => job.deadline - now < MIN_THINK_MS;
    for (const job of this.queue.filter(expired)) {
      this.queue.splice(this.queue.indexOf(job), 1);
      const waited = now - job.requestedAt;
      job.done(this.fallback(job.task, job.requestedAt, `waited ${waited} ms for a worker`));
    }
    if (this.queue.length === 0 || this.closed) return;
    const next = Math.min(...this.queue.map((j) => j.deadline));
    this.sweeper = setTimeout(() => this.sweep(), Math.max(1, next - MIN_THINK_MS - now + 1));
    this.sweeper.unref();
  }

  /** The level overran its budget: replace the worker, answer with a quick legal action. */
  private overrun(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    this.release(slot);
    this.stats.restarts++;
    this.drop(slot);
    job.done(this.fallback(job.task, job.requestedAt, `no decision within ${this.budgetMs} ms`));
    this.ensureWorkers();
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearTimeout(this.sweeper);
    this.sweeper = null;
    for (const job of this.queue.splice(0)) job.done({ action: null, fallback: 'closed', ms: 0 });
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.dropped = true;
      if (slot.startTimer) clearTimeout(slot.startTimer);
      const job = slot.job;
      this.release(slot);
      job?.done({ action: null, fallback: 'closed', ms: 0 });
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
