/**
 * Clocks across a crash and across instances (docs/server.md, "Clocks"): the deadline is stored
 * with the match, so a server killed (SIGKILL) between the join and the deadline acts on it after
 * its restart; with two instances on PostgreSQL and Redis, the instance holding the match is
 * killed before the deadline and the other acts on it, once. These use the real time (the
 * shortest round, 5 s) since the servers are child processes; each waits for the match's end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MatchClock } from '../../game';
import { launchServer, servicesMissing, startPostgres, startRedis, type Service } from './services';
import { GAME, createMatch, joinSeat, request, startTestServer, waitUntil, type TestServer } from './support';

const clockOf = async (base: string, matchID: string) =>
  ((await request(base, `/games/${GAME}/${matchID}/presence`)).body as { clock?: MatchClock }).clock;

const gameover = async (base: string, matchID: string) =>
  ((await request(base, `/games/${GAME}/${matchID}`)).body as { gameover?: unknown } | null)?.gameover;

/** Seat 0 a server bot, seat 1 a person who joins and never connects; 5 s a decision. */
async function absentSecondSeat(base: string): Promise<string> {
  const matchID = await createMatch(base, {
    numPlayers: 2,
    setupData: { bots: { 0: 'cadet' }, timeControl: { roundSeconds: 5 } },
  });
  await joinSeat(base, matchID, '1', 'Absent');
  // The clocks start once the last seat is taken, in the match's queue after the join's answer:
  // wait for that write (on PostgreSQL it can come a moment after the answer).
  const clock = await waitUntil(
    'the clocks to start',
    async () => {
      const c = await clockOf(base, matchID);
      return c?.seats['1'] ? c : null;
    },
    60_000,
  );
  expect(clock.seats['1']?.away).toBe(false);
  return matchID;
}

describe('a clock across a SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pu-clock-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fires after the restart, and the bot plays the absent seat to the end', async () => {
    const env = { DATA_DIR: dataDir, BOT_DELAY_MS: '0' };
    const first = await launchServer(env);
    const matchID = await absentSecondSeat(first.url);
    await first.kill(); // well before the 5 s deadline
    const second = await launchServer(env);
    try {
      await waitUntil('the end of the match', () => gameover(second.url, matchID), 240_000).catch(
        async (err: unknown) => {
          // Where the match stood, for a failure seen once in a full run and not since.
          const presence = (await request(second.url, `/games/${GAME}/${matchID}/presence`)).body;
          throw new Error(
            `${String(err)}\npresence: ${JSON.stringify(presence)}\nthe restarted server:\n${second.tail()}`,
            { cause: err },
          );
        },
      );
      const clock = await clockOf(second.url, matchID);
      expect(clock?.notes.filter((n) => n.kind === 'away').map((n) => n.seat)).toEqual(['1']);
    } finally {
      await second.stop();
    }
  }, 300_000);
});

const missing = servicesMissing();
if (missing) console.warn(`Skipping the two-instance clock test: ${missing}.`);

describe.skipIf(missing !== null)('a clock with two instances on PostgreSQL and Redis', () => {
  let postgres: Service | undefined;
  let redis: Service | undefined;
  let b: TestServer | undefined;

  afterAll(async () => {
    await b?.dispose();
    await Promise.allSettled([postgres?.stop(), redis?.stop()]);
  });

  it('the instance holding the match is killed before the deadline; the other fires it once', async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const shared = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BOT_LEASE_MS: '1000',
      BOT_DELAY_MS: '0',
    };
    const a = await launchServer(shared);
    // Started after A, which created the table (STACK §2.5).
    b = await startTestServer({ databaseUrl: postgres.url, redisUrl: redis.url, bots: { leaseMs: 1000 } });
    const matchID = await absentSecondSeat(a.url); // A plays its bot: A holds the match
    await a.kill();
    await waitUntil('the end of the match, on B', () => gameover(b!.url, matchID), 240_000);
    const clock = await clockOf(b.url, matchID);
    expect(clock?.notes.filter((n) => n.kind === 'away').map((n) => n.seat)).toEqual(['1']);
    expect(b.stats().clocks.expired).toBe(1);
    expect(b.stats().clocks.awayMoves).toBeGreaterThan(20);
  }, 300_000);
});
