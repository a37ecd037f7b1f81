/**
 * Bots in online matches. A match created with `setupData.bots` (seat → level) has those seats
 * claimed when it is stored (name, credentials), and each bot seat is played by a boardgame.io
 * socket client inside the server process, connected to the server's own port: the same
 * authenticated path as a person's browser (STACK §2.8). Decisions go to the worker pool
 * (server/bot-pool.ts). A seat whose person left, or whose person gives it up, can be handed to a
 * bot later (`POST /games/planet-unknown/<id>/bot`, server/http.ts): it is claimed the same way.
 * On start the server lists the unfinished matches and reconnects their bots. With several
 * instances, a lease in Redis (server/bot-lease.ts) says which instance plays a match's bots, and
 * another takes them over when the holder dies.
 */
import { randomBytes } from 'node:crypto';
import { GAME_NAME, type GameState, type PlayerID } from '../game';
import { isSeatId } from './seat-id';
import type { BotLeases } from './bot-lease';
import type { BotPool } from './bot-pool';
import { SeatClient, type SeatState } from './seat-client';
import type { AckedStorage } from './storage';

type CreateOpts = Parameters<AckedStorage['createMatch']>[1];
type MatchData = CreateOpts['metadata'];

/** Why `bots` is not a valid seat → level map for this match, or null. */
export function botsError(bots: unknown, numPlayers: number, levels: readonly string[]): string | null {
  if (bots === undefined) return null;
  if (typeof bots !== 'object' || bots === null || Array.isArray(bots))
    return 'bots must map seats to bot levels, e.g. {"1": "random"}.';
  const entries = Object.entries(bots as Record<string, unknown>);
  if (entries.length === 0) return 'bots must name at least one seat.';
  for (const [seat, level] of entries) {
    // The seat-id rule of every route ("1", never "01"): each key is then a different seat.
    if (!isSeatId(seat) || Number(seat) >= numPlayers)
      return `bots: there is no seat "${seat}" in a ${numPlayers}-player match (seats 0 to ${numPlayers - 1}).`;
    if (typeof level !== 'string' || !levels.includes(level))
      return `bots["${seat}"] must be one of: ${levels.join(', ')}.`;
  }
  return null;
}

/**
 * The bot seats named in a match's setup data (fixed at creation). Keys that are not seat ids
 * ("01", stored before they were refused) name no seat: each would start a bot client whose
 * syncs are refused, never playing nor stopping.
 */
export function botSeats(setupData: unknown): Record<string, string> {
  const bots = (setupData as { bots?: unknown } | undefined)?.bots;
  if (typeof bots !== 'object' || bots === null) return {};
  const out: Record<string, string> = {};
  for (const [seat, level] of Object.entries(bots))
    if (isSeatId(seat) && typeof level === 'string') out[seat] = level;
  return out;
}

/**
 * Marks the credentials the server issues to bots. A person's `data` can be set through the Lobby
 * API (join, update), so `data.bot` alone proves nothing; but nobody chooses their credentials, and
 * boardgame.io's (nanoid) never contain a dot.
 */
const BOT_CREDENTIALS_PREFIX = 'bot.';

export const isBotCredentials = (credentials: unknown): boolean =>
  typeof credentials === 'string' && credentials.startsWith(BOT_CREDENTIALS_PREFIX);

/** Every bot seat of a match: those of its setup data and those handed to a bot since. */
export function botSeatsOf(metadata: Pick<MatchData, 'setupData' | 'players'>): Record<string, string> {
  const out = botSeats(metadata.setupData);
  for (const player of Object.values(metadata.players)) {
    const level = (player.data as { bot?: unknown } | undefined)?.bot;
    if (typeof level === 'string' && isBotCredentials(player.credentials)) out[String(player.id)] ??= level;
  }
  return out;
}

/** Bots are named by their level and a star, one per seat, so that three bots are not one "Cadet". */
const BOT_STARS = ['Vega', 'Altair', 'Rigel', 'Deneb', 'Antares', 'Sirius'];
const label = (level: string, seat: number) =>
  `${level.charAt(0).toUpperCase()}${level.slice(1)} ${BOT_STARS[seat % BOT_STARS.length]!}`;

