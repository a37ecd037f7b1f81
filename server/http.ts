/**
 * The HTTP side added to boardgame.io's Lobby API: a body limit, the game name, match id and seat
 * ids checked before boardgame.io sees a request, match creation validated (with the bot seats)
 * and rate-limited per address, 403 bodies that no longer echo the credentials sent, sockets of a
 * seat closed when its player leaves, and the routes boardgame.io lacks: a match's export as a
 * match record, its presence, and handing a seat to a bot.
 */
import { isIPv6 } from 'node:net';
import { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import {
  awaiting,
  CHAT_KEPT,
  GAME_NAME,
  type GameState,
  isPrivateStep,
  type LogLikeEntry,
  matchClockOf,
  recordFromLog,
  type SetupData,
  timeControlOf,
  validateSetupData,
} from '../game';
import { isAbandoned } from './abandon';
import type { BotSeatQuota } from './bot-quota';
import { botSeats, botSeatsOf, botsError } from './bots';
import { LIST_PAGE, type MatchIndex } from './match-index';
import type { Presence } from './presence';
import { BODY_BOUNDS, jsonBoundsError } from './json-bounds';
import { isSeatId } from './seat-id';
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
  createLimit: RateLimit | null;
  /** Requests for the public match list per address and window; null turns the limit off. */
  listLimit: RateLimit | null;
  /** Requests to a match's seat routes (join, leave, update, play again, export) per address and window. */
  seatLimit: RateLimit | null;
  /** The unfinished matches, from which the public list is served. */
  index: MatchIndex;
  /** Bot seats per creating address in unfinished matches; null: no cap. */
  botQuota: BotSeatQuota | null;
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
  /** Close this instance's sockets bound to a seat (its player has left it). */
  disconnectSeat: (matchID: string, playerID: string) => void;
  /** After a seat route changed a match's seats, inside its queue: the clocks may start (server/clocks.ts). */
  afterSeats: (matchID: string) => Promise<void>;
  /** "I'm back", inside the match's queue: true if the seat was away. */
  clockBack: (matchID: string, seat: string) => Promise<boolean>;
}

type MatchData = NonNullable<Awaited<ReturnType<AckedStorage['fetch']>>['metadata']>;

export interface RateLimit {
  max: number;
  windowMs: number;
}

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

/** The types boardgame.io's body parser (koa-body 5) reads as JSON, whatever their charset. */
const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
];

/**
 * Read the body once, within the limit, and hand boardgame.io's own parser an identical stream.
 * A JSON body is kept parsed in `ctx.state.json`, decoded as UTF-8 as boardgame.io's parser does.
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
    if (ctx.is(JSON_TYPES) && raw.length > 0) {
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        return fail(ctx, 400, 'The request body is not valid JSON.');
      }
      // Before boardgame.io or the storage copies or compares it (server/json-bounds.ts).
      const why = jsonBoundsError(json, BODY_BOUNDS);
      if (why) return fail(ctx, 400, `The request body is refused: ${why}.`);
      ctx.state.json = json;
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

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 prefix
 * (one subscriber's network, which holds 2^64 addresses).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const full = [
    ...groups(head),
    ...(tail === undefined ? [] : Array<string>(missing).fill('0')),
    ...groups(tail ?? ''),
  ];
  return `${full
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A fixed-window counter per address. Its memory is bounded: expired windows are dropped as new
 * hits come, and past `maxAddresses` live windows the oldest is forgotten.
 */
export class RateLimiter {
  /** Windows in the order they opened, which is also the order they close (all are as long). */
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxAddresses = 10_000,
  ) {}

  /** Addresses with a window open (or expired and not yet swept). */
  get size(): number {
    return this.windows.size;
  }

  /** Seconds to wait, or 0 when this hit is allowed (and counted). */
  hit(key: string, now = Date.now()): number {
    for (const [k, w] of this.windows) {
      if (w.resetAt > now) break;
      this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key); // the clock went back: start a fresh window
      window = undefined;
    }
    if (!window) {
      if (this.windows.size >= this.maxAddresses)
        this.windows.delete(this.windows.keys().next().value as string);
      this.windows.set(key, (window = { count: 0, resetAt: now + this.windowMs }));
    }
    if (window.count >= this.max) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return 0;
  }

  /** Take back a hit whose request turned out not to count; an address left at nothing is forgotten. */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && --window.count <= 0) this.windows.delete(key);
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
  if (isObject(body.setupData) && Object.hasOwn(body.setupData, 'clock'))
    return 'Unknown option "clock": the server keeps the clocks itself.';
  // boardgame.io keeps the previous options when the body has none (or a falsy value).
  const setupData = (body.setupData || previous?.setupData) as Record<string, unknown> | undefined;
  const setupWhy = validateSetupData(setupData, numPlayers);
  if (setupWhy) return setupWhy;
  return botsError(setupData?.bots, numPlayers, botLevels);
}

