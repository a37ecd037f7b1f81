/**
 * What one socket, and one client address, may cost the server (docs/server.md, "Socket limits"),
 * through the real server and raw socket.io clients: syncs, moves and chat messages past their
 * rate are refused with a reason; sockets past the per-address cap are refused at connection; a
 * move the engine refuses is not stored (the log file keeps its size) while the mover is told why;
 * boardgame.io's per-packet error lines do not reach the log; idle match queues are dropped; an
 * automated seat turned away for its rate holds off and plays on.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { GameState, Rejection } from '../../game/core/types';
import { optionsFromEnv } from '../../server/config';
import { DEFAULT_SOCKET_LIMITS } from '../../server/socket-limits';
import { CHAT_EVENT } from '../../server/chat';
import { SeatClient } from '../../server/seat-client';
import { legalActions } from '../../game/engine';
import { plainStep } from '../support/first-step';
import {
  GAME,
  RawSocket,
  createMatch,
  joinSeat,
  movePacket,
  post,
  request,
  snapshot,
  startTestServer,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';

/** A raw socket synced to a seat. */
async function seated(server: TestServer, matchID: string, seat: Seat): Promise<RawSocket> {
  const raw = new RawSocket(server.url);
  expect(await raw.sync(matchID, seat.playerID, seat.credentials)).not.toBeNull();
  return raw;
}

/** Wait until `raw` has `count` refusals, then the reasons. */
async function refusals(raw: RawSocket, count: number): Promise<string[]> {
  await waitUntil(`${count} refusals`, () => raw.rejections.length >= count);
  return raw.rejections.map((r) => r.reason);
}

