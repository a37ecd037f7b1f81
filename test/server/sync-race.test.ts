/**
 * A sync answered while another seat moves (server/transport.ts, `answerSync`): boardgame.io reads
 * the match for a sync's answer and only then adds the socket to the match's broadcasts, so a move
 * played in between once reached that socket neither in the answer nor as an update. Its client
 * kept the state before the move for good; a seat waiting on that move (the last confirmation of a
 * round) never acted again, and its match stopped. Through the real server: the sync's read is
 * held just after it reads, and another seat confirms its turn meanwhile.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../game/core/types';
import { isPrivateStep } from '../../game/game';
import { AckedStorage } from '../../server/storage';
import { GuardedSocketIO } from '../../server/transport';
import {
  Player,
  createMatch,
  joinSeat,
  sendAndHear,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

describe('a sync answered while another seat moves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the syncing socket still hears of the move: the move waits for the answer', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    await joinSeat(server.url, matchID, '0');
    const mover = new Player(server.url, matchID, await joinSeat(server.url, matchID, '1'));
    const watcher = new Player(server.url, matchID, null);
    try {
      await Promise.all([mover.synced(), watcher.synced()]);
      // The mover builds its turn (private steps) up to its confirmation, a move everyone hears of.
      const confirmation = () => mover.legal().find((a) => !isPrivateStep(a.type));
      while (!confirmation()) {
        const step = mover.legal().find((a) => a.type !== 'undo' && a.type !== 'restart');
        if (!step) throw new Error('no step to build the turn with');
        await sendAndHear(mover, step, [mover]);
      }
      expect(watcher.G.confirmed['1']).toBe(false);

      // The watcher's next sync read (a sync's read asks for the initial state) stops after reading.
      let held = false;
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      const fetch = AckedStorage.prototype.fetch;
      vi.spyOn(AckedStorage.prototype, 'fetch').mockImplementation(async function (
        this: AckedStorage,
        ...args
      ) {
        const read = await fetch.apply(this, args);
        if (args[1].initialState && !held) {
          held = true;
          await gate;
        }
        return read;
      });
      const queued = vi.spyOn(GuardedSocketIO.prototype, 'inMatchQueue');
      (watcher.client as unknown as { transport: { requestSync(): void } }).transport.requestSync();
      await waitUntil('the sync read', () => held);
      // Whether the sync holds its match's queue: then the move waits in it behind the sync.
      const syncInQueue = queued.mock.calls.length > 0;
      const heardBefore = mover.heard;
      const confirm = confirmation();
      if (!confirm) throw new Error('no confirmation');
      mover.send(confirm);
      await waitUntil('the move at the server', () =>
        syncInQueue ? queued.mock.calls.length > 1 : mover.heard > heardBefore,
      );
      release();
      const seen = await watcher.waitFor(
        'the confirmation',
        (s) => (s.G as GameState).confirmed['1'] === true,
      );
      expect((seen.G as GameState).confirmed['1']).toBe(true);
      await mover.waitFor('the confirmation', (s) => (s.G as GameState).confirmed['1'] === true);
    } finally {
      mover.stop();
      watcher.stop();
    }
  });
});
