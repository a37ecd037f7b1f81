/**
 * Limits on what one socket, and one client address, may cost the server (docs/server.md, "Socket
 * limits"): token buckets per socket for syncs (each answer carries the whole match log), moves
 * and chat messages; a cap on the sockets open from one address; and the refusals summed up in
 * the server log, one line per match and minute, rather than one line per refused packet.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { addressKey } from './http';

/** A rate as a bucket: `burst` at once, then `perMinute` spread evenly. */
export interface Rate {
  burst: number;
  perMinute: number;
}

export interface SocketLimits {
  /** Sockets open at once from one client address (an IPv6 address counts by its /64). */
  socketsPerAddress: number;
  syncs: Rate;
  moves: Rate;
  chats: Rate;
}

/**
 * Generous for people and bots alike: a client syncs once per connection (and after a failed
 * patch), a bot moves at most about ten times a second, a person chats far slower than this.
 */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  socketsPerAddress: 50,
  syncs: { burst: 10, perMinute: 30 },
  moves: { burst: 40, perMinute: 1200 },
  chats: { burst: 10, perMinute: 60 },
};

/** Tokens refilled at a steady rate up to a ceiling; each packet takes one. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: Rate,
    now = Date.now(),
  ) {
    this.tokens = rate.burst;
    this.last = now;
  }

  /** Whether a packet may pass now (it takes a token if so). */
  take(now = Date.now()): boolean {
    const refill = ((now - this.last) * this.rate.perMinute) / 60_000;
    this.tokens = Math.min(this.rate.burst, this.tokens + Math.max(0, refill));
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

const perSecondOrMinute = (rate: Rate): string =>
  rate.perMinute >= 120 ? `${Math.round(rate.perMinute / 60)} a second` : `${rate.perMinute} a minute`;

/** The three per-socket buckets; `check` answers null or why the packet is refused. */
export class SocketBudget {
  private readonly buckets: Record<'sync' | 'update' | 'chat', TokenBucket>;

  constructor(private readonly limits: SocketLimits) {
    this.buckets = {
      sync: new TokenBucket(limits.syncs),
      update: new TokenBucket(limits.moves),
      chat: new TokenBucket(limits.chats),
    };
  }

  check(event: string): string | null {
    if (event === 'sync' && !this.buckets.sync.take())
      return `too many syncs: at most ${perSecondOrMinute(this.limits.syncs)} per connection`;
    if (event === 'update' && !this.buckets.update.take())
      return `too many moves: at most ${perSecondOrMinute(this.limits.moves)} per connection`;
    if (event === 'chat' && !this.buckets.chat.take())
      return `too many chat messages: at most ${perSecondOrMinute(this.limits.chats)} per connection`;
    return null;
  }
}

/**
 * The client address of a socket, by the HTTP side's rule: the peer's address, or behind
 * `proxyHops` trusted proxies the entry that many places from the right of X-Forwarded-For (what
 * lies left of it, the client wrote itself).
 */
export function socketAddress(
  handshake: { address: string; headers: IncomingHttpHeaders },
  trust: { trustProxy: boolean; proxyHops: number },
): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  if (trust.trustProxy && forwarded) {
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const client = hops.slice(-Math.max(1, trust.proxyHops))[0];
    if (client) return addressKey(client);
  }
  return addressKey(handshake.address);
}

/** Open sockets per client address. */
export class AddressCount {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Count a new socket in, or say why it is refused. */
  admit(address: string): string | null {
    const n = this.open.get(address) ?? 0;
    if (n >= this.max)
      return `Too many connections from your address (at most ${this.max} at once): close one and try again.`;
    this.open.set(address, n + 1);
    return null;
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 0) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
  }

  /** Addresses with a socket open. */
  get addresses(): number {
    return this.open.size;
  }
}

/**
 * Refused packets, summed up per match (or without one) and reason: one log line per match a
 * minute at most, with the counts, instead of one line per packet.
 */
export class RefusalLog {
  private counts = new Map<string, Map<string, number>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: (message: string) => void,
    everyMs = 60_000,
  ) {
    this.timer = setInterval(() => this.flush(), everyMs);
    this.timer.unref();
  }

  record(matchID: string | null, reason: string): void {
    const key = matchID ?? '';
    let reasons = this.counts.get(key);
    if (!reasons) this.counts.set(key, (reasons = new Map()));
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }

  /** Write one line per match with what was refused since the last line. */
  flush(): void {
    const counts = this.counts;
    this.counts = new Map();
    for (const [matchID, reasons] of counts) {
      const total = [...reasons.values()].reduce((a, b) => a + b, 0);
      const detail = [...reasons]
        .sort((a, b) => b[1] - a[1])
        .map(([reason, n]) => `${reason}: ${n}`)
        .join('; ');
      const where = matchID ? `match ${matchID}` : 'no match';
      this.log(`${where}: ${total} packet${total === 1 ? '' : 's'} refused (${detail})`);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
