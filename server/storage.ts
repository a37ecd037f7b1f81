/**
 * Storage: the match log is the truth and the stored state a checkpoint (server/storage/
 * checkpoint.ts), over boardgame.io's FlatFile under DATA_DIR by default (server/storage/
 * flatfile.ts) or PostgreSQL through bgio-postgres when DATABASE_URL is set (server/storage/
 * postgres.ts). Whatever the backend, it is wrapped in `AckedStorage`, which holds back every state
 * broadcast until that move's log entries are written: a client is never told of a state that a
 * crash could lose (boardgame.io's master broadcasts first and persists second, STACK §2.6).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Async } from 'boardgame.io/internal';
import type { GenericPubSub } from 'boardgame.io/server';
import { PlanetUnknown, upgradeState, type GameState } from '../game';
import {
  CheckpointedStore,
  type CreateOpts,
  type FetchOpts,
  type ListOpts,
  type LogEntries,
  type MatchData,
  type State,
} from './storage/checkpoint';
import type { ChatLine } from './chat';
import { DurableFlatFile } from './storage/flatfile';
import { postgresBackend } from './storage/postgres';

export { DurableFlatFile } from './storage/flatfile';
export { CheckpointedStore } from './storage/checkpoint';

export type StorageKind = 'flatfile' | 'postgres';

type Pending = { stateID: number; send: () => void };

/** Told of every metadata change made through this storage, once written (the match index). */
export interface MetadataObserver {
  written(matchID: string, metadata: MatchData): void;
  /** Only `updatedAt` moved on. */
  touched(matchID: string, updatedAt: number): void;
  removed(matchID: string): void;
}

/**
 * Set while boardgame.io's own handlers of a socket's sync and of its disconnection run. Each reads
 * the match's metadata, sets the seat's `isConnected` and writes the whole metadata back, outside the
 * match's queue (server/transport.ts): a join or a leave written in between was undone, and a player
 * told "joined" held credentials that no longer existed (seen on PostgreSQL under load). This server
 * never reads `isConnected` (server/presence.ts), so those writes are dropped; the match data
 * boardgame.io sends the match's sockets with them still goes.
 */
const connectionBookkeeping = new AsyncLocalStorage<true>();

/** `listener`, one of boardgame.io's socket handlers, run so that its metadata writes are dropped. */
export function withoutConnectionWrites<A extends unknown[], R>(
  listener: (...args: A) => R,
): (...args: A) => R {
  return (...args) => connectionBookkeeping.run(true, () => listener(...args));
}

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
  observer: MetadataObserver | null = null;

  constructor(
    readonly inner: CheckpointedStore,
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
    this.observer?.written(matchID, opts.metadata);
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

  async setMetadata(matchID: string, metadata: MatchData): Promise<void> {
    if (connectionBookkeeping.getStore()) return;
    await this.write(() => this.inner.setMetadata(matchID, metadata));
    if (!this.closed) this.observer?.written(matchID, metadata);
  }

  /**
   * A change that may reach the disk a few seconds late (the clocks settled after a move): reads
   * see it at once; a backend shared by several instances (PostgreSQL) writes it at once.
   */
  async setMetadataSoon(matchID: string, metadata: MatchData): Promise<void> {
    const backend = this.inner.backend;
    await this.write(() =>
      backend.setMetadataSoon
        ? backend.setMetadataSoon(matchID, metadata)
        : this.inner.setMetadata(matchID, metadata),
    );
    if (!this.closed) this.observer?.written(matchID, metadata);
  }

  /**
   * `metadata` is what was read with only `updatedAt` changed (the master's write after a move):
   * the backend may write just that, and later (server/storage/checkpoint.ts).
   */
  async touchMetadata(matchID: string, metadata: MatchData): Promise<void> {
    await this.write(() => this.inner.touchMetadata(matchID, metadata));
    if (!this.closed) this.observer?.touched(matchID, metadata.updatedAt);
  }

  fetch<O extends FetchOpts>(matchID: string, opts: O) {
    return this.inner.fetch(matchID, opts);
  }

  async wipe(matchID: string): Promise<void> {
    await this.inner.wipe(matchID);
    this.observer?.removed(matchID);
  }

  override listMatches(opts?: ListOpts) {
    return this.inner.listMatches(opts);
  }

  /** Keep a table chat message with the match (server/chat.ts). */
  async appendChat(matchID: string, line: ChatLine): Promise<void> {
    await this.write(() => this.inner.backend.appendChat(matchID, line));
  }

  /** The match's newest chat messages, oldest first. */
  chatOf(matchID: string, limit: number): Promise<ChatLine[]> {
    return this.inner.backend.chatOf(matchID, limit);
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
  checkpointIntervalMs?: number;
  log?: (message: string) => void;
}): Promise<AckedStorage> {
  const backend = options.databaseUrl
    ? await postgresBackend(options.databaseUrl)
    : new DurableFlatFile(options.dataDir);
  const store = new CheckpointedStore(backend, PlanetUnknown, options.log, {
    intervalMs: options.checkpointIntervalMs,
    upgrade: (G) => upgradeState(G as GameState),
  });
  return new AckedStorage(store, options.databaseUrl ? 'postgres' : 'flatfile', () => store.close());
}
