/**
 * The Planet Unknown server: boardgame.io's game server and Lobby API on Koa, the built client
 * served from the same port, and what the server adds around boardgame.io (docs/server.md):
 * storage (FlatFile, or PostgreSQL with Redis between instances), guarded sockets, presence, bots,
 * match export, body and rate limits. `startServer` is what `server/main.ts`, the tools and the
 * tests call; it reads no environment variables itself (server/config.ts does).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'boardgame.io/server';
import serve from 'koa-static';
import { PlanetUnknown } from '../game';
import { BotLeases } from './bot-lease';
import { BotPool } from './bot-pool';
import { loadBotRegistry } from './bot-registry';
import { AbandonSweep } from './abandon';
import { BotSeatQuota } from './bot-quota';
import { BotManager, botSeats, isBotCredentials } from './bots';
import { ClockKeeper } from './clocks';
import type { MatchData } from './storage/checkpoint';
import { addRoutes, hideCredentials, type AnyRouter, type RateLimit } from './http';
import { INDEX_CHANNEL, MatchIndex } from './match-index';
import { OriginPolicy, type Origin } from './origins';
import { Presence } from './presence';
import { MemoryPubSub, RedisPubSub } from './pubsub';
import { AckedPubSub, createStorage, type StorageKind } from './storage';
import { securityHeaders } from './security-headers';
import { GuardedSocketIO } from './transport';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './socket-limits';

export { OriginPolicy, parseOrigins, type Origin } from './origins';

export interface BotOptions {
  /** Worker threads for bot decisions; 0 decides on the main thread. Default 1. */
  workers?: number;
  /** Hard limit per decision in milliseconds; a quick legal action is played past it. Default 3000. */
  budgetMs?: number;
  /** Pause before each bot decision, so people can follow. Default 300. */
  delayMs?: number;
  /**
   * Reconnect the bots of unfinished matches on start and, with Redis, take over those whose
   * lease lapses. Default true.
   */
  resume?: boolean;
  /** With Redis: how long an instance's lease on a match's bots lasts unrenewed. Default 5000. */
  leaseMs?: number;
  /** The bot worker's module (tests give their own). */
  workerModule?: URL;
  /** Where bot clients connect; the server's own port on loopback by default. */
  serverUrl?: string;
}

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Address to bind; all interfaces when omitted. */
  host?: string;
  /** Where FlatFile keeps the matches; created if missing. Unused with `databaseUrl`. */
  dataDir: string;
  /** The built client (Vite's `dist/`); may be missing, the API still works. */
  staticDir: string;
  /** Browser origins allowed to use the Lobby API and the sockets, besides the server's own. */
  origins?: Origin[];
  /** Any localhost origin too, whatever its port (development: Vite's dev server). Default false. */
  localhostOrigins?: boolean;
  /** PostgreSQL (bgio-postgres) instead of FlatFile. */
  databaseUrl?: string;
  /** How long, at most, a match's newest state waits for its checkpoint during a round. Default 30 s. */
  checkpointIntervalMs?: number;
  /** Redis pub/sub, so several instances share match updates. */
  redisUrl?: string;
  /** Largest request body, in bytes. Default 64 KiB. */
  bodyLimit?: number;
  /** Match creations per client address and window; null turns it off. Default 30 per minute. */
  createLimit?: RateLimit | null;
  /** Public match lists per client address and window; null turns it off. Default 120 per minute. */
  listLimit?: RateLimit | null;
  /** Seat route requests (join, leave, update, play again, export) per address and window. Default 60 per minute. */
  seatLimit?: RateLimit | null;
  /** Bot seats one address may hold in unfinished matches it created; null: no cap. Default 24. */
  botSeatsPerAddress?: number | null;
  /**
   * How long a match in which no person holds a seat may stay still before it is marked abandoned
   * (its bots stopped), in ms. Default 24 h.
   */
  abandonedAfterMs?: number;
  /** Trust X-Forwarded-For (behind a reverse proxy) for the client address. */
  trustProxy?: boolean;
  /**
   * With `trustProxy`: how many proxies stand in front of the server. The client address is the
   * entry that many places from the right of X-Forwarded-For; what lies left of it, anyone can
   * write. Default 1.
   */
  proxyHops?: number;
  /** Per-socket rates and the per-address socket cap (server/socket-limits.ts); each part defaults. */
  socketLimits?: Partial<SocketLimits>;
  /** Seated players may export the record before the end (the record holds the seed). Default true. */
  exportDuringPlay?: boolean;
  bots?: BotOptions;
  /** The clocks' time (tests move it; `wakeClocks` then acts on it). Date.now by default. */
  clockNow?: () => number;
  /** Where to log; console.error by default. */
  log?: (message: string) => void;
}

