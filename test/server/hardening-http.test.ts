/**
 * The Lobby API's hardening, through the real server over HTTP (and a real socket for a seat that
 * was left): seat ids that are not seats of the match are refused on every route before
 * boardgame.io indexes its players with them (a "__proto__" seat would write onto Object.prototype
 * for the whole process); unknown games and matches answer 404; behind a proxy the rate limits go
 * by the address the proxy saw; the limiter's memory stays bounded; only created matches count
 * against the create limit; and a seat's sockets are closed when its player leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { RateLimiter, addressKey } from '../../server/http';
import { optionsFromEnv } from '../../server/config';
import {
  GAME,
  Player,
  RawSocket,
  createMatch,
  joinSeat,
  post,
  request,
  snapshot,
  startTestServer,
  type Seat,
  type TestServer,
} from './support';

/** Seat ids that are not a seat of a two-player match, each refused with a 400. */
const BAD_SEATS: unknown[] = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '7',
  '2',
  '-1',
  '01',
  '1.0',
  ' 1',
  '1 ',
  '0x1',
  '1e0',
  '',
  1, // boardgame.io would answer with a numeric seat the sockets refuse
  0,
  true,
  {},
  ['1'],
];

/** The ids a header can carry (HTTP trims spaces around a header's value). */
const BAD_HEADER_SEATS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', '7', '-1', '01', '1.0'];

const PROBES = ['name', 'credentials', 'data', 'id', 'endIf'];

/** Whether anything reached Object.prototype in this process (the server runs in it). */
function prototypeIsClean(): boolean {
  const empty = {} as Record<string, unknown>;
  const inherited: string[] = [];
  for (const key in empty) inherited.push(key);
  return inherited.length === 0 && PROBES.every((k) => empty[k] === undefined);
}

interface MatchBody {
  players: { id: number; name?: string; data?: unknown }[];
  nextMatchID?: string;
}

