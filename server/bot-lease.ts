/**
 * Which instance plays a match's bots, with several instances (`REDIS_URL`): a lease in Redis per
 * match, `planet-unknown:bot-lease:<matchID>` → the holder's id, set only if free and with an
 * expiry (`ttlMs`). The holder renews it every third of that; an instance that dies stops renewing,
 * the key expires, and another instance, which looks for free leases every half `ttlMs`, takes the
 * match's bots over. The matches with bot seats are listed in the set
 * `planet-unknown:bot-matches`, so the look-out reads no match from storage until it finds one
 * to take. A holder counts its lease as lost when its own clock passes its last renewal plus
 * `ttlMs`, before Redis expires the key, so two instances never play one match's bots at once
 * while clocks run at the same rate.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const PREFIX = 'planet-unknown:';
const leaseKey = (matchID: string) => `${PREFIX}bot-lease:${matchID}`;
const MATCHES_KEY = `${PREFIX}bot-matches`;
/** Where an instance that changed a match's bot seats tells the lease holder to look again. */
const CHANGED_CHANNEL = `${PREFIX}bot-seats-changed`;

/** Take or extend the lease if it is free or already ours: 1, else 0. */
const CLAIM = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Delete the lease if it is ours. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface BotLeaseHandlers {
  /** The lease on this match is no longer ours: stop its bots now. */
  lost(matchID: string): void;
  /** Another instance changed the bot seats of a match whose lease is ours. */
  changed(matchID: string): void;
}

export class BotLeases {
  /** This instance, as written in the leases it holds. */
  readonly holder = randomBytes(12).toString('base64url');
  private readonly redis: Redis;
  private readonly sub: Redis;
  /** The leases held, and until when by this instance's clock. */
  private readonly held = new Map<string, number>();
  private handlers: BotLeaseHandlers | null = null;
  private renewer: NodeJS.Timeout | null = null;
  private lookout: NodeJS.Timeout | null = null;
  private looking = false;
  private closed = false;

  constructor(
    url: string,
    readonly ttlMs: number,
    private readonly log: (message: string) => void,
  ) {
    const options = { maxRetriesPerRequest: 1, lazyConnect: true };
    this.redis = new Redis(url, options);
    this.sub = new Redis(url, options);
    for (const conn of [this.redis, this.sub])
      conn.on('error', (err: Error) => this.log(`Redis (bot leases): ${err.message}`));
    this.sub.on('message', (_channel: string, matchID: string) => {
      if (this.holds(matchID)) this.handlers?.changed(matchID);
    });
  }

  /** Connect; rejects if Redis cannot be reached. */
  async connect(): Promise<void> {
    await Promise.all([this.redis.connect(), this.sub.connect()]);
    await this.sub.subscribe(CHANGED_CHANNEL);
  }

