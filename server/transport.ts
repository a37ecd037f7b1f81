/**
 * boardgame.io's socket transport with a guard in front of it. Every packet a socket sends is
 * checked before boardgame.io sees it:
 *
 * - `sync` only for a match that exists (boardgame.io would create one on demand) and, for a seat,
 *   with that seat's credentials; the socket is then bound to that match and seat;
 * - `update` only from a bound seat, for its own match and seat, as a move (boardgame.io 0.50.2
 *   runs any flow event an active player sends, and moves as `payload.playerID`, which it never
 *   compares with the authenticated seat), with arguments of a bounded size and shape;
 * - `chat` only from a bound socket, small; anything else is dropped.
 *
 * A dropped packet gets a `pu:rejected` event back (boardgame.io clients ignore it). Presence is
 * tracked from the same bindings, and a move that throws is logged instead of crashing the process.
 */
import type { IncomingMessage } from 'node:http';
import { SocketIO } from 'boardgame.io/server';
import type { Game } from 'boardgame.io';
import type { AckedStorage } from './storage';
import type { Presence } from './presence';
import { isOriginAllowed, type Origin } from './origins';

type SocketOpts = NonNullable<ConstructorParameters<typeof SocketIO>[0]>;
type InitArgs = Parameters<SocketIO['init']>;
type IoServer = NonNullable<InitArgs[0]['_io']>;
type IoSocket = Parameters<Parameters<ReturnType<IoServer['of']>['on']>[1]>[0];
type Queue = ReturnType<SocketIO['getMatchQueue']>;

/** Limits on what a client may send. */
export const LIMITS = {
  /** Bytes in one socket message (socket.io closes the connection beyond it). */
  maxMessageBytes: 16 * 1024,
  /** Bytes in one move's JSON arguments. */
  maxArgsBytes: 4096,
  maxDepth: 5,
  maxArrayLength: 128,
  maxStringLength: 64,
  maxIdLength: 64,
  maxCredentialsLength: 256,
  maxChatBytes: 1024,
};

export interface GuardStats {
  rejected: number;
  errors: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Why a move argument is out of bounds, or null: plain JSON of bounded depth, size and values. */
export function argumentError(value: unknown, depth = 0): string | null {
  if (depth > LIMITS.maxDepth) return 'nested too deeply';
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'a number that is not finite';
  if (typeof value === 'string') return value.length <= LIMITS.maxStringLength ? null : 'a string too long';
  if (Array.isArray(value)) {
    if (value.length > LIMITS.maxArrayLength) return 'a list too long';
    for (const item of value) {
      const why = argumentError(item, depth + 1);
      if (why) return why;
    }
    return null;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 32) return 'too many fields';
    for (const key of keys) {
      if (key.length > LIMITS.maxStringLength || key === '__proto__') return 'a bad field name';
      const why = argumentError(value[key], depth + 1);
      if (why) return why;
    }
    return null;
  }
  return `a value of type ${typeof value}`;
}

const isId = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= LIMITS.maxIdLength;

/** A page served by this server (its own origin) may always connect. */
function sameHost(origin: string, req: IncomingMessage): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export interface GuardedSocketIOOptions {
  storage: AckedStorage;
  presence: Presence;
  origins: Origin[];
  pubSub: SocketOpts['pubSub'];
  log: (message: string) => void;
}

export class GuardedSocketIO extends SocketIO {
  readonly stats: GuardStats = { rejected: 0, errors: 0 };
  private readonly guarded = new WeakSet<Queue>();
  private io: IoServer | null = null;
  private gameNames: string[] = [];

  constructor(private readonly opts: GuardedSocketIOOptions) {
    super({
      pubSub: opts.pubSub,
      socketOpts: {
        // boardgame.io passes `cors.origins`, which socket.io ignores (STACK §2.3).
        cors: { origin: opts.origins },
        // CORS does not apply to WebSockets: refuse browsers from other origins outright.
        allowRequest: (req: IncomingMessage, done: (err: string | null, ok: boolean) => void) => {
          const origin = req.headers.origin;
          done(null, origin === undefined || sameHost(origin, req) || isOriginAllowed(origin, opts.origins));
        },
        maxHttpBufferSize: LIMITS.maxMessageBytes,
      } as SocketOpts['socketOpts'],
    });
  }

  override init(...[app, games, origins]: InitArgs): void {
    super.init(app, games, origins);
    const io = app._io as IoServer;
    this.io = io;
    this.gameNames = games.map((game) => game.name as string);
    for (const game of games) {
      const moveNames = new Set((game as Game & { flow?: { moveNames?: string[] } }).flow?.moveNames ?? []);
      io.of(game.name as string).on('connection', (socket: IoSocket) => this.guard(socket, moveNames));
    }
  }

  /** Sockets open on this instance. */
  get socketCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /**
   * Close this instance's sockets bound to a seat, once its credentials have changed hands: they
   * would otherwise count in its presence. Their clients reconnect and are refused the seat.
   */
  disconnectSeat(matchID: string, playerID: string): void {
    for (const id of this.opts.presence.socketsOn(matchID, playerID)) {
      for (const name of this.gameNames) this.io?.of(name).sockets.get(id)?.disconnect(true);
      this.opts.presence.disconnect(id);
    }
  }

