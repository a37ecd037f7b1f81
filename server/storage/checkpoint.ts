/**
 * The match log is the truth; the stored state is a checkpoint. Each move's log entries are
 * appended (and a move is acknowledged once they are written); the full state is written at the end
 * of a round, at the game's end, after `CHECKPOINT_MOVES` moves, `CHECKPOINT_INTERVAL_MS` after a
 * move when none of these came, when the match leaves memory and on close. A match whose
 * checkpoint is older than its log is rebuilt by replaying the logged actions after the checkpoint
 * through boardgame.io's reducer: the game is deterministic, and the random generator's progress
 * lives in the state's plugin data.
 */
import { Async, CreateGameReducer } from 'boardgame.io/internal';
import type { Game } from 'boardgame.io';
import type { ChatLine } from '../chat';

export type State = Parameters<Async['setState']>[1];
export type LogEntries = NonNullable<Parameters<Async['setState']>[2]>;
export type LogEntry = LogEntries[number];
export type MatchData = Parameters<Async['setMetadata']>[1];
export type CreateOpts = Parameters<Async['createMatch']>[1];
export type FetchOpts = Parameters<Async['fetch']>[1];
export type FetchResult = Awaited<ReturnType<Async['fetch']>>;
/** What a fetch may hold, whatever was asked for. */
export type Fetched = { state?: State; log?: LogEntries; metadata?: MatchData; initialState?: State };
export type ListOpts = Parameters<Async['listMatches']>[0];

/** What a backend adds to boardgame.io's storage interface for log-first storage. */
export interface LogBackend extends Async {
  /** Append one move's log entries (that produced state `stateID`); resolves once written. */
  appendLog(matchID: string, stateID: number, entries: LogEntries): Promise<void>;
  /** Write `state` as the match's checkpoint (never replacing a newer one matters not: see replay). */
  writeCheckpoint(matchID: string, state: State): Promise<void>;
  /** The log entries of the moves after state `stateID`, in order. */
  logAfter(matchID: string, stateID: number): Promise<LogEntries>;
  /**
   * `metadata` differs from what was read only in its `updatedAt` (the write after every move):
   * store the newer `updatedAt`, at once or within a few seconds, never undoing another change.
   */
  touchMetadata(matchID: string, metadata: MatchData): Promise<void>;
  /**
   * A change of the metadata that may be written within a few seconds (reads see it at once), where
   * one process alone writes the match (FlatFile); absent, `setMetadata` writes it at once. The
   * caller made `metadata` for this write and keeps no hold on it (it is not copied).
   */
  setMetadataSoon?(matchID: string, metadata: MatchData): Promise<void>;
  /** The match is over or leaves memory: release what its log holds open. */
  releaseLog(matchID: string): Promise<void>;
  /**
   * The newest state id the store knows of (log or checkpoint), when other processes may write
   * the match too (PostgreSQL): a state in memory is used only while it is still the newest.
   */
  newestStateID?(matchID: string): Promise<number | null>;
  /** Keep one table chat message with the match (server/chat.ts); resolves once written. */
  appendChat(matchID: string, line: ChatLine): Promise<void>;
  /** The match's newest `limit` chat messages, oldest first. */
  chatOf(matchID: string, limit: number): Promise<ChatLine[]>;
  close(): Promise<void>;
}

/**
 * How long, at most, a match's newest state waits for its checkpoint while its round goes on. A
 * checkpoint costs a write of the whole state (~37 kB for four players): written once a second, it
 * followed nearly every move at people's pace, and the log makes it unnecessary sooner.
 */
export const CHECKPOINT_INTERVAL_MS = 30_000;
/** Moves after which a match's state is written whatever the time: what a load replays at most. */
export const CHECKPOINT_MOVES = 64;
/** Matches kept in memory; the least recently used beyond it is checkpointed and dropped. */
export const LIVE_MATCHES = 1000;

interface Live {
  /**
   * The newest state that a crash cannot lose (its log entries or itself are written): the only
   * one served, so a sync never shows a state whose move is still being written.
   */
  durable: State;
  /** The state id of the newest checkpoint written. */
  savedID: number;
  /** The state id of the newest checkpoint written or on its way. */
  askedID: number;
  lastWrite: number;
  timer: NodeJS.Timeout | null;
  /** This match's checkpoint writes, one after the other. */
  chain: Promise<void>;
}

/** For a write whose failure is already logged (the match's checkpoint chain logs it). */
const noop = () => {};

const roundOf = (s: State) => (s.G as { round?: unknown } | undefined)?.round;

/**
 * Whether the log entries of one move rebuild `state` from the state before it. Each entry carries
 * the id of the state its action applied to; the first entry for an id is the action dispatched
 * (a move), later ones with the same id are what it caused (events a move calls, the flow's
 * automatic steps) and are redone by replaying it. So: one id per state, without gaps.
 */
