/**
 * A boardgame.io socket client for an automated seat (server bots, the load tool). Two rules keep
 * it from acting on a state that misses its own last move:
 *
 * - no optimistic updates: every move is `client: false` in the client's copy of the game, so the
 *   client's state is always one the server sent (with simultaneous turns, another player's update
 *   can otherwise replace an optimistic state that held a move still in flight);
 * - one move in flight: the next decision waits until the server's log shows the last move, or its
 *   rejection notice arrives (a refused move is not logged), or the server's guard turns it away
 *   (`pu:rejected`: over the socket's move rate, or sent before the socket's sync was answered), or
 *   a timeout when it was dropped. Each of these wakes the seat's owner (`onState`), so a seat
 *   never waits for a state that will not come.
 */
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import {
  type Action,
  type GameState,
  type GuardRejection,
  PlanetUnknown,
  type PlayerID,
  positioned,
  REJECTED_EVENT,
  stageOf,
} from '../game';

type BgioClient = ReturnType<typeof Client>;
/** What the seat listens to on its socket itself: boardgame.io's sync answers, the guard's refusals. */
interface SyncSource {
  on(event: 'sync', listener: () => void): unknown;
  on(event: typeof REJECTED_EVENT, listener: (rejection: Partial<GuardRejection>) => void): unknown;
}
/** How long a seat holds off after the guard turned a move away: a token of a 20 moves/s rate is 50 ms. */
const REJECTED_PAUSE_MS = 250;
export type SeatState = NonNullable<ReturnType<BgioClient['getState']>>;

/** A copy of the game whose moves all run on the server only. */
function serverOnly<T>(value: T, key = ''): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'moves') {
      out[k] = typeof v === 'function' ? { move: v, client: false } : { ...(v as object), client: false };
    } else out[k] = serverOnly(v, k);
  }
  return out as T;
}

export const SERVER_ONLY_GAME: Game = serverOnly(PlanetUnknown as Game);

export interface SeatClientOptions {
  server: string;
  matchID: string;
  playerID: PlayerID;
  credentials: string;
  /** Called on every state the server sends. */
  onState?: () => void;
  /** Called when the server's log shows this seat's move, with the time since it was sent. */
  onAck?: (ms: number) => void;
  /** Called after each sync the server answers (the first connection, then every reconnection). */
  onSync?: () => void;
  /** Called when the server's guard turns a move away before the engine sees it, with its reason. */
  onRejected?: (reason: string) => void;
  /** How long to wait for a move boardgame.io may have dropped. Default 15000 ms. */
  dropTimeoutMs?: number;
}

