/**
 * What a socket is told of other seats' private steps (§9): nothing.
 *
 * A player builds a round's turn in private: each step (take a tile, place it, resolve, move a
 * rover, use a power, undo, restart) is a boardgame.io move that changes only that player's turn
 * in progress, and the game says which moves those are (`isPrivateStep`, game/game.ts). boardgame.io
 * would send every socket of the match an update for each of them: the state others see unchanged,
 * but the redacted log naming the move (`useAbility`, `undo`…), a `_stateID` one higher, and
 * `ctx.numMoves` counting the commander's moves. Whoever watched (another seat, a spectator, or
 * either of them syncing afresh) learnt the kind and the number of the steps of a turn still open.
 *
 * So here, as the messages leave the server for a socket (server/transport.ts wraps its `emit`):
 *
 * - an update for another seat's private step is not sent at all (the state it carries is, for
 *   that socket, the one it already has); the mover's own sockets get every update;
 * - a sync answer's log leaves out other seats' private steps;
 * - every state id a socket sees is the stored one less the private steps of other seats before it
 *   (the state's `_stateID` and each log entry's), so ids go up by one per move the socket is told
 *   of, whoever made the private steps and however many, and a fresh sync gives the ids that the
 *   socket's updates gave;
 * - `ctx.numMoves` and `ctx._activePlayersNumMoves` are shown as 0 (nothing reads them: the game
 *   sets no move limits).
 *
 * boardgame.io's client takes any update whose `_stateID` is not older than its own, and every move
 * of the game is `ignoreStaleStateID` (game/game.ts): the id a client sends back with a move is
 * never compared with the stored one, so clients play on these ids as before.
 *
 * The private steps before the newest state are counted per match (a ledger), from the whole log of
 * each sync answer and then from each update on its way out, whichever socket it goes to: a socket
 * that missed an update (boardgame.io adds a syncing socket to its match only after reading the log
 * it answers with) still gets exact ids. Should this instance miss a move altogether (it could only
 * happen with several instances, to a match's first socket on this one, between its sync and its
 * subscription), the ledger is dropped until the next sync and the sockets' ids count on from what
 * each was shown: still in order, at worst higher than a fresh sync's.
 */
import type { State } from 'boardgame.io';

/** A log entry as boardgame.io sends it (redacted: other seats' moves without their arguments). */
interface LogEntry {
  _stateID: number;
  action: { type: string; payload?: { type?: unknown; playerID?: unknown } };
  automatic?: boolean;
}

export interface SyncInfo {
  state: State;
  log?: LogEntry[];
  [key: string]: unknown;
}

/** The private steps of a match before its state `head`: in all, and per seat. */
interface Ledger {
  head: number;
  total: number;
  bySeat: Map<string, number>;
}

/** What a socket was shown: as whom, of which match, less how many steps, and its newest state id. */
interface Seen {
  matchID: string;
  viewer: string | null;
  hidden: number;
  shown: number;
}

export class StepVeil {
  private readonly ledgers = new Map<string, Ledger>();
  private readonly sockets = new Map<string, Seen>();
  /** Sockets per match (a match's ledger goes with its last one). */
  private readonly perMatch = new Map<string, number>();

  constructor(private readonly isPrivateStep: (moveType: string) => boolean) {}

  /** The seat whose private step a log entry records, or null for anything else. */
  private stepBy(entry: LogEntry): string | null {
    const { action } = entry;
    if (action.type !== 'MAKE_MOVE' || entry.automatic || typeof action.payload?.type !== 'string')
      return null;
    return this.isPrivateStep(action.payload.type) ? String(action.payload.playerID) : null;
  }