describe('socket limits', () => {
  it('reads its limits from the environment, with documented defaults', () => {
    expect(optionsFromEnv({}).socketLimits).toEqual(DEFAULT_SOCKET_LIMITS);
    expect(DEFAULT_SOCKET_LIMITS).toEqual({
      socketsPerAddress: 50,
      syncs: { burst: 10, perMinute: 30 },
      moves: { burst: 40, perMinute: 1200 },
      chats: { burst: 10, perMinute: 60 },
    });
    const env = {
      SOCKETS_PER_ADDRESS: '5',
      SOCKET_MOVES_PER_S: '3',
      SOCKET_SYNCS_PER_MIN: '4',
      SOCKET_CHATS_PER_MIN: '6',
    };
    expect(optionsFromEnv(env).socketLimits).toEqual({
      socketsPerAddress: 5,
      syncs: { burst: 10, perMinute: 4 },
      moves: { burst: 6, perMinute: 180 },
      chats: { burst: 10, perMinute: 6 },
    });
    expect(() => optionsFromEnv({ SOCKETS_PER_ADDRESS: '0' })).toThrow(
      /SOCKETS_PER_ADDRESS must be a whole number/,
    );
  });

  let server: TestServer;
  const opened: { close(): void }[] = [];
  const keep = <T extends { close(): void }>(s: T): T => {
    opened.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer({
      socketLimits: {
        socketsPerAddress: 6,
        syncs: { burst: 5, perMinute: 30 },
        moves: { burst: 20, perMinute: 1200 },
        chats: { burst: 5, perMinute: 60 },
      },
    });
  });
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  afterAll(async () => {
    await server.dispose();
  });

  /** Until the server has let go of this test's sockets (they count against the address cap). */
  const settled = () => waitUntil('sockets closed', () => server.stats().sockets === 0);

  it('refuses syncs past the rate, with a reason, and answers the others', async () => {
    await settled();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seat = await joinSeat(server.url, matchID, '0');
    const raw = keep(await seated(server, matchID, seat)); // one sync of the five
    let answers = 0;
    raw.socket.on('sync', () => answers++);
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200; i++) raw.socket.emit('sync', matchID, seat.playerID, seat.credentials, 2);
    // Four tokens are left of the burst (one more may refill meanwhile, at one every two seconds).
    await waitUntil('every sync answered or refused', () => answers + raw.rejections.length === 200);
    const reasons = raw.rejections.map((r) => r.reason);
    expect(answers).toBeGreaterThanOrEqual(4);
    expect(answers).toBeLessThanOrEqual(5);
    expect(new Set(reasons)).toEqual(new Set(['too many syncs: at most 30 a minute per connection']));
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(server.stats().sockets).toBe(1);
  });

  it('refuses moves past the rate, with a reason', async () => {
    await settled();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seat = await joinSeat(server.url, matchID, '0');
    const raw = keep(await seated(server, matchID, seat));
    const before = await snapshot(server.url, matchID, seat);
    const packet = movePacket('takeTile', { stack: 'huge' }, '0', seat.credentials);
    for (let i = 0; i < 100; i++) raw.socket.emit('update', packet, before._stateID, matchID, '0');
    const reasons = await refusals(raw, 75);
    // Past the burst of 20 (and what refilled meanwhile), each move is refused for its rate.
    expect(reasons.every((r) => r === 'too many moves: at most 20 a second per connection')).toBe(true);
    expect(reasons.length).toBeLessThanOrEqual(80);
    expect(await snapshot(server.url, matchID, seat)).toEqual(before);
  });

  it('relays chat within the rate of a connection, and refuses what comes past it for its rate', async () => {
    await settled();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seat = await joinSeat(server.url, matchID, '0');
    const raw = keep(await seated(server, matchID, seat));
    const listener = keep(await seated(server, matchID, await joinSeat(server.url, matchID, '1')));
    let heard = 0;
    listener.socket.on(CHAT_EVENT, () => heard++);
    for (let i = 0; i < 30; i++)
      raw.socket.emit(
        'chat',
        matchID,
        { id: `m${i}`, sender: '0', payload: { text: 'hi' } },
        seat.credentials,
      );
    // This server's burst of five (six if one refilled) passes; the rest is refused for the rate.
    await waitUntil('an answer to every message', () => heard + raw.rejections.length >= 30);
    const reasons = raw.rejections.map((r) => r.reason);
    expect(heard).toBeGreaterThanOrEqual(5);
    expect(heard).toBeLessThanOrEqual(6);
    expect(new Set(reasons)).toEqual(new Set(['too many chat messages: at most 60 a minute per connection']));
  });

  it('refuses sockets past the per-address cap at connection, and lets one in when another closes', async () => {
    await settled();
    const connect = (headers?: Record<string, string>, namespace = `/${GAME}`) =>
      new Promise<{ socket: Socket; error: string | null }>((resolve) => {
        const socket = io(`${server.url}${namespace}`, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          ...(headers ? { extraHeaders: headers } : {}),
        });
        keep(socket);
        socket.once('connect', () => resolve({ socket, error: null }));
        socket.once('connect_error', (err) => resolve({ socket, error: err.message }));
      });
    const first = await Promise.all(Array.from({ length: 6 }, () => connect()));
    expect(first.map((c) => c.error)).toEqual(Array(6).fill(null));
    const over = await connect();
    expect(over.error).toBe(
      'Too many connections from your address (at most 6 at once): close one and try again.',
    );
    await waitUntil('the refused connection closed', () => server.stats().sockets === 6);
    // socket.io's main namespace is open to anyone: its sockets count, and are refused, alike.
    expect((await connect(undefined, '/')).error).toMatch(/Too many connections/);
    first[0]?.socket.close();
    await waitUntil('the closed socket to count out', () => server.stats().sockets === 5);
    expect((await connect()).error).toBeNull();
    // Without TRUST_PROXY, X-Forwarded-For changes nothing: the address is the peer's.
    expect((await connect({ 'x-forwarded-for': '198.51.100.7' })).error).toMatch(/Too many connections/);
  });

  it('behind a proxy, counts the address the proxy saw, whatever the client wrote left of it', async () => {
    const proxied = await startTestServer({ trustProxy: true, socketLimits: { socketsPerAddress: 2 } });
    const sockets: Socket[] = [];
    try {
      const connect = (forwarded: string) =>
        new Promise<string | null>((resolve) => {
          const socket = io(`${proxied.url}/${GAME}`, {
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            extraHeaders: { 'x-forwarded-for': forwarded },
          });
          sockets.push(socket);
          socket.once('connect', () => resolve(null));
          socket.once('connect_error', (err) => resolve(err.message));
        });
      expect(await connect('10.0.0.1, 203.0.113.5')).toBeNull();
      expect(await connect('10.0.0.2, 203.0.113.5')).toBeNull();
      expect(await connect('10.0.0.3, 203.0.113.5')).toMatch(/Too many connections/);
      expect(await connect('203.0.113.6')).toBeNull();
    } finally {
      for (const s of sockets) s.close();
      await proxied.dispose();
    }
  });

  it("does not count the server's own bot seats against the cap", async () => {
    const own = await startTestServer({ socketLimits: { socketsPerAddress: 1 } });
    try {
      const person = new RawSocket(own.url);
      await person.connected();
      const matchID = await createMatch(own.url, { numPlayers: 2, setupData: { bots: { '1': 'cadet' } } });
      const presence = () => request(own.url, `/games/${GAME}/${matchID}/presence`);
      await waitUntil('the bot seat connected', async () => {
        const players = ((await presence()).body as { players: { connected: boolean }[] }).players;
        return players[1]?.connected;
      });
      const another = new RawSocket(own.url);
      await expect(another.connected()).rejects.toThrow(/Too many connections/);
      // Claiming to be a bot takes the seat's credentials.
      const forged = io(`${own.url}/${GAME}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { matchID, playerID: '1', credentials: 'bot.guess' },
      });
      const error = await new Promise<string>((r) => forged.once('connect_error', (e) => r(e.message)));
      expect(error).toMatch(/Too many connections/);
      for (const s of [person, another, forged]) s.close();
    } finally {
      await own.dispose();
    }
  });

  it("does not hold the server's own bots to the per-socket move rate", async () => {
    // One move a second: two bots with no pause play a whole game (hundreds of moves) in a few
    // seconds, so a throttled bot would not finish within the wait below.
    const slow = await startTestServer({
      socketLimits: { moves: { burst: 1, perMinute: 60 } },
      bots: { workers: 0, delayMs: 0 },
    });
    try {
      const matchID = await createMatch(slow.url, {
        numPlayers: 2,
        setupData: { bots: { 0: 'random', 1: 'random' } },
      });
      await waitUntil(
        'the bots to finish their match',
        async () => {
          const info = await request(slow.url, `/games/${GAME}/${matchID}`);
          return (info.body as { gameover?: unknown }).gameover !== undefined;
        },
        30_000,
      );
    } finally {
      await slow.dispose();
    }
  });

  it('keeps refused moves out of the stored log, and tells the mover why', async () => {
    await settled();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seat = await joinSeat(server.url, matchID, '0');
    const raw = keep(await seated(server, matchID, seat));
    const watcher = keep(new RawSocket(server.url));
    expect(await watcher.sync(matchID, null)).not.toBeNull();
    let watcherUpdates = 0;
    watcher.socket.on('update', () => watcherUpdates++);
    let moverUpdates = 0;
    const notices: Rejection[] = [];
    raw.socket.on('update', (_id: string, state: { G: GameState; _stateID: number }) => {
      moverUpdates++;
      const notice = state.G.private['0']?.rejection;
      if (notice) notices.push(notice);
    });
    // One real move first, so that the match has a log file (a private step: the spectator is not
    // told of it, server/step-veil.ts).
    const start = await snapshot(server.url, matchID, seat);
    raw.socket.emit(
      'update',
      movePacket('takeTile', { stack: 'small' }, '0', seat.credentials),
      0,
      matchID,
      '0',
    );
    await waitUntil('the move', () => moverUpdates === 1);
    const logFile = join(server.dataDir, 'logs', `${encodeURIComponent(matchID)}.jsonl`);
    await waitUntil('the log file', () => existsSync(logFile));
    const logBytes = statSync(logFile).size;
    const before = await snapshot(server.url, matchID, seat);
    expect(before._stateID).toBe(start._stateID + 1);

    const refused = movePacket('placeTile', { x: 999, y: 999, orientation: 0, at: 1 }, '0', seat.credentials);
    for (let i = 0; i < 50; i++) {
      raw.socket.emit('update', refused, before._stateID, matchID, '0');
      await waitUntil('the notice', () => notices.length === i + 1);
      if (i >= 10) await new Promise((r) => setTimeout(r, 50)); // within this server's move rate
    }
    expect(new Set(notices.map((n) => n.action))).toEqual(new Set(['placeTile']));
    expect(notices.every((n) => n.reason.code.startsWith('reason.'))).toBe(true);
    // Each notice has a serial of its own, so a client tells two equal refusals apart.
    expect(new Set(notices.map((n) => n.serial)).size).toBe(50);
    // A refused move of a kind others are told of when played (a confirmation) is not sent to them.
    await new Promise((r) => setTimeout(r, 50));
    raw.socket.emit('update', movePacket('confirm', undefined, '0', seat.credentials), 0, matchID, '0');
    await waitUntil('the notice', () => notices.length === 51);
    expect(notices.at(-1)?.action).toBe('confirm');
    expect(statSync(logFile).size).toBe(logBytes);
    expect(await snapshot(server.url, matchID, seat)).toEqual(before);
    expect(watcherUpdates).toBe(0); // the others were not sent the refusals
    expect(raw.rejections).toEqual([]);

    // The notice stays on what the mover is sent while others play, and goes with its next move.
    let last: Rejection | null | undefined;
    raw.socket.on('update', (_id: string, state: { G: GameState }) => {
      last = state.G.private['0']?.rejection;
    });
    const seat1 = await joinSeat(server.url, matchID, '1');
    const other = keep(await seated(server, matchID, seat1));
    let otherUpdates = 0;
    other.socket.on('update', () => otherUpdates++);
    // Seat 1 plays its turn: its steps are its own; its confirmation reaches everyone.
    for (;;) {
      const step = plainStep(legalActions((await snapshot(server.url, matchID, seat1)).G, '1'));
      const { type, ...args } = step ?? { type: 'confirm' };
      const heard = otherUpdates;
      const packet = movePacket(type, Object.keys(args).length ? args : undefined, '1', seat1.credentials);
      other.socket.emit('update', packet, 0, matchID, '1');
      await waitUntil(`seat 1's ${type}`, () => otherUpdates > heard);
      if (!step) break;
    }
    await waitUntil("the other seat's confirmation", () => watcherUpdates === 1 && last !== undefined);
    expect(last).toEqual(notices.at(-1));
    raw.socket.emit('update', movePacket('undo', { at: 1 }, '0', seat.credentials), 0, matchID, '0');
    await waitUntil("the mover's next move", () => moverUpdates === 53);
    await waitUntil('its update', () => last === null);
  });

  it("answers moves outside the player's stage with a reason, and sums boardgame.io's error lines up", async () => {
    const own = await startTestServer();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let matchID = '';
    try {
      matchID = await createMatch(own.url, { numPlayers: 2 });
      const seat = await joinSeat(own.url, matchID, '0');
      const raw = await seated(own, matchID, seat);
      const before = await snapshot(own.url, matchID, seat);
      // pickCiv is a move of the civ stages only: boardgame.io would print a line for each.
      const packet = movePacket('pickCiv', { card: 1 }, '0', seat.credentials);
      for (let i = 0; i < 15; i++) raw.socket.emit('update', packet, before._stateID, matchID, '0');
      const reasons = await refusals(raw, 15);
      raw.close();
      expect(new Set(reasons)).toEqual(new Set(['"pickCiv" is not a move you can make now']));
      expect(errors.mock.calls.filter((c) => String(c[0]).startsWith('ERROR'))).toEqual([]);
      expect(await snapshot(own.url, matchID, seat)).toEqual(before);
    } finally {
      errors.mockRestore();
      await own.dispose();
    }
    // One line for the match, with the count, when the minute is over (or the server closes).
    expect(own.logs.filter((l) => l.includes(matchID))).toEqual([
      `match ${matchID}: 15 packets refused ("pickCiv" is not a move you can make now: 15)`,
    ]);
  });

  it('drops a match queue once it is idle and no socket of the match is left', async () => {
    await settled();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seat = await joinSeat(server.url, matchID, '0');
    const baseline = server.stats().matchQueues;
    // The bot route runs in the match's queue even for a match nobody is connected to.
    const res = await post(server.url, `/games/${GAME}/${matchID}/bot`, {
      playerID: '0',
      credentials: 'wrong',
      seat: '1',
      level: 'cadet',
    });
    expect(res.status).toBe(403);
    await waitUntil('the idle queue dropped', () => server.stats().matchQueues === baseline);
    // A queue of a match with sockets stays while they are there, and goes with the last one.
    const raw = keep(await seated(server, matchID, seat));
    raw.socket.emit(
      'update',
      movePacket('takeTile', { stack: 'small' }, '0', seat.credentials),
      0,
      matchID,
      '0',
    );
    await waitUntil('the move', async () => (await snapshot(server.url, matchID, seat))._stateID > 0);
    expect(server.stats().matchQueues).toBe(baseline + 1);
    raw.close();
    await waitUntil('the queue dropped with the last socket', () => server.stats().matchQueues === baseline);
  });
});

