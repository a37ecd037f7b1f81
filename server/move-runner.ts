/**
 * A seat's move, run in its match's queue through boardgame.io's master, with two changes:
 *
 * - What boardgame.io would refuse with a line in the server log (the game is over, the player is
 *   not active, the move is not allowed in the player's stage) is refused first, with a reason for
 *   the client and nothing printed.
 * - A move the engine refuses does not become a stored move. boardgame.io would apply it as a move
 *   that only sets the player's rejection notice, append it to the match log (about 170 bytes each,
 *   for ever), write the state and send it to everyone. Here the master still runs it (the engine's
 *   own check, at no extra cost for valid moves), but the resulting state is neither stored nor
 *   broadcast: the stored state and log stay as they were, and the mover alone is sent the stored
 *   state with its notice set, under the stored `_stateID` (as that socket is shown it: without
 *   other seats' private steps, server/step-veil.ts), which boardgame.io's client accepts (it
 *   takes any update whose `_stateID` is not older than its own).
 *
 * A refusal is recognised by what the game's move does with one (game/game.ts): the state comes
 * back one step on with nothing changed but a higher serial on the mover's notice.
 */
import { Master } from 'boardgame.io/master';
import { getFilterPlayerView } from 'boardgame.io/internal';
import type { Game, State } from 'boardgame.io';
import {
  clone,
  type GameState,
  matchClockOf,
  type PrivateState,
  type Reason,
  refuse,
  type Rejection,
} from '../game';
import type { AckedStorage } from './storage';
import type { MatchData } from './storage/checkpoint';

type MasterArgs = ConstructorParameters<typeof Master>;
type Auth = MasterArgs[3];
type TransportData = { type: string; args: unknown[] };
type PubSub = { publish(channel: string, payload: TransportData): void };

export interface Mover {
  id: string;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface MoveRunnerOptions {
  game: Game;
  storage: AckedStorage;
  auth: Auth;
  pubSub: PubSub;
}

/**
 * The outcome of one move: played, or refused with a reason, either by the engine (`engine`: the
 * mover was sent its notice) or before the engine saw it.
 */
export type MoveOutcome =
  | {
      played: true;
      /** In a clocked match (server/clocks.ts): the metadata the move was played with, and the state it made. */
      clocked?: { metadata: MatchData; state: State };
    }
  | { refused: Reason; engine: boolean };

/** boardgame.io's own refusals of a move, as messages. */
function masterRefusal(error: string): Reason {
  if (error === 'unauthorized action') return refuse('reason.badCredentials');
  if (error === 'game not found') return refuse('reason.noSuchMatch');
  return refuse('reason.serverRefused', { detail: error });
}

const noticeOf = (state: State, playerID: string): Rejection | null =>
  ((state.G as GameState).private[playerID] as PrivateState | undefined)?.rejection ?? null;

export class MoveRunner {
  private readonly filterPlayerView: (playerID: string | null, data: TransportData) => TransportData;
  /** Refusals sent per socket, so each notice has a serial of its own (two equal ones differ). */
  private readonly noticesSent = new Map<string, number>();
  /**
   * The notice each socket was last sent, shown on every update it is sent until its seat's next
   * move is played (as a stored notice was): other players' moves would otherwise wipe it at once.
   */
  private readonly notices = new Map<string, { playerID: string; notice: Rejection }>();

  constructor(private readonly o: MoveRunnerOptions) {
    this.filterPlayerView = getFilterPlayerView(o.game) as unknown as typeof this.filterPlayerView;
  }

  /** Forget a socket that closed. */
  forget(socketID: string): void {
    this.noticesSent.delete(socketID);
    this.notices.delete(socketID);
  }

  /** Stop showing a socket's notice (it synced afresh). */
  clearNotice(socketID: string): void {
    this.notices.delete(socketID);
  }

  /** The arguments of an event for a socket, with its seat's notice on an update's state. */
  shownTo(socketID: string, event: string, args: unknown[]): unknown[] {
    const held = event === 'update' ? this.notices.get(socketID) : undefined;
    if (!held) return args;
    const [matchID, state, ...rest] = args as [string, State, ...unknown[]];
    return [matchID, withNotice(state, held.playerID, held.notice), ...rest];
  }

