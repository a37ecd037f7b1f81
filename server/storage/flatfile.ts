/**
 * FlatFile storage: boardgame.io's FlatFile (node-persist) for each match's metadata and initial
 * state, two files per match for its state checkpoint (written in turn, in place), and a file of
 * JSON lines per match for its log, kept open while the match is played.
 */
import { mkdirSync, readdirSync, readFileSync, rename, renameSync, rmSync, write, writeFile } from 'node:fs';
import { createRequire } from 'node:module';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { FlatFile } from 'boardgame.io/server';
import { clone } from '../../game';
import { stateJSON } from '../state-json';
import { type ChatLine, isChatLine } from '../chat';
import type { FetchOpts, FetchResult, LogBackend, LogEntries, MatchData, State } from './checkpoint';

/** The node-persist instance FlatFile drives (only what is used here). */
interface NodePersist {
  create(options: Record<string, unknown>): NodePersist;
  init(options?: Record<string, unknown>): Promise<unknown>;
  writeFile(file: string, content: unknown): Promise<unknown>;
  setItem(key: string, value: unknown, options?: { ttl?: number }): Promise<unknown>;
  getDatumPath(key: string): string;
  calcTTL(ttl: number | undefined): number | undefined;
  stringify(value: unknown): string;
  limit<T>(fn: () => Promise<T>): Promise<T>;
  stopWriteQueueInterval(): void;
  copy(value: unknown): unknown;
}

const noop = () => {};
// The callback forms: fs/promises costs more CPU per call (measured 16 µs an append against 6 to
// 11), which shows at one append per move and a checkpoint a second per match.
const writeText = promisify(writeFile);
const renameFile = promisify(rename);
const writeAt = promisify(write);

/**
 * Log files open at once; the least recently used beyond it is closed (and reopened when needed).
 * Above the matches a busy server plays at once (hundreds: below that, files are reopened on every
 * move), within a quarter of the process's limit on open files, which the sockets need too.
 */
export const OPEN_LOGS = Math.max(64, Math.min(2048, Math.floor(openFileLimit() / 4)));

/** The soft limit on open files (Linux: /proc/self/limits), or 1024 when it cannot be read. */
function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Infinity;
    const n = Number(soft);
    return Number.isFinite(n) && n > 0 ? n : 1024;
  } catch {
    return 1024;
  }
}

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
    const run = file.chain.then(async () => appendAll((await handle).fd, text));
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

/** Write all of `text` at the end of the file (opened for appending): a write may be partial. */
async function appendAll(fd: number, text: string): Promise<void> {
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    const { bytesWritten } = await writeAt(fd, rest, 0, rest.length, null);
    rest = rest.subarray(bytesWritten);
  }
}

/**
 * Each match's checkpoint in two files, `<id>.0.json` and `<id>.1.json`, written in turn and in
 * place. Writing a new file and renaming it over the old one costs the kernel several times the
 * write (a new inode each time, and ext4 starts writing the replaced file back at once); a file
 * overwritten in place is torn if the process dies mid-write, but then the other file holds the
 * checkpoint before it, which the log replays from just the same. A read takes the newest file
 * that parses.
 */
export class CheckpointFiles {
  /** The file holding each match's newest checkpoint, as far as this process knows. */
  private readonly newestSlot = new Map<string, 0 | 1>();

  constructor(private readonly directory: string) {}

  path(id: string, slot: 0 | 1): string {
    return join(this.directory, `${encodeURIComponent(id)}.${slot}.json`);
  }

  /** Write `state` over the older of the two files (one write per match at a time: the caller's). */
  async write(id: string, state: State): Promise<void> {
    let newest = this.newestSlot.get(id);
    if (newest === undefined) newest = (await this.read(id))?.slot ?? 1;
    const slot = newest === 0 ? 1 : 0;
    // Until it is written, neither file is known to be the newest: a failed write leaves a torn one.
    this.newestSlot.delete(id);
    await writeText(this.path(id, slot), stateJSON(state) ?? 'null', 'utf8');
    this.newestSlot.set(id, slot);
  }

  /** The newest whole checkpoint, or null when the match has none in these files. */
  async read(id: string): Promise<{ state: State; slot: 0 | 1 } | null> {
    const slots = await Promise.all(([0, 1] as const).map((slot) => this.readSlot(id, slot)));
    let best: { state: State; slot: 0 | 1 } | null = null;
    for (const [slot, state] of slots.entries())
      if (state && (!best || state._stateID > best.state._stateID)) best = { state, slot: slot as 0 | 1 };
    if (best) this.newestSlot.set(id, best.slot);
    return best;
  }