describe('seat ids and names on every route', () => {
  let server: TestServer;
  let matchID: string;
  let ada: Seat;

  const matchOf = async (id: string) => (await request(server.url, `/games/${GAME}/${id}`)).body as MatchBody;

  beforeAll(async () => {
    server = await startTestServer({ bots: { workers: 0, resume: false } });
    matchID = await createMatch(server.url, { numPlayers: 2 });
    ada = await joinSeat(server.url, matchID, '0', 'Ada');
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses every id that is not a seat of the match, with a 400, changing nothing', async () => {
    const before = await matchOf(matchID);
    const stateBefore = await snapshot(server.url, matchID, null);
    const { credentials } = ada;
    const routes: [string, (id: unknown) => unknown][] = [
      ['join', (id) => ({ playerID: id, playerName: 'Mallory' })],
      ['leave', (id) => ({ playerID: id, credentials })],
      ['update', (id) => ({ playerID: id, credentials, newName: 'Mallory' })],
      ['playAgain', (id) => ({ playerID: id, credentials })],
      ['export', (id) => ({ playerID: id, credentials })],
      ['bot', (id) => ({ playerID: id, credentials, seat: '1', level: 'random' })],
      ['bot', (id) => ({ playerID: '0', credentials, seat: id, level: 'random' })],
    ];
    for (const [route, bodyFor] of routes) {
      for (const id of BAD_SEATS) {
        const what = `${route} ${JSON.stringify(bodyFor(id))}`;
        const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, bodyFor(id));
        expect(res.status, what).toBe(400);
        expect(res.text, what).toMatch(/(playerID|seat) must be a seat id as a string|has no seat/);
        expect(res.text, what).not.toContain(credentials);
      }
    }
    // The router ignores case and a trailing slash: these are boardgame.io's routes too.
    for (const route of ['JOIN', 'Leave', 'update/', 'playagain', 'Export']) {
      const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, {
        playerID: '__proto__',
        playerName: 'Mallory',
        newName: 'Mallory',
        credentials,
      });
      expect(res.status, route).toBe(400);
    }
    for (const id of BAD_HEADER_SEATS) {
      const res = await request(server.url, `/games/${GAME}/${matchID}/export`, {
        headers: { 'x-player-id': id, authorization: `Bearer ${credentials}` },
      });
      expect(res.status, id).toBe(400);
      expect(res.text, id).toMatch(/playerID must be a seat id as a string|has no seat/);
    }
    // The messages say what is wrong.
    const seven = await post(server.url, `/games/${GAME}/${matchID}/join`, {
      playerID: '7',
      playerName: 'x',
    });
    expect(seven.text).toBe(`Match ${matchID} has no seat 7; its seats are "0" to "1".`);
    const proto = await post(server.url, `/games/${GAME}/${matchID}/join`, {
      playerID: '__proto__',
      playerName: 'x',
    });
    expect(proto.text).toBe('playerID must be a seat id as a string, such as "1".');
    for (const route of ['leave', 'update', 'playAgain']) {
      const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, { credentials, newName: 'x' });
      expect(res.status, route).toBe(400);
      expect(res.text, route).toMatch(/^playerID is required/);
    }

    expect(prototypeIsClean()).toBe(true);
    expect(await matchOf(matchID)).toEqual(before);
    expect((await snapshot(server.url, matchID, null))._stateID).toBe(stateBefore._stateID);
    // Ada still holds her seat, and only she does.
    expect((await snapshot(server.url, matchID, ada))._stateID).toBe(stateBefore._stateID);
  });

  it('refuses names that are not short text, changing nothing', async () => {
    const before = await matchOf(matchID);
    const names: unknown[] = ['', '   ', 'x'.repeat(65), 42, { first: 'Mallory' }, ['Mallory'], null];
    for (const name of names) {
      const join = await post(server.url, `/games/${GAME}/${matchID}/join`, {
        playerID: '1',
        playerName: name,
      });
      expect(join.status, JSON.stringify(name)).toBe(400);
      expect(join.text).toBe('playerName must be a name of 1 to 64 characters.');
      for (const route of ['update']) {
        const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, { ...ada, newName: name });
        expect(res.status, `${route} ${JSON.stringify(name)}`).toBe(400);
        expect(res.text).toBe('newName must be a name of 1 to 64 characters.');
      }
    }
    const missing = await post(server.url, `/games/${GAME}/${matchID}/join`, { playerID: '1' });
    expect(missing.text).toBe('playerName is required: a name of 1 to 64 characters.');
    expect(await matchOf(matchID)).toEqual(before);
  });

  it('asks for the seat’s credentials even while no one holds a seat', async () => {
    // boardgame.io alone checks no credentials in a match whose seats have none.
    const empty = await createMatch(server.url, { numPlayers: 2 });
    const before = await matchOf(empty);
    for (const credentials of [undefined, 'made-up']) {
      for (const route of ['update', 'playAgain', 'leave']) {
        const res = await post(server.url, `/games/${GAME}/${empty}/${route}`, {
          playerID: '0',
          credentials,
          newName: 'Squatter',
        });
        expect(res.status, route).toBe(403);
        expect(res.text, route).toBe('Invalid credentials');
      }
    }
    expect(await matchOf(empty)).toEqual(before); // not renamed, not deleted
    expect((await joinSeat(server.url, empty, '0', 'Ada')).credentials).toBeTruthy();
  });

  it('refuses a seat id sent any other way than JSON', async () => {
    const before = await matchOf(matchID);
    const cases: [string, string][] = [
      ['application/x-www-form-urlencoded', 'playerID=__proto__&playerName=Mallory'],
      ['text/plain', '{"playerID":"__proto__","playerName":"Mallory"}'],
    ];
    for (const [type, body] of cases) {
      const res = await request(server.url, `/games/${GAME}/${matchID}/join`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(res.text, type).toMatch(/as JSON/);
    }
    // A JSON type boardgame.io parses too is checked like application/json.
    const api = await request(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"playerID":"__proto__","playerName":"Mallory"}',
    });
    expect(api.status).toBe(400);
    const list = await post(server.url, `/games/${GAME}/${matchID}/join`, [{ playerName: 'Mallory' }]);
    expect(list.status).toBe(400);
    expect(list.text).toMatch(/must be a JSON object/);
    expect(prototypeIsClean()).toBe(true);
    expect(await matchOf(matchID)).toEqual(before);
  });

  it('answers 404 for an unknown game or match on every route', async () => {
    const body = { playerID: '0', credentials: ada.credentials, playerName: 'x', newName: 'x' };
    for (const route of ['join', 'leave', 'update', 'playAgain', 'export']) {
      const game = await post(server.url, `/games/no-such-game/${matchID}/${route}`, body);
      expect(game.status, route).toBe(404);
      expect(game.text, route).toBe('Game no-such-game not found');
      const match = await post(server.url, `/games/${GAME}/no-such-match/${route}`, body);
      expect(match.status, route).toBe(404);
      expect(match.text, route).toBe('Match no-such-match not found');
    }
    const bot = await post(server.url, `/games/${GAME}/no-such-match/bot`, {
      playerID: '0',
      credentials: 'x',
      seat: '1',
      level: 'random',
    });
    expect(bot.status).toBe(404);
    expect((await post(server.url, '/games/no-such-game/create', { numPlayers: 2 })).status).toBe(404);
    expect((await request(server.url, `/games/no-such-game/${matchID}`)).status).toBe(404);
    expect((await request(server.url, '/games/no-such-game')).status).toBe(404);
    for (const path of ['', '/presence', '/export'])
      expect((await request(server.url, `/games/${GAME}/__proto__${path}`)).status, path).toBe(404);
    expect((await post(server.url, `/games/${GAME}/__proto__/join`, { playerName: 'x' })).status).toBe(404);
    expect((await matchOf(matchID)).players[0]?.name).toBe('Ada');
  });

  it('still joins, seats bots and plays with clean state afterwards', async () => {
    expect(prototypeIsClean()).toBe(true);
    // boardgame.io picks the first free seat when none is asked for.
    const picked = await post(server.url, `/games/${GAME}/${matchID}/join`, { playerName: 'Bob' });
    expect(picked.status).toBe(200);
    expect((picked.body as { playerID: string }).playerID).toBe('1');
    const full = await post(server.url, `/games/${GAME}/${matchID}/join`, { playerName: 'Eve' });
    expect(full.status).toBe(409);

    const fresh = await createMatch(server.url, { numPlayers: 3 });
    const first = await joinSeat(server.url, fresh, '2', 'Cy');
    const again = await post(server.url, `/games/${GAME}/${fresh}/join`, {
      playerID: '2',
      playerName: 'Eve',
    });
    expect(again.status).toBe(409);
    expect((await post(server.url, `/games/${GAME}/${fresh}/join`, { playerName: 'Di' })).body).toMatchObject(
      {
        playerID: '0',
      },
    );
    expect((await snapshot(server.url, fresh, first))._stateID).toBeGreaterThanOrEqual(0);
    // A seat no one has joined cannot be used with made-up credentials.
    expect(
      (await post(server.url, `/games/${GAME}/${fresh}/leave`, { playerID: '1', credentials: 'x' })).status,
    ).toBe(403);

    const withBot = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { 1: 'random' } } });
    const human = await joinSeat(server.url, withBot, '0', 'Ada');
    const view = await snapshot(server.url, withBot, human);
    expect((await matchOf(withBot)).players[1]?.name).toBe('Random Altair');
    const active = view.ctx.activePlayers as Record<string, unknown> | null;
    for (const key of Object.keys(active ?? {})) expect(['0', '1']).toContain(key);
    for (const key in active ?? {}) expect(['0', '1']).toContain(key);
    expect(prototypeIsClean()).toBe(true);
  });
});