  /** Start renewing the leases held; `handlers` hear of lost leases and changed seats. */
  watch(handlers: BotLeaseHandlers): void {
    this.handlers = handlers;
    if (this.renewer || this.closed) return;
    this.renewer = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.ttlMs / 3)));
    this.renewer.unref();
  }

  /**
   * Look for matches with bot seats whose lease is free (their holder died or shut down) every
   * half lease, and offer each to `takeOver`, which claims it if it still has bots to play.
   */
  lookOut(takeOver: (matchID: string) => Promise<unknown>): void {
    if (this.lookout || this.closed) return;
    const every = Math.max(50, Math.floor(this.ttlMs / 2));
    this.lookout = setInterval(() => {
      if (this.looking) return;
      this.looking = true;
      void this.freeMatches()
        .then(async (ids) => {
          for (const id of ids) if (!this.closed) await takeOver(id);
        })
        .catch((err: unknown) => this.log(`looking for bot matches to take over: ${String(err)}`))
        .finally(() => (this.looking = false));
    }, every);
    this.lookout.unref();
  }

  /** Whether this instance holds the lease on the match now (by its own clock). */
  holds(matchID: string): boolean {
    const until = this.held.get(matchID);
    return until !== undefined && Date.now() < until;
  }

  /**
   * Take the lease on a match with bot seats (or keep it, if it is ours already), and list the
   * match for the other instances' look-out. True if this instance now plays its bots.
   */
  async claim(matchID: string): Promise<boolean> {
    if (this.closed) return false;
    if (this.holds(matchID)) return true;
    const at = Date.now();
    const results = await this.redis
      .multi()
      .sadd(MATCHES_KEY, matchID)
      .eval(CLAIM, 1, leaseKey(matchID), this.holder, this.ttlMs)
      .exec();
    const [err, got] = results?.[1] ?? [new Error('the lease transaction was aborted'), 0];
    if (err) throw err;
    if (got !== 1) return false;
    if (this.closed) {
      // Closed while claiming: give it straight back rather than leave it to lapse.
      await this.redis.eval(RELEASE, 1, leaseKey(matchID), this.holder).catch(() => {});
      return false;
    }
    this.held.set(matchID, at + this.ttlMs);
    return true;
  }

  /** Give the lease up (this instance stops playing the match's bots); the match stays listed. */
  async release(matchID: string): Promise<void> {
    if (!this.held.delete(matchID)) return;
    await this.redis.eval(RELEASE, 1, leaseKey(matchID), this.holder);
  }

  /** The match is over or gone: no lease, and no longer listed. */
  async forget(matchID: string): Promise<void> {
    this.held.delete(matchID);
    await this.redis
      .multi()
      .srem(MATCHES_KEY, matchID)
      .eval(RELEASE, 1, leaseKey(matchID), this.holder)
      .exec();
  }

  /** Tell the instance holding this match's lease that its bot seats changed. */
  async announce(matchID: string): Promise<void> {
    await this.redis.publish(CHANGED_CHANNEL, matchID);
  }

  /** Listed matches whose lease nobody holds. */
  private async freeMatches(): Promise<string[]> {
    const listed = (await this.redis.smembers(MATCHES_KEY)).filter((id) => !this.held.has(id));
    if (listed.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of listed) pipeline.exists(leaseKey(id));
    const taken = (await pipeline.exec()) ?? [];
    return listed.filter((_, i) => taken[i]?.[0] === null && taken[i]?.[1] === 0);
  }

  private async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length > 0) {
      const at = Date.now();
      const pipeline = this.redis.pipeline();
      for (const id of ids) pipeline.eval(CLAIM, 1, leaseKey(id), this.holder, this.ttlMs);
      try {
        const results = (await pipeline.exec()) ?? [];
        ids.forEach((id, i) => {
          const [err, got] = results[i] ?? [new Error('no answer'), 0];
          if (err || !this.held.has(id)) return;
          if (got === 1) this.held.set(id, at + this.ttlMs);
          else this.lose(id);
        });
      } catch (err) {
        this.log(`renewing the bot leases: ${String(err)}`);
      }
    }
    // Leases not renewed in time (Redis unreachable) are lost by now by this instance's clock.
    const now = Date.now();
    for (const [id, until] of this.held) if (until <= now) this.lose(id);
  }

  private lose(matchID: string): void {
    this.held.delete(matchID);
    this.log(`the bot lease on match ${matchID} is lost: its bots stop here`);
    this.handlers?.lost(matchID);
  }

  /** Stop renewing, give every lease up (another instance takes the bots at once) and disconnect. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.renewer) clearInterval(this.renewer);
    if (this.lookout) clearInterval(this.lookout);
    const ids = [...this.held.keys()];
    this.held.clear();
    if (ids.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const id of ids) pipeline.eval(RELEASE, 1, leaseKey(id), this.holder);
      await pipeline.exec().catch(() => {});
    }
    await Promise.allSettled([this.redis.quit(), this.sub.quit()]);
  }
}