describe('a seat client over its move rate (server/seat-client.ts)', () => {
  it('is told when the guard turns its move away, holds off, and plays on: it never waits for an answer that will not come', async () => {
    // Three moves at once, then one every two seconds: a seat moving as soon as it is answered
    // meets the rate within a few moves, however busy the machine.
    const server = await startTestServer({ socketLimits: { moves: { burst: 3, perMinute: 30 } } });
    const matchID = await createMatch(server.url, { numPlayers: 1 });
    const { credentials } = await joinSeat(server.url, matchID, '0');
    const reasons: string[] = [];
    let acks = 0;
    let acksAfterRefusal = 0;
    const play = () => {
      if (!seat.canAct()) return;
      const [action] = legalActions(seat.state?.G as GameState, '0');
      if (action) seat.send(action);
    };
    const seat: SeatClient = new SeatClient({
      server: server.url,
      matchID,
      playerID: '0',
      credentials,
      onState: () => setImmediate(play),
      onRejected: (why) => reasons.push(why),
      onAck: () => {
        acks++;
        if (reasons.length > 0) acksAfterRefusal++;
      },
    });
    try {
      seat.start();
      await waitUntil('a move acknowledged after a refusal', () => acksAfterRefusal >= 1, 30_000);
      expect(acks).toBeGreaterThanOrEqual(4);
      expect(seat.rejected).toBe(reasons.length);
      expect(new Set(reasons)).toEqual(new Set(['too many moves: at most 30 a minute per connection']));
      expect(seat.dropped).toBe(0);
    } finally {
      seat.stop();
      await server.dispose();
    }
  }, 60_000);
});