export interface ServerStats {
  storage: StorageKind;
  pubsub: 'memory' | 'redis';
  sockets: number;
  rejectedPackets: number;
  failedMoves: number;
  /** Client addresses the HTTP rate limits are tracking (bounded). */
  rateLimitedAddresses: number;
  /** Matches with a move queue on this instance (dropped when idle and without sockets). */
  matchQueues: number;
  bots: {
    seats: number;
    decisions: number;
    fallbacks: number;
    restarts: number;
    startFailures: number;
    maxMs: number;
  };
  /** Clocked matches with a timer here; deadlines acted on; decisions played for away seats. */
  clocks: { armed: number; expired: number; awayMoves: number };
}

export interface RunningServer {
  url: string;
  port: number;
  /** Resolves once the bots of unfinished matches are reconnected (their number). */
  botsResumed: Promise<number>;
  /** Mark the matches left without a person long enough as abandoned now; resolves with their ids. */
  sweepAbandoned(): Promise<string[]>;
  /** Unfinished matches in the match index. */
  openMatches(): number;
  /** Look at every clock's next deadline again from the clocks' time now (after a test moved it). */
  wakeClocks(): void;
  stats(): ServerStats;
  close(): Promise<void>;
}

/** Paths the client must never be served on: the API, the sockets, the health check. */
const API_PREFIXES = ['/games', '/socket.io', '/healthz'];

