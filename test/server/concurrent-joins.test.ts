/**
 * Seats taken at the same moment: each join reads the match's metadata, sets its seat and writes
 * it back, so two at once could each write over the other's seat. After a restart (the metadata
 * read from disk, so the reads overlap) every player told "joined" must hold a working seat, and
 * so must those who join while another seat's socket syncs or goes away (boardgame.io's record of
 * that seat's connection would write an older metadata back; server/storage.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GAME,
  RawSocket,
  createMatch,
  joinSeat,
  joinWhileSocketsComeAndGo,
  request,
  startTestServer,
  type TestServer,
} from './support';

describe('players joining one match at once', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.dispose();
  });

  it('each gets a seat that works, right after a restart too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pu-joins-'));
    const first = await startTestServer({}, dataDir);
    const matchID = await createMatch(first.url, { numPlayers: 4 });
    await first.close();
    const server = await startTestServer({}, dataDir);
    servers.push(server);

    const seats = await Promise.all(['0', '1', '2', '3'].map((p) => joinSeat(server.url, matchID, p)));
    for (const seat of seats) {
      const raw = new RawSocket(server.url);
      try {
        expect(
          await raw.sync(matchID, seat.playerID, seat.credentials),
          `seat ${seat.playerID}`,
        ).not.toBeNull();
      } finally {
        raw.close();
      }
    }
    const listed = (await request(server.url, `/games/${GAME}/${matchID}`)).body as {
      players: { id: number; name?: string }[];
    };
    expect(listed.players.map((p) => p.name)).toEqual(['P0', 'P1', 'P2', 'P3']);
  });

  it('each keeps a seat that works while another seat’s socket syncs or goes away', async () => {
    const server = await startTestServer({});
    servers.push(server);
    const matchID = await createMatch(server.url, { numPlayers: 6 });
    const { names, working } = await joinWhileSocketsComeAndGo(server.url, matchID, 6);
    expect(names).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5']);
    expect(working).toEqual([true, true, true, true, true, true]);
  });
});
