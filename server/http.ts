/**
 * The HTTP side added to boardgame.io's Lobby API: a body limit, match creation validated (with
 * the bot seats) and rate-limited per address, 403 bodies that no longer echo the credentials
 * sent, and the routes boardgame.io lacks: a match's export as a match record, its presence, and
 * handing a seat to a bot.
 */
import { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import { GAME_NAME } from '../game/game';
import { recordFromLog, type LogLikeEntry } from '../game/replay';
import { validateSetupData, type SetupData } from '../game/setup-data';
import { botSeatsOf, botsError } from './bots';
import type { Presence } from './presence';
import type { AckedStorage } from './storage';

type Handler = (ctx: Context, next: Next) => unknown;
/** The part of boardgame.io's router (@koa/router 10) used here. */
export interface AnyRouter {
  get(path: string, ...handlers: Handler[]): unknown;
  post(path: string, ...handlers: Handler[]): unknown;
}

export interface HttpOptions {
  storage: AckedStorage;
  presence: Presence;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Match creations per address and window; null turns the limit off. */
  createLimit: { max: number; windowMs: number } | null;
  /** Bot levels the server can seat. */
  botLevels: () => readonly string[];
  /** Whether a seated player may export the record before the game ends (it holds the seed). */
  exportDuringPlay: boolean;
  /**
   * Run a task between the match's moves: boardgame.io writes a move's metadata as it read it
   * before the move, which would undo a change made in the meantime.
   */
  inMatchQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T>;
  /** Store a checked seat as a bot's and connect the bot; resolves with the bot's name. */
  handSeatToBot: (matchID: string, metadata: MatchData, seat: string, level: string) => Promise<string>;
}

type MatchData = NonNullable<Awaited<ReturnType<AckedStorage['fetch']>>['metadata']>;

/** An error answer in boardgame.io's style: plain text. */
function fail(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.type = 'text/plain';
  ctx.body = message;
}

/**
 * boardgame.io answers a bad credential with "Invalid credentials <the credential>" (STACK §2.4):
 * the same answer without what was sent. Installed ahead of boardgame.io's CORS, so its headers
 * stay on the answer.
 */
export async function hideCredentials(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (err) {
    const e = err as { status?: number; message?: string; expose?: boolean };
    if (e.status === 403 && e.expose) {
      const message = String(e.message ?? '');
      fail(ctx, 403, /^Invalid credentials/.test(message) ? 'Invalid credentials' : message);
      return;
    }
    throw err;
  }
}

/**
 * Read the body once, within the limit, and hand boardgame.io's own parser an identical stream.
 * A JSON body is kept parsed in `ctx.state.json`.
 */
export function limitBody(limit: number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.state.bodyRead) return next();
    ctx.state.bodyRead = true;
    const length = Number(ctx.get('content-length') || NaN);
    if (length > limit) return fail(ctx, 413, `The request body is larger than ${limit} bytes.`);
    const encoding = ctx.get('content-encoding');
    if (encoding && encoding !== 'identity')
      return fail(ctx, 415, 'Compressed request bodies are not accepted.');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        ctx.set('connection', 'close');
        return fail(ctx, 413, `The request body is larger than ${limit} bytes.`);
      }
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks);
    ctx.state.bodyBytes = raw.length;
    if (ctx.is('json') && raw.length > 0) {
      try {
        ctx.state.json = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        return fail(ctx, 400, 'The request body is not valid JSON.');
      }
    }
    const headers = { ...ctx.req.headers, 'content-length': String(raw.length) };
    delete headers['transfer-encoding'];
    const replay = Object.assign(Readable.from(raw.length ? [raw] : []), {
      headers,
      method: ctx.req.method,
      url: ctx.req.url,
      socket: ctx.req.socket,
      httpVersion: ctx.req.httpVersion,
    });
    ctx.req = replay as unknown as Context['req'];
    ctx.request.req = ctx.req;
    await next();
  };
}

/** A fixed-window counter per address. */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait, or 0 when this hit is allowed. */
  hit(key: string, now = Date.now()): number {
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now)
      this.hits.set(key, (entry = { count: 0, resetAt: now + this.windowMs }));
    if (entry.count >= this.max) return Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
    entry.count++;
    return 0;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Why a create (or playAgain) body is invalid, or null. Checked before boardgame.io sees it. For
 * playAgain, `previous` is the finished match: boardgame.io falls back on its player count and
 * options for whatever the body leaves out, so those are what is checked.
 */
