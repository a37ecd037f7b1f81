/**
 * Storage: boardgame.io's FlatFile under DATA_DIR by default, PostgreSQL through bgio-postgres
 * when DATABASE_URL is set. Whatever the backend, it is wrapped in `AckedStorage`, which holds back
 * every state broadcast until that state is written: a client is never told of a state that a
 * crash could lose (boardgame.io's master broadcasts first and persists second, STACK §2.6).
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { appendFile, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Async } from 'boardgame.io/internal';
import { FlatFile, type GenericPubSub } from 'boardgame.io/server';

type State = Parameters<Async['setState']>[1];
type LogEntries = NonNullable<Parameters<Async['setState']>[2]>;
type MatchData = Parameters<Async['setMetadata']>[1];
type CreateOpts = Parameters<Async['createMatch']>[1];
type FetchOpts = Parameters<Async['fetch']>[1];
type ListOpts = Parameters<Async['listMatches']>[0];

export type StorageKind = 'flatfile' | 'postgres';

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

let tmpCounter = 0;

/**
 * FlatFile with its own node-persist instance and two changes to its settings: no write queue (node-persist batches
 * writes once a second by default, which would hold every move's acknowledgement for up to a
 * second) and atomic writes (a temporary dot-file, which node-persist never reads, renamed over the
 * target), so a crash mid-write leaves the previous version rather than a truncated file.
 */
export class DurableFlatFile extends FlatFile {
  /** node-persist's files: state, initial state and metadata of every match. */
  private readonly directory: string;
  /** One file of JSON lines per match. */
  private readonly logDirectory: string;
  /** Matches whose log file is known to end with a whole line (checked once per process). */
  private readonly logsChecked = new Set<string>();
  /**
   * Recent matches' state and metadata, written through: boardgame.io reads both on every move.
   * Safe because one FlatFile directory has one server process (STACK §2.5).
   */
  private readonly recent = new Map<string, { state?: State; metadata?: MatchData }>();
  /** Metadata writes held back (only `updatedAt` changed), by match. */
  private readonly lateMetadata = new Map<string, NodeJS.Timeout>();

  private remember(id: string, part: 'state' | 'metadata', value: State | MatchData): void {
    const entry = this.recent.get(id) ?? {};
    this.recent.delete(id);
    // boardgame.io never changes a state it has handed over (immer makes new ones); metadata it
    // does change in place before writing it back, so that is copied.
    (entry as Record<string, unknown>)[part] = part === 'metadata' ? structuredClone(value) : value;
    this.recent.set(id, entry);
    if (this.recent.size > 1000) {
      const [oldest, old] = this.recent.entries().next().value as [string, { metadata?: MatchData }];
      this.recent.delete(oldest);
      // A held-back metadata write leaves memory with its match: write it now.
      if (this.lateMetadata.has(oldest) && old.metadata) {
        clearTimeout(this.lateMetadata.get(oldest));
        this.lateMetadata.delete(oldest);
        void super.setMetadata(oldest, old.metadata);
      }
    }
  }

