/**
 * The public lobby against one anonymous request, through the real server over HTTP: client JSON
 * is bounded in depth and size before boardgame.io or the storage sees it (a join whose data nested
 * 4,500 deep broke the match list for everyone), bot seat keys follow the seat-id rule (leading
 * zeros started phantom bot clients), the public list serves open matches a page at a time from
 * the match index, matches nobody holds a seat in are abandoned and their bots stopped, bot seats
 * per address are capped, the deprecated rename route is refused and the seat routes are limited.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../server/config';
import { DurableFlatFile } from '../../server/storage';
import {
  GAME,
  createMatch,
  joinSeat,
  post,
  request,
  snapshot,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

/** `[[[…1…]]]`, `depth` arrays deep, as text (JSON.stringify would recurse as deep). */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

interface ListedMatch {
  matchID: string;
  players: { id: number; name?: string; data?: unknown }[];
  gameover?: unknown;
  createdAt: number;
}
interface ListPage {
  matches: ListedMatch[];
  page: number;
  perPage: number;
  total: number;
}

const list = async (server: TestServer, query = '') => {
  const res = await request(server.url, `/games/${GAME}${query}`);
  return { ...res, page: res.body as ListPage };
};
const matchOf = async (server: TestServer, id: string) =>
  (await request(server.url, `/games/${GAME}/${id}`)).body as ListedMatch;

