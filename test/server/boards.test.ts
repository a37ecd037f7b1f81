/**
 * Choosing boards (R33) through a real server: a match created with `boards: "dealt"` through the
 * Lobby API opens with a private, simultaneous choice of side; what a player chose reaches nobody
 * else until every player has chosen; a bad value is refused with a clear 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../game/core/types';
import { SYMMETRIC_PLANET } from '../../game/data';
import {
  GAME,
  Player,
  createMatch,
  joinSeat,
  post,
  startTestServer,
  type ClientState,
  type TestServer,
} from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

const stateOf = (s: ClientState) => s.G as GameState;

async function act(p: Player, action: Action): Promise<void> {
  const before = p.stateID;
  p.send(action);
  await p.waitFor('the server to apply the move', (s) => s._stateID > before);
}

describe('R33 boards through the Lobby API', () => {
  it('refuses an unknown boards value with a clear 400', async () => {
    const res = await post(server.url, `/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { boards: 'shuffled' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/boards must be one of: symmetric, dealt, free/);
  });

  it('dealt: each seat chooses a side in private; round 1 starts on the chosen planets', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2, setupData: { boards: 'dealt' } });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const [a, b] = seats.map((seat) => new Player(server.url, matchID, seat)) as [Player, Player];
    const watcher = new Player(server.url, matchID, null);
    try {
      await Promise.all([a.synced(), b.synced(), watcher.synced()]);
      expect(a.G.step).toBe('boards');
      const offerA = a.legal().map((x) => (x.type === 'chooseBoard' ? x.planet : x.type));
      const offerB = b.legal().map((x) => (x.type === 'chooseBoard' ? x.planet : x.type));
      expect(offerA[1]).toBe(SYMMETRIC_PLANET);
      expect(offerA[0]).not.toBe(offerB[0]);
      // Seat 1 cannot see what seat 0 was dealt.
      expect(JSON.stringify(b.G.private['0'])).not.toContain(offerA[0] as string);
      // Seat 0 keeps its dealt planet; seat 1 and the spectator learn only that it has chosen.
      await act(a, { type: 'chooseBoard', planet: offerA[0] as string });
      await b.waitFor('seat 0 to have chosen', (s) => stateOf(s).confirmed['0'] === true);
      await watcher.waitFor('seat 0 to have chosen', (s) => stateOf(s).confirmed['0'] === true);
      for (const p of [b, watcher])
        for (const s of p.states) {
          expect(JSON.stringify(stateOf(s).private['0'])).not.toContain(offerA[0] as string);
          expect(stateOf(s).boards['0']?.planet).toBe(SYMMETRIC_PLANET);
          expect(JSON.stringify(s.log ?? [])).not.toContain(offerA[0] as string);
        }
      expect(a.G.private['0']?.boardChoice).toBe(offerA[0]);
      // Seat 1 turns its board to the symmetric side: both are revealed, round 1 begins.
      await act(b, { type: 'chooseBoard', planet: SYMMETRIC_PLANET });
      const started = await watcher.waitFor('round 1', (s) => stateOf(s).round === 1);
      expect(stateOf(started).boards['0']?.planet).toBe(offerA[0]);
      expect(stateOf(started).boards['1']?.planet).toBe(SYMMETRIC_PLANET);
    } finally {
      for (const p of [a, b, watcher]) p.stop();
    }
  });

  it('free: a server bot picks its planet from its own view; round 1 starts after the person picks', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { boards: 'free', bots: { 1: 'pilot' } },
    });
    const seat = await joinSeat(server.url, matchID, '0');
    const person = new Player(server.url, matchID, seat);
    try {
      await person.synced();
      await person.waitFor('the bot to pick', (s) => stateOf(s).confirmed['1'] === true);
      expect(stateOf(person.state as ClientState).round).toBe(0);
      await act(person, { type: 'chooseBoard', planet: 'gaia' });
      const started = await person.waitFor('round 1', (s) => stateOf(s).round === 1);
      expect(stateOf(started).boards['0']?.planet).toBe('gaia');
      // The Pilot prefers the simplest planet it may choose: Charybdis (complexity 1, asymmetric).
      expect(stateOf(started).boards['1']?.planet).toBe('charybdis');
    } finally {
      person.stop();
    }
  });
});
