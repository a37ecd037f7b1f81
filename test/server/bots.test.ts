/**
 * Bots on the server: seats named in `setupData.bots` are claimed at creation and played by
 * socket clients inside the server process; they resume after a restart; a decision that overruns
 * its budget is replaced by a quick legal action. Also the export of a finished match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { replay } from '../../game/replay';
import { initialGameState } from '../../game/match';
import { BotPool } from '../../server/bot-pool';
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
    expect(players.map((p) => p.name)).toEqual(['Random bot', 'Random bot']);
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
      expect(second.fallback).toMatch(/waited 200 ms for a worker/);
      expect(second.ms).toBeLessThan(400);
    } finally {
      await pool.close();
    }
    const inline = new BotPool({ size: 0, budgetMs: 1000 });
    const r = await inline.decide('no-such-level', initialGameState(2, 'x'), '0', 'x');
    expect(r.fallback).toMatch(/the level failed/);
    expect(r.action?.type).toBe('takeTile');
  });
});