  private guard(socket: IoSocket, moveNames: Set<string>): void {
    const { storage, presence } = this.opts;
    const reject = (event: string, why: string) => {
      this.stats.rejected++;
      socket.emit('pu:rejected', { event, reason: why });
    };
    socket.on('disconnect', () => presence.disconnect(socket.id));
    socket.use((packet: unknown[], next: (err?: Error) => void) => {
      const [event, ...args] = packet as [string, ...unknown[]];
      if (event === 'update') {
        const why = this.updateError(socket.id, args, moveNames);
        return why ? reject(event, why) : next();
      }
      if (event === 'sync') {
        this.syncError(args, storage).then(
          (why) => {
            if (why) return reject(event, why);
            presence.connect(socket.id, args[0] as string, (args[1] as string | null | undefined) ?? null);
            next();
          },
          (err: unknown) => {
            this.stats.errors++;
            this.opts.log(`sync failed: ${String(err)}`);
            reject(event, 'the match could not be read');
          },
        );
        return;
      }
      if (event === 'chat') {
        const binding = presence.binding(socket.id);
        const ok =
          binding !== undefined &&
          binding.playerID !== null &&
          args[0] === binding.matchID &&
          JSON.stringify(args).length <= LIMITS.maxChatBytes;
        return ok ? next() : reject(event, 'chat needs a seat in this match');
      }
      reject(String(event), 'unknown event');
    });
  }

  private async syncError(args: unknown[], storage: AckedStorage): Promise<string | null> {
    const [matchID, playerID, credentials] = args;
    if (!isId(matchID)) return 'a match id is required';
    if (playerID !== undefined && playerID !== null && !isId(playerID)) return 'bad seat id';
    if (credentials !== undefined && credentials !== null && typeof credentials !== 'string')
      return 'bad credentials';
    const { metadata } = await storage.fetch(matchID, { metadata: true });
    if (!metadata) return 'no such match';
    if (playerID === undefined || playerID === null) return null;
    const seat = metadata.players[playerID as unknown as number];
    if (!seat) return 'no such seat';
    if (!seat.credentials || seat.credentials !== credentials) return 'invalid credentials';
    return null;
  }

  private updateError(socketID: string, args: unknown[], moveNames: Set<string>): string | null {
    const [action, stateID, matchID, playerID] = args;
    const binding = this.opts.presence.binding(socketID);
    if (!binding || binding.playerID === null) return 'sync with a seat first';
    if (matchID !== binding.matchID || playerID !== binding.playerID) return 'not your match or seat';
    if (!Number.isInteger(stateID) || (stateID as number) < 0) return 'bad state id';
    if (!isPlainObject(action)) return 'an action is an object';
    if (action.type !== 'MAKE_MOVE') return 'only moves are accepted';
    const payload = action.payload;
    if (!isPlainObject(payload)) return 'a move needs a payload';
    if (typeof payload.type !== 'string' || (moveNames.size > 0 && !moveNames.has(payload.type)))
      return 'unknown move';
    if (payload.playerID !== playerID) return 'a move is made for your own seat only';
    if (typeof payload.credentials !== 'string' || payload.credentials.length > LIMITS.maxCredentialsLength)
      return 'bad credentials';
    const moveArgs = payload.args;
    if (moveArgs !== undefined && moveArgs !== null) {
      if (!Array.isArray(moveArgs) || moveArgs.length > 1) return 'a move takes at most one argument';
      const arg = moveArgs[0];
      // A move without arguments may come as [] or [null] (socket.io sends undefined as null).
      if (arg !== undefined && arg !== null && !isPlainObject(arg)) return 'a move argument is an object';
      const why = argumentError(moveArgs);
      if (why) return `the move argument holds ${why}`;
      if (JSON.stringify(moveArgs).length > LIMITS.maxArgsBytes) return 'the move argument is too large';
    }
    return null;
  }

  /** Run a task in a match's queue, between its moves; its outcome (or error) is the caller's. */
  async inMatchQueue<T>(matchID: string, task: () => Promise<T>): Promise<T> {
    let outcome: { value: T } | { error: unknown } | undefined;
    await this.getMatchQueue(matchID).add(async () => {
      try {
        outcome = { value: await task() };
      } catch (error) {
        outcome = { error };
      }
    });
    if (!outcome) throw new Error(`The queue of match ${matchID} dropped a task.`);
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  /** boardgame.io's per-match queue, where a failing move is logged rather than left unhandled. */
  override getMatchQueue(matchID: string): Queue {
    const queue = super.getMatchQueue(matchID);
    if (!this.guarded.has(queue)) {
      this.guarded.add(queue);
      const add = queue.add.bind(queue) as (fn: () => Promise<unknown>) => Promise<unknown>;
      (queue as unknown as { add: typeof add }).add = (fn) =>
        add(async () => {
          try {
            return await fn();
          } catch (err) {
            this.stats.errors++;
            this.opts.log(
              `a move in match ${matchID} failed: ${err instanceof Error ? err.message : String(err)}`,
            );
            return undefined;
          }
        });
    }
    return queue;
  }
}