  /** `dataDir` holds `matches/` (node-persist) and `logs/` (one JSON-lines file per match). */
  constructor(private readonly dataDir: string) {
    const dir = join(dataDir, 'matches');
    super({ dir });
    this.directory = dir;
    this.logDirectory = join(dataDir, 'logs');
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

  /**
   * A match's log is a file of JSON lines that each move appends to: node-persist would rewrite
   * the whole log on every move, which grows with the game (STACK §2.5).
   */
  private logPath(id: string): string {
    return join(this.logDirectory, `${encodeURIComponent(id)}.jsonl`);
  }

  private async appendLog(id: string, entries: LogEntries): Promise<void> {
    const path = this.logPath(id);
    let text = entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
    if (!this.logsChecked.has(id)) {
      // A crash mid-append can leave a partial last line: end it, so this append starts clean.
      const file = await open(path, 'a+').catch(() => null);
      if (file) {
        const { size } = await file.stat();
        const last = Buffer.alloc(1);
        if (size > 0) await file.read(last, 0, 1, size - 1);
        await file.close();
        if (size > 0 && last.toString() !== '\n') text = '\n' + text;
      }
      this.logsChecked.add(id);
    }
    await appendFile(path, text, 'utf8');
  }

  /** The log from its file (a broken line from a crash is skipped), or null when there is none. */
  private async readLog(id: string): Promise<LogEntries | null> {
    let text: string;
    try {
      text = await readFile(this.logPath(id), 'utf8');
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

  override async connect(): Promise<void> {
    mkdirSync(this.directory, { recursive: true });
    mkdirSync(this.logDirectory, { recursive: true });
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

  /** As FlatFile's, but the log is appended to its own file. */
  override async setState(id: string, state: State, deltalog?: LogEntries): Promise<void> {
    // FlatFile's own per-key queue (private in its typings).
    const items = this as unknown as { setItem(key: string, value: unknown): Promise<unknown> };
    if (deltalog && deltalog.length > 0) await this.appendLog(id, deltalog);
    await items.setItem(id, state);
    this.remember(id, 'state', state);
  }

  /**
   * boardgame.io writes a match's metadata after every move only to bump `updatedAt`: such a write
   * is kept in memory (reads see it at once) and reaches the disk at most every few seconds. Any
   * other change (names, seats, the game's end) is written at once.
   */
  override async setMetadata(id: string, metadata: MatchData): Promise<void> {
    const before = this.recent.get(id)?.metadata;
    this.remember(id, 'metadata', metadata);
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
    const metadata = this.recent.get(id)?.metadata;
    if (metadata) await super.setMetadata(id, metadata);
  }

  /** As FlatFile's, with state and metadata from memory when recent. */
  override async fetch<O extends FetchOpts>(
    id: string,
    opts: O,
  ): Promise<Awaited<ReturnType<FlatFile['fetch']>>> {
    const hit = this.recent.get(id);
    const log = opts.log ? await this.readLog(id) : null;
    const fromDisk = {
      ...opts,
      state: opts.state && !hit?.state,
      metadata: opts.metadata && !hit?.metadata,
      // Matches stored before logs had their own files keep theirs in node-persist.
      log: opts.log && log === null,
    };
    const result = (
      fromDisk.state || fromDisk.metadata || fromDisk.log || opts.initialState
        ? await super.fetch(id, fromDisk)
        : {}
    ) as Record<string, unknown>;
    if (log !== null) result.log = log;
    if (opts.state && hit?.state) result.state = hit.state;
    if (opts.metadata && hit?.metadata) result.metadata = structuredClone(hit.metadata);
    return result as Awaited<ReturnType<FlatFile['fetch']>>;
  }

  override async wipe(id: string): Promise<void> {
    this.logsChecked.delete(id);
    this.recent.delete(id);
    await super.wipe(id);
    await rm(this.logPath(id), { force: true });
  }

  /** Stop node-persist's timer (it runs even without a write queue). */
  async close(): Promise<void> {
    await Promise.all([...this.lateMetadata.keys()].map((id) => this.flushMetadata(id)));
    this.persist.stopWriteQueueInterval();
  }
}

/** How long an `updatedAt`-only metadata change may wait for the disk. */
const METADATA_DELAY_MS = 5000;

function sameButUpdatedAt(a: MatchData, b: MatchData): boolean {
  return JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });
}

/** PostgreSQL through bgio-postgres (loaded only when configured). */
async function postgresStore(url: string): Promise<Async & { close(): Promise<void> }> {
  const { PostgresStore } = await import('bgio-postgres');
  const store = new PostgresStore(url, { logging: false });
  const close = () => store.sequelize.close();
  return Object.assign(store as unknown as Async, { close });
}

type Pending = { stateID: number; send: () => void };

/**
 * A storage wrapper that releases state broadcasts once they are persisted, and lets the server
 * adjust a new match's metadata before it is written (the bot seats).
 */
export class AckedStorage extends Async {
  private readonly pending = new Map<string, Pending[]>();
  private readonly writes = new Set<Promise<unknown>>();
  private closed = false;
  onCreate: ((matchID: string, opts: CreateOpts) => void) | null = null;
  onCreated: ((matchID: string, opts: CreateOpts) => void) | null = null;

  constructor(
    readonly inner: Async,
    readonly kind: StorageKind,
    private readonly closeInner: () => Promise<void> = async () => {},
  ) {
    super();
  }

  connect() {
    return this.inner.connect();
  }

  override async createMatch(matchID: string, opts: CreateOpts): Promise<void> {
    this.onCreate?.(matchID, opts);
    await this.inner.createMatch(matchID, opts);
    this.onCreated?.(matchID, opts);
  }

  /** Run a write, tracked so `close` can wait for it; after `close`, writes are dropped. */
  private async write(run: () => Promise<unknown>): Promise<void> {
    if (this.closed) return;
    const p = run();
    this.writes.add(p);
    try {
      await p;
    } finally {
      this.writes.delete(p);
    }
  }

  async setState(matchID: string, state: State, deltalog?: LogEntries): Promise<void> {
    try {
      await this.write(() => this.inner.setState(matchID, state, deltalog));
    } catch (err) {
      this.release(matchID, state._stateID, false);
      throw err;
    }
    this.release(matchID, state._stateID, !this.closed);
  }

  setMetadata(matchID: string, metadata: MatchData) {
    return this.write(() => this.inner.setMetadata(matchID, metadata));
  }

  fetch<O extends FetchOpts>(matchID: string, opts: O) {
    return this.inner.fetch(matchID, opts);
  }

  wipe(matchID: string) {
    return this.inner.wipe(matchID);
  }

  override listMatches(opts?: ListOpts) {
    return this.inner.listMatches(opts);
  }

  /** Hold `send` until state `stateID` of `matchID` is written. */
  hold(matchID: string, stateID: number, send: () => void): void {
    const list = this.pending.get(matchID) ?? [];
    list.push({ stateID, send });
    this.pending.set(matchID, list);
  }

  private release(matchID: string, stateID: number, written: boolean): void {
    const list = this.pending.get(matchID);
    if (!list) return;
    const ready = list.filter((p) => p.stateID <= stateID);
    const rest = list.filter((p) => p.stateID > stateID);
    if (rest.length) this.pending.set(matchID, rest);
    else this.pending.delete(matchID);
    if (written) for (const p of ready) p.send();
  }

  /** Wait for the writes under way, then stop writing and close the backend. */
  async close(): Promise<void> {
    while (this.writes.size) await Promise.allSettled([...this.writes]);
    this.closed = true;
    this.pending.clear();
    await this.closeInner();
  }
}

type Payload = { type: string; args: unknown[] };

/** The pub/sub boardgame.io publishes to, with state updates held until they are persisted. */
export class AckedPubSub<T extends Payload> implements GenericPubSub<T> {
  constructor(
    private readonly inner: GenericPubSub<T>,
    private readonly storage: AckedStorage,
  ) {}

  publish(channelId: string, payload: T) {
    if (payload.type === 'update' || payload.type === 'patch') {
      const matchID = payload.args[0] as string;
      const state = payload.args[payload.type === 'update' ? 1 : 3] as State;
      this.storage.hold(matchID, state._stateID, () => this.inner.publish(channelId, payload));
      return;
    }
    return this.inner.publish(channelId, payload);
  }

  subscribe(channelId: string, callback: (payload: T) => void) {
    this.inner.subscribe(channelId, callback);
  }

  unsubscribeAll(channelId: string) {
    return this.inner.unsubscribeAll(channelId);
  }
}

/** The configured storage: PostgreSQL when a URL is given, else FlatFile in `dataDir`. */
export async function createStorage(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<AckedStorage> {
  if (options.databaseUrl) {
    const store = await postgresStore(options.databaseUrl);
    return new AckedStorage(store, 'postgres', () => store.close());
  }
  const flat = new DurableFlatFile(options.dataDir);
  return new AckedStorage(flat, 'flatfile', () => flat.close());
}