/** Give a seat to a bot: its name, fresh credentials only the server knows, and its level. */
export function claimForBot(player: MatchData['players'][number], level: string): void {
  player.name = label(level, Number(player.id) || 0);
  player.credentials = `${BOT_CREDENTIALS_PREFIX}${randomBytes(18).toString('base64url')}`;
  player.data = { bot: level };
}

export interface BotManagerOptions {
  storage: AckedStorage;
  pool: BotPool;
  /** Where bot clients connect: the server's own loopback address unless configured. */
  serverUrl: () => string;
  /** Pause before each decision so people can follow (0 in tests). */
  delayMs: number;
  log: (message: string) => void;
  /**
   * With several instances: only the holder of a match's lease plays its bots. Without, this
   * instance plays the bots of every match it serves.
   */
  leases?: BotLeases;
}

type StopReason = 'over' | 'detached';

export class BotManager {
  private readonly seats = new Map<string, BotSeat>();
  private stopped = false;

  constructor(private readonly opts: BotManagerOptions) {
    opts.leases?.watch({
      lost: (matchID) => this.detach(matchID),
      changed: (matchID) => void this.attachLogged(matchID),
    });
  }

  /** Claim the bot seats in a new match's metadata before it is stored. */
  claimSeats(opts: CreateOpts): void {
    const bots = botSeats(opts.metadata.setupData);
    for (const [seat, level] of Object.entries(bots)) {
      const player = (opts.metadata.players as MatchData['players'])[Number(seat)];
      if (!player || player.name) continue;
      claimForBot(player, level);
    }
  }

  /**
   * Store a seat as a bot's, in metadata the caller fetched and checked; the seat's old
   * credentials stop working. `attach` then connects the bot.
   */
  async handOver(matchID: string, metadata: MatchData, seat: string, level: string): Promise<string> {
    const player = metadata.players[Number(seat)];
    if (!player) throw new Error(`Match ${matchID} has no seat ${seat}.`);
    claimForBot(player, level);
    await this.opts.storage.setMetadata(matchID, metadata);
    return player.name as string;
  }

  /**
   * Connect the bots of one match (those not already playing), if this instance holds its lease
   * or can take it. `handedOver`: a seat was just given to a bot here; if another instance holds
   * the lease, it is told to connect that bot itself.
   */
  async attach(matchID: string, o: { handedOver?: boolean } = {}): Promise<number> {
    const leases = this.opts.leases;
    if (this.stopped) return 0;
    const { metadata } = await this.opts.storage.fetch(matchID, { metadata: true });
    if (!metadata || (metadata.gameover !== undefined && metadata.gameover !== null)) {
      await leases?.forget(matchID);
      return 0;
    }
    const bots = Object.entries(botSeatsOf(metadata));
    if (bots.length === 0) return 0;
    if (leases && !(await leases.claim(matchID))) {
      if (o.handedOver) await leases.announce(matchID);
      return 0;
    }
    if (this.stopped) return 0;
    let started = 0;
    for (const [seat, level] of bots) {
      const key = `${matchID}:${seat}`;
      const player = metadata.players[Number(seat)];
      if (this.seats.has(key) || !player?.credentials) continue;
      const bot = new BotSeat(
        { matchID, playerID: seat, level, credentials: player.credentials },
        this.opts,
        // A holder that could not renew in time stops deciding before the lease expires in Redis.
        () => !leases || leases.holds(matchID),
        (why) => this.seatStopped(key, matchID, why),
      );
      this.seats.set(key, bot);
      bot.start();
      started++;
    }
    return started;
  }

  private attachLogged(matchID: string): Promise<number> {
    return this.attach(matchID).catch((err: unknown) => {
      this.opts.log(`could not start the bots of match ${matchID}: ${String(err)}`);
      return 0;
    });
  }

  /** A bot seat stopped; once a finished match has no bot left here, its lease goes too. */
  private seatStopped(key: string, matchID: string, why: StopReason): void {
    this.seats.delete(key);
    if (why !== 'over' || this.stopped || this.playing(matchID)) return;
    this.opts.leases?.forget(matchID).catch((err: unknown) => {
      this.opts.log(`could not drop the bot lease of match ${matchID}: ${String(err)}`);
    });
  }

  private playing(matchID: string): boolean {
    for (const bot of this.seats.values()) if (bot.matchID === matchID) return true;
    return false;
  }

