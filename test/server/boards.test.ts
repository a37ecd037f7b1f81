/**
 * Choosing boards (R33) through a real server: a match created with `boards: "dealt"` through the
 * Lobby API opens with a private, simultaneous choice of the planet's and the corporation's sides;
 * what a player was dealt and chose reaches nobody else until every player has chosen; a bad value
 * is refused with a clear 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../game/core/types';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET } from '../../game/data';
import { PLAYABLE_CORPORATIONS } from '../../game/content/corporations';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { choosePlanet } from '../../game/bots/pilot';
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

type Pick = Extract<Action, { type: 'chooseBoard' }>;
const picksOf = (p: Player) => p.legal().filter((a): a is Pick => a.type === 'chooseBoard');
/** What a seat was dealt: the first planet and the first corporation it may choose. */
const dealtTo = (p: Player) => picksOf(p)[0] as Pick;

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
    const unknown = await post(server.url, `/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { boards: 'free', seats: [{ corporation: 'acme' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(
      `seats[0].corporation must be one of: ${PLAYABLE_CORPORATIONS.join(', ')}`,
    );
  });

  it('dealt: each seat chooses its sides in private; round 1 starts on the chosen planets and corporations', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2, setupData: { boards: 'dealt' } });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const [a, b] = seats.map((seat) => new Player(server.url, matchID, seat)) as [Player, Player];
    const watcher = new Player(server.url, matchID, null);
    try {
      await Promise.all([a.synced(), b.synced(), watcher.synced()]);
      expect(a.G.step).toBe('boards');
      const [dealtA, dealtB] = [dealtTo(a), dealtTo(b)];
      const planetsA = [...new Set(picksOf(a).map((x) => x.planet))];
      const corporationsA = [...new Set(picksOf(a).map((x) => x.corporation))];
      expect(planetsA).toEqual([dealtA.planet, SYMMETRIC_PLANET]);
      expect(corporationsA[corporationsA.length - 1]).toBe(SYMMETRIC_CORPORATION);
      expect(dealtA.planet).not.toBe(dealtB.planet);
      if (dealtA.corporation !== SYMMETRIC_CORPORATION)
        expect(dealtA.corporation).not.toBe(dealtB.corporation);
      // What seat 0 was dealt: never in seat 1's or the spectator's state.
      const secrets = [`"${dealtA.planet}"`];
      if (dealtA.corporation !== SYMMETRIC_CORPORATION) secrets.push(dealtA.corporation);
      const hidesSeat0 = (s: ClientState) => {
        for (const secret of secrets) {
          expect(JSON.stringify(stateOf(s))).not.toContain(secret);
          expect(JSON.stringify(s.log ?? [])).not.toContain(secret);
        }
        expect(stateOf(s).boards['0']).toMatchObject({
          planet: SYMMETRIC_PLANET,
          corporation: SYMMETRIC_CORPORATION,
        });
      };
      hidesSeat0(b.state as ClientState);
      // Seat 0 keeps both dealt sides; seat 1 and the spectator learn only that it has chosen.
      await act(a, dealtA);
      await b.waitFor('seat 0 to have chosen', (s) => stateOf(s).confirmed['0'] === true);
      await watcher.waitFor('seat 0 to have chosen', (s) => stateOf(s).confirmed['0'] === true);
      for (const p of [b, watcher]) for (const s of p.states) hidesSeat0(s);
      expect(a.G.private['0']).toMatchObject({
        boardChoice: dealtA.planet,
        corporationChoice: dealtA.corporation,
      });
      // Seat 1 turns both boards to their symmetric sides: both are revealed, round 1 begins.
      await act(b, { type: 'chooseBoard', planet: SYMMETRIC_PLANET, corporation: SYMMETRIC_CORPORATION });
      const started = await watcher.waitFor('round 1', (s) => stateOf(s).round === 1);
      expect(stateOf(started).boards['0']).toMatchObject({
        planet: dealtA.planet,
        corporation: dealtA.corporation,
      });
      expect(stateOf(started).boards['1']).toMatchObject({
        planet: SYMMETRIC_PLANET,
        corporation: SYMMETRIC_CORPORATION,
      });
    } finally {
      for (const p of [a, b, watcher]) p.stop();
    }
  });

  it('free: a server bot picks its planet and corporation from its own view; round 1 starts after the person picks', async () => {
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
      const corporation = PLAYABLE_CORPORATIONS[PLAYABLE_CORPORATIONS.length - 1] as string;
      await act(person, { type: 'chooseBoard', planet: 'gaia', corporation });
      const started = await person.waitFor('round 1', (s) => stateOf(s).round === 1);
      expect(stateOf(started).boards['0']).toMatchObject({ planet: 'gaia', corporation });
      expect(PLAYABLE_CORPORATIONS).toContain(stateOf(started).boards['1']?.corporation);
      // The Pilot takes the pair it scores best on, as its table of measured skill says (R33).
      const offered: Action[] = PLAYABLE_PLANETS.flatMap((planet) =>
        PLAYABLE_CORPORATIONS.map((c): Action => ({ type: 'chooseBoard', planet, corporation: c })),
      );
      const best = choosePlanet(offered).action;
      expect(stateOf(started).boards['1']).toMatchObject(
        best.type === 'chooseBoard' ? { planet: best.planet, corporation: best.corporation } : {},
      );
    } finally {
      person.stop();
    }
  });
});
