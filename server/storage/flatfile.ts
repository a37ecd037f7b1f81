/**
 * FlatFile storage: boardgame.io's FlatFile (node-persist) for each match's metadata, initial state
 * and state checkpoint, and a file of JSON lines per match for its log, kept open while the match
 * is played.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FlatFile } from 'boardgame.io/server';
import type { FetchOpts, FetchResult, LogBackend, LogEntries, MatchData, State } from './checkpoint';

/** The node-persist instance FlatFile drives (only what is used here). */
interface NodePersist {
  create(options: Record<string, unknown>): NodePersist;
  init(options?: Record<string, unknown>): Promise<unknown>;
  writeFile(file: string, content: unknown): Promise<unknown>;
  stringify(value: unknown): string;
  limit<T>(fn: () => Promise<T>): Promise<T>;
  stopWriteQueueInterval(): void;
  copy(value: unknown): unknown;
}

const noop = () => {};

/** Log files open at once; the least recently used beyond it is closed (and reopened when needed). */
export const OPEN_LOGS = 256;

interface OpenLog {
  handle: Promise<FileHandle>;
  /** Appends to this file, one after the other. */
  chain: Promise<void>;
}

/**
 * The matches' log files, each kept open between appends (opening a file per move costs more than
 * the write). A file is checked for a partial last line, left by a crash mid-append, each time it
 * is opened, so what is remembered about checked files is bounded like the open files.
 */
export class LogFiles {
  private readonly files = new Map<string, OpenLog>();
  private readonly closing = new Map<string, Promise<void>>();

  constructor(
    private readonly directory: string,
    private readonly bound = OPEN_LOGS,
  ) {}

  path(id: string): string {
    return join(this.directory, `${encodeURIComponent(id)}.jsonl`);
  }

  get openCount(): number {
    return this.files.size;
  }

  /** Append `text` to the match's log; resolves once it is written (no fsync: see docs/server.md). */
  append(id: string, text: string): Promise<void> {
    let file = this.files.get(id);
    if (file) {
      this.files.delete(id);
    } else {
      const after = this.closing.get(id) ?? Promise.resolve();
      file = { handle: after.then(() => this.openRepaired(id)), chain: after };
      // Failing to open (a missing folder) must not stick: the next append tries again.
      file.handle.catch(() => {
        if (this.files.get(id) === file) this.files.delete(id);
      });
    }
    this.files.set(id, file);
    const handle = file.handle;
    const run = file.chain.then(async () => (await handle).appendFile(text, 'utf8'));
    file.chain = run.catch(noop);
    while (this.files.size > this.bound) void this.close(this.files.keys().next().value as string);
    return run;
  }

  /** Open for appending; end a partial last line so the next append starts on a line of its own. */
  private async openRepaired(id: string): Promise<FileHandle> {
    const handle = await open(this.path(id), 'a+');
    try {
      const { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last.toString() !== '\n') await handle.appendFile('\n', 'utf8');
      }
      return handle;
    } catch (err) {
      await handle.close().catch(noop);
      throw err;
    }
  }

  /** Close the match's file once its appends are written. */
  close(id: string): Promise<void> {
    const file = this.files.get(id);
    if (!file) return this.closing.get(id) ?? Promise.resolve();
    this.files.delete(id);
    const done = file.chain
      .then(() => file.handle)
      .then((h) => h.close())
      .catch(noop)
      .finally(() => {
        if (this.closing.get(id) === done) this.closing.delete(id);
      });
    this.closing.set(id, done);
    return done;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.files.keys()].map((id) => this.close(id)));
    await Promise.all(this.closing.values());
  }

  /** The log from its file (a broken line from a crash is skipped), or null when there is none. */
  async read(id: string): Promise<LogEntries | null> {
    await this.files.get(id)?.chain;
    let text: string;
    try {
      text = await readFile(this.path(id), 'utf8');
    } catch {
      return null;
    }
    const entries: LogEntries = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as LogEntries[number]);
      } catch {
        // the partial line of an interrupted append
      }
    }
    return entries;
  }
}

let tmpCounter = 0;

/**
 * FlatFile with its own node-persist instance and two changes to its settings: no write queue (node-persist batches
 * writes once a second by default, and the checkpoints say themselves when to write) and atomic
 * writes (a temporary dot-file, which node-persist never reads, renamed over the target), so a
 * crash mid-write leaves the previous version rather than a truncated file.
 */
export class DurableFlatFile extends FlatFile implements LogBackend {
  /** node-persist's files: state checkpoint, initial state and metadata of every match. */
  private readonly directory: string;
  /** One file of JSON lines per match. */
  readonly logs: LogFiles;
  /**
   * Recent matches' metadata, written through: boardgame.io reads it on every move. Safe because
   * one FlatFile directory has one server process (STACK §2.5).
   */
  private readonly recent = new Map<string, MatchData>();
  /** Metadata writes held back (only `updatedAt` changed), by match. */
  private readonly lateMetadata = new Map<string, NodeJS.Timeout>();

  private remember(id: string, metadata: MatchData): void {
    this.recent.delete(id);
    // boardgame.io changes metadata in place before writing it back, so it is copied.
    this.recent.set(id, structuredClone(metadata));
    if (this.recent.size > 1000) {
      const [oldest, old] = this.recent.entries().next().value as [string, MatchData];
      this.recent.delete(oldest);
      // A held-back metadata write leaves memory with its match: write it now.
      if (this.lateMetadata.has(oldest)) {
        clearTimeout(this.lateMetadata.get(oldest));
        this.lateMetadata.delete(oldest);
        void super.setMetadata(oldest, old);
      }
    }
  }

