/**
 * boardgame.io's socket transport with a guard in front of it. Every packet a socket sends is
 * checked before boardgame.io sees it:
 *
 * - `sync` only for a match that exists (boardgame.io would create one on demand) and, for a seat,
 *   with that seat's credentials; the socket is then bound to that match and seat;
 * - `update` only from a bound seat, for its own match and seat, as a move (boardgame.io 0.50.2
 *   runs any flow event an active player sends, and moves as `payload.playerID`, which it never
 *   compares with the authenticated seat), with arguments of a bounded size and shape;
 * - `chat` only from a bound seat, as plain text of a bounded length within a per-seat rate; it is
 *   kept with the match and sent to the match's sockets by the guard (chat.ts), never by
 *   boardgame.io; anything else is dropped;
 * - each within its rate per socket, and sockets within a cap per client address (socket-limits.ts);
 * - a move is played by the transport itself, so that a refused one is not stored (move-runner.ts).
 *
 * A dropped packet gets a `pu:rejected` event back (boardgame.io clients ignore it). Presence is
 * tracked from the same bindings, and a move that throws is logged instead of crashing the process.
 * A match's move queue is dropped once idle and without sockets.
 *
 * What a socket is sent goes through one filter too (`filterOutgoing`): the sync answer's initial
 * state as the socket's seat may see it, nothing of other seats' private steps (step-veil.ts), and
 * the mover's notice of a refused move (move-runner.ts).
 */
import type { IncomingMessage } from 'node:http';
import { SocketIO } from 'boardgame.io/server';
import type { Game } from 'boardgame.io';
import { withoutConnectionWrites, type AckedStorage } from './storage';
import type { Presence } from './presence';
import type { OriginPolicy } from './origins';
import { plainJsonParser } from './socket-encoder';
import {
  AddressCount,
  DEFAULT_SOCKET_LIMITS,
  RefusalLog,
  SocketBudget,
  socketAddress,
  type SocketLimits,
} from './socket-limits';
import { MoveRunner, type MoveOutcome } from './move-runner';
import {
  formatMessage,
  type GuardRejection,
  isPrivateStep,
  type Reason,
  REJECTED_EVENT,
  refuse,
} from '../game';
import { StepVeil, type SyncInfo } from './step-veil';
import { botSeatsOf } from './bots';
import { CHAT_EVENT, ChatRate, chatText, newChatLine } from './chat';
import { seatIdError } from './http';

type SocketOpts = NonNullable<ConstructorParameters<typeof SocketIO>[0]>;
type InitArgs = Parameters<SocketIO['init']>;
type IoServer = NonNullable<InitArgs[0]['_io']>;
type IoSocket = Parameters<Parameters<ReturnType<IoServer['of']>['on']>[1]>[0];
type Queue = ReturnType<SocketIO['getMatchQueue']>;

/** The longest a sync holds its match's queue when boardgame.io never answers it (a failed read). */
const SYNC_HOLD_MS = 5000;

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
};

/** The answer to a spectator's `chat` packet: spectators read the table chat, seated players write it. */
export const CHAT_SEATED_ONLY = 'only seated players write in the table chat';
/** The answer to a seat writing faster than its per-seat rate (server/chat.ts). */
export const CHAT_TOO_FAST = 'too many chat messages from your seat: wait a moment';

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

/** A match's initial state as `viewer` may see it: the game's player view, no plugin data. */
function initialStateFor(game: Game, state: unknown, viewer: string | null): unknown {
  const { G, ctx } = state as { G: unknown; ctx: unknown };
  const view = game.playerView as (context: { G: unknown; ctx: unknown; playerID: string | null }) => unknown;
  return { ...(state as object), G: view({ G, ctx, playerID: viewer }), plugins: {}, _undo: [], _redo: [] };
}

