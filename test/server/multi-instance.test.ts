/**
 * Two server instances on loopback sharing one PostgreSQL (bgio-postgres) and one Redis (match
 * updates). The instances start one after the other (bgio-postgres creates its table on connect,
 * and two at once race, STACK §2.5). A match is played on instance A and watched on instance B;
 * when A goes away its players carry on through B. A match of bots run by a third instance, a
 * real child process, is taken over by B when that process is killed. Skipped, with the reason,
 * where Debian's `postgresql` and `redis-server` are not installed (CI installs them, .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { Redis } from 'ioredis';
import { launchServer, servicesMissing, startPostgres, startRedis, type Service } from './services';
import {
  GAME,
  Player,
  createMatch,
  inStep,
  joinSeat,
  joinWhileSocketsComeAndGo,
  playRandomly,
  post,
  request,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

/** Bot leases this short, so that a dead instance's bots are taken over within a couple of seconds. */
const LEASE_MS = 1000;

interface PresenceBody {
  players: { id: number; bot?: string; connected: boolean; connections: number }[];
}

const missing = servicesMissing();
if (missing) console.warn(`Skipping the multi-instance test: ${missing}.`);

describe.skipIf(missing !== null)('two instances on PostgreSQL and Redis', () => {
  let postgres: Service;
  let redis: Service;
  let a: TestServer;
  let b: TestServer;
  const clients: Player[] = [];

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const shared = { databaseUrl: postgres.url, redisUrl: redis.url, bots: { leaseMs: LEASE_MS } };
    a = await startTestServer(shared);
    b = await startTestServer(shared); // only once A has created the table
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c?.stop();
    await Promise.allSettled([a?.dispose(), b?.dispose()]);
    await Promise.allSettled([postgres?.stop(), redis?.stop()]);
  });

  it('keeps every seat joined while another seat’s socket syncs or goes away (its connection is not written back)', async () => {
    // boardgame.io wrote a seat's connection by reading the whole metadata and writing it back
    // outside the match's queue: on PostgreSQL under load, a join between the two was undone.
    for (let k = 0; k < 8; k++) {
      const matchID = await createMatch(a.url, { numPlayers: 6 });
      const { names, working } = await joinWhileSocketsComeAndGo(a.url, matchID, 6);
      expect(names, `match ${k}`).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5']);
      expect(working, `match ${k}`).toEqual([true, true, true, true, true, true]);
    }
  }, 60_000);

  it('share matches and their updates, and one takes over from the other', async () => {
    for (const s of [a, b]) {
      const health = await request(s.url, '/healthz');
      expect(health.body).toEqual({ status: 'ok', game: GAME, storage: 'postgres', pubsub: 'redis' });
    }
    const matchID = await createMatch(a.url, { numPlayers: 2 });
    // B lists it once A's word of it arrives (its match list is its own, kept up by the pub/sub).
    await waitUntil('the new match in B’s list', async () => {
      const listed = await request(b.url, `/games/${GAME}`);
      return (listed.body as { matches: { matchID: string }[] }).matches.some((m) => m.matchID === matchID);
    });
    const s0 = await joinSeat(a.url, matchID, '0', 'Ada');
    const s1 = await joinSeat(b.url, matchID, '1', 'Bob');

    // The match's players on A (its instance), a spectator on B.
    const p0 = new Player(a.url, matchID, s0);
    const p1 = new Player(a.url, matchID, s1);
    const onB = new Player(b.url, matchID, null);
    clients.push(p0, p1, onB);
    await Promise.all([p0.synced(), p1.synced(), onB.synced()]);

    // Every move made on A reaches the spectator on B through Redis.
    await playRandomly([p0, p1], onB, () => (onB.G?.round ?? 1) >= 2, { seed: 'two-instances' });
    const onA = new Player(a.url, matchID, null);
    clients.push(onA);
    await onA.waitFor('the same state on A', (s) => s._stateID === onB.stateID);
    expect(onB.G).toEqual(onA.G);
    expect((onB.G as GameState).round).toBe(2);

    // A goes away: the players reconnect to B and the match goes on from the shared storage.
    // (Each seat's state ids are its own: other seats' private steps are not counted in them.)
    const at = p0.stateID;
    p0.stop();
    p1.stop();
    onA.stop();
    await a.close();
    const q0 = new Player(b.url, matchID, s0);
    const q1 = new Player(b.url, matchID, s1);
    clients.push(q0, q1);
    await Promise.all([q0.synced(), q1.synced()]);
    expect(q0.stateID).toBe(at);
    await waitUntil('every client in step', () => inStep(b.url, [q0, q1, onB]));
    await playRandomly([q0, q1], onB, () => (onB.G?.round ?? 2) >= 3, { seed: 'after-failover' });
    expect((onB.G as GameState).round).toBe(3);
    const presence = await request(b.url, `/games/${GAME}/${matchID}/presence`);
    expect(presence.body).toMatchObject({
      players: [
        { id: 0, name: 'Ada', connected: true },
        { id: 1, name: 'Bob', connected: true },
      ],
      spectators: 1,
    });
  }, 90_000);

  it('takes over the bots of an instance that is killed, and finishes their match', async () => {
    // A third instance, as a process of its own, plays the bots a little slower than B does.
    const c = await launchServer({
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BOT_LEASE_MS: String(LEASE_MS),
      BOT_DELAY_MS: '40',
    });
    const leases = new Redis(redis.url);
    try {
      const matchID = await createMatch(c.url, {
        numPlayers: 2,
        setupData: { bots: { 0: 'random', 1: 'random' } },
      });
      const onB = new Player(b.url, matchID, null);
      clients.push(onB);
      await onB.synced();
      // C holds the lease and plays; B, which looks for free leases all along, leaves the match alone.
      await waitUntil(
        'round 2, played on C',
        () => {
          expect(b.stats().bots.seats).toBe(0);
          return (onB.G?.round ?? 1) >= 2;
        },
        30_000,
      );
      expect(await leases.get(`planet-unknown:bot-lease:${matchID}`)).toBeTruthy();
      expect(await leases.sismember('planet-unknown:bot-matches', matchID)).toBe(1);

      // C dies without a word: its lease lapses and B takes its bots over.
      await c.kill();
      const killedAt = Date.now();
      const seenAt = onB.stateID;
      const decided = b.stats().bots.decisions;
      // How soon is a figure to print, not to assert: a busy machine may take longer.
      await waitUntil('B to take the bots over', () => b.stats().bots.seats === 2, 30_000);
      // B's first decision for them (the spectator is told of a bot's moves from its confirmation
      // on: the steps of its turn are its own, server/step-veil.ts).
      await waitUntil('a bot decision on B', () => b.stats().bots.decisions > decided, 30_000);
      const takeOverMs = Date.now() - killedAt;
      await onB.waitFor('a move after the kill', (s) => s._stateID > seenAt, 30_000);
      console.info(`bots taken over ${takeOverMs} ms after the kill (lease ${LEASE_MS} ms)`);
      expect(b.logs).toContainEqual(`took over 2 bot seat(s) of match ${matchID}`);

      await onB.waitFor('the end of the match', (s) => s.ctx.gameover !== undefined, 60_000);
      // The finished match gives its lease up and leaves the list the instances look through.
      await waitUntil('the bots to leave', () => b.stats().bots.seats === 0);
      await waitUntil(
        'the lease to go',
        async () => (await leases.sismember('planet-unknown:bot-matches', matchID)) === 0,
      );
      expect(await leases.get(`planet-unknown:bot-lease:${matchID}`)).toBeNull();
    } finally {
      leases.disconnect();
      await c.kill();
    }
  }, 90_000);

  it("connects a seat handed to a bot where the match's lease is held, and hands the bots on at shutdown", async () => {
    // D only runs bot clients: they connect through B, which serves the match (as a balancer
    // routing by match would have it). D's leases are long, to tell a release from a lapse.
    const d = await launchServer({
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BOT_LEASE_MS: '10000',
      BOT_DELAY_MS: '0',
      BOT_SERVER_URL: b.url,
    });
    const leases = new Redis(redis.url);
    try {
      // D creates the match, so D holds the lease on its bot seat 1.
      const matchID = await createMatch(d.url, { numPlayers: 3, setupData: { bots: { 1: 'random' } } });
      const presenceOnB = async () =>
        (await request(b.url, `/games/${GAME}/${matchID}/presence`)).body as PresenceBody;
      await waitUntil('the bot on seat 1', async () => (await presenceOnB()).players[1]?.connected);
      const ada = await joinSeat(b.url, matchID, '0', 'Ada');
      const bob = await joinSeat(b.url, matchID, '2', 'Bob');
      expect((await post(b.url, `/games/${GAME}/${matchID}/leave`, bob)).status).toBe(200);
      // Ada asks B to give Bob's seat to a bot: D, the holder, connects it, B does not.
      const handed = await post(b.url, `/games/${GAME}/${matchID}/bot`, {
        ...ada,
        seat: '2',
        level: 'random',
      });
      expect(handed.status, handed.text).toBe(200);
      await waitUntil('the bot on seat 2', async () => (await presenceOnB()).players[2]?.connected);
      await new Promise((r) => setTimeout(r, 2 * LEASE_MS));
      expect(b.stats().bots.seats).toBe(0);
      const presence = await presenceOnB();
      expect(presence.players.map((p) => [p.bot ?? null, p.connections])).toEqual([
        [null, 0],
        ['random', 1],
        ['random', 1],
      ]);

      // D shuts down cleanly and gives its lease up, rather than leave it to lapse 10 s later: once
      // D has exited the lease is free or already B's, and B takes the bots over.
      const lease = `planet-unknown:bot-lease:${matchID}`;
      const heldByD = await leases.get(lease);
      expect(heldByD).toBeTruthy();
      const stoppedAt = Date.now();
      await d.stop();
      expect(await leases.get(lease)).not.toBe(heldByD);
      await waitUntil('B to take the bots over', () => b.stats().bots.seats === 2, 30_000);
      console.log(`B took the bots over ${Date.now() - stoppedAt} ms after D was told to stop`);
    } finally {
      leases.disconnect();
      await d.kill();
    }
  }, 60_000);
});
