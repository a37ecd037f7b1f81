/**
 * Shared set-up of the server tests: a server on 127.0.0.1 with a temporary data directory, Lobby
 * API helpers, boardgame.io socket clients for seats and spectators, and raw socket.io clients for
 * what a well-behaved client never sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { io, type Socket } from 'socket.io-client';
import type { Action, GameState, PlayerID } from '../../game/core/types';
import { createRng } from '../../game/core/prng';
import { legalActions, stageOf } from '../../game/engine';
import { GAME_NAME, PlanetUnknown, isPrivateStep } from '../../game/game';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';

export const GAME = GAME_NAME;

export interface TestServer extends RunningServer {
  dataDir: string;
  logs: string[];
  /** Close the server and remove its data directory. */
  dispose(): Promise<void>;
}

export async function startTestServer(
  options: Partial<ServerOptions> = {},
  dataDir?: string,
): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'pu-server-'));
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    staticDir: join(dir, 'no-client-here'),
    createLimit: null,
    listLimit: null,
    seatLimit: null,
    botSeatsPerAddress: null,
    log: (m) => logs.push(m),
    ...options,
    bots: { workers: 1, delayMs: 0, ...options.bots },
  });
  return {
    ...server,
    dataDir: dir,
    logs,
    dispose: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export async function request(base: string, path: string, init?: RequestInit): Promise<Reply> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}

export const post = (base: string, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  request(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

export interface Seat {
  playerID: PlayerID;
  credentials: string;
}

export async function createMatch(base: string, body: Record<string, unknown>): Promise<string> {
  const res = await post(base, `/games/${GAME}/create`, body);
  if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`);
  return (res.body as { matchID: string }).matchID;
}

export async function joinSeat(
  base: string,
  matchID: string,
  playerID: PlayerID,
  name = `P${playerID}`,
): Promise<Seat> {
  const res = await post(base, `/games/${GAME}/${matchID}/join`, { playerID, playerName: name });
  if (res.status !== 200) throw new Error(`join: ${res.status} ${res.text}`);
  return { playerID, credentials: (res.body as { playerCredentials: string }).playerCredentials };
}

/** Whether a socket.io connection over WebSocket with these handshake headers opens. */
export function websocketOpens(base: string, headers: Record<string, string>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = io(`${base}/${GAME}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    socket.on('connect', () => {
      socket.close();
      resolve(true);
    });
    socket.on('connect_error', () => {
      socket.close();
      resolve(false);
    });
  });
}

export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type BgioClient = ReturnType<typeof Client>;
export type ClientState = NonNullable<ReturnType<BgioClient['getState']>>;

/** A boardgame.io socket client for a seat (or a spectator without one). */
export class Player {
  readonly client: BgioClient;
  /** Every state the client was given, in order (a spectator's come only from the server). */
  readonly states: ClientState[] = [];
  /**
   * Updates and sync answers the server sent this client's socket (each after the client took it
   * in). State ids are each socket's own (other seats' private steps are not counted,
   * server/step-veil.ts): this, not an id, tells whether a client has heard of a move.
   */
  heard = 0;
  /** The last state the server sent this client (with its last update or sync). */
  told: SyncInfo['state'] | null = null;
  /** Sync answers the server sent this client's socket (one per connection, a reconnection too). */
  syncs = 0;

  constructor(
    base: string,
    readonly matchID: string,
    readonly seat: Seat | null,
  ) {
    this.client = Client({
      game: PlanetUnknown,
      matchID,
      ...(seat ? { playerID: seat.playerID, credentials: seat.credentials } : {}),
      multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'] } }),
      debug: false,
    });
    this.client.subscribe((s) => {
      if (s) this.states.push(s);
    });
    this.client.start();
    // After the client's own listeners (registered by start): counted once the client has the state.
    const socket = (this.client as unknown as { transport: { socket: Socket } }).transport.socket;
    socket.on('update', (_id: string, state: SyncInfo['state']) => {
      this.heard++;
      this.told = state;
    });
    socket.on('sync', (_id: string, info: SyncInfo) => {
      this.heard++;
      this.syncs++;
      this.told = info.state;
    });
  }