export interface GuardedSocketIOOptions {
  storage: AckedStorage;
  presence: Presence;
  /** Which browser origins may open a socket (server/origins.ts, the same policy as the API's). */
  origins: OriginPolicy;
  pubSub: SocketOpts['pubSub'];
  log: (message: string) => void;
  /** Per-socket rates and the per-address socket cap (server/socket-limits.ts); defaults when omitted. */
  limits?: SocketLimits;
  /** How the client address of a socket is read, as on the HTTP side. */
  trustProxy?: boolean;
  proxyHops?: number;
  /**
   * After a seat's move is played in a clocked match, inside the match's queue (server/clocks.ts):
   * `byPerson` unless the server played it itself (`playAs`).
   */
  afterMove?: (
    matchID: string,
    playerID: string,
    byPerson: boolean,
    played: NonNullable<Extract<MoveOutcome, { played: true }>['clocked']>,
  ) => Promise<void>;
}

export class GuardedSocketIO extends SocketIO {
  readonly stats: GuardStats = { rejected: 0, errors: 0 };
  private readonly guarded = new WeakSet<Queue>();
  private io: IoServer | null = null;
  private gameNames: string[] = [];
  /** Sockets open per client address; refused packets summed up in the log (socket-limits.ts). */
  private addresses: AddressCount | null = null;
  private refusals: RefusalLog | null = null;
  /** What sockets are told of other seats' private steps: nothing (server/step-veil.ts). */
  private readonly veil = new StepVeil(isPrivateStep);
  /** The move runner of the game (one game per server). */
  private runner: MoveRunner | null = null;
  private readonly chatRate = new ChatRate();
  /** Sockets whose sync boardgame.io is answering, each holding its match's queue (answerSync). */
  private readonly syncHolds = new Map<string, () => void>();

  constructor(private readonly opts: GuardedSocketIOOptions) {
    super({
      pubSub: opts.pubSub,
      socketOpts: {
        // boardgame.io passes `cors.origins`, which socket.io ignores (STACK §2.3).
        cors: {
          origin: (origin: string | undefined, done: (err: Error | null, allow: boolean) => void) =>
            done(null, origin === undefined || opts.origins.allows(origin)),
        },
        // CORS does not apply to WebSockets, nor to a DNS-rebinding page's polling (same-origin to
        // its browser): refuse browsers from other origins outright, the same way as the API.
        allowRequest: (req: IncomingMessage, done: (err: string | null, ok: boolean) => void) =>
          done(null, opts.origins.allowsRequest(req.headers)),
        maxHttpBufferSize: LIMITS.maxMessageBytes,
        // Match states are sent without socket.io's scan for binary data (server/socket-encoder.ts).
        parser: plainJsonParser,
      } as SocketOpts['socketOpts'],
    });
  }

  override init(...[app, games, origins]: InitArgs): void {
    super.init(app, games, origins);
    const io = app._io as IoServer;
    this.io = io;
    this.gameNames = games.map((game) => game.name as string);
    const limits = this.opts.limits ?? DEFAULT_SOCKET_LIMITS;
    const addresses = (this.addresses = new AddressCount(limits.socketsPerAddress));
    this.refusals = new RefusalLog(this.opts.log);
    const trust = { trustProxy: this.opts.trustProxy ?? false, proxyHops: this.opts.proxyHops ?? 1 };
    // The per-address cap counts sockets, on the game's namespace and on socket.io's main one (open
    // to anyone too); past it a socket is refused with the reason (the client's connect_error). The
    // server's own bot seats do not count: they all connect from the server's address.
    const admit = (socket: IoSocket, next: (err?: Error) => void) => {
      this.isBotSeat(socket).then(
        (bot) => {
          // Marked for the guard: the server's own bots are not held to the per-socket rates either
          // (a bot with no pause plays faster than a person, and its moves are the server's own).
          (socket.data as { serverBot?: boolean }).serverBot = bot;
          if (bot) return next();
          const address = socketAddress(socket.handshake, trust);
          const why = addresses.admit(address);
          if (why) {
            this.stats.rejected++;
            this.refusals?.record(null, 'too many connections from one address');
            return next(new Error(why));
          }
          socket.once('disconnect', () => addresses.release(address));
          next();
        },
        () => next(new Error('The server could not read the match: try again.')),
      );
    };
    io.use(admit);
    for (const game of games) {
      // Patches (`deltaState`) would carry the stored state ids and every seat's steps: not filtered.
      if (game.deltaState) throw new Error(`${String(game.name)}: deltaState is not supported here`);
      const moveNames = new Set((game as Game & { flow?: { moveNames?: string[] } }).flow?.moveNames ?? []);
      const runner = new MoveRunner({
        game,
        storage: this.opts.storage,
        auth: (app.context as { auth?: ConstructorParameters<typeof MoveRunner>[0]['auth'] }).auth,
        pubSub: this.pubSub as ConstructorParameters<typeof MoveRunner>[0]['pubSub'],
      });
      this.runner = runner;
      const nsp = io.of(game.name as string);
      nsp.use(admit);
      nsp.on('connection', (socket: IoSocket) => {
        // boardgame.io's handlers, added before these: the seat's connection flag is not written.
        for (const event of ['sync', 'disconnect'])
          for (const listener of socket.listeners(event)) {
            socket.off(event, listener);
            socket.on(event, withoutConnectionWrites(listener));
          }
        this.filterOutgoing(socket, game, runner);
        const serverBot = (socket.data as { serverBot?: boolean }).serverBot === true;
        this.guard(socket, moveNames, serverBot ? null : new SocketBudget(limits), runner);
      });
    }
  }