describe('client JSON is bounded before anything stores or compares it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ bots: { workers: 0, resume: false } });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses a join whose data nests 4,500 deep, and the list, the match and a sync still answer', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const before = await matchOf(server, matchID);
    const body = `{"playerID":"0","playerName":"a","data":${nested(4500)}}`;
    const res = await post(server.url, `/games/${GAME}/${matchID}/join`, body);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/nests deeper than 8 levels/);
    // Nothing changed, in memory or on disk, and every visitor is still answered.
    expect((await list(server)).status).toBe(200);
    expect(await matchOf(server, matchID)).toEqual(before);
    expect((await snapshot(server.url, matchID, null))._stateID).toBeGreaterThanOrEqual(0);
    // The seat is still free for a person.
    await joinSeat(server.url, matchID, '0', 'Ada');
    expect((await matchOf(server, matchID)).players[0]?.name).toBe('Ada');
  });

  it('bounds every body at every depth: create, update, the bot route', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const ada = await joinSeat(server.url, matchID, '0', 'Ada');
    const deep = nested(20);
    const bodies: [string, string][] = [
      ['create', `{"numPlayers":2,"setupData":{"events":${deep}}}`],
      [`${matchID}/update`, `{"playerID":"0","credentials":"${ada.credentials}","data":${deep}}`],
      [
        `${matchID}/bot`,
        `{"playerID":"0","credentials":"${ada.credentials}","seat":${deep},"level":"random"}`,
      ],
      [`${matchID}/leave`, `{"playerID":"0","credentials":"${ada.credentials}","x":${deep}}`],
    ];
    for (const [route, body] of bodies) {
      const res = await post(server.url, `/games/${GAME}/${route}`, body);
      expect(res.status, route).toBe(400);
      expect(res.text, route).toMatch(/nests deeper/);
    }
    // Many values, shallow: refused too.
    const wide = JSON.stringify({ numPlayers: 2, x: Array.from({ length: 5000 }, () => 0) });
    expect((await post(server.url, `/games/${GAME}/create`, wide)).status).toBe(400);
    expect((await matchOf(server, matchID)).players[0]?.name).toBe('Ada');
  });

  it("a seat's data is small and flat, or refused", async () => {
    const matchID = await createMatch(server.url, { numPlayers: 3 });
    const refused: unknown[] = [
      [1, 2],
      'text',
      { nested: { a: 1 } },
      { list: [1] },
      { long: 'x'.repeat(600) },
      Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i])),
    ];
    for (const data of refused) {
      const res = await post(server.url, `/games/${GAME}/${matchID}/join`, {
        playerID: '0',
        playerName: 'Mallory',
        data,
      });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.text).toMatch(/^data must be/);
    }
    expect((await matchOf(server, matchID)).players[0]?.name).toBeUndefined();
    const ok = await post(server.url, `/games/${GAME}/${matchID}/join`, {
      playerID: '1',
      playerName: 'Ada',
      data: { colour: 'blue', ready: true },
    });
    expect(ok.status).toBe(200);
    expect((await matchOf(server, matchID)).players[1]?.data).toEqual({ colour: 'blue', ready: true });
  });

  it('a seat of the options holds only its planet and corporation', async () => {
    const res = await post(server.url, `/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { seats: [{ planet: 'ksb-4156', note: 'x'.repeat(100) }] },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/note/);
  });
});

describe('metadata is remembered only once written', () => {
  it('a metadata write that fails leaves the match as it was, in memory too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-meta-'));
    const store = new DurableFlatFile(dir);
    try {
      await store.connect();
      const metadata = {
        gameName: GAME,
        players: { 0: { id: 0 }, 1: { id: 1 } },
        createdAt: 1,
        updatedAt: 1,
      };
      await store.setMetadata('m', metadata);
      const persist = (store as unknown as { games: { writeFile: (...a: unknown[]) => Promise<unknown> } })
        .games;
      const writeFile = persist.writeFile;
      persist.writeFile = () => Promise.reject(new Error('disk full'));
      const changed = { ...metadata, players: { 0: { id: 0, name: 'Mallory' }, 1: { id: 1 } }, updatedAt: 2 };
      await expect(store.setMetadata('m', changed)).rejects.toThrow('disk full');
      persist.writeFile = writeFile;
      const { metadata: read } = await store.fetch('m', { metadata: true });
      expect(read).toEqual(metadata);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bot seat keys follow the seat-id rule', () => {
  it('refuses "01", "001" and every other spelling of a seat, and a stored one starts no phantom bot', async () => {
    const server = await startTestServer({ bots: { workers: 0 } });
    let restarted: TestServer | null = null;
    try {
      for (const bots of [
        { '01': 'random' },
        { '1': 'random', '01': 'random' },
        { '001': 'random' },
        { ' 1': 'random' },
        { '1.0': 'random' },
        { '-0': 'random' },
      ]) {
        const res = await post(server.url, `/games/${GAME}/create`, { numPlayers: 2, setupData: { bots } });
        expect(res.status, JSON.stringify(bots)).toBe(400);
        expect(res.text).toMatch(/^bots: there is no seat/);
      }
      // A match stored before the rule, with three spellings of seat 1: one bot plays it.
      const matchID = await createMatch(server.url, {
        numPlayers: 2,
        setupData: { bots: { '1': 'random' } },
      });
      await waitUntil('its bot', () => server.stats().bots.seats === 1);
      await server.close();
      const store = new DurableFlatFile(server.dataDir);
      await store.connect();
      const { metadata } = await store.fetch(matchID, { metadata: true });
      if (!metadata) throw new Error('no metadata');
      const setupData = metadata.setupData as { bots: Record<string, string> };
      setupData.bots = { '1': 'random', '01': 'random', '001': 'random' };
      await store.setMetadata(matchID, metadata);
      await store.close();
      restarted = await startTestServer({ bots: { workers: 0 } }, server.dataDir);
      expect(await restarted.botsResumed).toBe(1);
      expect(restarted.stats().bots.seats).toBe(1);
    } finally {
      await restarted?.dispose();
      if (!restarted) await server.dispose();
    }
  });
});

describe('the public match list', () => {
  let server: TestServer;
  const created: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ bots: { workers: 0, resume: false } });
    // 120 creates, 2 seats each, a long name on every seat of every third (a full match is not open).
    for (let i = 0; i < 120; i++) {
      const id = await createMatch(server.url, { numPlayers: 2, setupData: { events: 'standard' } });
      created.push(id);
      if (i % 3 === 0) {
        await joinSeat(server.url, id, '0', `${'N'.repeat(60)}${i}`);
        await joinSeat(server.url, id, '1', `${'M'.repeat(60)}${i}`);
      } else {
        const res = await post(server.url, `/games/${GAME}/${id}/join`, {
          playerID: '0',
          playerName: 'x'.repeat(64),
          data: { note: 'y'.repeat(200) },
        });
        expect(res.status).toBe(200);
      }
    }
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('shows open matches only, newest first, a page at a time, without seat data, under 64 KiB', async () => {
    const first = await list(server);
    expect(first.status).toBe(200);
    expect(Buffer.byteLength(first.text)).toBeLessThan(64 * 1024);
    const open = created.filter((_, i) => i % 3 !== 0).reverse();
    expect(first.page.total).toBe(open.length);
    expect(first.page.perPage).toBe(50);
    expect(first.page.matches.map((m) => m.matchID)).toEqual(open.slice(0, 50));
    expect(first.text).not.toContain('"data"');
    expect(first.text).not.toContain('credentials');
    for (const m of first.page.matches) expect(m.players.some((p) => !p.name)).toBe(true);
    const second = await list(server, '?page=2&perPage=50');
    expect(second.page.matches.map((m) => m.matchID)).toEqual(open.slice(50, 100));
    const big = await list(server, '?perPage=100');
    expect(big.page.matches).toHaveLength(open.length);
    const past = await list(server, '?page=9');
    expect(past.page.matches).toEqual([]);
    for (const query of ['?perPage=101', '?perPage=0', '?page=0', '?page=x', '?page=-1']) {
      const res = await request(server.url, `/games/${GAME}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.text).toMatch(/must be a whole number/);
    }
  });

  it('follows the seats: a match leaves the list when its last seat is taken, and comes back when one is left', async () => {
    const id = await createMatch(server.url, { numPlayers: 2 });
    expect((await list(server)).page.matches[0]?.matchID).toBe(id);
    await joinSeat(server.url, id, '0', 'Ada');
    const bob = await joinSeat(server.url, id, '1', 'Bob');
    expect((await list(server)).page.matches.some((m) => m.matchID === id)).toBe(false);
    const left = await post(server.url, `/games/${GAME}/${id}/leave`, bob);
    expect(left.status).toBe(200);
    expect((await list(server)).page.matches[0]?.matchID).toBe(id);
    // An unlisted match is never shown.
    const hidden = await createMatch(server.url, { numPlayers: 2, unlisted: true });
    expect((await list(server, '?perPage=100')).page.matches.some((m) => m.matchID === hidden)).toBe(false);
  });

  it('is rate-limited per address, as are the seat routes; the rename route is gone', async () => {
    const limited = await startTestServer({
      bots: { workers: 0, resume: false },
      listLimit: { max: 3, windowMs: 60_000 },
      seatLimit: { max: 4, windowMs: 60_000 },
    });
    try {
      for (let i = 0; i < 3; i++) expect((await list(limited)).status).toBe(200);
      const over = await list(limited);
      expect(over.status).toBe(429);
      expect(over.text).toMatch(/Too many match lists from this address/);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

      const id = await createMatch(limited.url, { numPlayers: 3 });
      const ada = await joinSeat(limited.url, id, '0', 'Ada');
      const rename = await post(limited.url, `/games/${GAME}/${id}/rename`, { ...ada, newName: 'Eve' });
      expect(rename.status).toBe(410);
      expect(rename.text).toMatch(/update/);
      const shouted = await post(limited.url, `/games/${GAME}/${id}/RENAME`, { ...ada, newName: 'Eve' });
      expect(shouted.status).toBe(410);
      await joinSeat(limited.url, id, '1', 'Bob');
      const third = await post(limited.url, `/games/${GAME}/${id}/join`, { playerID: '2', playerName: 'Cy' });
      expect(third.status).toBe(429);
      expect(third.text).toMatch(/Too many seat requests/);
      expect((await matchOf(limited, id)).players[0]?.name).toBe('Ada');
      expect((await matchOf(limited, id)).players[2]?.name).toBeUndefined();
    } finally {
      await limited.dispose();
    }
  });
});

