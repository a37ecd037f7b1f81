/**
 * Bots on the server: seats named in `setupData.bots` are claimed at creation and played by
 * socket clients inside the server process; they resume after a restart; a decision that overruns
 * its budget is replaced by a quick legal action. A seat whose person left, or gives it up, can be
 * handed to a bot during the game. Also the export of a finished match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { replay } from '../../game/replay';
import { initialGameState } from '../../game/match';
import { BotPool } from '../../server/bot-pool';
import { DEFAULTS } from '../../server/app';
import { playerView } from '../../game/view';
import {
  GAME,
  Player,
  RawSocket,
  createMatch,
  joinSeat,
  playRandomly,
  post,
  request,
  startTestServer,
  snapshot,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';

interface PresenceBody {
  players: { id: number; name?: string; bot?: string; connected: boolean; connections: number }[];
}

const presenceOf = async (base: string, matchID: string) =>
  (await request(base, `/games/${GAME}/${matchID}/presence`)).body as PresenceBody;

/** The seats as the Lobby API shows them (without boardgame.io's `isConnected`, which sockets move). */
async function seatsOf(base: string, matchID: string) {
  const res = await request(base, `/games/${GAME}/${matchID}`);
  const players = (res.body as { players: { id: number; name?: string; data?: unknown }[] }).players;
  return players.map(({ id, name, data }) => ({ id, name, data }));
}

const handToBot = (base: string, matchID: string, body: unknown) =>
  post(base, `/games/${GAME}/${matchID}/bot`, body);

const leave = (base: string, matchID: string, seat: Seat) =>
  post(base, `/games/${GAME}/${matchID}/leave`, seat);