function replayable(before: number | undefined, state: State, entries: LogEntries): boolean {
  const ids = [...new Set(entries.map((e) => e._stateID))];
  if (ids.length === 0) return false;
  if (before !== undefined && ids[0] !== before) return false;
  return ids.every((id, i) => id === ids[0]! + i) && ids[0]! + ids.length === state._stateID;
}

export class CheckpointedStore extends Async {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<State | undefined>>();
  /** Checkpoint writes of matches that left memory, still under way. */
  private readonly leaving = new Map<string, Promise<void>>();
  private readonly reducer: ReturnType<typeof CreateGameReducer>;
  /** Counts of log appends, checkpoints written and moves replayed on load (for measurements). */
  readonly stats = { replayed: 0, checkpoints: 0, appends: 0 };

  constructor(
    readonly backend: LogBackend,
    game: Game,
    private readonly log: (message: string) => void = (m) => console.error(m),
    private readonly options: {
      intervalMs?: number;
      /** Moves after which the state is written at once (`CHECKPOINT_MOVES`). */
      moves?: number;
      liveMatches?: number;
      /** Brings a `G` stored by an earlier version of the game to the current shape. */
      upgrade?: (G: State['G']) => State['G'];
    } = {},
  ) {
    super();
    this.reducer = CreateGameReducer({ game });
  }

  override connect() {
    return this.backend.connect();
  }

  override createMatch(matchID: string, opts: CreateOpts) {
    return this.backend.createMatch(matchID, opts);
  }

  setMetadata(matchID: string, metadata: MatchData) {
    return this.backend.setMetadata(matchID, metadata);
  }

  /** A metadata write that only moves `updatedAt` on (see `LogBackend.touchMetadata`). */
  touchMetadata(matchID: string, metadata: MatchData) {
    return this.backend.touchMetadata(matchID, metadata);
  }

  override listMatches(opts?: ListOpts) {
    return this.backend.listMatches(opts);
  }

  async wipe(matchID: string): Promise<void> {
    const m = this.live.get(matchID);
    if (m?.timer) clearTimeout(m.timer);
    this.live.delete(matchID);
    await m?.chain;
    await this.backend.wipe(matchID);
  }

  /**
   * Append the move's log entries, then resolve (the move is acknowledged). A state change the
   * log cannot rebuild (no logged action for it) is checkpointed before resolving instead.
   */
  async setState(matchID: string, state: State, deltalog: LogEntries = []): Promise<void> {
    const known = this.live.get(matchID);
    const before = known?.durable;
    // A refused move: nothing changed that a crash could lose.
    if (before && before._stateID === state._stateID && deltalog.length === 0) return;
    if (known) this.touch(matchID, known);
    if (deltalog.length > 0) {
      await this.backend.appendLog(matchID, state._stateID, deltalog);
      this.stats.appends++;
    }
    const m = this.live.get(matchID) ?? this.remember(matchID, before ?? state, -1);
    if (!replayable(before?._stateID, state, deltalog)) {
      await this.checkpoint(matchID, m, state);
      if (m.durable._stateID < state._stateID) m.durable = state;
      return;
    }
    if (m.durable._stateID < state._stateID) m.durable = state;
    const over = state.ctx.gameover !== undefined;
    const newRound = !before || roundOf(before) !== roundOf(state) || before.ctx.turn !== state.ctx.turn;
    const wait = m.lastWrite + (this.options.intervalMs ?? CHECKPOINT_INTERVAL_MS) - Date.now();
    const many = state._stateID - m.askedID >= (this.options.moves ?? CHECKPOINT_MOVES);
    if (over) {
      void this.checkpoint(matchID, m)
        .catch(noop)
        .then(() => (this.live.get(matchID) === m ? this.backend.releaseLog(matchID) : undefined))
        .catch(noop);
    } else if (newRound || many || wait <= 0) this.checkpoint(matchID, m).catch(noop);
    else if (!m.timer) {
      m.timer = setTimeout(() => {
        m.timer = null;
        this.checkpoint(matchID, m).catch(noop);
      }, wait);
      m.timer.unref();
    }
  }

  /** Write the match's newest durable state (or `state`) as its checkpoint, after earlier ones. */
  private checkpoint(matchID: string, m: Live, state?: State): Promise<void> {
    m.askedID = Math.max(m.askedID, (state ?? m.durable)._stateID);
    const run = m.chain.then(async () => {
      const s = state ?? m.durable;
      if (s._stateID <= m.savedID) return;
      if (m.timer) clearTimeout(m.timer);
      m.timer = null;
      m.lastWrite = Date.now();
      await this.backend.writeCheckpoint(matchID, s);
      this.stats.checkpoints++;
      m.savedID = Math.max(m.savedID, s._stateID);
    });
    m.chain = run.catch((err: unknown) => {
      m.askedID = m.savedID;
      this.log(`could not write the state of match ${matchID}: ${String(err)}`);
    });
    return run;
  }