  /**
   * What leaves the server for a socket, whoever sends it (boardgame.io's sync answer and
   * broadcasts, the move runner's notices), as the seat the socket synced as (a spectator if none)
   * may be told it:
   *
   * - boardgame.io 0.50.2 filters the state and the log of its sync answer but sends the match's
   *   initial state untouched: the seed, the generator's state, the hidden setup and every seat's
   *   private part. It is filtered the same way.
   * - Other seats' private steps are not told, neither their kind nor their number: their updates
   *   are held back, and state ids and move counters shown without them (server/step-veil.ts).
   * - A refused move's notice, which is not stored, is added to the updates of the mover's socket
   *   (server/move-runner.ts).
   */
  private filterOutgoing(socket: IoSocket, game: Game, runner: MoveRunner): void {
    const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean;
    (socket as unknown as { emit: typeof emit }).emit = (event, ...args) => {
      const viewer = this.opts.presence.binding(socket.id)?.playerID ?? null;
      if (event === 'sync') {
        // boardgame.io adds the socket to the match's broadcasts in the same turn of the event
        // loop as this answer: the match's queue moves on after that (answerSync).
        const release = this.syncHolds.get(socket.id);
        if (release) setImmediate(release);
        const [matchID, info] = args as [string, (SyncInfo & { initialState?: unknown }) | undefined];
        if (!info) return emit(event, ...args);
        const initialState = info.initialState ? initialStateFor(game, info.initialState, viewer) : undefined;
        return emit(event, matchID, { ...this.veil.sync(socket.id, viewer, matchID, info), initialState });
      }
      if (event === 'update') {
        const shown = this.veil.update(socket.id, viewer, args);
        if (!shown) return true; // another seat's private step: nothing of it goes out
        return emit(event, ...runner.shownTo(socket.id, event, shown));
      }
      return emit(event, ...args);
    };
  }