describe('rate limits', () => {
  it('behind a proxy, counts the address the proxy saw, not what the client wrote', async () => {
    const server = await startTestServer({ trustProxy: true, createLimit: { max: 30, windowMs: 60_000 } });
    try {
      const create = (forwardedFor: string) =>
        post(server.url, `/games/${GAME}/create`, { numPlayers: 1 }, { 'x-forwarded-for': forwardedFor });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await create(`198.51.100.${i}, 203.0.113.7`)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.slice(30)).toEqual(Array<number>(10).fill(429));
      // Another address (as the proxy saw it) has its own allowance.
      expect((await create('198.51.100.1, 203.0.113.8')).status).toBe(200);
      expect((await create('203.0.113.7')).status).toBe(429);
    } finally {
      await server.dispose();
    }
  });

  it('reads PROXY_HOPS, one proxy by default', () => {
    expect(optionsFromEnv({ TRUST_PROXY: 'true' }).proxyHops).toBe(1);
    expect(optionsFromEnv({ TRUST_PROXY: 'true', PROXY_HOPS: '2' }).proxyHops).toBe(2);
    expect(() => optionsFromEnv({ PROXY_HOPS: '0' })).toThrow(/PROXY_HOPS must be a whole number from 1/);
  });

  it('with two proxies, counts the address the outer one saw', async () => {
    const server = await startTestServer({
      trustProxy: true,
      proxyHops: 2,
      createLimit: { max: 2, windowMs: 60_000 },
    });
    try {
      const create = (forwardedFor: string) =>
        post(server.url, `/games/${GAME}/create`, { numPlayers: 1 }, { 'x-forwarded-for': forwardedFor });
      for (let i = 0; i < 2; i++)
        expect((await create(`10.0.0.${i}, 203.0.113.7, 10.1.1.1`)).status).toBe(200);
      expect((await create('10.0.0.9, 203.0.113.7, 10.1.1.1')).status).toBe(429);
      expect((await create('10.0.0.9, 203.0.113.8, 10.1.1.1')).status).toBe(200);
    } finally {
      await server.dispose();
    }
  });

  it('keeps the limiter’s memory bounded', () => {
    const limiter = new RateLimiter(2, 1000, 100);
    for (let i = 0; i < 150; i++) expect(limiter.hit(`10.0.${i >> 8}.${i & 255}`, 0)).toBe(0);
    expect(limiter.size).toBe(100); // the oldest 50 forgotten
    expect(limiter.hit('10.0.0.149', 10)).toBe(0);
    expect(limiter.hit('10.0.0.149', 20)).toBe(1); // still limited within its window
    // Expired windows are dropped on the next hit.
    expect(limiter.hit('192.0.2.1', 1000)).toBe(0);
    expect(limiter.size).toBe(1);
    // A refunded hit leaves nothing behind.
    limiter.refund('192.0.2.1');
    expect(limiter.size).toBe(0);
  });

  it('counts one IPv6 network as one address', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('::ffff:192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('forgets the addresses of expired windows (over HTTP)', async () => {
    const server = await startTestServer({ trustProxy: true, createLimit: { max: 1, windowMs: 1000 } });
    try {
      const hand = (address: string) =>
        post(server.url, `/games/${GAME}/no-such-match/bot`, {}, { 'x-forwarded-for': address });
      for (let i = 0; i < 50; i++) expect((await hand(`198.51.100.${i}`)).status).toBe(400);
      expect(server.stats().rateLimitedAddresses).toBe(50);
      expect((await hand('198.51.100.0')).status).toBe(429);
      await new Promise((r) => setTimeout(r, 1050));
      expect((await hand('198.51.100.0')).status).toBe(400);
      expect(server.stats().rateLimitedAddresses).toBe(1);
    } finally {
      await server.dispose();
    }
  });

  it('counts only created matches; an unknown game is 404 even past the limit', async () => {
    const server = await startTestServer({ createLimit: { max: 2, windowMs: 60_000 } });
    try {
      const create = (body: unknown, game = GAME) => post(server.url, `/games/${game}/create`, body);
      for (let i = 0; i < 5; i++) expect((await create({ numPlayers: 9 })).status).toBe(400);
      const first = await create({ numPlayers: 1 });
      expect(first.status).toBe(200);
      // A refused playAgain (wrong credentials) creates nothing and does not count either.
      const id = (first.body as { matchID: string }).matchID;
      const wrong = await post(server.url, `/games/${GAME}/${id}/playAgain`, {
        playerID: '0',
        credentials: 'x',
      });
      expect(wrong.status).toBe(403);
      expect((await create({ numPlayers: 1 })).status).toBe(200);
      const over = await create({ numPlayers: 1 });
      expect(over.status).toBe(429);
      expect(over.text).toMatch(/Too many matches created/);
      const unknown = await create({ numPlayers: 1 }, 'no-such-game');
      expect(unknown.status).toBe(404);
      expect(unknown.text).toBe('Game no-such-game not found');
      expect((await create({ numPlayers: 9 })).status).toBe(400);
      expect(server.stats().rateLimitedAddresses).toBe(1);
    } finally {
      await server.dispose();
    }
  });
});

