/**
 * Bad input and abuse, over HTTP and over the sockets. Every bad request is refused, the match
 * state is unchanged (compared through a fresh sync from storage), and the server keeps serving:
 * the same match is played on afterwards through boardgame.io socket clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState, Rejection } from '../../game/core/types';
import { legalActions } from '../../game/engine';
import { CHAT_SEATED_ONLY } from '../../server/transport';
import { CHAT_EVENT, type ChatLine } from '../../server/chat';
import { why } from '../support/why';
import {
  GAME,
  Player,
  RawSocket,
  createMatch,
  inStep,
  joinSeat,
  movePacket,
  playRandomly,
  post,
  request,
  snapshot,
  startTestServer,
  waitUntil,
  websocketOpens,
  type Seat,
  type TestServer,
} from './support';

type Snap = Awaited<ReturnType<typeof snapshot>>;

/**
 * Emit a move from a seat's raw socket and wait for the server's answer to a refusal: the stored
 * state, sent to that socket alone, with the seat's notice set (a refused move is not stored).
 */
function refusalNotice(raw: RawSocket, packet: unknown, stateID: number, matchID: string, seat: string) {
  return new Promise<Rejection>((resolve, reject) => {
    const timer = setTimeout(() => {
      raw.socket.off('update', onUpdate);
      reject(new Error(`no refusal notice for ${JSON.stringify(packet)}`));
    }, 5000);
    const onUpdate = (id: string, state: { G: GameState }) => {
      const notice = state.G.private[seat]?.rejection;
      if (id !== matchID || !notice) return;
      clearTimeout(timer);
      raw.socket.off('update', onUpdate);
      resolve(notice);
    };
    raw.socket.on('update', onUpdate);
    raw.socket.emit('update', packet, stateID, matchID, seat);
  });
}

/** The state without the one thing a refused action may change: the player's own notice. */
function withoutNotice(s: Snap, player: string): GameState {
  const G = structuredClone(s.G);
  const priv = G.private[player];
  if (priv) priv.rejection = null;
  return G;
}

