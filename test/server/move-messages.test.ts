/**
 * Refusals and log lines reach the players as messages (codes with values and a rule reference),
 * not English sentences: the engine's refusal on the mover's notice, the server's own refusal of a
 * move with its `pu:rejected` event, and the public log. Through a real server and raw sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState, LogEntry, Rejection } from '../../game/core/types';
import { formatMessage } from '../../game/core/messages';
import {
  RawSocket,
  createMatch,
  joinSeat,
  movePacket,
  snapshot,
  startTestServer,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** A socket synced as a seat, keeping every notice and log it is sent. */
async function seatSocket(matchID: string, seat: Seat) {
  const raw = new RawSocket(server.url);
  const notices: Rejection[] = [];
  let log: LogEntry[] = [];
  raw.socket.on('update', (_id: string, state: { G: GameState }) => {
    const notice = state.G.private[seat.playerID]?.rejection;
    if (notice) notices.push(notice);
    log = state.G.log;
  });
  expect(await raw.sync(matchID, seat.playerID, seat.credentials)).not.toBeNull();
  return { raw, notices, log: () => log };
}

describe('what the server tells the mover is a message (§3.3)', () => {
  it('an engine refusal, a server refusal and a log line each carry a code, values and the rule', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 3 });
    const seats: Seat[] = [];
    for (const id of ['0', '1', '2']) seats.push(await joinSeat(server.url, matchID, id));
    const start = await snapshot(server.url, matchID, seats[0] as Seat);
    const G = start.G as GameState;
    expect(G.step).toBe('rotate');
    const commander = seats.find((s) => s.playerID === G.commander) as Seat;
    const other = seats.find((s) => s.playerID !== G.commander) as Seat;
    const lead = await seatSocket(matchID, commander);
    const idle = await seatSocket(matchID, other);

    // The engine refuses: the notice holds the message, its rule kept apart from the text.
    lead.raw.socket.emit(
      'update',
      movePacket('rotate', { rotation: 9 }, commander.playerID, commander.credentials),
      start._stateID,
      matchID,
      commander.playerID,
    );
    const notice = await waitUntil('the notice', () => lead.notices.at(-1));
    expect(notice.reason).toEqual({ code: 'reason.rotationRange', rule: '§3.3' });
    expect(formatMessage(notice.reason)).toBe(
      'The station has six orientations: give a whole number from 0 to 5.',
    );

    // The server refuses before the engine sees it: the English line, and the message for the client.
    const reason = await idle.raw.emit(
      'update',
      movePacket('rotate', { rotation: 2 }, other.playerID, other.credentials),
      start._stateID,
      matchID,
      other.playerID,
    );
    expect(reason).toBe('It is not your turn to act now.');
    const rejected = idle.raw.rejections.at(-1) as { reason: string; message?: unknown };
    expect(rejected.message).toEqual({ code: 'reason.notYourTurn' });

    // A move the stage does not have: its name is a value of the message.
    await lead.raw.emit(
      'update',
      movePacket('pickCiv', { card: 1 }, commander.playerID, commander.credentials),
      start._stateID,
      matchID,
      commander.playerID,
    );
    expect((lead.raw.rejections.at(-1) as { message?: unknown }).message).toEqual({
      code: 'reason.moveNotNow',
      values: { move: 'pickCiv' },
    });

    // A played move logs a message, no sentence.
    lead.raw.socket.emit(
      'update',
      movePacket('rotate', { rotation: 4 }, commander.playerID, commander.credentials),
      start._stateID,
      matchID,
      commander.playerID,
    );
    const rotated = await waitUntil('the log line', () =>
      idle.log().find((e) => e.message.code === 'log.rotated'),
    );
    expect(rotated).toEqual({
      round: 1,
      player: commander.playerID,
      message: { code: 'log.rotated', values: { rotation: 4 } },
    });
    expect(idle.log().every((e) => !('text' in e) && e.message.code.startsWith('log.'))).toBe(true);
    lead.raw.close();
    idle.raw.close();
  });
});