  /** `dataDir` holds `matches/` (node-persist) and `logs/` (one JSON-lines file per match). */
  constructor(private readonly dataDir: string) {
    const dir = join(dataDir, 'matches');
    super({ dir });
    this.directory = dir;
    this.logs = new LogFiles(join(dataDir, 'logs'));
    // Its own node-persist instance, not the process-wide one FlatFile takes (STACK §2.5), so
    // several servers can run in one process (the tests).
    const persist = createRequire(import.meta.url)('node-persist') as NodePersist;
    (this as unknown as { games: NodePersist }).games = persist.create({
      dir,
      writeQueue: false,
      expiredInterval: 0,
      logging: false,
    });
  }

  private get persist(): NodePersist {
    return (this as unknown as { games: NodePersist }).games;
  }

  override async connect(): Promise<void> {
    mkdirSync(this.directory, { recursive: true });
    mkdirSync(join(this.dataDir, 'logs'), { recursive: true });
    // Data written before the two folders existed: node-persist's files sat in the data folder.
    for (const entry of readdirSync(this.dataDir, { withFileTypes: true }))
      if (entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
        renameSync(join(this.dataDir, entry.name), join(this.directory, entry.name));
    for (const name of readdirSync(this.directory))
      if (name.startsWith('.tmp-')) rmSync(join(this.directory, name), { force: true });
    const persist = this.persist;
    await persist.init();
    // node-persist copies every value (a JSON round trip) before writing it; nothing here is
    // changed after it is handed over, and it is serialized at once (no write queue).
    persist.copy = (value: unknown) => value;
    persist.writeFile = (file: string, content: unknown) =>
      persist.limit(async () => {
        const tmp = join(dirname(file), `.tmp-${process.pid}-${++tmpCounter}-${basename(file)}`);
        await writeFile(tmp, persist.stringify(content), 'utf8');
        await rename(tmp, file);
        return { file, content };
      });
  }

  async appendLog(id: string, _stateID: number, entries: LogEntries): Promise<void> {
    // Each entry carries the state id it applies to, which is what replay needs.
    await this.logs.append(id, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
  }

  async writeCheckpoint(id: string, state: State): Promise<void> {
    // FlatFile's own per-key queue (private in its typings).
    await (this as unknown as { setItem(key: string, value: unknown): Promise<unknown> }).setItem(id, state);
  }

  async logAfter(id: string, stateID: number): Promise<LogEntries> {
    return ((await this.logs.read(id)) ?? []).filter((e) => e._stateID >= stateID);
  }

  releaseLog(id: string): Promise<void> {
    return this.logs.close(id);
  }

  /** Append the log and write the state at once (match creation; the checkpointing layer does better). */
  override async setState(id: string, state: State, deltalog?: LogEntries): Promise<void> {
    if (deltalog && deltalog.length > 0) await this.appendLog(id, state._stateID, deltalog);
    await this.writeCheckpoint(id, state);
  }

  /**
   * boardgame.io writes a match's metadata after every move only to bump `updatedAt`: such a write
   * is kept in memory (reads see it at once) and reaches the disk at most every few seconds. Any
   * other change (names, seats, the game's end) is written at once.
   */
  override async setMetadata(id: string, metadata: MatchData): Promise<void> {
    const before = this.recent.get(id);
    this.remember(id, metadata);
    if (before && sameButUpdatedAt(before, metadata)) {
      if (!this.lateMetadata.has(id)) {
        const timer = setTimeout(() => void this.flushMetadata(id), METADATA_DELAY_MS);
        timer.unref();
        this.lateMetadata.set(id, timer);
      }
      return;
    }
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    await super.setMetadata(id, metadata);
  }

  private async flushMetadata(id: string): Promise<void> {
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    const metadata = this.recent.get(id);
    if (metadata) await super.setMetadata(id, metadata);
  }

  /** As FlatFile's, with metadata from memory when recent and the log from its own file. */
  override async fetch<O extends FetchOpts>(id: string, opts: O): Promise<FetchResult> {
    const metadata = this.recent.get(id);
    const log = opts.log ? await this.logs.read(id) : null;
    const fromDisk = {
      ...opts,
      metadata: opts.metadata && !metadata,
      // Matches stored before logs had their own files keep theirs in node-persist.
      log: opts.log && log === null,
    };
    const result = (
      fromDisk.state || fromDisk.metadata || fromDisk.log || opts.initialState
        ? await super.fetch(id, fromDisk)
        : {}
    ) as Record<string, unknown>;
    if (log !== null) result.log = log;
    if (opts.metadata && metadata) result.metadata = structuredClone(metadata);
    return result as FetchResult;
  }

  override async wipe(id: string): Promise<void> {
    this.recent.delete(id);
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    await this.logs.close(id);
    await super.wipe(id);
    await rm(this.logs.path(id), { force: true });
  }

  /** Write held-back metadata, close the log files and stop node-persist's timer. */
  async close(): Promise<void> {
    await Promise.all([...this.lateMetadata.keys()].map((id) => this.flushMetadata(id)));
    await this.logs.closeAll();
    this.persist.stopWriteQueueInterval();
  }
}

/** How long an `updatedAt`-only metadata change may wait for the disk. */
const METADATA_DELAY_MS = 5000;

function sameButUpdatedAt(a: MatchData, b: MatchData): boolean {
  return JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });
}