export function createBodyError(
  body: unknown,
  botLevels: readonly string[],
  previous?: { numPlayers: number; setupData: unknown },
): string | null {
  if (body === undefined) body = {};
  if (!isObject(body)) return 'The request body must be a JSON object.';
  const raw = body.numPlayers;
  let numPlayers = previous?.numPlayers ?? 2; // boardgame.io's default for create
  if (raw !== undefined) {
    const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6)
      return 'numPlayers must be a whole number from 1 to 6.';
    numPlayers = n;
  }
  if (body.unlisted !== undefined && typeof body.unlisted !== 'boolean')
    return 'unlisted must be true or false.';
  // boardgame.io keeps the previous options when the body has none (or a falsy value).
  const setupData = (body.setupData || previous?.setupData) as Record<string, unknown> | undefined;
  const setupWhy = validateSetupData(setupData, numPlayers);
  if (setupWhy) return setupWhy;
  return botsError(setupData?.bots, numPlayers, botLevels);
}

const SEAT_ID = /^(0|[1-9]\d?)$/;
const HAND_FIELDS = ['playerID', 'credentials', 'seat', 'level'];

/** Why a hand-to-bot body is invalid, or null. */
export function handBodyError(body: unknown, botLevels: readonly string[]): string | null {
  const shape = 'Send {"playerID", "credentials", "seat", "level"} as a JSON object.';
  if (!isObject(body)) return `The request body must be a JSON object. ${shape}`;
  for (const key of Object.keys(body))
    if (!HAND_FIELDS.includes(key)) return `Unknown field "${key}". ${shape}`;
  for (const key of ['playerID', 'seat'] as const) {
    if (body[key] === undefined) return `${key} is required. ${shape}`;
    if (typeof body[key] !== 'string' || !SEAT_ID.test(body[key]))
      return `${key} must be a seat id as a string, such as "1".`;
  }
  if (body.credentials === undefined) return `credentials is required. ${shape}`;
  if (typeof body.credentials !== 'string' || body.credentials.length === 0 || body.credentials.length > 256)
    return "credentials must be the seat's credentials, a string.";
  if (typeof body.level !== 'string' || !botLevels.includes(body.level))
    return `level must be one of: ${botLevels.join(', ')}.`;
  return null;
}