const CREDENTIALS_MAX = 256;

/** Options as the public list shows them: the running clocks are the match page's (presence). */
function withoutClock(setupData: unknown): unknown {
  if (!isObject(setupData) || !('clock' in setupData)) return setupData;
  const { clock: _clock, ...rest } = setupData;
  return rest;
}

/** Matches one status request may ask about. */
const STATUS_MAX = 50;

/** A match's time control and clocks, as anyone at its table may see them, and the server's time. */
function clockAnswer(metadata: MatchData): Record<string, unknown> {
  const timeControl = timeControlOf(metadata.setupData);
  if (!timeControl) return {};
  const clock = matchClockOf(metadata.setupData);
  return { timeControl, ...(clock ? { clock } : {}), now: Date.now() };
}
const HAND_FIELDS = ['playerID', 'credentials', 'seat', 'level'];

const seatIdShape = (field: string) => `${field} must be a seat id as a string, such as "1".`;
const isCredentials = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= CREDENTIALS_MAX;
const CREDENTIALS_SHAPE = "credentials must be the seat's credentials, a string.";

/**
 * Why `value` is not one of the match's seats, or null. boardgame.io indexes the match's players
 * with whatever it is sent: "__proto__" would write names and credentials onto Object.prototype
 * for the whole process, and a number would be answered as a seat the sockets then refuse.
 */
export function seatIdError(
  field: string,
  value: unknown,
  matchID: string,
  metadata: MatchData,
): string | null {
  if (!isSeatId(value)) return seatIdShape(field);
  if (Object.hasOwn(metadata.players, value)) return null;
  const last = Object.keys(metadata.players).length - 1;
  const seats = last === 0 ? 'its only seat is "0"' : `its seats are "0" to "${last}"`;
  return `Match ${matchID} has no seat ${value}; ${seats}.`;
}

/** Why a hand-to-bot body is invalid, or null (whether the seats exist is checked on the match). */
export function handBodyError(body: unknown, botLevels: readonly string[]): string | null {
  const shape = 'Send {"playerID", "credentials", "seat", "level"} as a JSON object.';
  if (!isObject(body)) return `The request body must be a JSON object. ${shape}`;
  for (const key of Object.keys(body))
    if (!HAND_FIELDS.includes(key)) return `Unknown field "${key}". ${shape}`;
  for (const key of ['playerID', 'seat'] as const) {
    if (body[key] === undefined) return `${key} is required. ${shape}`;
    if (!isSeatId(body[key])) return seatIdShape(key);
  }
  if (body.credentials === undefined) return `credentials is required. ${shape}`;
  if (!isCredentials(body.credentials)) return CREDENTIALS_SHAPE;
  if (typeof body.level !== 'string' || !botLevels.includes(body.level))
    return `level must be one of: ${botLevels.join(', ')}.`;
  return null;
}

/**
 * The POST routes under a match that take a seat in their body: boardgame.io's (join, leave,
 * update, playagain) and the export, in lower case (the router ignores case: "/JOIN" is
 * boardgame.io's join). Whether the seat is required. boardgame.io's deprecated `rename` is
 * refused: `update` does the same.
 */
const SEAT_ROUTES = new Map<string, 'optional' | 'required'>([
  ['join', 'optional'], // boardgame.io picks the first free seat
  ['leave', 'required'],
  ['update', 'required'],
  ['playagain', 'required'],
  ['export', 'optional'], // public once the game has ended
]);
const REFUSED_ROUTES = new Map([['rename', 'The rename route is gone: send the new name to /update.']]);

/** The seat routes that write the match's metadata (the export only reads it). */
const METADATA_ROUTES = new Set([...SEAT_ROUTES.keys()].filter((route) => route !== 'export'));

