/**
 * Clocks of online matches (docs/server.md, "Clocks"). A match created with
 * `setupData.timeControl` gets its clock record once every seat is taken; the record lives in the
 * match's metadata (`setupData.clock`), so it is stored with the match by either storage, survives
 * a restart, and reaches the other instances like any metadata change. The arithmetic is the
 * game's (game/time-control.ts); this file keeps it in step with the match:
 *
 * - after every move, between the match's moves: the seats that decided pay their overrun out of
 *   their bank, the seats that now owe a decision start their time, and a person's own move brings
 *   an away seat back;
 * - one timer per clocked match, at its next deadline, on every instance that knows the match; it
 *   fires on the instance holding the match's bot lease (server/bot-lease.ts), or takes a free one,
 *   so with several instances a deadline is acted on once;
 * - at a deadline the seat becomes away and the Pilot plays its decisions through the bot pool,
 *   as the seat, until its player comes back (a move of theirs, or "I'm back"). A seat nobody holds
 *   any longer (its player left) is handed to a bot for good instead.
 *
 * A deadline is checked against the stored state when it fires: a seat that has decided meanwhile
 * is not touched, and an expired seat is marked once (its deadline goes with it).
 */
import {
  type Action,
  awayOwing,
  clockSettled,
  expireClock,
  formatMessage,
  type GameState,
  type MatchClock,
  matchClockOf,
  newMatchClock,
  nextClockDue,
  type PlayerID,
  playerView,
  positioned,
  returnToClock,
  settleClock,
  stageOf,
  type TimeControl,
  timeControlOf,
} from '../game';
import type { BotLeases } from './bot-lease';
import type { BotPool } from './bot-pool';
import { botSeatsOf } from './bots';
import type { MoveOutcome } from './move-runner';
import type { AckedStorage } from './storage';
import type { MatchData, State } from './storage/checkpoint';

/** The level that plays for an away seat. */
export const AWAY_LEVEL = 'pilot';

/** Refusals in a row after which the away bot stops trying a decision (and logs it). */
const MAX_REFUSALS = 3;

/** After that many refusals, when to try again. */
const RETRY_MS = 5000;

/** The largest delay a Node timer takes; a later deadline is re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ClockKeeperOptions {
  storage: AckedStorage;
  pool: BotPool;
  leases?: BotLeases;
  inMatchQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T>;
  /** Play a move as a seat, inside the match's queue (server/transport.ts `playAs`). */
  playAs: (
    matchID: string,
    playerID: PlayerID,
    move: { type: string; args?: object },
  ) => Promise<MoveOutcome>;
  /** Give a seat nobody holds to a bot for good, inside the match's queue. */
  handToBot: (matchID: string, metadata: MatchData, seat: PlayerID, level: string) => Promise<unknown>;
  /** This instance took the match's lease: its bot seats play here now. */
  attachBots: (matchID: string) => void;
  /** Pause before each decision played for an away seat. */
  delayMs: number;
  log: (message: string) => void;
  /** The time (tests may move it). */
  now?: () => number;
}

const isOver = (metadata: MatchData) => metadata.gameover !== undefined && metadata.gameover !== null;

interface Clocked {
  metadata: MatchData;
  state: GameState;
  /** The stored state's id. */
  stateID: number;
  tc: TimeControl;
  clock: MatchClock;
}

export class ClockKeeper {
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  /** Matches whose deadline is being acted on here, and whether it must be looked at again after. */
  private readonly firing = new Map<string, boolean>();
  private stopped = false;
  private readonly now: () => number;
  /** Decisions played for away seats, and deadlines acted on (the server's figures). */
  readonly stats = { awayMoves: 0, expired: 0 };

  constructor(private readonly o: ClockKeeperOptions) {
    this.now = o.now ?? Date.now;
  }

  /** A match's metadata as written or read: arm its timer for its next deadline, or drop it. */
  observe(matchID: string, metadata: MatchData): void {
    if (this.stopped) return;
    const clock = matchClockOf(metadata.setupData);
    if (isOver(metadata) && clock && this.o.leases?.holds(matchID))
      this.o.leases
        .forget(matchID)
        .catch((err: unknown) => this.o.log(`could not drop the lease of match ${matchID}: ${String(err)}`));
    const due = clock && !isOver(metadata) ? nextClockDue(clock) : null;
    if (due === null) return this.disarm(matchID);
    this.arm(matchID, due);
  }

  /** The match is gone (removed). */
  forget(matchID: string): void {
    this.disarm(matchID);
  }

  /** Matches with a timer here. */
  get armed(): number {
    return this.timers.size;
  }

