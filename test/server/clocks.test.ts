/**
 * Clocks through the real server (docs/server.md, "Clocks"): `setupData.timeControl` is checked
 * at creation; the clocks start once every seat is taken; a seat whose time and bank run out is
 * away and the Pilot plays its decisions through the bot pool until its player comes back; a seat
 * that decides in time is never played by a bot; only the seat's own player takes it back.
 *
 * The clocks' time is the test's (`clockNow`): a deadline passes when the test moves the time on,
 * never by waiting for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchClock, TimeControl } from '../../game';
import {
  GAME,
  Player,
  createMatch,
  joinSeat,
  playRandomly,
  post,
  request,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

interface ClockBody {
  timeControl?: TimeControl;
  clock?: MatchClock;
}

const clockOf = async (base: string, matchID: string) =>
  (await request(base, `/games/${GAME}/${matchID}/presence`)).body as ClockBody;

const gameover = async (base: string, matchID: string) =>
  ((await request(base, `/games/${GAME}/${matchID}`)).body as { gameover?: unknown }).gameover;

const HOUR = 3600;

describe('clocks on the server', () => {
  let server: TestServer;
  let offset = 0;
  /** Move the clocks' time on and let the server act on it. */
  const later = (ms: number) => {
    offset += ms;
    server.wakeClocks();
  };

  beforeAll(async () => {
    server = await startTestServer({ clockNow: () => Date.now() + offset });
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses a malformed timeControl at creation with a clear 400, and a client-made clock', async () => {
    const cases: [unknown, RegExp][] = [
      [{ roundSeconds: -5 }, /roundSeconds must be a whole number of seconds from 5 to 1209600/],
      [{ roundSeconds: '90' }, /roundSeconds must be a whole number/],
      [{ roundSeconds: 4 }, /from 5 to/],
      [{ roundSeconds: 15 * 24 * HOUR }, /from 5 to 1209600/],
      [{ roundSeconds: 1.5 }, /whole number/],
      [{ roundSeconds: 90, bankSeconds: -1 }, /bankSeconds must be a whole number of seconds from 0/],
      [{ roundSeconds: 90, increment: 5 }, /unknown field "increment"/],
      [[90], /timeControl must be/],
      [90, /timeControl must be/],
    ];
    for (const [timeControl, message] of cases) {
      const res = await post(server.url, `/games/${GAME}/create`, {
        numPlayers: 2,
        setupData: { timeControl },
      });
      expect(res.status, JSON.stringify(timeControl)).toBe(400);
      expect(res.text).toMatch(message);
    }
    const forged = await post(server.url, `/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { timeControl: { roundSeconds: 90 }, clock: { seats: {}, notes: [], startedAt: 0 } },
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toMatch(/the server keeps the clocks itself/);
    expect(server.openMatches()).toBe(0);
  });

  it('starts the clocks once every seat is taken, and shows them to anyone', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { timeControl: { roundSeconds: HOUR, bankSeconds: 2 * HOUR } },
    });
    expect((await clockOf(server.url, matchID)).clock).toBeUndefined();
    await joinSeat(server.url, matchID, '0');
    expect((await clockOf(server.url, matchID)).clock).toBeUndefined();
    await joinSeat(server.url, matchID, '1');
    const { timeControl, clock } = await clockOf(server.url, matchID);
    expect(timeControl).toEqual({ roundSeconds: HOUR, bankSeconds: 2 * HOUR });
    // The first decisions are owed at once; each deadline is the round time plus the bank.
    const owing = Object.values(clock?.seats ?? {}).filter((c) => c.owes !== null);
    expect(owing.length).toBeGreaterThan(0);
    for (const c of owing) expect((c.deadline ?? 0) - (c.since ?? 0)).toBe(3 * HOUR * 1000);
    // The public list shows the time control, not the running clocks.
    const list = (await request(server.url, `/games/${GAME}`)).body as {
      matches: { matchID: string; setupData?: Record<string, unknown> }[];
    };
    expect(list.matches.find((m) => m.matchID === matchID)).toBeUndefined(); // full: not listed
  });

  it('plays a seat whose player never came, once its time ran out, to the end of the match', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { bots: { 0: 'cadet' }, timeControl: { roundSeconds: 60 } },
    });
    await joinSeat(server.url, matchID, '1', 'Absent');
    const started = await waitUntil('the clocks', async () => (await clockOf(server.url, matchID)).clock);
    expect(started.seats['1']?.away).toBe(false);
    const expiredBefore = server.stats().clocks.expired;
    // Seat 1 owes its first decision once the bot has rotated the station (or at once).
    await waitUntil(
      'seat 1 to owe a decision',
      async () => (await clockOf(server.url, matchID)).clock?.seats['1']?.owes,
    );
    later(61_000);
    const over = await waitUntil('the end of the match', () => gameover(server.url, matchID), 240_000);
    // The result stays in the match's metadata: the clocks settled after the last move never write
    // it back as it was before that move.
    expect(over).toMatchObject({ winners: expect.any(Array), scores: expect.any(Array) });
    const final = (await clockOf(server.url, matchID)).clock as MatchClock;
    expect(final.seats['1']?.away).toBe(true);
    expect(final.notes.filter((n) => n.seat === '1' && n.kind === 'away')).toHaveLength(1);
    // Fired once for that decision, and never for the bot's own seat.
    expect(server.stats().clocks.expired - expiredBefore).toBe(1);
    expect(final.seats['0']?.away).toBe(false);
    expect(server.stats().clocks.awayMoves).toBeGreaterThan(20);
  }, 300_000);

  it('gives an away seat back to its player alone, and the bot plays no more for it', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { bots: { 0: 'cadet' }, timeControl: { roundSeconds: HOUR } },
    });
    const seat = await joinSeat(server.url, matchID, '1', 'Comes back');
    const p1 = new Player(server.url, matchID, seat);
    const watcher = new Player(server.url, matchID, null);
    try {
      await p1.synced();
      await waitUntil(
        'seat 1 to owe a decision',
        async () => (await clockOf(server.url, matchID)).clock?.seats['1']?.owes,
      );
      const movesBefore = server.stats().clocks.awayMoves;
      later(HOUR * 1000 + 1000);
      await waitUntil(
        'the bot to play for seat 1',
        () => server.stats().clocks.awayMoves >= movesBefore + 3,
        30_000,
      );
      expect((await clockOf(server.url, matchID)).clock?.seats['1']?.away).toBe(true);

      // Nobody else takes the seat back; bad bodies change nothing.
      const back = (body: unknown) => post(server.url, `/games/${GAME}/${matchID}/back`, body);
      expect((await back({ playerID: '1', credentials: 'not-theirs' })).status).toBe(403);
      expect((await back({ playerID: '7', credentials: seat.credentials })).status).toBe(400);
      expect((await back({ playerID: '1', credentials: seat.credentials, extra: 1 })).status).toBe(400);
      expect((await back('[]')).status).toBe(400);
      expect((await clockOf(server.url, matchID)).clock?.seats['1']?.away).toBe(true);

      const answer = await back(seat);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ playerID: '1', back: true });
      const movesAtReturn = server.stats().clocks.awayMoves;
      const { clock } = await clockOf(server.url, matchID);
      expect(clock?.seats['1']?.away).toBe(false);
      expect(clock?.notes.map((n) => `${n.seat}:${n.kind}`)).toEqual(['1:away', '1:back']);
      // Saying it twice changes nothing.
      expect((await back(seat)).body).toEqual({ playerID: '1', back: false });

      // The player plays on; the bot never plays a seat whose player decides in time.
      await waitUntil('the state after the return', () => p1.G);
      const from = p1.G.round;
      expect(p1.state?.ctx.gameover).toBeUndefined();
      await playRandomly([p1], watcher, () => p1.G.round >= from + 2 || Boolean(p1.state?.ctx.gameover), {
        timeoutMs: 120_000,
      });
      expect(p1.G.round).toBeGreaterThanOrEqual(from + 2);
      expect(server.stats().clocks.awayMoves).toBe(movesAtReturn);
      expect((await clockOf(server.url, matchID)).clock?.seats['1']?.away).toBe(false);
    } finally {
      p1.stop();
      watcher.stop();
    }
  }, 200_000);

  it("never fires for a seat that decided in time, nor for the server bot's seat", async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { bots: { 0: 'cadet' }, timeControl: { roundSeconds: HOUR } },
    });
    const seat = await joinSeat(server.url, matchID, '1', 'On time');
    const p1 = new Player(server.url, matchID, seat);
    const watcher = new Player(server.url, matchID, null);
    try {
      await p1.synced();
      // After each round the time jumps by 59 minutes: within every decision's hour, never past it.
      let round = 0;
      await playRandomly(
        [p1],
        watcher,
        () => {
          const now = p1.G?.round ?? 0;
          if (now !== round) {
            round = now;
            later(59 * 60_000);
          }
          return now >= 6 || Boolean(p1.state?.ctx.gameover);
        },
        { timeoutMs: 150_000 },
      );
      expect(round).toBeGreaterThanOrEqual(6);
      // The bot plays only for a seat whose time ran out, which the notes would say.
      const { clock } = await clockOf(server.url, matchID);
      expect(Object.values(clock?.seats ?? {}).some((c) => c.away)).toBe(false);
      expect(clock?.notes).toEqual([]);
    } finally {
      p1.stop();
      watcher.stop();
    }
  }, 200_000);
});
