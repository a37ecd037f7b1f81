/** The server's settings from environment variables (docs/server.md lists them). */
import { DEFAULTS, type ServerOptions } from './app';
import { parseOrigins } from './origins';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './socket-limits';

type Env = Record<string, string | undefined>;

/** A whole number from the environment within [min, max], the default when unset. */
function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return n;
}

/** A duration from the environment, in ms: "90s", "30m", "24h", "7d", or seconds alone. */
function duration(env: Env, name: string, fallbackMs: number, minMs: number, maxMs: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallbackMs;
  const m = /^(\d{1,9})\s*(s|m|h|d)?$/i.exec(raw);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m?.[2] ?? 's').toLowerCase() as 's'];
  const ms = m ? Number(m[1]) * unit : NaN;
  if (!(ms >= minMs && ms <= maxMs))
    throw new Error(
      `${name} must be a duration such as "90s", "30m", "24h" or "7d", from ${minMs / 1000} s to ${maxMs / 86_400_000} days, not "${raw}".`,
    );
  return ms;
}

/** A per-minute limit from the environment; 0 turns it off. */
function perMinute(env: Env, name: string, fallback: { max: number; windowMs: number }) {
  const max = integer(env, name, fallback.max, 0, 1_000_000);
  return max === 0 ? null : { max, windowMs: 60_000 };
}

const flag = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, not "${env[name]}".`);
};

/** The socket limits (docs/server.md, "Socket limits"); a move burst is two seconds' worth. */
function socketLimitsFromEnv(env: Env): SocketLimits {
  const d = DEFAULT_SOCKET_LIMITS;
  const movesPerSecond = integer(env, 'SOCKET_MOVES_PER_S', d.moves.perMinute / 60, 1, 10_000);
  return {
    socketsPerAddress: integer(env, 'SOCKETS_PER_ADDRESS', d.socketsPerAddress, 1, 1_000_000),
    syncs: { ...d.syncs, perMinute: integer(env, 'SOCKET_SYNCS_PER_MIN', d.syncs.perMinute, 1, 1_000_000) },
    moves: { burst: 2 * movesPerSecond, perMinute: 60 * movesPerSecond },
    chats: { ...d.chats, perMinute: integer(env, 'SOCKET_CHATS_PER_MIN', d.chats.perMinute, 1, 1_000_000) },
  };
}

/** Server options from `env`; throws with a readable message for a bad value. */
export function optionsFromEnv(env: Env = process.env): ServerOptions {
  const createMax = integer(env, 'CREATE_LIMIT', DEFAULTS.createLimit.max, 0, 1_000_000);
  return {
    port: integer(env, 'PORT', 8000, 0, 65535),
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR || './data',
    staticDir: env.STATIC_DIR || './dist',
    origins: parseOrigins(env.ORIGINS),
    // Outside production, pages from any localhost port (Vite's dev server) may use the server.
    localhostOrigins: env.NODE_ENV !== 'production',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    bodyLimit: integer(env, 'BODY_LIMIT', DEFAULTS.bodyLimit, 1024, 64 * 1024 * 1024),
    createLimit:
      createMax === 0
        ? null
        : { max: createMax, windowMs: 1000 * integer(env, 'CREATE_WINDOW_S', 60, 1, 86_400) },
    listLimit: perMinute(env, 'LIST_LIMIT', DEFAULTS.listLimit),
    seatLimit: perMinute(env, 'SEAT_LIMIT', DEFAULTS.seatLimit),
    botSeatsPerAddress: (() => {
      const n = integer(env, 'BOT_SEATS_PER_ADDRESS', DEFAULTS.botSeatsPerAddress, 0, 1_000_000);
      return n === 0 ? null : n;
    })(),
    abandonedAfterMs: duration(env, 'ABANDONED_AFTER', DEFAULTS.abandonedAfterMs, 1000, 365 * 86_400_000),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    proxyHops: integer(env, 'PROXY_HOPS', 1, 1, 10),
    exportDuringPlay: flag(env, 'EXPORT_DURING_PLAY', true),
    socketLimits: socketLimitsFromEnv(env),
    bots: {
      workers: integer(env, 'BOT_WORKERS', DEFAULTS.bots.workers, 0, 64),
      budgetMs: integer(env, 'BOT_BUDGET_MS', DEFAULTS.bots.budgetMs, 50, 600_000),
      delayMs: integer(env, 'BOT_DELAY_MS', DEFAULTS.bots.delayMs, 0, 60_000),
      resume: flag(env, 'BOT_RESUME', true),
      leaseMs: integer(env, 'BOT_LEASE_MS', DEFAULTS.bots.leaseMs, 300, 600_000),
      serverUrl: env.BOT_SERVER_URL || undefined,
    },
  };
}