  /**
   * After a seat's move was played (inside the match's queue): settle the clocks; a person's move
   * brings their away seat back.
   */
  async afterMove(
    matchID: string,
    seat: PlayerID,
    byPerson: boolean,
    played?: { metadata: MatchData; state: State },
  ): Promise<void> {
    if (played) {
      // What the move was played with: no second read of the match, and nothing to do (nor to
      // copy) for a step within a decision, most moves.
      const clock = matchClockOf(played.metadata.setupData);
      const G = played.state.G as GameState;
      if (!clock || (clockSettled(clock, G) && !(byPerson && clock.seats[seat]?.away))) return;
    }
    const found = played ? this.clocked(played.metadata, played.state) : await this.read(matchID);
    if (!found) return;
    const { clock, tc, state } = found;
    const back = byPerson && returnToClock(clock, tc, seat, state.round, this.now());
    const settled = settleClock(clock, tc, state, this.now());
    if (back || settled) await this.write(matchID, found, !back);
  }

  /**
   * After a seat route changed the seats (inside the match's queue): once every seat is taken, the
   * clocks start.
   */
  async afterSeats(matchID: string): Promise<void> {
    const { metadata, state } = await this.o.storage.fetch(matchID, { metadata: true, state: true });
    if (!metadata || !state || isOver(metadata)) return;
    const tc = timeControlOf(metadata.setupData);
    if (!tc || matchClockOf(metadata.setupData)) return;
    const seats = Object.values(metadata.players);
    if (seats.some((p) => !p.name)) return;
    const clock = newMatchClock(
      tc,
      seats.map((p) => String(p.id)),
      this.now(),
    );
    settleClock(clock, tc, state.G as GameState, this.now());
    await this.write(matchID, { metadata, state: state.G as GameState, stateID: state._stateID, tc, clock });
  }

  /** "I'm back" (inside the match's queue): true if the seat was away. */
  async back(matchID: string, seat: PlayerID): Promise<boolean> {
    const found = await this.read(matchID);
    if (!found) return false;
    if (!returnToClock(found.clock, found.tc, seat, found.state.round, this.now())) return false;
    await this.write(matchID, found);
    return true;
  }

  /** Arm every timer again from the time now (tests that move the time). */
  rearm(): void {
    for (const [matchID, { at, timer }] of [...this.timers]) {
      clearTimeout(timer);
      this.timers.delete(matchID);
      this.arm(matchID, at);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(matchID: string, at: number): void {
    const held = this.timers.get(matchID);
    if (held?.at === at) return;
    if (held) clearTimeout(held.timer);
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - this.now()));
    const timer = setTimeout(() => {
      this.timers.delete(matchID);
      if (wait === MAX_TIMER_MS && at - this.now() > 0) return this.arm(matchID, at);
      void this.fire(matchID);
    }, wait);
    timer.unref();
    this.timers.set(matchID, { at, timer });
  }

  private disarm(matchID: string): void {
    const held = this.timers.get(matchID);
    if (held) clearTimeout(held.timer);
    this.timers.delete(matchID);
  }