  /**
   * Whether this instance may end the match's bots: it plays them, or none plays them (without
   * several instances, or the lease is free and now this instance's).
   */
  async mayEnd(matchID: string): Promise<boolean> {
    const leases = this.opts.leases;
    return !leases || this.playing(matchID) || leases.claim(matchID);
  }

  /** The match ended without its game's end (abandoned): stop its bots here and drop the lease. */
  async end(matchID: string): Promise<void> {
    for (const bot of [...this.seats.values()]) if (bot.matchID === matchID) bot.stop('detached');
    await this.opts.leases?.forget(matchID);
  }

  /** Stop the bots of one match here (its lease was lost). */
  detach(matchID: string): void {
    for (const bot of [...this.seats.values()]) if (bot.matchID === matchID) bot.stop('detached');
  }

  /**
   * Reconnect the bots of every unfinished match (after a restart; the caller may give their ids,
   * else storage lists them), with several instances those
   * whose lease is free; and from now on take over the matches whose lease lapses.
   */
  async resumeAll(unfinished?: readonly string[]): Promise<number> {
    this.opts.leases?.lookOut(async (matchID) => {
      const taken = await this.attachLogged(matchID);
      if (taken > 0) this.opts.log(`took over ${taken} bot seat(s) of match ${matchID}`);
    });
    const ids =
      unfinished ??
      (await this.opts.storage.listMatches({ gameName: GAME_NAME, where: { isGameover: false } }));
    let started = 0;
    for (const id of ids) {
      try {
        started += await this.attach(id);
      } catch (err) {
        this.opts.log(`could not resume the bots of match ${id}: ${String(err)}`);
      }
    }
    return started;
  }

  get active(): number {
    return this.seats.size;
  }

  /** Stop every bot here and give the leases up, so that another instance takes them at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const bot of [...this.seats.values()]) bot.stop('detached');
    this.seats.clear();
    await this.opts.leases?.close();
  }
}

interface SeatOf {
  matchID: string;
  playerID: PlayerID;
  level: string;
  credentials: string;
}

const WATCHDOG_MS = 1000;

/** One bot seat: a socket client that acts whenever its seat has something to do. */
class BotSeat {
  readonly matchID: string;
  readonly playerID: PlayerID;
  readonly level: string;
  private readonly credentials: string;
  private seat: SeatClient | null = null;
  private busy = false;
  private stopped = false;
  private watchdog: NodeJS.Timeout | null = null;

  constructor(
    of: SeatOf,
    private readonly opts: BotManagerOptions,
    /** Whether this instance may still play the seat (its lease on the match holds). */
    private readonly mayAct: () => boolean,
    private readonly onStop: (why: StopReason) => void,
  ) {
    this.matchID = of.matchID;
    this.playerID = of.playerID;
    this.level = of.level;
    this.credentials = of.credentials;
  }

  start(): void {
    this.seat = new SeatClient({
      server: this.opts.serverUrl(),
      matchID: this.matchID,
      playerID: this.playerID,
      credentials: this.credentials,
      onState: () => this.think(),
    });
    this.seat.start();
    // A move boardgame.io dropped gets no answer: look again now and then.
    this.watchdog = setInterval(() => this.think(), WATCHDOG_MS);
    this.watchdog.unref();
  }

  stop(why: StopReason): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.seat?.stop();
    this.onStop(why);
  }

  private think(): void {
    const seat = this.seat;
    if (this.busy || this.stopped || !seat) return;
    if (seat.over) {
      setTimeout(() => this.stop('over'), 100).unref();
      return;
    }
    if (!seat.canAct() || !this.mayAct()) return;
    this.busy = true;
    void this.act(seat).finally(() => {
      this.busy = false;
      if (!this.stopped) setImmediate(() => this.think());
    });
  }

  private async act(seat: SeatClient): Promise<void> {
    if (this.opts.delayMs > 0) await new Promise((r) => setTimeout(r, this.opts.delayMs));
    if (this.stopped || !seat.canAct()) return;
    const state = seat.state as SeatState;
    const seed = `${this.matchID}:${this.playerID}:${state._stateID}`;
    const { action } = await this.opts.pool.decide(this.level, state.G as GameState, this.playerID, seed);
    if (this.stopped || !action || !seat.canAct() || !this.mayAct()) return;
    seat.send(action);
  }
}