describe('matches nobody finishes', () => {
  it('abandons a match without a person after ABANDONED_AFTER, stops its bots, and spares the others', async () => {
    const server = await startTestServer({
      abandonedAfterMs: 4000,
      botSeatsPerAddress: 4,
      bots: { workers: 0 },
    });
    let restarted: TestServer | null = null;
    try {
      // A person and a bot: never abandoned while the person holds the seat.
      const kept = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { '1': 'random' } } });
      await joinSeat(server.url, kept, '0', 'Ada');
      // A bot and a seat nobody ever took.
      const empty = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { '1': 'random' } } });
      // Bots alone: spared while they play (each move moves the match on), then over by its own end.
      const botsOnly = await createMatch(server.url, {
        numPlayers: 2,
        setupData: { bots: { '0': 'random', '1': 'random' } },
      });
      // Four bot seats held by this address: the cap.
      const capped = await post(server.url, `/games/${GAME}/create`, {
        numPlayers: 2,
        setupData: { bots: { '1': 'random' } },
      });
      expect(capped.status).toBe(429);
      expect(capped.text).toMatch(/bot seats/);

      await waitUntil(
        'the empty match to be abandoned',
        async () => (await matchOf(server, empty)).gameover,
        30_000,
      );
      expect((await matchOf(server, empty)).gameover).toEqual({ abandoned: true });
      expect((await matchOf(server, kept)).gameover).toBeUndefined();
      expect((await matchOf(server, botsOnly)).gameover).not.toEqual({ abandoned: true });
      // Its free seat cannot be taken, it is not listed, its bot is gone and its seat counts no more.
      const join = await post(server.url, `/games/${GAME}/${empty}/join`, {
        playerID: '0',
        playerName: 'Bo',
      });
      expect(join.status).toBe(409);
      expect(join.text).toMatch(/abandoned/);
      expect((await list(server, '?perPage=100')).page.matches.some((m) => m.matchID === empty)).toBe(false);
      await waitUntil('its bot to stop', () => server.stats().bots.seats <= 3);
      await waitUntil(
        'the bots-only match to end',
        async () => (await matchOf(server, botsOnly)).gameover,
        60_000,
      );
      expect((await matchOf(server, botsOnly)).gameover).not.toEqual({ abandoned: true });
      expect(server.stats().bots.seats).toBe(1);
      const again = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { '1': 'random' } } });
      await joinSeat(server.url, again, '0', 'Cy');

      // A restart resumes only the bots of matches still played.
      await server.close();
      restarted = await startTestServer({ abandonedAfterMs: 4000, bots: { workers: 0 } }, server.dataDir);
      expect(await restarted.botsResumed).toBe(2);
      expect((await matchOf(restarted, empty)).gameover).toEqual({ abandoned: true });
    } finally {
      await restarted?.dispose();
      if (!restarted) await server.dispose();
    }
  });
});