  private remember(matchID: string, state: State, savedID: number): Live {
    const m: Live = {
      durable: state,
      savedID,
      askedID: savedID,
      lastWrite: savedID >= 0 ? Date.now() : 0,
      timer: null,
      chain: this.leaving.get(matchID) ?? Promise.resolve(),
    };
    this.live.set(matchID, m);
    const bound = this.options.liveMatches ?? LIVE_MATCHES;
    while (this.live.size > bound) {
      const [oldest, old] = this.live.entries().next().value as [string, Live];
      this.live.delete(oldest);
      this.leave(oldest, old);
    }
    return m;
  }

  private touch(matchID: string, m: Live): void {
    this.live.delete(matchID);
    this.live.set(matchID, m);
  }

  /** A match leaves memory: its checkpoint is written and its log released. */
  private leave(matchID: string, m: Live): Promise<void> {
    if (m.timer) clearTimeout(m.timer);
    m.timer = null;
    const done = this.checkpoint(matchID, m)
      .catch(noop)
      .then(() => this.backend.releaseLog(matchID))
      .catch(noop)
      .finally(() => {
        if (this.leaving.get(matchID) === done) this.leaving.delete(matchID);
      });
    this.leaving.set(matchID, done);
    return done;
  }

  async fetch<O extends FetchOpts>(matchID: string, opts: O): Promise<FetchResult> {
    const rest = { ...opts, state: false };
    const needRest = !!(opts.metadata || opts.log || opts.initialState);
    const [state, result] = await Promise.all([
      opts.state ? this.currentState(matchID) : undefined,
      needRest ? (this.backend.fetch(matchID, rest) as Promise<Fetched>) : ({} as Fetched),
    ]);
    return (opts.state && state ? { ...result, state } : result) as FetchResult;
  }

  /** The match's newest state: from memory, or its checkpoint with the log replayed after it. */
  private async currentState(matchID: string): Promise<State | undefined> {
    const m = this.live.get(matchID);
    if (m) {
      const newest = this.backend.newestStateID ? await this.backend.newestStateID(matchID) : null;
      if (newest === null || newest === m.durable._stateID) {
        this.touch(matchID, m);
        return m.durable;
      }
      // Another process moved the match on: forget this copy.
      if (m.timer) clearTimeout(m.timer);
      this.live.delete(matchID);
    }
    let load = this.loading.get(matchID);
    if (!load) {
      load = this.load(matchID).finally(() => this.loading.delete(matchID));
      this.loading.set(matchID, load);
    }
    return load;
  }

  private async load(matchID: string): Promise<State | undefined> {
    await this.leaving.get(matchID);
    const { state: stored } = (await this.backend.fetch(matchID, { state: true })) as Fetched;
    if (!stored) return undefined;
    const upgrade = this.options.upgrade;
    const saved = upgrade ? { ...stored, G: upgrade(stored.G) } : stored;
    const entries = await this.backend.logAfter(matchID, saved._stateID);
    const state = this.replay(matchID, saved, entries);
    const m = this.remember(matchID, state, saved._stateID);
    if (state !== saved) {
      this.log(
        `match ${matchID}: replayed ${state._stateID - saved._stateID} logged moves after its stored state`,
      );
      await this.checkpoint(matchID, m);
      if (state.ctx.gameover !== undefined) await this.recordGameOver(matchID, state);
    }
    return state;
  }

  /**
   * The logged actions after `saved`, dispatched in order: the first entry for each state id (the
   * rest for that id, events a move called, come again from the move); stops at one that does not fit.
   */
  private replay(matchID: string, saved: State, entries: LogEntries): State {
    let state = saved;
    for (const entry of entries) {
      if (entry.automatic || entry._stateID < state._stateID) continue;
      const next = this.reducer(state, entry.action) as State & { deltalog?: unknown; transients?: unknown };
      if (entry._stateID !== state._stateID || next._stateID !== state._stateID + 1) {
        this.log(
          `match ${matchID}: the logged move at state ${entry._stateID} does not follow state ${state._stateID}; replay stopped there`,
        );
        break;
      }
      const { deltalog: _log, transients: _t, ...clean } = next;
      state = clean as State;
      this.stats.replayed++;
    }
    return state;
  }

  /** A replayed game end the metadata missed (the crash came between the two writes). */
  private async recordGameOver(matchID: string, state: State): Promise<void> {
    const { metadata } = (await this.backend.fetch(matchID, { metadata: true })) as Fetched;
    if (metadata && (metadata.gameover === undefined || metadata.gameover === null)) {
      await this.backend.setMetadata(matchID, { ...metadata, gameover: state.ctx.gameover });
    }
  }

  /** Write every match's newest state, then close the backend. */
  async close(): Promise<void> {
    const writes = [...this.live.entries()].map(([id, m]) => this.leave(id, m));
    this.live.clear();
    await Promise.allSettled([...writes, ...this.leaving.values()]);
    await this.backend.close();
  }
}
