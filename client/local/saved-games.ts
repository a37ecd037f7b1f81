/**
 * Local games kept in the browser, so a reload, Back, a closed tab or a crash loses nothing; a
 * finished game stays, marked with its result, for the home page's list of finished games. A saved game is its settings (with the seed) and the moves played so far; resuming
 * replays the moves through the game, so nothing but the record is trusted.
 * Storage sits behind a small key-value interface: IndexedDB in the browser, a Map in tests.
 */
import type { MatchRecord } from '../../game';
import type { LocalSpec } from './setup-spec';
import { localSpecError } from './setup-spec';

type RecordedMove = MatchRecord['moves'][number];

export interface SavedLocalGame {
  id: string;
  /** The table's settings; the seed is always set. */
  spec: LocalSpec & { seed: string };
  /** Every move the table received, in order (refused ones are refused again on replay). */
  moves: RecordedMove[];
  startedAt: number;
  updatedAt: number;
  /** The round being played, for the list on the home page. */
  round: number;
  /** Set once the game is over: its result in short, for the list of finished games. */
  finished?: FinishedSummary;
}

/** A finished game's result as the home page lists it. */
export interface FinishedSummary {
  /** When the game ended (ms since the epoch). */
  at: number;
  winners: string[];
  /** Each seat's total, in seat order. */
  scores: { player: string; total: number }[];
  /** A solo game: its target and the margin by which it was beaten (negative: missed). */
  solo?: { target: number; margin: number };
}

/** The short result kept with a finished game. */
export function finishedSummary(
  result: {
    winners: readonly string[];
    scores: readonly { player: string; total: number }[];
    solo?: { target: number; margin: number };
  },
  at = Date.now(),
): FinishedSummary {
  return {
    at,
    winners: [...result.winners],
    scores: [...result.scores]
      .map(({ player, total }) => ({ player, total }))
      .sort((a, b) => Number(a.player) - Number(b.player)),
    ...(result.solo ? { solo: { target: result.solo.target, margin: result.solo.margin } } : {}),
  };
}

export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  values(): Promise<T[]>;
}

export function memoryStore<T>(): KeyValueStore<T> {
  const map = new Map<string, T>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    delete: async (key) => void map.delete(key),
    values: async () => [...map.values()],
  };
}

const DB_NAME = 'planet-unknown';
const STORE = 'local-games';

const done = <R>(request: IDBRequest<R>): Promise<R> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The browser storage refused the request.'));
  });

/** The browser's IndexedDB, through one object store; null where the browser has none. */
export function indexedDbStore<T>(): KeyValueStore<T> | null {
  if (typeof indexedDB === 'undefined') return null;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('The browser storage cannot be opened.'));
    });
    return opened;
  };
  const run = async <R>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<R>) =>
    done(request((await db()).transaction(STORE, mode).objectStore(STORE)));
  return {
    get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<T | undefined>),
    set: async (key, value) => void (await run('readwrite', (s) => s.put(value, key))),
    delete: async (key) => void (await run('readwrite', (s) => s.delete(key))),
    values: () => run('readonly', (s) => s.getAll() as IDBRequest<T[]>),
  };
}

let browserStore: KeyValueStore<SavedLocalGame> | null | undefined;
/** The store the app uses (null: this browser keeps nothing, the table still plays). */
export function savedGamesStore(): KeyValueStore<SavedLocalGame> | null {
  if (browserStore === undefined) browserStore = indexedDbStore<SavedLocalGame>();
  return browserStore;
}

/** Puts another store in the browser's place (tests without IndexedDB). */
export function replaceSavedGamesStore(store: KeyValueStore<SavedLocalGame> | null): void {
  browserStore = store;
}

export const newGameId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Why a stored value cannot be resumed, or null (storage may hold anything an older build wrote). */
export function savedGameError(value: unknown): string | null {
  if (!value || typeof value !== 'object') return 'The saved game is empty.';
  const g = value as Partial<SavedLocalGame>;
  if (typeof g.id !== 'string' || !g.id) return 'The saved game has no name.';
  const specWhy = localSpecError(g.spec);
  if (specWhy) return specWhy;
  if (typeof g.spec?.seed !== 'string' || !g.spec.seed) return 'The saved game has no seed.';
  if (!Array.isArray(g.moves)) return 'The saved game has no moves.';
  for (const m of g.moves as unknown[]) {
    const move = m as Partial<RecordedMove> | null;
    if (!move || typeof move.player !== 'string' || typeof move.move !== 'string')
      return 'A saved move is damaged.';
  }
  if (typeof g.updatedAt !== 'number' || typeof g.round !== 'number') return 'The saved game is damaged.';
  if (g.finished !== undefined) {
    const f = g.finished as Partial<FinishedSummary> | null;
    if (!f || typeof f.at !== 'number' || !Array.isArray(f.winners) || !Array.isArray(f.scores))
      return 'The saved game’s result is damaged.';
    for (const s of f.scores as unknown[]) {
      const score = s as Partial<FinishedSummary['scores'][number]> | null;
      if (!score || typeof score.player !== 'string' || typeof score.total !== 'number')
        return 'The saved game’s result is damaged.';
    }
  }
  return null;
}