export class SeatClient {
  readonly client: BgioClient;
  private scanned = 0;
  private sentAt: number | null = null;
  private readonly dropTimeoutMs: number;
  /** Moves sent and never seen in the log (dropped by boardgame.io, or lost in a reconnect). */
  dropped = 0;
  /** Moves the engine refused (the seat's rejection notice changed). */
  refused = 0;
  /** Moves the server's guard turned away before the engine saw them (`pu:rejected`). */
  rejected = 0;
  private lastSerial: number | null = null;
  /** Until when the seat holds off after a guard's refusal (0: it does not). */
  private pausedUntil = 0;
  /** Wakes the owner when a move in flight reaches its drop timeout, or a pause ends. */
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly o: SeatClientOptions) {
    this.dropTimeoutMs = o.dropTimeoutMs ?? 15_000;
    this.client = Client({
      game: SERVER_ONLY_GAME,
      matchID: o.matchID,
      playerID: o.playerID,
      credentials: o.credentials,
      multiplayer: SocketIO({
        server: o.server,
        // The match id in the query lets a load balancer route the socket with its match (docs/server.md).
        // The seat in `auth`: the server's own bot seats do not count against its per-address cap.
        socketOpts: {
          transports: ['websocket'],
          query: { matchID: o.matchID },
          auth: { matchID: o.matchID, playerID: o.playerID, credentials: o.credentials },
        },
      }),
      debug: false,
    });
    this.client.subscribe((state) => {
      if (state) {
        // The notice's serial counts refusals since the seat's last accepted move.
        const serial = (state.G as GameState).private?.[o.playerID]?.rejection?.serial ?? 0;
        if (this.lastSerial !== null && serial > this.lastSerial) {
          // A refusal never enters the log: the notice is the server's answer to the move in flight.
          this.refused++;
          this.settle();
        }
        this.lastSerial = serial;
      }
      this.scan();
      o.onState?.();
    });
  }

  start(): void {
    this.client.start();
    // boardgame.io 0.50.2's socket transport keeps its socket.io client as `socket`. A sync (the
    // first connection, or a reconnect after a server restart) replaces the whole log, and only
    // comes once the server has loaded the match: a move still in flight then is either in that
    // log (acknowledged by the scan) or was lost with the server, and will never be answered.
    const socket = (this.client as unknown as { transport: { socket?: SyncSource } }).transport.socket;
    socket?.on('sync', () => {
      this.scan();
      this.o.onSync?.();
      if (this.sentAt === null) return;
      this.settle();
      this.dropped++;
      this.o.onState?.();
    });
    // The guard's answer to the move in flight: it never reached the engine, and no state will
    // follow it. A move sent while the socket reconnected is turned away too (its socket was not
    // yet bound to the seat); the sync that follows brings the state to decide on.
    socket?.on(REJECTED_EVENT, (rejection) => {
      if (rejection.event !== 'update' || this.sentAt === null) return;
      this.settle();
      this.rejected++;
      this.pausedUntil = Date.now() + REJECTED_PAUSE_MS;
      this.o.onRejected?.(rejection.reason ?? '');
      this.wakeIn(REJECTED_PAUSE_MS);
    });
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.client.stop();
  }

  /** The move in flight is answered (or given up): nothing to wake the owner for. */
  private settle(): void {
    this.sentAt = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Calls the owner back after `ms`, so that it decides again once a wait is over. */
  private wakeIn(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.o.onState?.();
    }, ms + 1);
    this.timer.unref?.();
  }

  get state(): SeatState | null {
    return this.client.getState();
  }

  get over(): boolean {
    const s = this.state;
    return s !== null && s.ctx.gameover !== undefined;
  }

  /** How long the move in flight has waited for the server (null: none is). */
  get inFlightMs(): number | null {
    return this.sentAt === null ? null : Date.now() - this.sentAt;
  }

  /** Whether a move is waiting for the server. */
  get waiting(): boolean {
    if (this.sentAt === null) return false;
    if (Date.now() - this.sentAt > this.dropTimeoutMs) {
      this.settle();
      this.dropped++;
      return false;
    }
    return true;
  }

  /** The seat has something to do and nothing in flight. */
  canAct(): boolean {
    const s = this.state;
    if (!s || this.waiting || Date.now() < this.pausedUntil || s.ctx.gameover !== undefined || !s.isActive)
      return false;
    return stageOf(s.G as GameState, this.o.playerID) !== null;
  }

  send(action: Action): void {
    const s = this.state;
    const sent = s ? positioned(s.G as GameState, this.o.playerID, action) : action;
    const { type, ...args } = sent as Action & Record<string, unknown>;
    const move = this.client.moves[type];
    if (!move) throw new Error(`The game has no move "${type}".`);
    this.sentAt = Date.now();
    // A move that gets no answer at all is given up at the drop timeout: the owner is told then.
    this.wakeIn(this.dropTimeoutMs);
    if (Object.keys(args).length) move(args);
    else move();
  }

  private scan(): void {
    const log = this.client.log ?? [];
    if (log.length < this.scanned) {
      // A new sync replaced the log: whatever was in flight is either in it or lost.
      this.scanned = 0;
      if (this.sentAt !== null) {
        this.settle();
        this.dropped++;
      }
    }
    for (; this.scanned < log.length; this.scanned++) {
      const entry = log[this.scanned] as { action?: { type?: string; payload?: { playerID?: string } } };
      if (entry.action?.type !== 'MAKE_MOVE' || entry.action.payload?.playerID !== this.o.playerID) continue;
      if (this.sentAt !== null) {
        const ms = Date.now() - this.sentAt;
        this.settle();
        this.o.onAck?.(ms);
      }
    }
  }
}
