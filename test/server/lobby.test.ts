/**
 * What the server adds to boardgame.io's Lobby API: presence tracked from its own sockets, and a
 * match's export as a match record (seated players at any time, everyone after the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../game/match';
import { replay } from '../../game/replay';
import { playerView } from '../../game/view';
import { isPrivateStep } from '../../game/game';
import {
  GAME,
  Player,
  createMatch,
  joinSeat,
  playRandomly,
  post,
  request,
  snapshot,
  startTestServer,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';

interface PresenceBody {
  matchID: string;
  players: { id: number; name?: string; connected: boolean; connections: number }[];
  spectators: number;
}

describe('lobby additions', () => {
  let server: TestServer;
  let matchID: string;
  let s0: Seat;
  let s1: Seat;
  const clients: Player[] = [];

  const presence = async () =>
    (await request(server.url, `/games/${GAME}/${matchID}/presence`)).body as PresenceBody;

  beforeAll(async () => {
    server = await startTestServer();
    matchID = await createMatch(server.url, { numPlayers: 2, setupData: { twoPlayerVariant: true } });
    s0 = await joinSeat(server.url, matchID, '0', 'Ada');
    s1 = await joinSeat(server.url, matchID, '1', 'Bob');
  });

  afterAll(async () => {
    for (const c of clients) c?.stop();
    await server?.dispose();
  });

  it('tracks who is connected from the server’s own sockets', async () => {
    expect(await presence()).toEqual({
      matchID,
      players: [
        { id: 0, name: 'Ada', connected: false, connections: 0 },
        { id: 1, name: 'Bob', connected: false, connections: 0 },
      ],
      spectators: 0,
    });
    const ada = new Player(server.url, matchID, s0);
    const adaAgain = new Player(server.url, matchID, s0); // a second tab
    const watcher = new Player(server.url, matchID, null);
    clients.push(ada, adaAgain, watcher);
    await Promise.all([ada.synced(), adaAgain.synced(), watcher.synced()]);
    await waitUntil('Ada twice and a spectator', async () => {
      const p = await presence();
      return p.players[0]?.connections === 2 && p.spectators === 1;
    });
    expect((await presence()).players[1]).toMatchObject({ connected: false });
    adaAgain.stop();
    await waitUntil('one tab closed', async () => (await presence()).players[0]?.connections === 1);
    ada.stop();
    watcher.stop();
    await waitUntil('everyone gone', async () => {
      const p = await presence();
      return !p.players[0]?.connected && p.spectators === 0;
    });
    // boardgame.io's own flag is not what the server goes by.
    const bob = new Player(server.url, matchID, { playerID: '1', credentials: 'wrong' });
    clients.push(bob);
    await new Promise((r) => setTimeout(r, 200));
    expect((await presence()).players[1]).toMatchObject({ connected: false, connections: 0 });
  });

  it('exports the match record to its seated players during the game without the seed, and to everyone in full once it ends', async () => {
    const ada = new Player(server.url, matchID, s0);
    const bob = new Player(server.url, matchID, s1);
    const watcher = new Player(server.url, matchID, null);
    clients.push(ada, bob, watcher);
    await Promise.all([ada.synced(), bob.synced(), watcher.synced()]);
    await playRandomly([ada, bob], watcher, () => (watcher.G?.round ?? 1) >= 2, { seed: 'export' });
    await playRandomly([ada, bob], watcher, () => false, { seed: 'export-2', maxActions: 3 });

    const byPost = await post(server.url, `/games/${GAME}/${matchID}/export`, s0);
    expect(byPost.status).toBe(200);
    const during = byPost.body as Omit<MatchRecord, 'seed'> & { seed: unknown; seedWithheld?: string };
    expect(during).toMatchObject({ format: 'planet-unknown-match', game: GAME, numPlayers: 2 });
    expect(during.setupData).toEqual({ twoPlayerVariant: true });
    expect(during.moves.length).toBeGreaterThan(3);
    // The seed would reveal the hidden stacks and piles: withheld until the end, and said so.
    expect(during.seed).toBeNull();
    expect(during.seedWithheld).toMatch(/once the game ends/);
    expect(() => replay(during as unknown as MatchRecord)).toThrow(/cannot be replayed yet/);
    // §9: the other seat's move arguments (objectives kept, cards) are withheld, and of its turns in
    // progress not even the steps are listed: only what it confirmed.
    const own = during.moves.filter((m) => m.player === '0');
    const others = during.moves.filter((m) => m.player !== '0');
    expect(own.some((m) => m.args !== undefined)).toBe(true);
    expect(own.some((m) => isPrivateStep(m.move))).toBe(true);
    expect(others.length).toBeGreaterThan(0);
    for (const m of others) {
      expect(m.args).toBeUndefined();
      expect(isPrivateStep(m.move), m.move).toBe(false);
    }

    const byHeaders = await request(server.url, `/games/${GAME}/${matchID}/export`, {
      headers: { 'x-player-id': '1', authorization: `Bearer ${s1.credentials}` },
    });
    expect(byHeaders.status).toBe(200);
    const seenByBob = byHeaders.body as typeof during;
    // The same confirmed moves for both, each with their own steps besides.
    const confirmed = (moves: typeof during.moves) =>
      moves.filter((m) => !isPrivateStep(m.move)).map((m) => `${m.player}:${m.move}`);
    expect(confirmed(seenByBob.moves)).toEqual(confirmed(during.moves));
    for (const m of seenByBob.moves) {
      if (m.player === '0') expect(m.args).toBeUndefined();
      if (m.player === '0') expect(isPrivateStep(m.move), m.move).toBe(false);
    }

    const anonymous = await request(server.url, `/games/${GAME}/${matchID}/export`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.text).toMatch(/public once the game ends/);
    const wrong = await post(server.url, `/games/${GAME}/${matchID}/export`, {
      playerID: '0',
      credentials: 's3cret',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toBe('Invalid credentials');
    const crossed = await post(server.url, `/games/${GAME}/${matchID}/export`, {
      playerID: '1',
      credentials: s0.credentials,
    });
    expect(crossed.status).toBe(403);

    // Once the game is over the record is public, with its seed, and replays to the stored match.
    await playRandomly([ada, bob], watcher, () => Boolean(watcher.G?.result), {
      seed: 'export-3',
      timeoutMs: 60_000,
    });
    const after = await request(server.url, `/games/${GAME}/${matchID}/export`);
    expect(after.status).toBe(200);
    const record = after.body as MatchRecord;
    expect(typeof record.seed).toBe('string');
    // Each seat's own moves are the record's; the others' are their confirmed moves without
    // arguments (their steps left out).
    const strip = ({ player, move }: { player: string; move: string }) => ({ player, move });
    for (const [seat, seen] of [
      ['0', during],
      ['1', seenByBob],
    ] as const) {
      const shown = record.moves.filter((m) => m.player === seat || !isPrivateStep(m.move));
      for (const [i, m] of seen.moves.entries()) {
        const full = shown[i] as (typeof record.moves)[number];
        expect(m.player === seat ? m : strip(m)).toEqual(m.player === seat ? full : strip(full));
      }
    }
    const replayed = replay(record);
    expect(replayed.failure).toBeNull();
    for (const seat of [s0, s1]) {
      const stored = await snapshot(server.url, matchID, seat);
      expect(playerView(replayed.state, seat.playerID)).toEqual(stored.G);
    }
  }, 90_000);

  it('renames a seat, leaves it, and plays again with the options checked as boardgame.io will use them', async () => {
    const id = await createMatch(server.url, { numPlayers: 2, setupData: { bots: { 1: 'random' } } });
    const seat = await joinSeat(server.url, id, '0', 'Ada');
    const match = async (m: string) =>
      (await request(server.url, `/games/${GAME}/${m}`)).body as {
        players: { id: number; name?: string }[];
        setupData?: unknown;
      };
    const renamed = await post(server.url, `/games/${GAME}/${id}/update`, { ...seat, newName: 'Ada L.' });
    expect(renamed.status).toBe(200);
    expect((await match(id)).players[0]?.name).toBe('Ada L.');

    // One player would drop the bot's seat the old options name: refused before a match is made.
    const fewer = await post(server.url, `/games/${GAME}/${id}/playAgain`, { ...seat, numPlayers: 1 });
    expect(fewer.status).toBe(400);
    expect(fewer.text).toMatch(/no seat "1"/);
    const again = await post(server.url, `/games/${GAME}/${id}/playAgain`, seat);
    expect(again.status).toBe(200);
    const next = await match((again.body as { nextMatchID: string }).nextMatchID);
    expect(next.players).toHaveLength(2);
    expect(next.setupData).toEqual({ bots: { 1: 'random' } });
    expect(next.players[1]?.name).toBe('Random Altair');

    const left = await post(server.url, `/games/${GAME}/${id}/leave`, seat);
    expect(left.status).toBe(200);
    expect((await match(id)).players[0]?.name).toBeUndefined();
  });

  it('keeps the record to the end when configured so', async () => {
    const strict = await startTestServer({ exportDuringPlay: false });
    try {
      const id = await createMatch(strict.url, { numPlayers: 1 });
      const seat = await joinSeat(strict.url, id, '0');
      const res = await post(strict.url, `/games/${GAME}/${id}/export`, seat);
      expect(res.status).toBe(403);
      expect(res.text).toMatch(/once the game ends/);
    } finally {
      await strict.dispose();
    }
  });
});