  get state(): ClientState | null {
    return this.client.getState();
  }

  get G(): GameState {
    return this.state?.G as GameState;
  }

  get stateID(): number {
    return this.state?._stateID ?? -1;
  }

  waitFor(what: string, check: (s: ClientState) => boolean, timeoutMs = 10_000): Promise<ClientState> {
    return waitUntil(
      what,
      () => {
        const s = this.state;
        return s && check(s) ? s : null;
      },
      timeoutMs,
    );
  }

  synced(): Promise<ClientState> {
    return this.waitFor('the first sync', (s) => s._stateID >= 0);
  }

  /** Whether this seat has something to do now. */
  canAct(): boolean {
    const s = this.state;
    return !!(
      this.seat &&
      s &&
      s.isActive &&
      !s.ctx.gameover &&
      stageOf(s.G as GameState, this.seat.playerID)
    );
  }

  legal(): Action[] {
    return this.seat && this.state ? legalActions(this.G, this.seat.playerID) : [];
  }

  /** Send an action as a move. */
  send(action: Action | (Record<string, unknown> & { type: string })): void {
    const { type, ...args } = action as Record<string, unknown> & { type: string };
    const move = this.client.moves[type];
    if (!move) throw new Error(`No move "${type}".`);
    if (Object.keys(args).length) move(args);
    else move();
  }

  private stopped = false;

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.client.stop();
  }
}

/**
 * Send `action` for `p` and wait until the server's answer reached every client that hears of it:
 * the mover's alone for a private step of its turn (server/step-veil.ts), every one of `all` else.
 */
export async function sendAndHear(p: Player, action: Action, all: Player[]): Promise<void> {
  const hearers = isPrivateStep(action.type) ? [p] : [...new Set([p, ...all])];
  const before = hearers.map((q) => q.heard);
  p.send(action);
  await waitUntil(`the server's answer to ${action.type}`, () =>
    hearers.every((q, i) => q.heard > before[i]!),
  );
}

/**
 * Play random legal actions for these players until `until` holds. Each step waits for the
 * server's answer to reach every client that hears of it (`sendAndHear`: the watcher, a
 * spectator, hears of every move but other seats' private steps), so a player decides only on the
 * newest state the server has for it.
 */