/** Add the server's routes and guards to boardgame.io's router (before `run()` mounts it). */
export function addRoutes(router: AnyRouter, o: HttpOptions): void {
  const newLimiter = () =>
    o.createLimit ? new RateLimiter(o.createLimit.max, o.createLimit.windowMs) : null;
  const body = limitBody(o.bodyLimit);
  const limited = (limiter: RateLimiter | null, what: string) => async (ctx: Context, next: Next) => {
    const wait = limiter?.hit(ctx.ip) ?? 0;
    if (wait > 0) {
      ctx.set('retry-after', String(wait));
      return fail(ctx, 429, `Too many ${what} from this address; try again in ${wait} s.`);
    }
    await next();
  };
  const rateLimit = limited(newLimiter(), 'matches created');
  const validate = (again: boolean) => async (ctx: Context, next: Next) => {
    if (ctx.params.name !== GAME_NAME) return next(); // boardgame.io answers 404
    if (ctx.state.json === undefined && (ctx.state.bodyBytes as number) > 0)
      return fail(ctx, 415, 'Send the options as JSON (content-type: application/json).');
    let previous: { numPlayers: number; setupData: unknown } | undefined;
    if (again) {
      const { metadata } = await o.storage.fetch(ctx.params.id as string, { metadata: true });
      if (!metadata) return next(); // boardgame.io answers 404
      previous = { numPlayers: Object.keys(metadata.players).length, setupData: metadata.setupData };
    }
    const why = createBodyError(ctx.state.json, o.botLevels(), previous);
    if (why) return fail(ctx, 400, why);
    await next();
  };

  // Registered before boardgame.io's routes, so these run first and then hand over to them.
  router.post('/games/:name/create', body, rateLimit, validate(false));
  router.post('/games/:name/:id/playAgain', body, rateLimit, validate(true));
  router.post('/games/:name/:id/:action', body);

  router.get(`/games/${GAME_NAME}/:id/presence`, async (ctx: Context) => {
    const matchID = ctx.params.id as string;
    const { metadata } = await o.storage.fetch(matchID, { metadata: true });
    if (!metadata) return fail(ctx, 404, `Match ${matchID} not found`);
    const here = o.presence.of(matchID);
    const bots = botSeatsOf(metadata);
    ctx.body = {
      matchID,
      players: Object.values(metadata.players).map((p) => ({
        id: p.id,
        ...(p.name ? { name: p.name } : {}),
        ...(bots[String(p.id)] ? { bot: bots[String(p.id)] } : {}),
        connected: (here.seats[String(p.id)] ?? 0) > 0,
        connections: here.seats[String(p.id)] ?? 0,
      })),
      spectators: here.spectators,
    };
  });

  // POST { playerID, credentials, seat, level }: a seated player hands their own seat, or a seat
  // whose person has left, to a bot.
  router.post(
    `/games/${GAME_NAME}/:id/bot`,
    body,
    limited(newLimiter(), 'bot requests'),
    async (ctx: Context) => {
      if (ctx.state.json === undefined && (ctx.state.bodyBytes as number) > 0)
        return fail(ctx, 415, 'Send the request as JSON (content-type: application/json).');
      const json = ctx.state.json as unknown;
      const why = handBodyError(json, o.botLevels());
      if (why) return fail(ctx, 400, why);
      const { playerID, credentials, seat, level } = json as Record<
        'playerID' | 'credentials' | 'seat' | 'level',
        string
      >;
      const matchID = ctx.params.id as string;
      const exists = async () => (await o.storage.fetch(matchID, { metadata: true })).metadata;
      if (!(await exists())) return fail(ctx, 404, `Match ${matchID} not found`);
      await o.inMatchQueue(matchID, async () => {
        const metadata = await exists();
        if (!metadata) return fail(ctx, 404, `Match ${matchID} not found`);
        if (metadata.gameover !== undefined && metadata.gameover !== null)
          return fail(ctx, 409, 'The game is over.');
        const requester = metadata.players[Number(playerID)];
        if (!requester?.credentials || requester.credentials !== credentials)
          return fail(ctx, 403, 'Invalid credentials');
        const target = metadata.players[Number(seat)];
        if (!target) return fail(ctx, 404, `Match ${matchID} has no seat ${seat}.`);
        if (botSeatsOf(metadata)[seat]) return fail(ctx, 409, `Seat ${seat} is already played by a bot.`);
        if (seat !== playerID && (target.name || target.credentials))
          return fail(
            ctx,
            409,
            `Seat ${seat} is held by another player; only a seat whose player left, or your own, can go to a bot.`,
          );
        const name = await o.handSeatToBot(matchID, metadata, seat, level);
        ctx.body = { playerID: seat, name, bot: level };
      });
    },
  );

  const SEED_WITHHELD = 'The seed decides what the rules hide; it is added once the game ends.';
  // Records of finished matches never change: kept, as replaying a long log is not free.
  const finished = new Map<string, unknown>();
  const exportMatch = async (ctx: Context, auth: { playerID?: unknown; credentials?: unknown }) => {
    const matchID = ctx.params.id as string;
    const { metadata, initialState, log } = await o.storage.fetch(matchID, {
      metadata: true,
      initialState: true,
      log: true,
    });
    if (!metadata || !initialState) return fail(ctx, 404, `Match ${matchID} not found`);
    const over = metadata.gameover !== undefined && metadata.gameover !== null;
    ctx.set('cache-control', 'no-store');
    const kept = over ? finished.get(matchID) : undefined;
    if (kept) {
      ctx.body = kept;
      return;
    }
    if (!over) {
      if (auth.playerID === undefined && auth.credentials === undefined)
        return fail(ctx, 403, 'The record is public once the game ends; until then, seated players only.');
      const seat = typeof auth.playerID === 'string' ? metadata.players[Number(auth.playerID)] : undefined;
      if (!seat?.credentials || seat.credentials !== auth.credentials || String(seat.id) !== auth.playerID)
        return fail(ctx, 403, 'Invalid credentials');
      if (!o.exportDuringPlay) return fail(ctx, 403, 'The record is available once the game ends.');
    }
    const seed = (initialState.plugins as { random?: { data?: { seed?: unknown } } }).random?.data?.seed;
    if (seed === undefined) return fail(ctx, 500, 'The match has no stored seed.');
    const record = recordFromLog(
      {
        numPlayers: initialState.ctx.numPlayers,
        seed: String(seed),
        setupData: (metadata.setupData ?? undefined) as SetupData | undefined,
      },
      (log ?? []) as unknown as LogLikeEntry[],
    );
    if (over) {
      finished.set(matchID, record);
      if (finished.size > 200) finished.delete(finished.keys().next().value as string);
      ctx.body = record;
      return;
    }
    // The seed decides the stacks, piles and decks the rules hide: it is given once the game ends.
    // Other players' move arguments can name what they keep secret (objectives kept, End Game
    // cards, a turn in progress): the record keeps only what the seat's own log shows (§9).
    const moves = record.moves.map((m) =>
      m.player === auth.playerID || m.args === undefined
        ? m
        : { player: m.player, move: m.move, argsWithheld: true },
    );
    ctx.body = { ...record, moves, seed: null, seedWithheld: SEED_WITHHELD };
  };
  // GET: public after the end; before it, the seat in headers (x-player-id, authorization: Bearer …).
  router.get(`/games/${GAME_NAME}/:id/export`, async (ctx: Context) => {
    const bearer = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
    const playerID = ctx.get('x-player-id') || undefined;
    await exportMatch(ctx, { playerID, credentials: bearer });
  });
  // POST { playerID, credentials }, like the Lobby API's other seat routes.
  router.post(`/games/${GAME_NAME}/:id/export`, async (ctx: Context) => {
    const json = ctx.state.json as unknown;
    await exportMatch(ctx, isObject(json) ? json : {});
  });
}