  /**
   * Run `action` for `playerID` (the guard has checked the seat, its credentials' shape and the
   * move's shape). Call it inside the match's queue.
   */
  async run(
    socket: Mover,
    args: { action: { payload: { type: string } }; stateID: number; matchID: string; playerID: string },
  ): Promise<MoveOutcome> {
    const { storage, game } = this.o;
    const { action, stateID, matchID, playerID } = args;
    const flow = (game as Game & { flow: Flow }).flow;

    // boardgame.io's own checks, made first so that it has nothing to log. What is read here is
    // what the master reads next (its two fetches answered from it): the move runs in its match's
    // queue, so nothing on this instance changes the match in between.
    const fetched = await storage.fetch(matchID, { state: true, metadata: true });
    const stored = fetched.state;
    if (!stored) return { refused: refuse('reason.noSuchMatch'), engine: false };
    if (stored.ctx.gameover !== undefined) return { refused: refuse('reason.gameOver'), engine: false };
    if (!flow.isPlayerActive(stored.G, stored.ctx, playerID))
      return { refused: refuse('reason.notYourTurn'), engine: false };
    if (!flow.getMove(stored.ctx, action.payload.type, playerID))
      return { refused: refuse('reason.moveNotNow', { move: action.payload.type }), engine: false };

    let before: State | undefined;
    let after: State | undefined;
    let refusal: Rejection | null = null;
    const isRefusal = (state: State): boolean => {
      if (!before || state._stateID !== before._stateID + 1) return false;
      const was = noticeOf(before, playerID);
      const now = noticeOf(state, playerID);
      return now !== null && now.serial === (was?.serial ?? 0) + 1;
    };
    const storageAPI = {
      type: () => storage.type(),
      fetch: async (id: string, opts: Parameters<AckedStorage['fetch']>[1]) => {
        const result = id === matchID ? fetched : await storage.fetch(id, opts);
        if (!opts.state || !result.state) return opts.state ? result : { metadata: result.metadata };
        before = result.state;
        // boardgame.io counts a move in the ctx it was given (`_activePlayersNumMoves`, in place):
        // with a refused move the stored state, which storage may serve from memory, would change.
        return { state: { ...before, ctx: clone(before.ctx) } };
      },
      setState: (id: string, state: State, deltalog?: unknown[]) =>
        refusal ? Promise.resolve() : storage.setState(id, state, deltalog as never),
      // The master writes the metadata it read back after every move, with a new `updatedAt`:
      // such a write may wait (storage.ts, `touchMetadata`); any other change is written at once.
      setMetadata: (id: string, metadata: MatchData) => {
        if (refusal) return Promise.resolve();
        if (id === matchID && fetched.metadata && onlyUpdatedAtChanged(fetched.metadata, metadata))
          return storage.touchMetadata(id, metadata);
        return storage.setMetadata(id, metadata);
      },
    };
    const transportAPI = {
      send: ({ playerID: to, ...data }: TransportData & { playerID: string | null }) => {
        const { type, args: out } = this.filterPlayerView(to, data);
        socket.emit(type, ...out);
      },
      sendAll: (payload: TransportData) => {
        const state = payload.type === 'update' ? (payload.args[1] as State) : null;
        if (state && isRefusal(state)) {
          refusal = noticeOf(state, playerID);
          return;
        }
        // A move of the seat is played: its notice goes, before the others' updates carry it.
        if (state) {
          this.notices.delete(socket.id);
          after = state;
        }
        this.o.pubSub.publish(`MATCH-${matchID}`, payload);
      },
    };
    const master = new Master(
      game,
      storageAPI as unknown as MasterArgs[1],
      transportAPI as never,
      this.o.auth,
    );
    const result = await master.onUpdate(action as never, stateID, matchID, playerID);
    if (result && 'error' in result) return { refused: masterRefusal(result.error), engine: false };
    const refused = refusal as Rejection | null; // set by sendAll above
    if (refused && before) {
      this.sendNotice(socket, matchID, playerID, before, refused);
      return { refused: refused.reason, engine: true };
    }
    // A match with running clocks: they are settled after the move (server/clocks.ts), from these.
    const metadata = fetched.metadata;
    if (metadata && after && matchClockOf(metadata.setupData) !== null)
      return { played: true, clocked: { metadata, state: after } };
    return { played: true };
  }

  /** The stored state, as the mover sees it, with the engine's reason on its notice. */
  private sendNotice(socket: Mover, matchID: string, playerID: string, stored: State, why: Rejection): void {
    const sent = (this.noticesSent.get(socket.id) ?? 0) + 1;
    this.noticesSent.set(socket.id, sent);
    const notice: Rejection = { ...why, serial: (noticeOf(stored, playerID)?.serial ?? 0) + sent };
    this.notices.set(socket.id, { playerID, notice });
    // The socket's emit adds the notice (shownTo).
    const { type, args } = this.filterPlayerView(playerID, {
      type: 'update',
      args: [matchID, { ...stored, deltalog: [] }],
    });
    socket.emit(type, ...args);
  }
}

/**
 * Whether `after` is `before` with only its `updatedAt` changed, as the master writes metadata back
 * after a move (a spread of what it read: every other field the same value).
 */
export function onlyUpdatedAtChanged(before: MatchData, after: MatchData): boolean {
  const keys = Object.keys(after) as (keyof MatchData)[];
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => key === 'updatedAt' || (key in before && before[key] === after[key]));
}

/** A state (a player's view) with `playerID`'s notice set; the state itself is not changed. */
function withNotice(state: State, playerID: string, notice: Rejection): State {
  const G = state.G as GameState;
  const own = G.private?.[playerID];
  if (!own) return state;
  return { ...state, G: { ...G, private: { ...G.private, [playerID]: { ...own, rejection: notice } } } };
}

/** The parts of boardgame.io's processed game flow used here. */
interface Flow {
  isPlayerActive(G: unknown, ctx: State['ctx'], playerID: string): boolean;
  getMove(ctx: State['ctx'], name: string, playerID: string): unknown;
}
