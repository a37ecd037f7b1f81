/**
 * Which planets a match may seat (R33, issue's first part): `seats` names any planet with rules,
 * through the real Lobby API; setup deals the symmetric face unless a seat names another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANETS } from '../../game/data';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { matchOptionsFrom } from '../../game/setup-data';
import { GAME, createMatch, post, snapshot, startTestServer, type TestServer } from '../server/support';

describe('planets in seats', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('every planet of the reference data has rules; setup still deals KSB-4156 by default', () => {
    expect([...PLAYABLE_PLANETS].sort()).toEqual(PLANETS.map((p) => p.id).sort());
    expect(matchOptionsFrom(3, undefined).seats.map((s) => s.planet)).toEqual([
      'ksb-4156',
      'ksb-4156',
      'ksb-4156',
    ]);
  });

  it('a match created through the Lobby API seats the planets its `seats` name', async () => {
    const matchID = await createMatch(server.url, {
      numPlayers: 2,
      setupData: { seats: [{ planet: 'tartarus' }, { planet: 'petra' }] },
    });
    const state = await snapshot(server.url, matchID, null);
    expect([state.G.boards['0']?.planet, state.G.boards['1']?.planet]).toEqual(['tartarus', 'petra']);
  });

  it('refuses an unknown planet with a clear error', async () => {
    const res = await post(server.url, `/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { seats: [{ planet: 'vulcan' }] },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/seats\[0\]\.planet must be one of: .*tartarus/);
  });
});