/** The parts of a boardgame.io log entry that make a move. */
export interface LoggedAction {
  action: { type: string; payload: { type: string; args?: unknown[]; playerID?: string | null } };
}

/** The moves of a (merged) boardgame.io log, as a record keeps them. */
export function movesOfLog(log: readonly LoggedAction[]): RecordedMove[] {
  return log.flatMap(({ action }) => {
    const { type, args, playerID } = action.payload;
    if (action.type !== 'MAKE_MOVE' || typeof playerID !== 'string') return [];
    const arg = args?.[0];
    const move = type as RecordedMove['move'];
    return [
      arg && typeof arg === 'object'
        ? { player: playerID, move, args: arg as Record<string, unknown> }
        : { player: playerID, move },
    ];
  });
}

/** Sound entries (damaged ones are left out), the latest played first. */
async function soundGames(store: KeyValueStore<SavedLocalGame>): Promise<SavedLocalGame[]> {
  const all = await store.values();
  return all.filter((g) => savedGameError(g) === null).sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Unfinished games, the latest played first; damaged entries are left out. */
export async function listSavedGames(store: KeyValueStore<SavedLocalGame>): Promise<SavedLocalGame[]> {
  return (await soundGames(store)).filter((g) => !g.finished);
}

/** Finished games, the latest ended first; damaged entries are left out. */
export async function listFinishedGames(
  store: KeyValueStore<SavedLocalGame>,
): Promise<(SavedLocalGame & { finished: FinishedSummary })[]> {
  return (await soundGames(store))
    .filter((g): g is SavedLocalGame & { finished: FinishedSummary } => g.finished !== undefined)
    .sort((a, b) => b.finished.at - a.finished.at);
}

/** A game to resume, or the reason it cannot be. */
export async function loadSavedGame(
  store: KeyValueStore<SavedLocalGame>,
  id: string,
): Promise<SavedLocalGame | { error: string; missing?: true }> {
  const value = await store.get(id);
  if (value === undefined) return { error: 'This game is no longer saved on this device.', missing: true };
  const why = savedGameError(value);
  return why ? { error: why } : value;
}

/**
 * Writes a table's progress as it goes: one write at a time, the latest state always written
 * last, and a finished game written once more with its result (it leaves the Resume list for the
 * list of finished games).
 */
export class GameSaver {
  private writing: Promise<void> = Promise.resolve();
  private latest: SavedLocalGame | null = null;
  private finished = false;
  /** Whether the last write reached the store. */
  written = false;

  constructor(private readonly store: KeyValueStore<SavedLocalGame>) {}

  /** Resolves once this state (or a later one) is written: true when the store took it. */
  async save(game: SavedLocalGame): Promise<boolean> {
    if (this.finished) return false;
    this.latest = game;
    this.writing = this.writing.then(async () => {
      const next = this.latest;
      if (!next) return;
      this.latest = null;
      try {
        await this.store.set(next.id, next);
        this.written = true;
      } catch {
        this.written = false;
      }
    });
    await this.writing;
    return this.written;
  }

  /**
   * The game is over: it is written with all its moves and its result (a game finished before
   * keeps the time it ended), and later saves are ignored. Resolves true when the store took it.
   */
  async finish(game: SavedLocalGame & { finished: FinishedSummary }): Promise<boolean> {
    this.finished = true;
    this.latest = null;
    let written = false;
    this.writing = this.writing.then(async () => {
      try {
        const before = await this.store.get(game.id);
        const at = before?.finished?.at ?? game.finished.at;
        await this.store.set(game.id, { ...game, finished: { ...game.finished, at } });
        written = true;
      } catch {
        written = false;
      }
    });
    await this.writing;
    this.written = written;
    return written;
  }
}
