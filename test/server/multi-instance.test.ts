/**
 * Two server instances on loopback sharing one PostgreSQL (bgio-postgres) and one Redis (match
 * updates). The instances start one after the other (bgio-postgres creates its table on connect,
 * and two at once race, STACK §2.5). A match is played on instance A and watched on instance B;
 * when A goes away its players carry on through B. Skipped, with the reason, where Debian's
 * `postgresql` and `redis-server` are not installed (CI installs them, .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { servicesMissing, startPostgres, startRedis, type Service } from './services';
import {
  GAME,
  Player,
  createMatch,
  joinSeat,
  playRandomly,
  request,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

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
    const shared = { databaseUrl: postgres.url, redisUrl: redis.url };
    a = await startTestServer(shared);
    b = await startTestServer(shared); // only once A has created the table
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c?.stop();
    await Promise.allSettled([a?.dispose(), b?.dispose()]);
    await Promise.allSettled([postgres?.stop(), redis?.stop()]);
  });

  it('share matches and their updates, and one takes over from the other', async () => {
    for (const s of [a, b]) {
      const health = await request(s.url, '/healthz');
      expect(health.body).toEqual({ status: 'ok', game: GAME, storage: 'postgres', pubsub: 'redis' });
    }
    const matchID = await createMatch(a.url, { numPlayers: 2 });
    const listed = await request(b.url, `/games/${GAME}`);
    expect((listed.body as { matches: { matchID: string }[] }).matches.map((m) => m.matchID)).toContain(
      matchID,
    );
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
    const at = onB.stateID;
    p0.stop();
    p1.stop();
    onA.stop();
    await a.close();
    const q0 = new Player(b.url, matchID, s0);
    const q1 = new Player(b.url, matchID, s1);
    clients.push(q0, q1);
    await Promise.all([q0.synced(), q1.synced()]);
    expect(q0.stateID).toBe(at);
    await waitUntil('both in step', () => q0.stateID === onB.stateID && q1.stateID === onB.stateID);
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
});