describe('the new limits read from the environment', () => {
  it('reads ABANDONED_AFTER as a duration and the limits as counts, 0 turning one off', () => {
    expect(optionsFromEnv({}).abandonedAfterMs).toBe(24 * 3600_000);
    expect(optionsFromEnv({ ABANDONED_AFTER: '90m' }).abandonedAfterMs).toBe(90 * 60_000);
    expect(optionsFromEnv({ ABANDONED_AFTER: '7d' }).abandonedAfterMs).toBe(7 * 86_400_000);
    expect(optionsFromEnv({ ABANDONED_AFTER: '3600' }).abandonedAfterMs).toBe(3_600_000);
    expect(() => optionsFromEnv({ ABANDONED_AFTER: 'soon' })).toThrow(/ABANDONED_AFTER must be a duration/);
    expect(() => optionsFromEnv({ ABANDONED_AFTER: '0s' })).toThrow(/ABANDONED_AFTER/);
    expect(optionsFromEnv({}).listLimit).toEqual({ max: 120, windowMs: 60_000 });
    expect(optionsFromEnv({ LIST_LIMIT: '0', SEAT_LIMIT: '0' })).toMatchObject({
      listLimit: null,
      seatLimit: null,
    });
    expect(optionsFromEnv({ BOT_SEATS_PER_ADDRESS: '0' }).botSeatsPerAddress).toBeNull();
    expect(optionsFromEnv({ BOT_SEATS_PER_ADDRESS: '6' }).botSeatsPerAddress).toBe(6);
  });
});
