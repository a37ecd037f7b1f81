/**
 * A pending gain accepts exactly the choices the engine lists (R1), through a real server and a
 * socket client: a listed choice is applied; a choice that is not listed (here, a track named for
 * a tile advance, which takes no choice) is refused with a message and leaves the turn as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, GameState, Rejection } from '../../game/core/types';
import { applyAction } from '../../game/engine';
import {
  Player,
  createMatch,
  joinSeat,
  movePacket,
  RawSocket,
  snapshot,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** Send an action the engine lists and wait for the server's answer. */
async function act(p: Player, action: Action): Promise<void> {
  const before = p.stateID;
  p.send(action);
  await p.waitFor('the server to apply the move', (s) => s._stateID > before);
}

describe('pending gains through the server (R1)', () => {
  it('a listed choice is applied; one that is not listed is refused and changes nothing', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 1 });
    const seat = await joinSeat(server.url, matchID, '0');
    const p = new Player(server.url, matchID, seat);
    try {
      await p.synced();
      // Objectives kept and the round's event resolved with the first listed choices, up to the take.
      for (let k = 0; k < 20 && !p.legal().some((a) => a.type === 'takeTile'); k++) {
        const first = p.legal().find((a) => a.type !== 'moveRover');
        if (first) await act(p, first);
        else await new Promise((r) => setTimeout(r, 20));
      }
      await act(p, p.legal().find((a) => a.type === 'takeTile') as Action);
      // A placement whose tile gives a plain advance (§5.2), found by trying each on a copy.
      const place = p.legal().find((a) => {
        if (a.type !== 'placeTile') return false;
        const copy = structuredClone(p.G);
        return (
          applyAction(copy, '0', a) === null &&
          (copy.private['0']?.turn?.draft.pending ?? []).some((i) => i.kind === 'advance')
        );
      });
      expect(place).toBeDefined();
      await act(p, place as Action);
      // Read back from the server's stored state, not the client's own optimistic copy.
      const stored = async () => (await snapshot(server.url, matchID, seat)).G;
      const raw = new RawSocket(server.url);
      // An engine refusal is not stored: it reaches the mover as a notice in their next update.
      const notices: Rejection[] = [];
      raw.socket.on('update', (_id: string, state: { G: GameState }) => {
        const notice = state.G.private['0']?.rejection;
        if (notice) notices.push(notice);
      });
      expect(await raw.sync(matchID, '0', seat.credentials)).not.toBeNull();
      const resolve = async (args: Record<string, unknown>) => {
        const { _stateID } = await snapshot(server.url, matchID, seat);
        const packet = movePacket('resolve', args, '0', seat.credentials);
        expect(await raw.emit('update', packet, _stateID, matchID, '0')).toBeNull();
      };
      const before = await stored();
      const item = before.private['0']?.turn?.draft.pending.find((i) => i.kind === 'advance');
      if (!item || item.kind !== 'advance') throw new Error('no advance pending');
      expect(p.legal()).toContainEqual({ type: 'resolve', item: item.id, choice: {} });

      await resolve({ item: item.id, choice: { track: item.track } });
      const notice = await waitUntil('the refusal', () => notices.at(-1));
      expect(notice.reason).toEqual({ code: 'reason.noChoiceNeeded' });
      expect((await stored()).private['0']?.turn).toEqual(before.private['0']?.turn);

      await resolve({ item: item.id, choice: {} });
      const applied = await waitUntil('the advance', async () => {
        const G = await stored();
        return G.private['0']?.turn?.draft.pending.some((i) => i.id === item.id) ? null : G;
      });
      expect(applied.private['0']?.rejection).toBeNull();
      const row = (G: GameState) => G.private['0']?.turn?.draft.board.trackers[item.track].row ?? -1;
      expect(row(applied)).toBe(row(before) + 1);
      raw.close();
    } finally {
      p.stop();
    }
  });
});