describe('security and bad input', () => {
  let server: TestServer;
  let matchID: string;
  let s0: Seat;
  let s1: Seat;
  let p0: Player;
  let p1: Player;
  let watcher: Player;
  let raw0: RawSocket;

  const snap = (seat: Seat | null = s0) => snapshot(server.url, matchID, seat);

  beforeAll(async () => {
    server = await startTestServer({ origins: ['https://pu.example'] });
    matchID = await createMatch(server.url, { numPlayers: 2 });
    s0 = await joinSeat(server.url, matchID, '0', 'Ada');
    s1 = await joinSeat(server.url, matchID, '1', 'Bob');
    p0 = new Player(server.url, matchID, s0);
    p1 = new Player(server.url, matchID, s1);
    watcher = new Player(server.url, matchID, null);
    await Promise.all([p0.synced(), p1.synced(), watcher.synced()]);
    raw0 = new RawSocket(server.url);
    expect(await raw0.sync(matchID, '0', s0.credentials)).not.toBeNull();
  });

  afterAll(async () => {
    for (const p of [p0, p1, watcher]) p?.stop();
    raw0?.close();
    await server?.dispose();
  });

  describe('Lobby API', () => {
    it('answers a wrong or missing credential with 403, without echoing it', async () => {
      const guess = 'guessed-credential-123';
      const routes: [string, Record<string, unknown>][] = [
        ['leave', { playerID: '0', credentials: guess }],
        ['update', { playerID: '0', credentials: guess, newName: 'Mallory' }],
        ['playAgain', { playerID: '0', credentials: guess }],
        ['leave', { playerID: '0' }],
      ];
      for (const [route, body] of routes) {
        const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, body);
        expect(res.status, route).toBe(403);
        expect(res.text).toBe('Invalid credentials');
        expect(res.text).not.toContain(guess);
      }
      const info = await request(server.url, `/games/${GAME}/${matchID}`);
      expect((info.body as { players: { name?: string }[] }).players.map((p) => p.name)).toEqual([
        'Ada',
        'Bob',
      ]);
    });

    it('answers 404 for an unknown match on every route, and sockets cannot create one', async () => {
      const id = 'no-such-match';
      expect((await request(server.url, `/games/${GAME}/${id}`)).status).toBe(404);
      expect((await post(server.url, `/games/${GAME}/${id}/join`, { playerName: 'Eve' })).status).toBe(404);
      expect((await request(server.url, `/games/${GAME}/${id}/presence`)).status).toBe(404);
      expect((await request(server.url, `/games/${GAME}/${id}/export`)).status).toBe(404);
      const raw = new RawSocket(server.url);
      try {
        expect(await raw.sync(id, null)).toBeNull();
        expect(await raw.sync(id, '0', 'x')).toBeNull();
        expect(raw.rejections.map((r) => r.reason)).toEqual(['no such match', 'no such match']);
      } finally {
        raw.close();
      }
      // A seat the match does not have: refused with a clear 400 before boardgame.io reads it.
      for (const route of ['join', 'leave', 'update']) {
        const res = await post(server.url, `/games/${GAME}/${matchID}/${route}`, {
          playerID: '9',
          playerName: 'Eve',
          newName: 'Eve',
          credentials: 'x',
        });
        expect(res.status, route).toBe(400);
        expect(res.text, route).toMatch(/has no seat 9/);
      }
      // boardgame.io alone would have created the match on that sync.
      expect((await request(server.url, `/games/${GAME}/${id}`)).status).toBe(404);
    });

    it('refuses each invalid option with a clear 400', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ numPlayers: 9 }, /numPlayers must be a whole number from 1 to 6/],
        [{ numPlayers: 'two' }, /numPlayers must be a whole number from 1 to 6/],
        [{ numPlayers: 2.5 }, /numPlayers must be a whole number from 1 to 6/],
        [{ numPlayers: 2, unlisted: 'yes' }, /unlisted must be true or false/],
        [{ numPlayers: 2, setupData: 'x' }, /setupData must be an object/],
        [{ numPlayers: 2, setupData: { colour: 'red' } }, /Unknown option "colour"/],
        [{ numPlayers: 2, setupData: { twoPlayerVariant: 'no' } }, /twoPlayerVariant must be true or false/],
        [{ numPlayers: 2, setupData: { seats: {} } }, /seats must be a list of at most 2 entries/],
        [{ numPlayers: 2, setupData: { seats: [{}, {}, {}] } }, /seats must be a list of at most 2 entries/],
        [{ numPlayers: 2, setupData: { seats: ['x'] } }, /seats\[0\] must be an object/],
        [
          { numPlayers: 2, setupData: { seats: [{ planet: 'nowhere' }] } },
          /seats\[0\]\.planet must be one of/,
        ],
        [
          { numPlayers: 2, setupData: { seats: [{}, { corporation: 'x' }] } },
          /seats\[1\]\.corporation must be one of/,
        ],
        [{ numPlayers: 2, setupData: { events: 'hard' } }, /events must be one of cadet, standard/],
        [
          { numPlayers: 2, setupData: { events: { green: 20, orange: 0, red: 1 } } },
          /exactly 20 cards; this mix has 21/,
        ],
        [
          { numPlayers: 2, setupData: { privateObjectives: 'yes' } },
          /privateObjectives must be true or false/,
        ],
        [{ numPlayers: 2, setupData: { bots: { 5: 'random' } } }, /no seat "5"/],
        [{ numPlayers: 2, setupData: { bots: { 1: 'godlike' } } }, /bots\["1"\] must be one of/],
      ];
      for (const [body, message] of cases) {
        const res = await post(server.url, `/games/${GAME}/create`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.text).toMatch(message);
      }
      expect((await post(server.url, `/games/${GAME}/create`, '{"numPlayers": 2,')).status).toBe(400);
      expect((await post(server.url, `/games/${GAME}/create`, '[2]')).text).toMatch(/JSON object/);
      const form = await request(server.url, `/games/${GAME}/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'numPlayers=2&setupData[bots][1]=nobody',
      });
      expect(form.status).toBe(415);
    });

    it('refuses a body over the limit with 413 and keeps serving', async () => {
      const huge = { numPlayers: 2, setupData: { seats: [{ planet: 'x'.repeat(200_000) }] } };
      const res = await post(server.url, `/games/${GAME}/create`, huge);
      expect(res.status).toBe(413);
      const join = await post(server.url, `/games/${GAME}/${matchID}/join`, {
        playerName: 'y'.repeat(100_000),
      });
      expect(join.status).toBe(413);
      expect((await request(server.url, '/healthz')).status).toBe(200);
    });

    it('limits match creation per address', async () => {
      const limited = await startTestServer({ createLimit: { max: 2, windowMs: 60_000 } });
      try {
        for (let i = 0; i < 2; i++)
          expect((await post(limited.url, `/games/${GAME}/create`, { numPlayers: 2 })).status).toBe(200);
        const res = await post(limited.url, `/games/${GAME}/create`, { numPlayers: 2 });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.text).toMatch(/Too many matches/);
        // Other routes are not limited.
        expect((await request(limited.url, `/games/${GAME}`)).status).toBe(200);
      } finally {
        await limited.dispose();
      }
    });

    it('allows only the configured origins, on the API and on the sockets', async () => {
      const evil = await request(server.url, `/games/${GAME}`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const good = await request(server.url, `/games/${GAME}`, { headers: { origin: 'https://pu.example' } });
      expect(good.headers.get('access-control-allow-origin')).toBe('https://pu.example');

      const connect = (origin: string) => websocketOpens(server.url, { origin });
      expect(await connect('https://evil.example')).toBe(false);
      expect(await connect('https://pu.example')).toBe(true);
      expect(await connect(server.url)).toBe(true); // the server's own pages
    });
  });

  describe('sockets', () => {
    it('refuses a seat without its credentials, and moves from sockets without a seat', async () => {
      const before = await snap();
      const raw = new RawSocket(server.url);
      try {
        expect(await raw.sync(matchID, '0', 'wrong')).toBeNull();
        expect(await raw.sync(matchID, '0')).toBeNull();
        expect(await raw.sync(matchID, '7', s0.credentials)).toBeNull();
        // Names the match's players object answers to without being seats (the Lobby API's check).
        for (const id of ['__proto__', 'constructor', 'hasOwnProperty', '00', ' 0'])
          expect(await raw.sync(matchID, id, s0.credentials), id).toBeNull();
        expect(raw.rejections.map((r) => r.reason)).toEqual([
          'invalid credentials',
          'invalid credentials',
          ...Array<string>(6).fill('no such seat'),
        ]);
        const take = movePacket('takeTile', { stack: 'small' }, '0', s0.credentials);
        expect(await raw.emit('update', take, before._stateID, matchID, '0')).toBe('sync with a seat first');
        // A spectator may watch, not move.
        expect(await raw.sync(matchID, null)).not.toBeNull();
        expect(await raw.emit('update', take, before._stateID, matchID, '0')).toBe('sync with a seat first');
      } finally {
        raw.close();
      }
      // A boardgame.io client with a wrong credential never gets a state.
      const impostor = new Player(server.url, matchID, { playerID: '1', credentials: 'nope' });
      await new Promise((r) => setTimeout(r, 300));
      expect(impostor.state?._stateID ?? null).toBeNull();
      impostor.stop();
      expect(await snap()).toEqual(before);
    });

    it("refuses another seat's moves and flow events", async () => {
      const before = await snap();
      const refused = server.stats().rejectedPackets;
      const c = s0.credentials;
      const id = before._stateID;
      const cases: [unknown[], string][] = [
        [[movePacket('takeTile', { stack: 'small' }, '1', c), id, matchID, '1'], 'not your match or seat'],
        [
          [movePacket('takeTile', { stack: 'small' }, '1', c), id, matchID, '0'],
          'a move is made for your own seat only',
        ],
        [
          [movePacket('takeTile', { stack: 'small' }, '0', c), id, 'other-match', '0'],
          'not your match or seat',
        ],
        [
          [
            { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: '0', credentials: c } },
            id,
            matchID,
            '0',
          ],
          'only moves are accepted',
        ],
        [
          [
            {
              type: 'GAME_EVENT',
              payload: { type: 'endGame', args: [{ winner: '0' }], playerID: '0', credentials: c },
            },
            id,
            matchID,
            '0',
          ],
          'only moves are accepted',
        ],
        [
          [
            {
              type: 'GAME_EVENT',
              payload: { type: 'setActivePlayers', args: [{ value: {} }], playerID: '0', credentials: c },
            },
            id,
            matchID,
            '0',
          ],
          'only moves are accepted',
        ],
        [
          [
            { type: 'UNDO', payload: { type: null, args: null, playerID: '0', credentials: c } },
            id,
            matchID,
            '0',
          ],
          'only moves are accepted',
        ],
        [[movePacket('teleport', {}, '0', c), id, matchID, '0'], 'unknown move'],
        [[movePacket('takeTile', { stack: 'small' }, '0', c), 'x', matchID, '0'], 'bad state id'],
        [['MAKE_MOVE', id, matchID, '0'], 'an action is an object'],
      ];
      for (const [args, reason] of cases)
        expect(await raw0.emit('update', ...args), JSON.stringify(args)).toBe(reason);
      // The boardgame.io client exposes the events; the server refuses them all the same.
      p0.client.events.endTurn?.();
      p0.client.events.endPhase?.();
      await waitUntil('the refusals', () => server.stats().rejectedPackets === refused + cases.length + 2);
      expect(await snap()).toEqual(before);
    });

    it('refuses moves outside the player’s stage without a change', async () => {
      const before = await snap();
      p0.send({ type: 'rotate', rotation: 2 }); // the station only turns in the rotate stage
      p0.send({ type: 'pickCiv', card: 1 }); // no civ pick in the build stage
      // A probe: the next legal move is the only change the server makes.
      p0.send({ type: 'takeTile', stack: 'small' });
      await waitUntil('the probe', async () => (await snap())._stateID > before._stateID);
      const after = await snap();
      expect(after._stateID).toBe(before._stateID + 1);
      expect(after.G.private['0']?.turn?.steps).toEqual([{ type: 'takeTile', stack: 'small' }]);
      p0.send({ type: 'undo' });
      await waitUntil('the undo', async () => (await snap())._stateID > after._stateID);
      // Probe undone: the whole state is as it was (the refusals left nothing behind).
      expect(withoutNotice(await snap(), '0')).toEqual(withoutNotice(before, '0'));
    });

    it("refuses a move whose credentials are not the seat's, even from the seat's own socket", async () => {
      const before = await snap();
      const forged = movePacket('takeTile', { stack: 'small' }, '0', 'not-the-credentials');
      raw0.socket.emit('update', forged, before._stateID, matchID, '0');
      // A probe: the next legal move is the only change the server makes.
      p0.send({ type: 'takeTile', stack: 'large' });
      await waitUntil('the probe', async () => (await snap())._stateID > before._stateID);
      const after = await snap();
      expect(after._stateID).toBe(before._stateID + 1);
      expect(after.G.private['0']?.turn?.steps).toEqual([{ type: 'takeTile', stack: 'large' }]);
      p0.send({ type: 'undo' });
      await waitUntil('the undo', async () => (await snap())._stateID > after._stateID);
      expect(withoutNotice(await snap(), '0')).toEqual(withoutNotice(before, '0'));
    });

    it('refuses malformed arguments: wrong types, out-of-range cells, unknown ids, oversized values', async () => {
      // Shapes the guard refuses before boardgame.io sees them.
      const base = await snap();
      const c = s0.credentials;
      const shaped: [unknown, string][] = [
        ['small', 'a move argument is an object'],
        [{ stack: 's'.repeat(1000) }, 'the move argument holds a string too long'],
        [{ path: Array.from({ length: 1000 }, () => [0, 0]) }, 'the move argument holds a list too long'],
        [{ a: { b: { c: { d: { e: { f: 1 } } } } } }, 'the move argument holds nested too deeply'],
      ];
      for (const [arg, reason] of shaped) {
        const packet = {
          type: 'MAKE_MOVE',
          payload: { type: 'takeTile', args: [arg], playerID: '0', credentials: c },
        };
        expect(await raw0.emit('update', packet, base._stateID, matchID, '0')).toBe(reason);
      }
      const twoArgs = {
        type: 'MAKE_MOVE',
        payload: { type: 'takeTile', args: [{}, {}], playerID: '0', credentials: c },
      };
      expect(await raw0.emit('update', twoArgs, base._stateID, matchID, '0')).toBe(
        'a move takes at most one argument',
      );
      expect(await snap()).toEqual(base);

      // Well-formed but wrong: the engine refuses each; nothing is stored, the mover sees why.
      const wrong = [
        { type: 'takeTile', stack: 'huge' },
        { type: 'takeTile', stack: 7 },
        { type: 'placeTile', orientation: 0, x: 3, y: 3 }, // no tile taken yet
        { type: 'resolve', item: 999 },
        { type: 'moveRover', rover: 99, path: [[1, 1]] },
        { type: 'moveRover', rover: 0, path: 'north' },
        { type: 'confirm' },
      ];
      for (const action of wrong) {
        const before = await snap();
        const { type, ...args } = action;
        const packet = movePacket(type, Object.keys(args).length ? args : undefined, '0', c);
        const notice = await refusalNotice(raw0, packet, before._stateID, matchID, '0');
        expect(notice.action, JSON.stringify(action)).toBe(action.type);
        expect(await snap()).toEqual(before);
      }
      // Out-of-range and mistyped cells, with a tile in hand.
      p0.send({ type: 'takeTile', stack: 'small' });
      await p0.waitFor('the tile', (s) => (s.G as GameState).private['0']?.turn?.steps.length === 1);
      for (const cell of [
        { x: 999, y: 999, orientation: 0 },
        { x: -1, y: 0, orientation: 0 },
        { x: 'a', y: 0, orientation: 0 },
        { x: 1.5, y: 2, orientation: 0 },
        { x: 3, y: 3, orientation: 99 },
      ]) {
        const before = await snap();
        const packet = movePacket('placeTile', cell, '0', c);
        const notice = await refusalNotice(raw0, packet, before._stateID, matchID, '0');
        expect(notice.action, JSON.stringify(cell)).toBe('placeTile');
        expect(await snap()).toEqual(before);
      }
      p0.send({ type: 'undo' });
      await p0.waitFor('the undo', (s) => (s.G as GameState).private['0']?.turn?.steps.length === 0);
      expect(server.stats().failedMoves).toBe(0);
      // What a browser sends for a move without arguments ([undefined] arrives as [null]) passes.
      const before = await snap();
      const bare = {
        type: 'MAKE_MOVE',
        payload: { type: 'takeTile', args: [null], playerID: '0', credentials: c },
      };
      const bareNotice = await refusalNotice(raw0, bare, before._stateID, matchID, '0');
      expect(bareNotice.action).toBe('takeTile'); // no stack named
      expect(await snap()).toEqual(before);
    });

    it('keeps chat to seated players writing for their own seat, plain text, bounded, and relays it to the table only', async () => {
      const other = new RawSocket(server.url);
      const spectator = new RawSocket(server.url);
      try {
        expect(await other.sync(matchID, '1', s1.credentials)).not.toBeNull();
        expect(await spectator.sync(matchID, null)).not.toBeNull();
        const heard: unknown[][] = [];
        const bgioChat: unknown[] = [];
        for (const s of [raw0, other, spectator]) {
          s.socket.on(CHAT_EVENT, (...args: unknown[]) => heard.push(args));
          s.socket.on('chat', (...args: unknown[]) => bgioChat.push(args));
        }
        const message = (sender: string, payload: unknown) => ({ id: `m-${sender}`, sender, payload });
        // Refused, each with its reason: nothing relayed, nothing kept.
        expect(await spectator.emit('chat', matchID, message('x', { text: 'hi' }))).toBe(CHAT_SEATED_ONLY);
        expect(await raw0.emit('chat', matchID, message('1', { text: 'as seat 1' }), s0.credentials)).toMatch(
          /own seat only/,
        );
        expect(await raw0.emit('chat', matchID, message('0', 'bare text'), s0.credentials)).toMatch(
          /\{ text \}/,
        );
        expect(await raw0.emit('chat', matchID, message('0', { text: '   ' }), s0.credentials)).toMatch(
          /empty/,
        );
        expect(
          await raw0.emit('chat', matchID, message('0', { text: 'x'.repeat(501) }), s0.credentials),
        ).toMatch(/at most 500 characters/);
        expect(
          await raw0.emit('chat', matchID, message('0', { text: 'bell\u0007' }), s0.credentials),
        ).toMatch(/plain text/);
        expect(await raw0.emit('chat', 'another-match', message('0', { text: 'hi' }), s0.credentials)).toBe(
          'not your match',
        );
        // Accepted: to every socket of the match, spectators included, as it was written.
        const html = '<img src=x onerror=alert(1)> good luck';
        expect(await raw0.emit('chat', matchID, message('0', { text: html }), s0.credentials)).toBeNull();
        p1.client.sendChatMessage({ text: 'you too' });
        await waitUntil('both messages at all three sockets', () => heard.length >= 6);
        const lines = heard.map((args) => args[1] as ChatLine);
        expect(new Set(lines.map((l) => `${l.seat}:${l.text}`))).toEqual(new Set([`0:${html}`, '1:you too']));
        for (const line of lines) expect(Object.keys(line).sort()).toEqual(['at', 'id', 'seat', 'text']);
        // boardgame.io's own chat is never used: its clients keep nothing.
        expect(bgioChat).toEqual([]);
        for (const p of [p0, p1, watcher]) expect(p.client.chatMessages).toEqual([]);
        const kept = (await request(server.url, `/games/${GAME}/${matchID}/chat`)).body as {
          messages: ChatLine[];
        };
        expect(kept.messages.map((l) => l.text)).toEqual([html, 'you too']);
        expect(JSON.stringify(kept)).not.toContain(s0.credentials);
      } finally {
        other.close();
        spectator.close();
      }
    });

    it('drops a huge payload by closing that socket only', async () => {
      const before = await snap();
      const raw = new RawSocket(server.url);
      try {
        expect(await raw.sync(matchID, '0', s0.credentials)).not.toBeNull();
        const closed = new Promise<string>((r) => raw.socket.once('disconnect', (why) => r(String(why))));
        const packet = movePacket('takeTile', { stack: 'x'.repeat(200_000) }, '0', s0.credentials);
        raw.socket.emit('update', packet, before._stateID, matchID, '0');
        expect(await closed).toMatch(/transport/);
      } finally {
        raw.close();
      }
      expect((await request(server.url, '/healthz')).status).toBe(200);
      expect(await snap()).toEqual(before);
    });

    it('refuses a replayed move', async () => {
      const first = await snap();
      const take = movePacket('takeTile', { stack: 'large' }, '0', s0.credentials);
      raw0.socket.emit('update', take, first._stateID, matchID, '0');
      await waitUntil('the move', async () => (await snap())._stateID > first._stateID);
      const taken = await snap();
      expect(taken.G.private['0']?.turn?.steps).toEqual([{ type: 'takeTile', stack: 'large' }]);
      // The same packet again, as captured: the engine refuses it, nothing changes.
      const replayed = await refusalNotice(raw0, take, first._stateID, matchID, '0');
      expect(replayed.action).toBe('takeTile');
      expect(await snap()).toEqual(taken);

      // An undo takes no arguments but its place in the turn: replayed, it would undo twice (R4).
      const placing = legalActions(p0.G, '0').find((a) => a.type === 'placeTile');
      if (!placing) throw new Error('no placement');
      p0.send(placing);
      await p0.waitFor('the placement', (s) => (s.G as GameState).private['0']?.turn?.steps.length === 2);
      const placed = await snap();
      const undo = movePacket('undo', { at: 2 }, '0', s0.credentials);
      raw0.socket.emit('update', undo, placed._stateID, matchID, '0');
      await waitUntil('the undo', async () => (await snap())._stateID > placed._stateID);
      const undone = await snap();
      expect(undone.G.private['0']?.turn?.steps).toEqual([{ type: 'takeTile', stack: 'large' }]);
      const again = await refusalNotice(raw0, undo, placed._stateID, matchID, '0');
      expect(why(again.reason)).toMatch(/already done/);
      expect(await snap()).toEqual(undone);
      p0.send({ type: 'undo' });
      await p0.waitFor('the undo', (s) => (s.G as GameState).private['0']?.turn?.steps.length === 0);
    });

    it('keeps serving: the same match plays on to the next round', async () => {
      // Each client's ids are its own (server/step-veil.ts): in step is as a fresh sync of its seat.
      await waitUntil('every client in step', () => inStep(server.url, [p0, p1, watcher]));
      await playRandomly([p0, p1], watcher, () => (watcher.G?.round ?? 1) >= 2, { seed: 'after-abuse' });
      expect(watcher.G.round).toBe(2);
      expect((await request(server.url, '/healthz')).status).toBe(200);
      expect(server.stats().failedMoves).toBe(0);
    });
  });
});