  private async readSlot(id: string, slot: 0 | 1): Promise<State | null> {
    try {
      const state = JSON.parse(await readFile(this.path(id, slot), 'utf8')) as State;
      return typeof state?._stateID === 'number' ? state : null;
    } catch {
      return null; // none, or torn by a crash mid-write
    }
  }

  /** The match leaves memory: what was known of its files is read again when needed. */
  forget(id: string): void {
    this.newestSlot.delete(id);
  }

  async remove(id: string): Promise<void> {
    this.newestSlot.delete(id);
    await Promise.all(([0, 1] as const).map((slot) => rm(this.path(id, slot), { force: true })));
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
  /**
   * node-persist's files: initial state and metadata of every match (and the states stored before
   * checkpoints had files of their own).
   */
  private readonly directory: string;
  /** One file of JSON lines per match. */
  readonly logs: LogFiles;
  /** Each match's table chat, one JSON line a message (server/chat.ts). */
  private readonly chat: LogFiles;
  /** Two checkpoint files per match. */
  readonly checkpoints: CheckpointFiles;
  /**
   * Recent matches' metadata, written through: boardgame.io reads it on every move. Safe because
   * one FlatFile directory has one server process (STACK §2.5).
   */
  private readonly recent = new Map<string, MatchData>();
  /** Metadata writes held back (only `updatedAt` changed), by match. */
  private readonly lateMetadata = new Map<string, NodeJS.Timeout>();

  private remember(id: string, metadata: MatchData, copied = false): MatchData {
    this.recent.delete(id);
    // boardgame.io changes metadata in place before writing it back, so it is copied (plain JSON
    // data), unless the writer made it afresh for this write and keeps no hold on it.
    const copy = copied ? metadata : clone(metadata);
    this.recent.set(id, copy);
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
    return copy;
  }

  /** `dataDir` holds `matches/` (node-persist) and `logs/` (one JSON-lines file per match). */
  constructor(private readonly dataDir: string) {
    const dir = join(dataDir, 'matches');
    super({ dir });
    this.directory = dir;
    this.logs = new LogFiles(join(dataDir, 'logs'));
    // Chat is rare next to moves: few of its files are kept open.
    this.chat = new LogFiles(join(dataDir, 'chat'), 16);
    this.checkpoints = new CheckpointFiles(join(dataDir, 'checkpoints'));
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
    mkdirSync(join(this.dataDir, 'checkpoints'), { recursive: true });
    mkdirSync(join(this.dataDir, 'chat'), { recursive: true });
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
    // node-persist's own setItem also stringifies the whole value for a log line, logging or not:
    // the same record ({ key, value, ttl }) written with one stringify.
    persist.setItem = (key: string, value: unknown, options: { ttl?: number } = {}) =>
      persist.writeFile(persist.getDatumPath(key), { key, value, ttl: persist.calcTTL(options.ttl) });
    persist.writeFile = (file: string, content: unknown) =>
      persist.limit(async () => {
        const tmp = join(dirname(file), `.tmp-${process.pid}-${++tmpCounter}-${basename(file)}`);
        await writeText(tmp, persist.stringify(content), 'utf8');
        await renameFile(tmp, file);
        return { file, content };
      });
  }

  async appendLog(id: string, _stateID: number, entries: LogEntries): Promise<void> {
    // Each entry carries the state id it applies to, which is what replay needs.
    await this.logs.append(id, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
  }

  async appendChat(id: string, line: ChatLine): Promise<void> {
    await this.chat.append(id, JSON.stringify(line) + '\n');
  }

  async chatOf(id: string, limit: number): Promise<ChatLine[]> {
    const lines = ((await this.chat.read(id)) ?? []) as unknown[];
    return lines.filter(isChatLine).slice(-limit);
  }

  writeCheckpoint(id: string, state: State): Promise<void> {
    return this.checkpoints.write(id, state);
  }

  async logAfter(id: string, stateID: number): Promise<LogEntries> {
    return ((await this.logs.read(id)) ?? []).filter((e) => e._stateID >= stateID);
  }

  releaseLog(id: string): Promise<void> {
    this.checkpoints.forget(id);
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
    if (before && sameButUpdatedAt(before, metadata)) {
      this.remember(id, metadata);
      return this.holdBack(id);
    }
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    // Served from memory while it is written: boardgame.io's connection updates read the metadata
    // outside the match's queue, and one that read the version before would write it back. A
    // write that fails is forgotten, so memory never holds what the disk does not.
    const written = this.remember(id, metadata);
    try {
      await super.setMetadata(id, metadata);
    } catch (err) {
      if (this.recent.get(id) === written) {
        this.recent.delete(id);
        if (before) this.recent.set(id, before);
      }
      throw err;
    }
  }

  /**
   * A change that may wait (the clocks settled after a move, server/clocks.ts): kept in memory,
   * where every read finds it, and written with the next held-back write, within
   * `METADATA_DELAY_MS`. A crash may lose those seconds: the clocks catch up from the state on the
   * next start, never shortening anyone's time.
   */
  async setMetadataSoon(id: string, metadata: MatchData): Promise<void> {
    this.remember(id, metadata, true);
    this.holdBack(id);
  }

  /**
   * After a move: only `updatedAt` moves on, on the metadata in memory (a change written meanwhile,
   * a seat joined, stays), and reaches the disk within `METADATA_DELAY_MS`.
   */
  async touchMetadata(id: string, metadata: MatchData): Promise<void> {
    const known = this.recent.get(id);
    if (!known) return this.setMetadata(id, metadata);
    this.recent.delete(id);
    this.recent.set(id, { ...known, updatedAt: Math.max(known.updatedAt, metadata.updatedAt) });
    this.holdBack(id);
  }

  private holdBack(id: string): void {
    if (this.lateMetadata.has(id)) return;
    const timer = setTimeout(() => void this.flushMetadata(id), METADATA_DELAY_MS);
    timer.unref();
    this.lateMetadata.set(id, timer);
  }

  private async flushMetadata(id: string): Promise<void> {
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    const metadata = this.recent.get(id);
    if (metadata) await super.setMetadata(id, metadata);
  }

  /**
   * As FlatFile's, with metadata from memory when recent, the state from its checkpoint files and
   * the log from its own file.
   */
  override async fetch<O extends FetchOpts>(id: string, opts: O): Promise<FetchResult> {
    const metadata = this.recent.get(id);
    const log = opts.log ? await this.logs.read(id) : null;
    const checkpoint = opts.state ? await this.checkpoints.read(id) : null;
    const fromDisk = {
      ...opts,
      // Matches stored before checkpoints had files of their own keep their state in node-persist.
      state: opts.state && checkpoint === null,
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
    if (checkpoint !== null) result.state = checkpoint.state;
    if (opts.metadata && metadata) result.metadata = clone(metadata);
    return result as FetchResult;
  }

  override async wipe(id: string): Promise<void> {
    this.recent.delete(id);
    clearTimeout(this.lateMetadata.get(id));
    this.lateMetadata.delete(id);
    await this.logs.close(id);
    // FlatFile's wipe does nothing unless node-persist holds the state, which it no longer does.
    const removeItem = (key: string) =>
      (this as unknown as { removeItem(key: string): Promise<unknown> }).removeItem(key);
    for (const key of [id, `${id}:initial`, `${id}:log`, `${id}:metadata`]) await removeItem(key);
    await rm(this.logs.path(id), { force: true });
    await this.chat.close(id);
    await rm(this.chat.path(id), { force: true });
    await this.checkpoints.remove(id);
  }

  /** Write held-back metadata, close the log files and stop node-persist's timer. */
  async close(): Promise<void> {
    await Promise.all([...this.lateMetadata.keys()].map((id) => this.flushMetadata(id)));
    await this.logs.closeAll();
    await this.chat.closeAll();
    this.persist.stopWriteQueueInterval();
  }
}

/**
 * How long an `updatedAt`-only metadata change may wait for the disk. Each write is a new file
 * renamed over the old one (node-persist's file, atomic), about 0.3 ms of CPU: every 5 s for each
 * match in play, that was about 5% of the server's work at people's pace.
 */
const METADATA_DELAY_MS = 30_000;

/** Whether two versions of a match's metadata differ in `updatedAt` at most (field by field). */
export function sameButUpdatedAt(a: MatchData, b: MatchData): boolean {
  return sameData({ ...a, updatedAt: 0 }, { ...b, updatedAt: 0 });
}

/**
 * Deep equality of JSON data, as JSON would see it (a key holding `undefined` counts as absent).
 * It keeps its own stack: metadata holds what clients wrote, and a deep value must not overflow
 * the process's (the request bounds keep it shallow; data stored before them may not be).
 */
function sameData(first: unknown, second: unknown): boolean {
  const pending: [unknown, unknown][] = [[first, second]];
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [unknown, unknown];
    if (a === b) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      a.forEach((item, i) => pending.push([item, other[i]]));
      continue;
    }
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const kx = keys(x);
    if (kx.length !== keys(y).length) return false;
    for (const k of kx) {
      if (y[k] === undefined) return false;
      pending.push([x[k], y[k]]);
    }
  }
  return true;
}