describe('bots on the server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses bad bot seats with a clear 400', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ 2: 'random' }, 2, /no seat "2" in a 2-player match/],
      [{ x: 'random' }, 2, /no seat "x"/],
      [{ 1: 'grandmaster' }, 2, /bots\["1"\] must be one of: .*random/],
      [['random'], 2, /bots must map seats to bot levels/],
      [{}, 2, /at least one seat/],
    ];
    for (const [bots, numPlayers, message] of cases) {
      const res = await post(server.url, `/games/${GAME}/create`, { numPlayers, setupData: { bots } });
      expect(res.status, JSON.stringify(bots)).toBe(400);
      expect(res.text).toMatch(message);
    }
  });

  it('plays a whole match of bots by itself, and the finished match exports publicly', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { bots: { 0: 'random', 1: 'random' } },
    });
    const info = await request(server.url, `/games/${GAME}/${matchID}`);
    const players = (info.body as { players: { name?: string }[] }).players;
    expect(players.map((p) => p.name)).toEqual(['Random Vega', 'Random Altair']); // a name each
    // Nobody can take a bot's seat.
    const taken = await post(server.url, `/games/${GAME}/${matchID}/join`, {
      playerID: '1',
      playerName: 'Eve',
    });
    expect(taken.status).toBe(409);

    const watcher = new Player(server.url, matchID, null);
    try {
      await watcher.waitFor('the end of the match', (s) => s.ctx.gameover !== undefined, 90_000);
    } finally {
      watcher.stop();
    }
    const final = watcher.G;

    const exported = await request(server.url, `/games/${GAME}/${matchID}/export`);
    expect(exported.status).toBe(200);
    const record = exported.body as Parameters<typeof replay>[0];
    expect(record).toMatchObject({ format: 'planet-unknown-match', numPlayers: 2 });
    expect(record.setupData).toEqual({ bots: { 0: 'random', 1: 'random' } });
    const replayed = replay(record);
    expect(replayed.failure).toBeNull();
    expect(replayed.state.result).toEqual(final.result);
    expect(replayed.state.boards).toEqual(final.boards);
    // Nothing is left to hand over once the game is over.
    const over = await handToBot(server.url, matchID, {
      playerID: '0',
      credentials: 'whatever',
      seat: '1',
      level: 'random',
    });
    expect(over.status).toBe(409);
    expect(over.text).toBe('The game is over.');
    await waitUntil('the bots to leave', () => server.stats().bots.seats === 0);
    expect(server.stats().bots.fallbacks).toBe(0);
  }, 120_000);

  it('seats a bot beside a person, shows it in presence, and resumes it after a restart', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { 1: 'random' } } });
    const seat = await joinSeat(server.url, matchID, '0', 'Ada');
    let ada = new Player(server.url, matchID, seat);
    let watcher = new Player(server.url, matchID, null);
    await ada.synced();
    await watcher.synced();
    const presence = await waitUntil('the bot to connect', async () => {
      const res = await request(server.url, `/games/${GAME}/${matchID}/presence`);
      const body = res.body as { players: { id: number; connected: boolean; bot?: string }[] };
      return body.players[1]?.connected ? body : null;
    });
    expect(presence.players[1]).toMatchObject({ id: 1, bot: 'random', connected: true });
    expect(presence.players[0]).toMatchObject({ id: 0, name: 'Ada', connected: true });

    // Round 1: Ada plays; the bot plays its own turn without being asked.
    await playRandomly([ada], watcher, () => (watcher.G?.round ?? 1) >= 2);
    expect(watcher.G.round).toBe(2);

    // Restart: the bot comes back on its own and round 2 closes too.
    ada.stop();
    watcher.stop();
    await server.close();
    server = await startTestServer({}, server.dataDir);
    expect(await server.botsResumed).toBe(1);
    ada = new Player(server.url, matchID, seat);
    watcher = new Player(server.url, matchID, null);
    try {
      await ada.synced();
      await watcher.synced();
      expect(watcher.G.round).toBe(2);
      await playRandomly([ada], watcher, () => (watcher.G?.round ?? 2) >= 3);
      expect(watcher.G.round).toBe(3);
    } finally {
      ada.stop();
      watcher.stop();
    }
  }, 60_000);

  it('never lets a decision run past its budget', async () => {
    const pool = new BotPool({
      size: 1,
      budgetMs: 200,
      workerModule: new URL('./slow-bot-worker.ts', import.meta.url),
    });
    try {
      const view = initialGameState(2, 'budget') as GameState;
      const quick = await pool.decide('quick', view, '0', 'a');
      expect(quick.fallback).toBeUndefined();
      // The slow level spins forever: cut off at the budget, a legal action played instead.
      const slow = await pool.decide('slow', view, '0', 'b');
      expect(slow.fallback).toMatch(/no decision within 200 ms/);
      expect(slow.action?.type).toBe('takeTile');
      expect(slow.ms).toBeGreaterThanOrEqual(190);
      expect(slow.ms).toBeLessThan(1000);
      expect(pool.stats.restarts).toBe(1);
      // The replacement worker answers as before.
      expect((await pool.decide('quick', view, '0', 'c')).fallback).toBeUndefined();
      // Two slow decisions at once: the one queued behind the other is answered within its budget too.
      const [first, second] = await Promise.all([
        pool.decide('slow', view, '0', 'd'),
        pool.decide('slow', view, '1', 'e'),
      ]);
      expect(first.fallback).toMatch(/no decision within/);
      expect(second.fallback).toMatch(/waited \d+ ms for a worker/);
      expect(second.ms).toBeLessThan(400);
    } finally {
      await pool.close();
    }
    const inline = new BotPool({ size: 0, budgetMs: 1000 });
    const r = await inline.decide('no-such-level', initialGameState(2, 'x'), '0', 'x');
    expect(r.fallback).toMatch(/the level failed/);
    expect(r.action?.type).toBe('takeTile');
  });

  it('stops respawning workers that die before they are ready, and answers every decision with the fallback', async () => {
    const logs: string[] = [];
    const pool = new BotPool({
      size: 1,
      budgetMs: 300,
      restMs: 60_000,
      log: (m) => logs.push(m),
      workerModule: new URL('./dead-bot-worker.ts', import.meta.url),
    });
    try {
      const view = initialGameState(2, 'dead-workers') as GameState;
      const asked = Date.now();
      const first = await Promise.all(['a', 'b', 'c'].map((seed) => pool.decide('pilot', view, '0', seed)));
      // Three workers died in a row: the pool rests, and the decisions waiting got the Cadet's choice.
      expect(Date.now() - asked).toBeLessThan(5000);
      for (const r of first) {
        expect(r.fallback).toBe('no bot worker could start');
        expect(r.action?.type).toBe('takeTile');
      }
      expect(pool.stats.startFailures).toBe(3);
      // Resting: answered at once, and no worker is started, however many decisions are asked.
      const later = await Promise.all(
        Array.from({ length: 50 }, (_, i) => pool.decide('pilot', view, String(i % 2), `later-${i}`)),
      );
      for (const r of later) {
        expect(r.fallback).toBe('no bot worker could start');
        expect(r.action?.type).toBe('takeTile');
        expect(r.ms).toBeLessThan(100);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(pool.stats.startFailures).toBe(3);
      expect(pool.workers).toBe(0);
      expect(pool.queued).toBe(0);
      // One line says why, not one per worker or per decision.
      expect(logs).toEqual([
        expect.stringMatching(/3 bot workers in a row failed to start .*exited \(code 3\)/),
      ]);
    } finally {
      await pool.close();
    }
  });

  it('gives up on a worker that never gets ready: the decision is answered by its deadline', async () => {
    const pool = new BotPool({
      size: 1,
      budgetMs: 200,
      startupMs: 300,
      workerModule: new URL('./stuck-bot-worker.ts', import.meta.url),
    });
    try {
      const view = initialGameState(2, 'stuck-worker') as GameState;
      const r = await pool.decide('pilot', view, '0', 'a');
      // The budget plus the start-up allowance, never more.
      expect(r.fallback).toMatch(/waited \d+ ms for a worker/);
      expect(r.action?.type).toBe('takeTile');
      expect(r.ms).toBeGreaterThanOrEqual(480);
      expect(r.ms).toBeLessThan(1000);
      // Nothing waits any more: the worker started for it is ended by its start-up limit, not replaced.
      await waitUntil('the stuck workers to be ended', () => pool.workers === 0, 3000);
      expect(pool.stats.startFailures).toBeLessThanOrEqual(2);
      expect(pool.queued).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('keeps a bot seat playing when no bot worker can start', async () => {
    const broken = await startTestServer({
      bots: { workerModule: new URL('./dead-bot-worker.ts', import.meta.url), resume: false },
    });
    try {
      const matchID = await createMatch(broken.url, { numPlayers: 2, setupData: { bots: { 1: 'pilot' } } });
      const seat = await joinSeat(broken.url, matchID, '0', 'Ada');
      const ada = new Player(broken.url, matchID, seat);
      const watcher = new Player(broken.url, matchID, null);
      try {
        await Promise.all([ada.synced(), watcher.synced()]);
        // The bot's turns are the Cadet's choices: the rounds close as usual.
        await playRandomly([ada], watcher, () => (watcher.G?.round ?? 1) >= 3, { timeoutMs: 20_000 });
        expect(watcher.G.round).toBe(3);
      } finally {
        ada.stop();
        watcher.stop();
      }
      const { bots } = broken.stats();
      expect(bots.startFailures).toBe(3);
      expect(bots.fallbacks).toBe(bots.decisions);
      expect(bots.decisions).toBeGreaterThan(0);
      expect(broken.logs.filter((l) => /failed to start/.test(l))).toHaveLength(1);
    } finally {
      await broken.dispose();
    }
  }, 30_000);

  it("gives the Commander a limit inside the pool's deadline: its search ends in time, no fallback", async () => {
    const pool = new BotPool({ size: 1, budgetMs: DEFAULTS.bots.budgetMs }); // the default BOT_BUDGET_MS
    try {
      const view = playerView(initialGameState(2, 'commander-budget'), '0');
      await pool.decide('cadet', view, '0', 'warm-up'); // the worker's first load is not the level's time
      const r = await pool.decide('commander', view, '0', 'c');
      expect(r.fallback).toBeUndefined();
      expect(r.action?.type).toBe('takeTile');
      expect(r.ms).toBeLessThan(DEFAULTS.bots.budgetMs);
    } finally {
      await pool.close();
    }
  });

  it('hands the seat of a player who left to a bot, which plays its turns, also after a restart', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const adaSeat = await joinSeat(server.url, matchID, '0', 'Ada');
    const bobSeat = await joinSeat(server.url, matchID, '1', 'Bob');
    let ada = new Player(server.url, matchID, adaSeat);
    let watcher = new Player(server.url, matchID, null);
    await ada.synced();
    await watcher.synced();
    expect((await leave(server.url, matchID, bobSeat)).status).toBe(200);

    const handed = await handToBot(server.url, matchID, { ...adaSeat, seat: '1', level: 'random' });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body).toEqual({ playerID: '1', name: 'Random Altair', bot: 'random' });
    // Claimed like a bot seat of a new match, and shown as a bot.
    expect((await seatsOf(server.url, matchID))[1]).toEqual({
      id: 1,
      name: 'Random Altair',
      data: { bot: 'random' },
    });
    const presence = await waitUntil('the bot to connect', async () => {
      const body = await presenceOf(server.url, matchID);
      return body.players[1]?.connected ? body : null;
    });
    expect(presence.players[1]).toMatchObject({
      id: 1,
      name: 'Random Altair',
      bot: 'random',
      connections: 1,
    });
    // Nobody can join the seat now, nor hand it over again.
    expect(
      (await post(server.url, `/games/${GAME}/${matchID}/join`, { playerID: '1', playerName: 'Eve' })).status,
    ).toBe(409);
    const again = await handToBot(server.url, matchID, { ...adaSeat, seat: '1', level: 'cadet' });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/already played by a bot/);

    // Only Ada acts as a person: the round closes because the bot plays its own turns.
    await playRandomly([ada], watcher, () => (watcher.G?.round ?? 1) >= 2);
    expect(watcher.G.round).toBe(2);

    // After a restart the handed seat is resumed like any bot seat.
    ada.stop();
    watcher.stop();
    await server.close();
    server = await startTestServer({}, server.dataDir);
    expect(await server.botsResumed).toBeGreaterThanOrEqual(1);
    ada = new Player(server.url, matchID, adaSeat);
    watcher = new Player(server.url, matchID, null);
    try {
      await ada.synced();
      await watcher.synced();
      await playRandomly([ada], watcher, () => (watcher.G?.round ?? 2) >= 3);
      expect(watcher.G.round).toBe(3);
      expect((await presenceOf(server.url, matchID)).players[1]).toMatchObject({
        bot: 'random',
        connected: true,
      });
    } finally {
      ada.stop();
      watcher.stop();
    }
  }, 60_000);

  it('lets a player hand their own seat to a bot: their credentials stop working', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const adaSeat = await joinSeat(server.url, matchID, '0', 'Ada');
    const bobSeat = await joinSeat(server.url, matchID, '1', 'Bob');
    const ada = new Player(server.url, matchID, adaSeat);
    const bob = new Player(server.url, matchID, bobSeat);
    const watcher = new Player(server.url, matchID, null);
    const raw = new RawSocket(server.url);
    try {
      await Promise.all([ada.synced(), bob.synced(), watcher.synced()]);
      const handed = await handToBot(server.url, matchID, { ...bobSeat, seat: '1', level: 'cadet' });
      expect(handed.status, handed.text).toBe(200);
      expect(handed.body).toEqual({ playerID: '1', name: 'Cadet Altair', bot: 'cadet' });

      // Bob's socket was closed and his credentials no longer open the seat.
      expect(await raw.sync(matchID, '1', bobSeat.credentials)).toBeNull();
      const exported = await post(server.url, `/games/${GAME}/${matchID}/export`, bobSeat);
      expect(exported.status).toBe(403);
      const presence = await waitUntil('only the bot on seat 1', async () => {
        const body = await presenceOf(server.url, matchID);
        const seat = body.players[1];
        return seat?.bot === 'cadet' && seat.connected && seat.connections === 1 ? body : null;
      });
      expect(presence.players[0]).toMatchObject({ name: 'Ada', connected: true });

      await playRandomly([ada], watcher, () => (watcher.G?.round ?? 1) >= 3, { timeoutMs: 45_000 });
      expect(watcher.G.round).toBe(3);
    } finally {
      raw.close();
      ada.stop();
      bob.stop();
      watcher.stop();
    }
  }, 60_000);

  it('refuses to hand a seat over without the right to, with the match unchanged', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 3 });
    const adaSeat = await joinSeat(server.url, matchID, '0', 'Ada');
    // Anyone may put `bot` in their seat's data: that does not make the seat a bot's.
    const bobJoin = await post(server.url, `/games/${GAME}/${matchID}/join`, {
      playerID: '1',
      playerName: 'Bob',
      data: { bot: 'random' },
    });
    const bobSeat = {
      playerID: '1',
      credentials: (bobJoin.body as { playerCredentials: string }).playerCredentials,
    };
    const carolSeat = await joinSeat(server.url, matchID, '2', 'Carol');
    expect((await leave(server.url, matchID, carolSeat)).status).toBe(200);
    const seatsBefore = await seatsOf(server.url, matchID);
    const stateBefore = await snapshot(server.url, matchID, null);

    const valid = { ...adaSeat, seat: '2', level: 'random' };
    const cases: [string, unknown, number, RegExp][] = [
      ['wrong credentials', { ...valid, credentials: 'not-the-credentials' }, 403, /^Invalid credentials$/],
      ["another seat's credentials", { ...valid, playerID: '2' }, 403, /^Invalid credentials$/],
      ['a seat held by another person', { ...valid, seat: '1' }, 409, /held by another player/],
      ['a seat not in the match', { ...valid, seat: '5' }, 400, /no seat 5/],
      ['an unknown level', { ...valid, level: 'grandmaster' }, 400, /level must be one of: .*random/],
      ['a number for a seat', { ...valid, seat: 2 }, 400, /seat must be a seat id as a string/],
      ['a missing seat', { ...valid, seat: undefined }, 400, /seat is required/],
      ['missing credentials', { ...valid, credentials: undefined }, 400, /credentials is required/],
      ['an unknown field', { ...valid, extra: 1 }, 400, /Unknown field "extra"/],
      ['a list', [valid], 400, /must be a JSON object/],
      ['overlong credentials', { ...valid, credentials: 'x'.repeat(1000) }, 400, /credentials must be/],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await handToBot(server.url, matchID, body);
      expect(res.status, what).toBe(status);
      expect(res.text, what).toMatch(message);
      expect(res.text, what).not.toContain('not-the-credentials');
    }
    const form = await request(server.url, `/games/${GAME}/${matchID}/bot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'playerID=0&seat=2&level=random',
    });
    expect(form.status).toBe(415);
    const huge = await handToBot(server.url, matchID, { ...valid, level: 'r'.repeat(100_000) });
    expect(huge.status).toBe(413);
    const unknown = await handToBot(server.url, 'no-such-match', valid);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/not found/);

    expect(await seatsOf(server.url, matchID)).toEqual(seatsBefore);
    expect((await snapshot(server.url, matchID, null))._stateID).toBe(stateBefore._stateID);
    expect((await presenceOf(server.url, matchID)).players.some((p) => p.bot)).toBe(false);
    // Bob still holds his seat.
    expect((await snapshot(server.url, matchID, bobSeat))._stateID).toBe(stateBefore._stateID);
  });

  it('limits hand-over requests per address like match creation', async () => {
    const limited = await startTestServer({
      createLimit: { max: 2, windowMs: 60_000 },
      bots: { workers: 0, resume: false },
    });
    try {
      for (let i = 0; i < 2; i++)
        expect((await handToBot(limited.url, 'no-such-match', {})).status).toBe(400);
      const res = await handToBot(limited.url, 'no-such-match', {});
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.text).toMatch(/Too many bot requests/);
      // Creating matches has its own allowance.
      expect((await post(limited.url, `/games/${GAME}/create`, { numPlayers: 2 })).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});