  /** A deadline came, or an away seat owes a decision: act on it, one at a time per match. */
  private async fire(matchID: string): Promise<void> {
    if (this.stopped) return;
    if (this.firing.has(matchID)) {
      this.firing.set(matchID, true);
      return;
    }
    this.firing.set(matchID, false);
    try {
      await this.act(matchID);
    } catch (err) {
      this.o.log(`the clock of match ${matchID}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      const again = this.firing.get(matchID) === true;
      this.firing.delete(matchID);
      if (again && !this.stopped) setImmediate(() => void this.fire(matchID));
    }
  }

  private async act(matchID: string): Promise<void> {
    const leases = this.o.leases;
    if (leases) {
      if (!(await leases.claim(matchID))) {
        // Another instance holds the match: it acts. Look again in case it dies before then.
        this.arm(matchID, this.now() + leases.ttlMs);
        return;
      }
      this.o.attachBots(matchID);
    }
    let refusals = 0;
    for (;;) {
      if (this.stopped) return;
      const turn = await this.o.inMatchQueue(matchID, () => this.expire(matchID));
      if (!turn) return;
      if (this.o.delayMs > 0) await new Promise((r) => setTimeout(r, this.o.delayMs));
      const seed = `${matchID}:${turn.seat}:${turn.stateID}:away`;
      const { action } = await this.o.pool.decide(AWAY_LEVEL, turn.view, turn.seat, seed);
      if (!action) return;
      const outcome = await this.o.inMatchQueue(matchID, () =>
        this.playFor(matchID, turn.seat, turn.key, action),
      );
      if (outcome === 'gone') continue; // the seat decided or came back meanwhile: look again
      if ('played' in outcome) {
        refusals = 0;
        continue;
      }
      if (++refusals >= MAX_REFUSALS) {
        this.o.log(
          `the bot playing for away seat ${turn.seat} of match ${matchID} was refused ${refusals} times: ${formatMessage(outcome.refused)}; trying again in ${RETRY_MS / 1000} s`,
        );
        this.arm(matchID, this.now() + RETRY_MS);
        return;
      }
    }
  }

  /**
   * Inside the match's queue: mark the seats whose time ran out away (or hand a seat nobody holds
   * to a bot), and say which away seat the bot must decide for next, from that seat's view.
   */
  private async expire(
    matchID: string,
  ): Promise<{ seat: PlayerID; key: string; stateID: number; view: GameState } | null> {
    const found = await this.read(matchID);
    if (!found) return null;
    const { metadata, clock, tc, state } = found;
    const now = this.now();
    // A move whose clock update was lost (the process died in between) is caught up first.
    let changed = settleClock(clock, tc, state, now);
    // A server bot's seat is played by its own bot, late or not.
    const expired = expireClock(clock, state.round, now, new Set(Object.keys(botSeatsOf(metadata))));
    if (expired.length > 0) {
      changed = true;
      this.stats.expired += expired.length;
      this.o.log(
        `match ${matchID}: time ran out for seat(s) ${expired.join(', ')}; the ${AWAY_LEVEL} plays for them`,
      );
    }
    if (changed) await this.write(matchID, found);
    // A seat nobody holds goes to a bot for good; the seats then read again, the state unchanged.
    let seats = metadata;
    for (const seat of expired) {
      if (seats.players[Number(seat)]?.credentials) continue;
      const { metadata: fresh } = await this.o.storage.fetch(matchID, { metadata: true });
      if (!fresh) return null;
      await this.o.handToBot(matchID, fresh, seat, AWAY_LEVEL);
      seats = (await this.o.storage.fetch(matchID, { metadata: true })).metadata ?? fresh;
    }
    const bySeat = botSeatsOf(seats);
    for (const seat of awayOwing(clock)) {
      if (bySeat[seat] || !seats.players[Number(seat)]?.credentials) continue;
      if (stageOf(state, seat) === null) continue;
      const key = clock.seats[seat]?.owes;
      if (!key) continue;
      return { seat, key, stateID: found.stateID, view: playerView(state, seat) };
    }
    return null;
  }

  /** Inside the match's queue: play the bot's action for the seat, if it is still away and owes. */
  private async playFor(
    matchID: string,
    seat: PlayerID,
    key: string,
    action: Action,
  ): Promise<MoveOutcome | 'gone'> {
    const found = await this.read(matchID);
    const c = found?.clock.seats[seat];
    if (!found || !c?.away || c.owes !== key || stageOf(found.state, seat) === null) return 'gone';
    const { type, ...args } = positioned(found.state, seat, action) as Action & Record<string, unknown>;
    const outcome = await this.o.playAs(matchID, seat, Object.keys(args).length ? { type, args } : { type });
    if ('played' in outcome) {
      this.stats.awayMoves++;
      await this.afterMove(matchID, seat, false);
    }
    return outcome;
  }

  private async read(matchID: string): Promise<Clocked | null> {
    const { metadata, state } = await this.o.storage.fetch(matchID, { metadata: true, state: true });
    return metadata && state ? this.clocked(metadata, state) : null;
  }

  private clocked(metadata: MatchData, state: State): Clocked | null {
    // A move that ended the game: its metadata (read before it) lacks the result the master has
    // just written, and writing the clocks with it would take the result away. Over, nothing to do.
    if (isOver(metadata) || state.ctx.gameover !== undefined) return null;
    const tc = timeControlOf(metadata.setupData);
    const clock = matchClockOf(metadata.setupData);
    if (!tc || !clock) return null;
    // A copy: the metadata may be storage's own object in memory.
    return {
      metadata,
      state: state.G as GameState,
      stateID: state._stateID,
      tc,
      clock: structuredClone(clock),
    };
  }

  /**
   * Store the clocks. `soon`: a settling after a move, which may reach the disk a few seconds late
   * (storage `setMetadataSoon`); a seat gone away, a return or the clocks' start are written at once.
   */
  private async write(matchID: string, { metadata, clock }: Clocked, soon = false): Promise<void> {
    const setupData = { ...(metadata.setupData as object), clock };
    // Never behind the `updatedAt` a move has written meanwhile (only ever moved forward).
    const updated = { ...metadata, setupData, updatedAt: Math.max(metadata.updatedAt, Date.now()) };
    if (soon) await this.o.storage.setMetadataSoon(matchID, updated);
    else await this.o.storage.setMetadata(matchID, updated);
  }
}