describe('leaving a seat', () => {
  let server: TestServer;
  const players: Player[] = [];

  beforeAll(async () => {
    server = await startTestServer({ bots: { workers: 0, resume: false } });
  });

  afterAll(async () => {
    for (const p of players) p.stop();
    await server?.dispose();
  });

  it('closes the sockets on that seat, so they see nothing of the next occupant', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const ada = await joinSeat(server.url, matchID, '0', 'Ada');
    const bob = await joinSeat(server.url, matchID, '1', 'Bob');
    // Bob's socket: a raw client that records everything it is sent.
    const old = new RawSocket(server.url);
    const received: { event: string; args: unknown[] }[] = [];
    old.socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
    expect(await old.sync(matchID, '1', bob.credentials)).not.toBeNull();
    const bobClient = new Player(server.url, matchID, bob);
    players.push(bobClient);
    await bobClient.synced();

    const left = await post(server.url, `/games/${GAME}/${matchID}/leave`, bob);
    expect(left.status).toBe(200);
    const atLeave = received.length;
    const bobStatesAtLeave = bobClient.states.length;

    // Carol takes the seat and starts her turn; Ada plays too.
    const carol = await joinSeat(server.url, matchID, '1', 'Carol');
    const carolClient = new Player(server.url, matchID, carol);
    const adaClient = new Player(server.url, matchID, ada);
    players.push(carolClient, adaClient);
    await Promise.all([carolClient.synced(), adaClient.synced()]);
    carolClient.send({ type: 'takeTile', stack: 'small' });
    await carolClient.waitFor(
      'Carol’s first step',
      (s) => (s.G as GameState).private['1']?.turn?.steps.length === 1,
    );
    adaClient.send({ type: 'takeTile', stack: 'large' });
    await adaClient.waitFor(
      'Ada’s first step',
      (s) => (s.G as GameState).private['0']?.turn?.steps.length === 1,
    );
    await new Promise((r) => setTimeout(r, 200));

    // Nothing reached Bob's old sockets after the leave: they were closed.
    const after = received.slice(atLeave);
    expect(JSON.stringify(after)).not.toContain('"steps":[{');
    expect(after.map((m) => m.event)).toEqual([]);
    expect(old.socket.connected).toBe(false);
    expect(bobClient.states).toHaveLength(bobStatesAtLeave);
    const presence = (await request(server.url, `/games/${GAME}/${matchID}/presence`)).body as {
      players: { name?: string; connections: number }[];
    };
    expect(presence.players[1]).toMatchObject({ name: 'Carol', connections: 1 });
    // Coming back with the old credentials is refused.
    old.socket.connect();
    expect(await old.sync(matchID, '1', bob.credentials)).toBeNull();
    expect(old.rejections.at(-1)?.reason).toBe('invalid credentials');
    old.close();
  });
});