/** Longest player name accepted (the client allows 24 characters). */
const NAME_MAX = 64;
/** The name field each route takes, and whether it is required. */
const NAME_FIELDS = new Map<string, ['playerName' | 'newName', boolean]>([
  ['join', ['playerName', true]],
  ['update', ['newName', false]],
]);

/**
 * What a person's seat `data` (join, update) may be: a flat object of a few short values. Nothing
 * the client sends uses it; boardgame.io stores it in the match's metadata and shows it to all.
 */
const SEAT_DATA = { maxFields: 8, maxBytes: 512 };

function seatDataError(value: unknown): string | null {
  if (value === undefined) return null;
  const shape = `data must be an object of at most ${SEAT_DATA.maxFields} fields, each a short string, a number, true, false or null`;
  if (!isObject(value)) return `${shape}.`;
  const entries = Object.entries(value);
  if (entries.length > SEAT_DATA.maxFields) return `${shape}.`;
  for (const [, v] of entries)
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) return `${shape}.`;
  if (Buffer.byteLength(JSON.stringify(value)) > SEAT_DATA.maxBytes)
    return `data must be at most ${SEAT_DATA.maxBytes} bytes as JSON.`;
  return null;
}

/** Why a player name is not acceptable, or null. */
function nameError(field: string, value: unknown, required: boolean): string | null {
  const what = `a name of 1 to ${NAME_MAX} characters`;
  if (value === undefined) return required ? `${field} is required: ${what}.` : null;
  if (typeof value !== 'string' || value.trim() === '' || value.length > NAME_MAX)
    return `${field} must be ${what}.`;
  return null;
}

const actionOf = (ctx: Context) => (ctx.params.action as string).toLowerCase();

const notJson = (ctx: Context) => ctx.state.json === undefined && (ctx.state.bodyBytes as number) > 0;

/** What the routes keep in memory, for the server's figures. */
export interface RouteStats {
  /** Addresses the rate limits (and the bot seat cap) are tracking. */
  rateLimitedAddresses(): number;
}