export async function playRandomly(
  players: Player[],
  watcher: Player,
  until: () => boolean,
  opts: { seed?: string; maxActions?: number; timeoutMs?: number; filter?: (a: Action) => boolean } = {},
): Promise<number> {
  const rng = createRng(opts.seed ?? 'test');
  const end = Date.now() + (opts.timeoutMs ?? 30_000);
  let actions = 0;
  while (!until()) {
    if (Date.now() > end) throw new Error(`playRandomly: timed out after ${actions} actions.`);
    const p = players.find((x) => x.canAct());
    if (!p) {
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    const options = p.legal().filter(opts.filter ?? (() => true));
    if (options.length === 0) {
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    await sendAndHear(p, rng.pick(options), [...players, watcher]);
    actions++;
    if (opts.maxActions !== undefined && actions >= opts.maxActions) break;
  }
  return actions;
}

/** A raw socket.io client on the game's namespace. */
export class RawSocket {
  readonly socket: Socket;
  readonly rejections: { event: string; reason: string }[] = [];

  constructor(base: string) {
    this.socket = io(`${base}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on('pu:rejected', (r: { event: string; reason: string }) => this.rejections.push(r));
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  /** Sync as a seat (or spectator); resolves with the state sent back, or null if refused. */
  async sync(matchID: string, playerID: string | null, credentials?: string): Promise<SyncInfo | null> {
    await this.connected();
    const count = this.rejections.length;
    return new Promise((resolve) => {
      const onSync = (id: string, info: SyncInfo) => {
        if (id !== matchID) return;
        cleanup();
        resolve(info);
      };
      const timer = setInterval(() => {
        if (this.rejections.length > count) {
          cleanup();
          resolve(null);
        }
      }, 5);
      const cleanup = () => {
        clearInterval(timer);
        this.socket.off('sync', onSync);
      };
      this.socket.on('sync', onSync);
      this.socket.emit('sync', matchID, playerID, credentials, 2);
    });
  }

  /** Emit a packet and wait for its rejection (resolves with the reason) or `waitMs`. */
  async emit(event: string, ...args: unknown[]): Promise<string | null> {
    await this.connected();
    const count = this.rejections.length;
    this.socket.emit(event, ...args);
    const end = Date.now() + 1000;
    while (Date.now() < end) {
      if (this.rejections.length > count) return this.rejections[count]?.reason ?? null;
      await new Promise((r) => setTimeout(r, 5));
    }
    return null;
  }

  close(): void {
    this.socket.close();
  }
}

export interface SyncInfo {
  state: { G: GameState; ctx: ClientState['ctx']; _stateID: number };
  log: unknown[];
}

/** The stored state as `seat` sees it, through a fresh sync. */
export async function snapshot(base: string, matchID: string, seat: Seat | null): Promise<SyncInfo['state']> {
  const raw = new RawSocket(base);
  try {
    const info = await raw.sync(matchID, seat?.playerID ?? null, seat?.credentials);
    if (!info) throw new Error('snapshot: the sync was refused');
    return info.state;
  } finally {
    raw.close();
  }
}

/** A move action packet as boardgame.io's client sends it. */
export function movePacket(type: string, args: unknown, playerID: string, credentials: string) {
  return {
    type: 'MAKE_MOVE',
    payload: { type, args: args === undefined ? [] : [args], playerID, credentials },
  };
}

/**
 * Up to `count` random moves other than `confirm` (a round never ends), by whichever seats have
 * one, each awaited until every client that hears of it has it (`sendAndHear`). Returns how many
 * were played.
 */
export async function playWithinRound(
  players: Player[],
  watcher: Player,
  count: number,
  seed: string,
): Promise<number> {
  const rng = createRng(seed);
  let played = 0;
  for (; played < count; played++) {
    const choices = players
      .filter((p) => p.canAct())
      .flatMap((p) => p.legal().map((a) => [p, a] as const))
      .filter(([, a]) => a.type !== 'confirm');
    if (choices.length === 0) break;
    const [p, a] = rng.pick(choices);
    await sendAndHear(p, a, [...players, watcher]);
  }
  return played;
}

/**
 * Whether every client has the newest state the server has for its viewer: its state id is that
 * of a fresh sync as the same seat (or spectator). Ids are per viewer (server/step-veil.ts).
 */
export async function inStep(base: string, clients: Player[]): Promise<boolean> {
  for (const c of clients) {
    const fresh = await snapshot(base, c.matchID, c.seat);
    if (c.stateID !== fresh._stateID) return false;
  }
  return true;
}

/**
 * Seats joined one by one while another seat's socket syncs (boardgame.io marks the seat connected)
 * and then goes away (marked disconnected), each at the same moment as a join. Returns what the
 * server then lists and whether each joined seat's credentials still open its seat.
 */
export async function joinWhileSocketsComeAndGo(
  base: string,
  matchID: string,
  players: number,
): Promise<{ names: (string | undefined)[]; working: boolean[] }> {
  const first = await joinSeat(base, matchID, '0');
  const seats = [first];
  let previous: RawSocket | null = null;
  for (let p = 1; p < players; p++) {
    const raw = new RawSocket(base);
    await raw.connected();
    const leaving = previous;
    const [, seat] = await Promise.all([
      raw.sync(matchID, '0', first.credentials),
      joinSeat(base, matchID, String(p) as PlayerID),
      Promise.resolve().then(() => leaving?.close()),
    ]);
    seats.push(seat);
    previous = raw;
  }
  previous?.close();
  const listed = (await request(base, `/games/${GAME}/${matchID}`)).body as {
    players: { id: number; name?: string }[];
  };
  const working: boolean[] = [];
  for (const seat of seats) {
    const raw = new RawSocket(base);
    try {
      working.push((await raw.sync(matchID, seat.playerID, seat.credentials)) !== null);
    } finally {
      raw.close();
    }
  }
  return { names: listed.players.map((p) => p.name), working };
}