  /** A sync answer as `viewer`'s socket is shown it: without others' private steps, ids to match. */
  sync(socketID: string, viewer: string | null, matchID: string, info: SyncInfo): SyncInfo {
    // The log is in state order, each move's own entry first (events it called follow with its id).
    // It may end a move or two before the state, or after it: each move's log entries are written
    // before the state is, and both are read at once.
    const stateID = info.state._stateID;
    const entries = info.log ?? [];
    const ledger: Ledger = { head: stateID, total: 0, bySeat: new Map() };
    const hiddenIDs = new Set<number>();
    let hidden = 0; // before the state
    const log: LogEntry[] = [];
    let last = -1;
    for (const entry of entries) {
      const by = entry._stateID !== last ? this.stepBy(entry) : null;
      last = entry._stateID;
      if (by !== null) {
        if (entry._stateID < stateID) {
          ledger.total++;
          ledger.bySeat.set(by, (ledger.bySeat.get(by) ?? 0) + 1);
        }
        if (by !== viewer) {
          hiddenIDs.add(entry._stateID);
          if (entry._stateID < stateID) hidden++;
        }
      }
      if (hiddenIDs.has(entry._stateID)) continue;
      log.push({ ...entry, _stateID: entry._stateID - hiddenIDs.size });
    }
    if (entries.length > 0) ledger.head = Math.min(stateID, last + 1);
    const known = this.ledgers.get(matchID);
    if (!known || known.head < ledger.head) this.ledgers.set(matchID, ledger);
    const state = shown(info.state, stateID - hidden);
    this.watch(socketID, { matchID, viewer, hidden, shown: state._stateID });
    // Always a list: no log at all (a match without moves) would tell from one of hidden steps only.
    return { ...info, state, log };
  }

  /**
   * An update's arguments (`[matchID, state, log]`) as `viewer`'s socket is shown them, or null
   * when the update is another seat's private step (not sent).
   */
  update(socketID: string, viewer: string | null, args: unknown[]): unknown[] | null {
    const [matchID, state, deltalog, ...rest] = args as [string, State, LogEntry[] | undefined, ...unknown[]];
    let seen = this.sockets.get(socketID);
    if (!seen || seen.viewer !== viewer || seen.matchID !== matchID) {
      seen = { matchID, viewer, hidden: 0, shown: -1 };
      this.watch(socketID, seen);
    }
    // The move this update is of (none for the notice of a refused move: the stored state again).
    const first = deltalog?.[0];
    const stepBy = first ? this.stepBy(first) : null;
    const ledger = this.ledgers.get(matchID);
    if (first && ledger) {
      if (ledger.head === first._stateID) {
        ledger.head = first._stateID + 1;
        if (stepBy !== null) {
          ledger.total++;
          ledger.bySeat.set(stepBy, (ledger.bySeat.get(stepBy) ?? 0) + 1);
        }
      } else if (ledger.head < first._stateID) this.ledgers.delete(matchID); // a move missed
    }
    const exact = this.ledgers.get(matchID);
    const hiddenNow =
      exact?.head === state._stateID
        ? exact.total - (viewer === null ? 0 : (exact.bySeat.get(viewer) ?? 0))
        : null;
    if (stepBy !== null && stepBy !== viewer) {
      seen.hidden = hiddenNow ?? seen.hidden + 1;
      return null;
    }
    if (hiddenNow !== null) seen.hidden = hiddenNow;
    // Never an id older than one the socket was shown: its client would drop the update.
    const id = Math.max(state._stateID - seen.hidden, seen.shown);
    seen.shown = id;
    const offset = state._stateID - id;
    const log = deltalog?.map((entry) => ({ ...entry, _stateID: entry._stateID - offset }));
    return [matchID, shown(state, id), log, ...rest];
  }

  /** Forget a socket that closed (and its match's ledger with its last socket). */
  forget(socketID: string): void {
    const seen = this.sockets.get(socketID);
    if (!seen) return;
    this.sockets.delete(socketID);
    this.leave(seen.matchID);
  }

  /** Matches with a ledger (each goes with its last socket). */
  get matches(): number {
    return this.ledgers.size;
  }

  private watch(socketID: string, seen: Seen): void {
    const before = this.sockets.get(socketID);
    this.sockets.set(socketID, seen);
    this.perMatch.set(seen.matchID, (this.perMatch.get(seen.matchID) ?? 0) + 1);
    if (before) this.leave(before.matchID);
  }

  private leave(matchID: string): void {
    const left = (this.perMatch.get(matchID) ?? 1) - 1;
    if (left > 0) return void this.perMatch.set(matchID, left);
    this.perMatch.delete(matchID);
    this.ledgers.delete(matchID);
  }
}

/** A state shown under `id`, its move counters neutral. */
function shown(state: State, id: number): State {
  const { ctx } = state;
  const perPlayer = ctx._activePlayersNumMoves;
  return {
    ...state,
    _stateID: id,
    ctx: {
      ...ctx,
      numMoves: 0,
      ...(perPlayer
        ? { _activePlayersNumMoves: Object.fromEntries(Object.keys(perPlayer).map((p) => [p, 0])) }
        : {}),
    },
  };
}
