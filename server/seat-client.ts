/**
 * A boardgame.io socket client for an automated seat (server bots, the load tool). Two rules keep
 * it from acting on a state that misses its own last move:
 *
 * - no optimistic updates: every move is `client: false` in the client's copy of the game, so the
 *   client's state is always one the server sent (with simultaneous turns, another player's update
 *   can otherwise replace an optimistic state that held a move still in flight);
 * - one move in flight: the next decision waits until the server's log shows the last move, or its
 *   rejection notice arrives (a refused move is not logged), or a timeout when it was dropped.
 */
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { type Action, type GameState, PlanetUnknown, type PlayerID, positioned, stageOf } from '../game';

type BgioClient = ReturnType<typeof Client>;
/** The one event of boardgame.io's socket that the seat listens to itself. */
interface SyncSource {
  on(event: 'sync', listener: () => void): unknown;
}
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
  private lastSerial: number | null = null;

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
          this.sentAt = null;
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
      this.sentAt = null;
      this.dropped++;
      this.o.onState?.();
    });
  }

  stop(): void {
    this.client.stop();
  }

  get state(): SeatState | null {
    return this.client.getState();
  }

  get over(): boolean {
    const s = this.state;
    return s !== null && s.ctx.gameover !== undefined;
  }

  /** Whether a move is waiting for the server. */
  get waiting(): boolean {
    if (this.sentAt === null) return false;
    if (Date.now() - this.sentAt > this.dropTimeoutMs) {
      this.sentAt = null;
      this.dropped++;
      return false;
    }
    return true;
  }

  /** The seat has something to do and nothing in flight. */
  canAct(): boolean {
    const s = this.state;
    if (!s || this.waiting || s.ctx.gameover !== undefined || !s.isActive) return false;
    return stageOf(s.G as GameState, this.o.playerID) !== null;
  }

  send(action: Action): void {
    const s = this.state;
    const sent = s ? positioned(s.G as GameState, this.o.playerID, action) : action;
    const { type, ...args } = sent as Action & Record<string, unknown>;
    const move = this.client.moves[type];
    if (!move) throw new Error(`The game has no move "${type}".`);
    this.sentAt = Date.now();
    if (Object.keys(args).length) move(args);
    else move();
  }

  private scan(): void {
    const log = this.client.log ?? [];
    if (log.length < this.scanned) {
      // A new sync replaced the log: whatever was in flight is either in it or lost.
      this.scanned = 0;
      if (this.sentAt !== null) {
        this.sentAt = null;
        this.dropped++;
      }
    }
    for (; this.scanned < log.length; this.scanned++) {
      const entry = log[this.scanned] as { action?: { type?: string; payload?: { playerID?: string } } };
      if (entry.action?.type !== 'MAKE_MOVE' || entry.action.payload?.playerID !== this.o.playerID) continue;
      if (this.sentAt !== null) {
        const ms = Date.now() - this.sentAt;
        this.sentAt = null;
        this.o.onAck?.(ms);
      }
    }
  }
}