/** Add the server's routes and guards to boardgame.io's router (before `run()` mounts it). */
export function addRoutes(router: AnyRouter, o: HttpOptions): RouteStats {
  const newLimiter = (limit: RateLimit | null = o.createLimit) =>
    limit ? new RateLimiter(limit.max, limit.windowMs) : null;
  const body = limitBody(o.bodyLimit);
  const tooMany = (ctx: Context, wait: number, what: string) => {
    ctx.set('retry-after', String(wait));
    fail(ctx, 429, `Too many ${what} from this address; try again in ${wait} s.`);
  };
  // Every request counts, refused ones too (the bot route).
  const limited = (limiter: RateLimiter | null, what: string) => async (ctx: Context, next: Next) => {
    const wait = limiter?.hit(addressKey(ctx.ip)) ?? 0;
    if (wait > 0) return tooMany(ctx, wait, what);
    await next();
  };
  // Only created matches count: placed after validation, and a hit is taken back when
  // boardgame.io does not create the match (held during the request, so a burst cannot pass).
  const createLimiter = newLimiter();
  const countCreated = async (ctx: Context, next: Next) => {
    const key = addressKey(ctx.ip);
    const wait = createLimiter?.hit(key) ?? 0;
    if (wait > 0) return tooMany(ctx, wait, 'matches created');
    // The bot seats it asks for count against the address's cap until the match ends.
    const seats = Object.keys(botSeats((ctx.state.json as { setupData?: unknown } | undefined)?.setupData));
    const reservation = seats.length > 0 && o.botQuota ? o.botQuota.reserve(key, seats.length) : null;
    if (seats.length > 0 && o.botQuota && reservation === null) {
      createLimiter?.refund(key);
      return fail(
        ctx,
        429,
        `This address already has ${o.botQuota.max} bot seats or close to it in unfinished matches; finish or leave one of them first.`,
      );
    }
    let created = false;
    try {
      await next();
      created = ctx.status === 200;
    } finally {
      if (!created) createLimiter?.refund(key);
      if (reservation !== null) {
        const matchID = (ctx.body as { matchID?: unknown } | undefined)?.matchID;
        if (created && typeof matchID === 'string') o.botQuota?.confirm(reservation, matchID);
        else o.botQuota?.cancel(reservation);
      }
    }
  };
  const knownGame = async (ctx: Context, next: Next) => {
    const name = ctx.params.name as string;
    if (name !== GAME_NAME) return fail(ctx, 404, `Game ${name} not found`);
    await next();
  };
  const matchData = async (matchID: string) => (await o.storage.fetch(matchID, { metadata: true })).metadata;

  const validate = (again: boolean) => async (ctx: Context, next: Next) => {
    if (notJson(ctx)) return fail(ctx, 415, 'Send the options as JSON (content-type: application/json).');
    let previous: { numPlayers: number; setupData: unknown } | undefined;
    if (again) {
      const metadata = await matchData(ctx.params.id as string);
      if (!metadata) return fail(ctx, 404, `Match ${ctx.params.id as string} not found`);
      previous = { numPlayers: Object.keys(metadata.players).length, setupData: metadata.setupData };
    }
    const why = createBodyError(ctx.state.json, o.botLevels(), previous);
    if (why) return fail(ctx, 400, why);
    await next();
  };

  // The match must exist and its seat id be one of its seats, before boardgame.io indexes its
  // players with it (docs/server.md, "Bad input and security").
  const checkSeat = async (ctx: Context, next: Next) => {
    const refused = REFUSED_ROUTES.get(actionOf(ctx));
    if (refused) return fail(ctx, 410, refused);
    const need = SEAT_ROUTES.get(actionOf(ctx));
    if (!need) return next();
    // boardgame.io also reads forms: a seat id must not reach it unchecked that way.
    if (notJson(ctx)) return fail(ctx, 415, 'Send the request as JSON (content-type: application/json).');
    const json = ctx.state.json ?? {};
    if (!isObject(json)) return fail(ctx, 400, 'The request body must be a JSON object.');
    const matchID = ctx.params.id as string;
    const metadata = await matchData(matchID);
    if (!metadata) return fail(ctx, 404, `Match ${matchID} not found`);
    if (json.playerID === undefined || json.playerID === null) {
      if (need === 'required') return fail(ctx, 400, `playerID is required. ${seatIdShape('It')}`);
    } else {
      const why = seatIdError('playerID', json.playerID, matchID, metadata);
      if (why) return fail(ctx, 400, why);
    }
    if (json.credentials !== undefined && !isCredentials(json.credentials))
      return fail(ctx, 400, CREDENTIALS_SHAPE);
    const [nameField, nameRequired] = NAME_FIELDS.get(actionOf(ctx)) ?? [];
    const badName = nameField && nameError(nameField, json[nameField], nameRequired ?? false);
    if (badName) return fail(ctx, 400, badName);
    if (nameField) {
      const badData = seatDataError(json.data);
      if (badData) return fail(ctx, 400, badData);
    }
    if (actionOf(ctx) === 'join' && metadata.gameover !== undefined && metadata.gameover !== null)
      return fail(
        ctx,
        409,
        isAbandoned(metadata.gameover)
          ? 'This match was abandoned: nobody held a seat in it for too long.'
          : 'This match is over: its seats can no longer be taken.',
      );
    // boardgame.io checks no credentials at all while no seat of the match has any: anyone could
    // rename a free seat (then no one can join it) or leave it (which deletes the match).
    if (need === 'required') {
      const seat = metadata.players[Number(json.playerID)];
      if (!seat?.credentials || seat.credentials !== json.credentials)
        return fail(ctx, 403, 'Invalid credentials');
    }
    await next();
  };
  // A seat route reads the match's metadata, changes one seat and writes it all back: two at once
  // (players joining together) would each write over the other's seat, and a player told "joined"
  // would hold credentials that no longer exist. They run one at a time, between the match's moves.
  const oneAtATime = async (ctx: Context, next: Next) => {
    if (!METADATA_ROUTES.has(actionOf(ctx))) return next();
    await o.inMatchQueue(ctx.params.id as string, () => next());
  };
  const byAction = async (ctx: Context, next: Next) => {
    const action = actionOf(ctx);
    if (action === 'playagain') return validate(true)(ctx, () => countCreated(ctx, next));
    await next();
    // Whoever held the seat must not go on receiving its view (the next occupant's turn in
    // progress): their sockets on this instance are closed, and their credentials are gone.
    if (action === 'leave' && ctx.status === 200)
      o.disconnectSeat(ctx.params.id as string, (ctx.state.json as { playerID: string }).playerID);
    // Still in the match's queue (oneAtATime): a match whose last seat was just taken starts its clocks.
    if (action === 'join' && ctx.status === 200) await o.afterSeats(ctx.params.id as string);
  };

  // The public list: open matches only (listed, a seat free, not over), newest first, a page at a
  // time, from the match index rather than a read per match; without seat data. boardgame.io's
  // own list (every match ever created, in full) is never reached.
  const listLimiter = newLimiter(o.listLimit);
  const listPage = async (ctx: Context) => {
    await o.index.ready;
    const number = (name: string, fallback: number, max: number): number | string => {
      const raw = ctx.query[name];
      if (raw === undefined) return fallback;
      const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
      return n >= 1 && n <= max ? n : `${name} must be a whole number from 1 to ${max}.`;
    };
    const page = number('page', 1, 100_000);
    const perPage = number('perPage', LIST_PAGE.default, LIST_PAGE.max);
    if (typeof page === 'string') return fail(ctx, 400, page);
    if (typeof perPage === 'string') return fail(ctx, 400, perPage);
    const found = o.index.page(page, perPage);
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      ...found,
      matches: found.matches.map((m) => ({
        matchID: m.matchID,
        gameName: GAME_NAME,
        players: m.players,
        ...(m.setupData !== undefined ? { setupData: withoutClock(m.setupData) } : {}),
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })),
    };
  };
  const seatLimiter = newLimiter(o.seatLimit);

  // Registered before boardgame.io's routes, so these run first and then hand over to them.
  router.get('/games/:name', knownGame, limited(listLimiter, 'match lists'), listPage);
  router.get('/games/:name/:id', knownGame);
  router.post('/games/:name/create', body, knownGame, validate(false), countCreated);
  router.post(
    '/games/:name/:id/:action',
    limited(seatLimiter, 'seat requests'),
    body,
    knownGame,
    oneAtATime,
    checkSeat,
    byAction,
  );

  const botLimiter = newLimiter();
  router.get(`/games/${GAME_NAME}/:id/presence`, async (ctx: Context) => {
    const matchID = ctx.params.id as string;
    const metadata = await matchData(matchID);
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
      ...clockAnswer(metadata),
    };
  });

  // The table chat kept with the match, newest last (server/chat.ts): anyone at the table reads it.
  router.get(`/games/${GAME_NAME}/:id/chat`, async (ctx: Context) => {
    const matchID = ctx.params.id as string;
    if (!(await matchData(matchID))) return fail(ctx, 404, `Match ${matchID} not found`);
    ctx.set('cache-control', 'no-store');
    ctx.body = { matchID, messages: await o.storage.chatOf(matchID, CHAT_KEPT) };
  });

  // POST { playerID, credentials }: "I'm back". The seat's own player takes it back from the bot
  // that played it while its time had run out; nobody else can.
  const backLimiter = newLimiter();
  router.post(
    `/games/${GAME_NAME}/:id/back`,
    body,
    limited(backLimiter, 'back requests'),
    async (ctx: Context) => {
      if (notJson(ctx)) return fail(ctx, 415, 'Send the request as JSON (content-type: application/json).');
      const json = ctx.state.json as unknown;
      if (!isObject(json))
        return fail(ctx, 400, 'The request body must be a JSON object: { playerID, credentials }.');
      for (const key of Object.keys(json))
        if (key !== 'playerID' && key !== 'credentials')
          return fail(ctx, 400, `Unknown field "${key}": send { playerID, credentials }.`);
      if (!isCredentials(json.credentials)) return fail(ctx, 400, CREDENTIALS_SHAPE);
      const matchID = ctx.params.id as string;
      const found = await matchData(matchID);
      if (!found) return fail(ctx, 404, `Match ${matchID} not found`);
      const badSeat = seatIdError('playerID', json.playerID, matchID, found);
      if (badSeat) return fail(ctx, 400, badSeat);
      const seat = json.playerID as string;
      await o.inMatchQueue(matchID, async () => {
        const metadata = await matchData(matchID);
        if (!metadata) return fail(ctx, 404, `Match ${matchID} not found`);
        const player = metadata.players[Number(seat)];
        if (!player?.credentials || player.credentials !== json.credentials)
          return fail(ctx, 403, 'Invalid credentials');
        if (metadata.gameover !== undefined && metadata.gameover !== null)
          return fail(ctx, 409, 'The game is over.');
        if (!matchClockOf(metadata.setupData)) return fail(ctx, 409, 'This match has no clock.');
        ctx.body = { playerID: seat, back: await o.clockBack(matchID, seat) };
      });
    },
  );

  // GET ?ids=a,b,c: the state of several matches at once, for a player's list of their games
  // (whose decision is awaited, the clocks, the result). Nothing private: what the match's page
  // shows anyone.
  const statusLimiter = newLimiter(o.listLimit);
  router.get(
    `/games/${GAME_NAME}/status`,
    limited(statusLimiter, 'status requests'),
    async (ctx: Context) => {
      const raw = ctx.query.ids;
      const ids = typeof raw === 'string' && raw.length > 0 ? raw.split(',') : [];
      if (ids.length === 0 || ids.length > STATUS_MAX || ids.some((id) => !/^[\w-]{1,64}$/.test(id)))
        return fail(ctx, 400, `ids must be 1 to ${STATUS_MAX} match ids, separated by commas.`);
      const matches = await Promise.all(
        [...new Set(ids)].map(async (matchID) => {
          const { metadata, state } = await o.storage.fetch(matchID, { metadata: true, state: true });
          if (!metadata || !state) return { matchID, missing: true };
          const G = state.G as GameState;
          const over = metadata.gameover !== undefined && metadata.gameover !== null;
          return {
            matchID,
            players: Object.values(metadata.players).map((p) =>
              p.name ? { id: p.id, name: p.name } : { id: p.id },
            ),
            round: G.round,
            owing: over ? [] : Object.keys(awaiting(G)),
            ...(over ? { gameover: metadata.gameover } : {}),
            updatedAt: metadata.updatedAt,
            ...clockAnswer(metadata),
          };
        }),
      );
      ctx.set('cache-control', 'no-store');
      ctx.body = { now: Date.now(), matches };
    },
  );

  // POST { playerID, credentials, seat, level }: a seated player hands their own seat, or a seat
  // whose person has left, to a bot.
  router.post(
    `/games/${GAME_NAME}/:id/bot`,
    body,
    limited(botLimiter, 'bot requests'),
    async (ctx: Context) => {
      if (notJson(ctx)) return fail(ctx, 415, 'Send the request as JSON (content-type: application/json).');
      const json = ctx.state.json as unknown;
      const why = handBodyError(json, o.botLevels());
      if (why) return fail(ctx, 400, why);
      const { playerID, credentials, seat, level } = json as Record<
        'playerID' | 'credentials' | 'seat' | 'level',
        string
      >;
      const matchID = ctx.params.id as string;
      const found = await matchData(matchID);
      if (!found) return fail(ctx, 404, `Match ${matchID} not found`);
      const badSeat =
        seatIdError('playerID', playerID, matchID, found) ?? seatIdError('seat', seat, matchID, found);
      if (badSeat) return fail(ctx, 400, badSeat);
      await o.inMatchQueue(matchID, async () => {
        const metadata = await matchData(matchID);
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
  // Records of finished matches never change: kept (the last 200), as replaying a long log is not free.
  const finished = new Map<string, unknown>();
  const exportMatch = async (ctx: Context, auth: { playerID?: unknown; credentials?: unknown }) => {
    const matchID = ctx.params.id as string;
    const { metadata, initialState, log } = await o.storage.fetch(matchID, {
      metadata: true,
      initialState: true,
      log: true,
    });
    if (!metadata || !initialState) return fail(ctx, 404, `Match ${matchID} not found`);
    if (auth.playerID !== undefined && auth.playerID !== null) {
      const why = seatIdError('playerID', auth.playerID, matchID, metadata);
      if (why) return fail(ctx, 400, why);
    }
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
    // Of another seat's turn in progress, not even the kind or number of its steps (§9): their
    // private steps are left out (what other seats' sockets are told, server/step-veil.ts).
    const moves = record.moves
      .filter((m) => m.player === auth.playerID || !isPrivateStep(m.move))
      .map((m) =>
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
  // POST { playerID, credentials }, like the Lobby API's other seat routes (checked by checkSeat).
  router.post(`/games/${GAME_NAME}/:id/export`, async (ctx: Context) => {
    const json = ctx.state.json as unknown;
    await exportMatch(ctx, isObject(json) ? json : {});
  });

  return {
    rateLimitedAddresses: () =>
      [createLimiter, botLimiter, listLimiter, seatLimiter].reduce((sum, l) => sum + (l?.size ?? 0), 0) +
      (o.botQuota?.addresses ?? 0),
  };
}