  /**
   * Whether a socket says, in its handshake's `auth`, that it plays a bot seat (server/seat-client.ts),
   * with that seat's credentials.
   */
  private async isBotSeat(socket: IoSocket): Promise<boolean> {
    const { matchID, playerID, credentials } = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    if (!isId(matchID) || typeof credentials !== 'string' || credentials.length === 0) return false;
    const { metadata } = await this.opts.storage.fetch(matchID, { metadata: true });
    if (!metadata || seatIdError('playerID', playerID, matchID, metadata)) return false;
    if (metadata.players[Number(playerID)]?.credentials !== credentials) return false;
    return botSeatsOf(metadata)[String(playerID)] !== undefined;
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

  private guard(
    socket: IoSocket,
    moveNames: Set<string>,
    budget: SocketBudget | null,
    runner: MoveRunner,
  ): void {
    const { storage, presence } = this.opts;
    /** A refusal: its English text, and the message itself when the move runner refused (for the client's language). */
    const reject = (event: string, why: string, message?: Reason) => {
      this.stats.rejected++;
      const rejection: GuardRejection = message ? { event, reason: why, message } : { event, reason: why };
      socket.emit(REJECTED_EVENT, rejection);
    };
    /** A refusal also summed up in the log (abuse, or what boardgame.io would have logged). */
    const rejectLogged = (event: string, why: string, message?: Reason) => {
      reject(event, why, message);
      this.refusals?.record(presence.binding(socket.id)?.matchID ?? null, why);
    };
    socket.on('disconnect', () => {
      this.syncHolds.get(socket.id)?.();
      presence.disconnect(socket.id);
      runner.forget(socket.id);
      this.veil.forget(socket.id);
    });
    socket.use((packet: unknown[], next: (err?: Error) => void) => {
      const [event, ...args] = packet as [string, ...unknown[]];
      const overBudget = budget?.check(event) ?? null;
      if (overBudget) return rejectLogged(event, overBudget);
      if (event === 'update') {
        const why = this.updateError(socket.id, args, moveNames);
        if (why) return reject(event, why);
        // Played here rather than by boardgame.io's handler: see server/move-runner.ts.
        const [action, stateID, matchID, playerID] = args as [never, number, string, string];
        this.inMatchQueue(matchID, async () => {
          const outcome = await runner.run(socket, { action, stateID, matchID, playerID });
          if ('played' in outcome && outcome.clocked)
            await this.opts.afterMove?.(matchID, playerID, true, outcome.clocked);
          return outcome;
        }).then(
          (outcome) => {
            if ('refused' in outcome && !outcome.engine)
              rejectLogged(event, formatMessage(outcome.refused), outcome.refused);
          },
          (err: unknown) => {
            this.stats.errors++;
            this.opts.log(
              `a move in match ${matchID} failed: ${err instanceof Error ? err.message : String(err)}`,
            );
            reject(event, 'the move failed on the server');
          },
        );
        return;
      }
      if (event === 'sync') {
        this.syncError(args, storage).then(
          (why) => {
            if (why) return reject(event, why);
            presence.connect(socket.id, args[0] as string, (args[1] as string | null | undefined) ?? null);
            runner.clearNotice(socket.id);
            void this.inMatchQueue(args[0] as string, () => this.answerSync(socket.id, next));
          },
          (err: unknown) => {
            this.stats.errors++;
            this.opts.log(`sync failed: ${String(err)}`);
            reject(event, 'the match could not be read');
          },
        );
        return;
      }
      // Table chat (server/chat.ts): checked, kept with the match and sent to its sockets here;
      // boardgame.io never sees it (it would relay anything, and keep it in memory only).
      if (event === 'chat') return this.chat(socket, args, reject, rejectLogged);
      reject(String(event), 'unknown event');
    });
  }

  private chat(
    socket: IoSocket,
    args: unknown[],
    reject: (event: string, why: string) => void,
    rejectLogged: (event: string, why: string) => void,
  ): void {
    const binding = this.opts.presence.binding(socket.id);
    if (!binding) return reject('chat', 'sync with a seat first');
    if (binding.playerID === null) return reject('chat', CHAT_SEATED_ONLY);
    const [matchID, message] = args;
    if (matchID !== binding.matchID) return reject('chat', 'not your match');
    const checked = chatText(message, binding.playerID);
    if ('refused' in checked) return reject('chat', checked.refused);
    if (!this.chatRate.take(matchID, binding.playerID)) return rejectLogged('chat', CHAT_TOO_FAST);
    const line = newChatLine(binding.playerID, checked.text);
    this.opts.storage.appendChat(matchID, line).then(
      () => this.pubSub.publish(`MATCH-${matchID}`, { type: CHAT_EVENT, args: [matchID, line] } as never),
      (err: unknown) => {
        this.stats.errors++;
        this.opts.log(`a chat message in match ${matchID} could not be kept: ${String(err)}`);
        reject('chat', 'the message could not be kept: send it again');
      },
    );
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
    // The same seat check as the Lobby API's: a seat the match has, written as boardgame.io writes it.
    if (seatIdError('playerID', playerID, matchID, metadata)) return 'no such seat';
    const seat = metadata.players[Number(playerID)];
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

  /**
   * Play a move as a seat, for the server itself (the clock's bot for an away seat), with the
   * seat's stored credentials and the stored state's id: the same checks and broadcast as a
   * socket's move. Call it inside the match's queue.
   */
  async playAs(
    matchID: string,
    playerID: string,
    move: { type: string; args?: object },
  ): Promise<MoveOutcome> {
    const runner = this.runner;
    if (!runner) throw new Error('The transport has not started.');
    const { metadata, state } = await this.opts.storage.fetch(matchID, { metadata: true, state: true });
    if (!metadata || !state) return { refused: refuse('reason.noSuchMatch'), engine: false };
    const credentials = metadata.players[Number(playerID)]?.credentials;
    const payload = { type: move.type, args: move.args ? [move.args] : [], playerID, credentials };
    // The server's own mover: the refusal notice it may be sent goes nowhere.
    const mover = { id: `server:${matchID}:${playerID}`, emit: () => true };
    try {
      return await runner.run(mover, {
        action: { type: 'MAKE_MOVE', payload } as never,
        stateID: state._stateID,
        matchID,
        playerID,
      });
    } finally {
      runner.forget(mover.id);
    }
  }

  /** Run a task in a match's queue, between its moves; its outcome (or error) is the caller's. */
  /**
   * Lets boardgame.io answer a socket's sync, holding the match's queue until it has: boardgame.io
   * reads the match for its answer, and only then adds the socket to the match's broadcasts. A move
   * played in between reached the socket neither in the answer nor as an update, so its client
   * kept the state before it; when that move was the one its seat waited for (the last confirmation
   * of a round), the seat waited for good, and the match with it. Seen after a server restart, when
   * every socket syncs while the seats that synced first play on. The hold ends with the answer
   * (`filterOutgoing`), the socket's disconnection, or, should boardgame.io not answer (a failed
   * read), after SYNC_HOLD_MS.
   */
  private answerSync(socketID: string, next: (err?: Error) => void): Promise<void> {
    return new Promise<void>((done) => {
      const timer = setTimeout(release, SYNC_HOLD_MS);
      timer.unref();
      const holds = this.syncHolds;
      function release() {
        clearTimeout(timer);
        if (holds.get(socketID) === release) holds.delete(socketID);
        done();
      }
      holds.set(socketID, release);
      next();
    });
  }

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
      // boardgame.io drops a match's queue when its last socket leaves, and never otherwise: a
      // queue made for the bot route, or still busy then, would stay for ever.
      queue.on('idle', () => this.dropQueueIfUnused(matchID, queue));
    }
    return queue;
  }

  /** boardgame.io calls this when a match's last socket leaves: drop the queue once it is idle. */
  override deleteMatchQueue(matchID: string): void {
    const queue = this.perMatchQueue.get(matchID);
    if (queue) this.dropQueueIfUnused(matchID, queue);
  }

  private dropQueueIfUnused(matchID: string, queue: Queue): void {
    if (queue.size > 0 || queue.pending > 0) return; // its 'idle' event comes back here
    if ((this.roomInfo.get(matchID)?.size ?? 0) > 0) return; // its last socket's leaving does
    if (this.perMatchQueue.get(matchID) === queue) this.perMatchQueue.delete(matchID);
  }

  /** Matches with a move queue on this instance. */
  get matchQueues(): number {
    return this.perMatchQueue.size;
  }

  /** Stop the periodic log of refusals (writing what it holds). */
  close(): void {
    this.refusals?.close();
  }
}