const isApiPath = (path: string) => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Planet Unknown</title></head>
<body><h1>Planet Unknown server</h1>
<p>The client has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>),
then reload this page. The Lobby API under <code>/games</code> works already.</p></body></html>
`;

export const DEFAULTS = {
  bodyLimit: 64 * 1024,
  createLimit: { max: 30, windowMs: 60_000 },
  listLimit: { max: 120, windowMs: 60_000 },
  seatLimit: { max: 60, windowMs: 60_000 },
  botSeatsPerAddress: 24,
  abandonedAfterMs: 24 * 3600_000,
  bots: { workers: 1, budgetMs: 3000, delayMs: 300, leaseMs: 5000 },
};

/** A URL for `host`, as a browser or a client would write it. */
function urlFor(host: string | undefined, port: number, loopback: boolean): string {
  let shown = host;
  if (!shown || shown === '0.0.0.0' || shown === '::') shown = loopback ? '127.0.0.1' : 'localhost';
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.error(m));
  const dataDir = resolve(options.dataDir);
  const staticDir = resolve(options.staticDir);
  if (!options.databaseUrl) mkdirSync(dataDir, { recursive: true });
  const origins = new OriginPolicy({
    configured: options.origins ?? [],
    anyLocalhost: options.localhostOrigins ?? false,
    host: options.host,
  });

  const storage = await createStorage({
    dataDir,
    databaseUrl: options.databaseUrl,
    checkpointIntervalMs: options.checkpointIntervalMs,
    log,
  });
  let redis: RedisPubSub<never> | null = null;
  if (options.redisUrl) {
    redis = new RedisPubSub(options.redisUrl, log);
    try {
      await redis.connect();
    } catch (err) {
      await Promise.allSettled([redis.close(), storage.close()]);
      throw err;
    }
  }
  const presence = new Presence();
  // Made once the bot pool and leases are (below); moves only come once the server runs.
  let clocks: ClockKeeper | null = null;
  const transport = new GuardedSocketIO({
    storage,
    presence,
    origins,
    pubSub: new AckedPubSub(redis ?? new MemoryPubSub(), storage),
    log,
    limits: { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits },
    trustProxy: options.trustProxy ?? false,
    proxyHops: options.proxyHops ?? 1,
    afterMove: async (matchID, playerID, byPerson, played) =>
      clocks?.afterMove(matchID, playerID, byPerson, played),
  });

  const registry = await loadBotRegistry();
  const botOptions = { ...DEFAULTS.bots, ...options.bots };
  let leases: BotLeases | null = null;
  if (options.redisUrl) {
    leases = new BotLeases(options.redisUrl, botOptions.leaseMs, log);
    try {
      await leases.connect();
    } catch (err) {
      await Promise.allSettled([leases.close(), redis?.close(), storage.close()]);
      throw err;
    }
  }
  const pool = new BotPool({
    size: botOptions.workers,
    budgetMs: botOptions.budgetMs,
    log,
    workerModule: botOptions.workerModule,
  });
  let url = '';
  let botUrl = '';
  const bots = new BotManager({
    storage,
    pool,
    serverUrl: () => botOptions.serverUrl ?? botUrl,
    delayMs: botOptions.delayMs,
    log,
    leases: leases ?? undefined,
  });
  storage.onCreate = (_id, opts) => {
    // "Play again" copies the options, the last match's clocks with them: the new match starts afresh.
    const setupData = opts.metadata.setupData as Record<string, unknown> | undefined;
    if (setupData && 'clock' in setupData) delete setupData.clock;
    bots.claimSeats(opts);
  };
  const handSeatToBot = async (matchID: string, metadata: MatchData, seat: string, level: string) => {
    const name = await bots.handOver(matchID, metadata, seat, level);
    transport.disconnectSeat(matchID, seat);
    await bots.attach(matchID, { handedOver: true });
    return name;
  };
  const keeper = new ClockKeeper({
    storage,
    pool,
    leases: leases ?? undefined,
    inMatchQueue: (matchID, task) => transport.inMatchQueue(matchID, task),
    playAs: (matchID, playerID, move) => transport.playAs(matchID, playerID, move),
    handToBot: handSeatToBot,
    attachBots: (matchID) =>
      void bots.attach(matchID).catch((err: unknown) => log(`bots of ${matchID}: ${String(err)}`)),
    delayMs: botOptions.delayMs,
    log,
    now: options.clockNow,
  });
  clocks = keeper;

  // The unfinished matches in memory (the public list, the abandonment sweep), from storage once,
  // then from every metadata write; with Redis, instances name the matches they changed.
  const index = new MatchIndex(isBotCredentials);
  const botQuota =
    options.botSeatsPerAddress === null
      ? null
      : new BotSeatQuota(options.botSeatsPerAddress ?? DEFAULTS.botSeatsPerAddress);
  index.onLeave = (matchID) => botQuota?.release(matchID);
  type IndexNote = { matchID: string };
  const notes = redis as unknown as RedisPubSub<IndexNote> | null;
  const reread = async (matchID: string) => {
    const { metadata } = await storage.fetch(matchID, { metadata: true });
    if (metadata) {
      index.put(matchID, metadata);
      keeper.observe(matchID, metadata);
    } else {
      index.remove(matchID);
      keeper.forget(matchID);
    }
  };
  storage.observer = {
    written: (matchID, metadata) => {
      index.put(matchID, metadata);
      keeper.observe(matchID, metadata);
      notes?.publish(INDEX_CHANNEL, { matchID });
    },
    touched: (matchID, updatedAt) => index.touch(matchID, updatedAt),
    removed: (matchID) => {
      index.remove(matchID);
      keeper.forget(matchID);
      notes?.publish(INDEX_CHANNEL, { matchID });
    },
  };
  notes?.subscribe(INDEX_CHANNEL, ({ matchID }) => {
    if (typeof matchID === 'string')
      reread(matchID).catch((err: unknown) => log(`could not read match ${matchID} again: ${String(err)}`));
  });
  const sweep = new AbandonSweep({
    index,
    storage,
    bots,
    afterMs: options.abandonedAfterMs ?? DEFAULTS.abandonedAfterMs,
    isPersonCredentials: (c) => typeof c === 'string' && c.length > 0 && !isBotCredentials(c),
    inMatchQueue: (matchID, task) => transport.inMatchQueue(matchID, task),
    log,
  });
  storage.onCreated = (id, opts) => {
    if (Object.keys(botSeats(opts.metadata.setupData)).length === 0) return;
    setImmediate(() => bots.attach(id).catch((err: unknown) => log(`bots of ${id}: ${String(err)}`)));
  };

  const server = Server({ games: [PlanetUnknown], db: storage, origins: [origins.asPattern()], transport });
  server.app.proxy = options.trustProxy ?? false;
  server.app.maxIpsCount = options.proxyHops ?? 1;

  let ready = false;
  server.router.get('/healthz', (ctx) => {
    if (!ready) {
      ctx.status = 503;
      ctx.body = { status: 'starting' };
      return;
    }
    ctx.body = {
      status: 'ok',
      game: PlanetUnknown.name,
      storage: storage.kind,
      ...(redis ? { pubsub: 'redis' } : {}),
    };
  });
  const routes = addRoutes(server.router as unknown as AnyRouter, {
    storage,
    presence,
    bodyLimit: options.bodyLimit ?? DEFAULTS.bodyLimit,
    createLimit: options.createLimit === undefined ? DEFAULTS.createLimit : options.createLimit,
    listLimit: options.listLimit === undefined ? DEFAULTS.listLimit : options.listLimit,
    seatLimit: options.seatLimit === undefined ? DEFAULTS.seatLimit : options.seatLimit,
    index,
    botQuota,
    botLevels: () => registry.levels,
    exportDuringPlay: options.exportDuringPlay ?? true,
    inMatchQueue: (matchID, task) => transport.inMatchQueue(matchID, task),
    handSeatToBot: async (matchID, metadata, seat, level) => {
      const name = await handSeatToBot(matchID, metadata, seat, level);
      await keeper.afterSeats(matchID); // a free seat given to a bot may fill the match
      return name;
    },
    disconnectSeat: (matchID, seat) => transport.disconnectSeat(matchID, seat),
    afterSeats: (matchID) => keeper.afterSeats(matchID),
    clockBack: (matchID, seat) => keeper.back(matchID, seat),
  });

  // Added before run(), so these wrap boardgame.io's CORS and router (STACK §5): credentials kept
  // out of 403 bodies, static files, and on the way back an SPA fallback for page routes.
  server.app.use(securityHeaders());
  server.app.use(origins.guard(isApiPath));
  server.app.use(hideCredentials);
  server.app.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isApiPath(ctx.path)) return;
    const index = join(staticDir, 'index.html');
    ctx.type = 'html';
    ctx.status = 200;
    ctx.body = existsSync(index) ? readFileSync(index) : NOT_BUILT;
  });
  server.app.use(serve(staticDir, { index: 'index.html' }));

  // Koa's listen (patched by koa-socket-2) has no host argument by default: add one (STACK §2.3).
  if (options.host) {
    const host = options.host;
    const listen = server.app.listen.bind(server.app) as (...args: unknown[]) => HttpServer;
    (server.app as unknown as { listen: (port: number, cb: () => void) => HttpServer }).listen = (port, cb) =>
      listen(port, host, cb);
  }

  let appServer: unknown;
  try {
    ({ appServer } = await server.run({ port: options.port }));
  } catch (err) {
    await Promise.allSettled([storage.close(), redis?.close(), pool.close(), leases?.close()]);
    throw err;
  }
  // Storage is connected once the server runs; the list and the sweep need the whole index.
  const unfinished = await storage.listMatches({
    gameName: PlanetUnknown.name,
    where: { isGameover: false },
  });
  for (const matchID of unfinished)
    await reread(matchID).catch((err: unknown) => log(`could not read match ${matchID}: ${String(err)}`));
  index.loaded();
  ready = true;
  const http = appServer as HttpServer;
  const port = (http.address() as AddressInfo).port;
  origins.listening(port);
  url = urlFor(options.host, port, false);
  botUrl = urlFor(options.host, port, true);

  const botsResumed =
    botOptions.resume === false
      ? Promise.resolve(0)
      : bots.resumeAll(index.all().map((m) => m.matchID)).catch((err: unknown) => {
          log(`could not resume bots: ${String(err)}`);
          return 0;
        });
  sweep.start();

  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= (async () => {
      ready = false;
      sweep.stop();
      keeper.stop();
      await bots.stop();
      await pool.close();
      await new Promise<void>((done) => {
        const io = (server.app as unknown as { _io?: { close(cb: () => void): void } })._io;
        // socket.io closes its sockets and the HTTP server; drop idle keep-alive connections too.
        if (io) io.close(() => done());
        else http.close(() => done());
        http.closeAllConnections();
      });
      transport.close();
      await Promise.allSettled([storage.close(), redis?.close()]);
    })();
    return closed;
  };

  return {
    url,
    port,
    botsResumed,
    sweepAbandoned: () => sweep.sweep(),
    openMatches: () => index.size,
    wakeClocks: () => keeper.rearm(),
    stats: () => ({
      storage: storage.kind,
      pubsub: redis ? 'redis' : 'memory',
      sockets: transport.socketCount,
      rejectedPackets: transport.stats.rejected,
      failedMoves: transport.stats.errors,
      rateLimitedAddresses: routes.rateLimitedAddresses(),
      matchQueues: transport.matchQueues,
      bots: { seats: bots.active, ...pool.stats },
      clocks: { armed: keeper.armed, ...keeper.stats },
    }),
    close,
  };
}
