/**
 * The socket encoder without the binary scan (server/socket-encoder.ts): the same bytes as
 * socket.io's stock encoder on every packet a real match sends and on the edge cases, the stock
 * binary path for anything that may hold binary, and a match that still plays through it.
 */
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { playGame } from '../../game/sim';
import { playerView } from '../../game/view';
import { PlainJsonEncoder, isPlainJsonPacket } from '../../server/socket-encoder';
import { stateJSON } from '../../server/state-json';
import {
  GAME,
  Player,
  createMatch,
  inStep,
  joinSeat,
  playRandomly,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

const NSP = `/${GAME}`;

/** Both encoders' output for the same packet (built afresh for each, in case one mutates it). */
function encodeBoth(make: () => Packet): { ours: unknown[]; stock: unknown[] } {
  return { ours: new PlainJsonEncoder().encode(make()), stock: new Encoder().encode(make()) };
}

describe('the plain JSON socket encoder on a real server', () => {
  interface Captured {
    event: unknown;
    type: PacketType;
    fast: boolean;
    ours: unknown[];
    stock: unknown[];
  }
  const captured: Captured[] = [];
  const original = PlainJsonEncoder.prototype.encode;
  const stockEncoder = new Encoder();
  let server: TestServer;
  const clients: Player[] = [];

  beforeAll(async () => {
    // Record every packet the server encodes, with the stock encoder's bytes for it at that moment.
    PlainJsonEncoder.prototype.encode = function (this: PlainJsonEncoder, packet: Packet) {
      const fast = isPlainJsonPacket(packet);
      const stock = stockEncoder.encode(packet);
      const ours = original.call(this, packet);
      captured.push({
        event: (packet.data as unknown[] | undefined)?.[0],
        type: packet.type,
        fast,
        ours,
        stock,
      });
      return ours;
    };
    server = await startTestServer();
  });

  afterAll(async () => {
    PlainJsonEncoder.prototype.encode = original;
    for (const c of clients) c.stop();
    await server?.dispose();
  });

  it('sends every packet of a match (sync, matchData, update, a refusal) byte for byte as the stock encoder would, and the match plays', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2, setupData: { twoPlayerVariant: true } });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const players = seats.map((seat) => new Player(server.url, matchID, seat));
    const watcher = new Player(server.url, matchID, null);
    clients.push(...players, watcher);
    await Promise.all([...players, watcher].map((p) => p.synced()));

    const start = players.map((p) => p.stateID);
    const actions = await playRandomly(players, watcher, () => false, { seed: 'encoder', maxActions: 12 });
    expect(actions).toBe(12);
    // The seats see their moves (each its own steps, and every public move) through the same encoder.
    await waitUntil('every client in step', () => inStep(server.url, [...players, watcher]));
    const seen = players.reduce((n, p, i) => n + p.stateID - start[i]!, 0);
    expect(seen).toBeGreaterThanOrEqual(12);

    // A seat's chat is relayed as the server's own event (server/chat.ts); a spectator's is refused.
    players[0]!.client.sendChatMessage({ text: 'gl hf — ünïcødé 🚀' });
    watcher.client.sendChatMessage({ text: 'may I?' });
    await waitUntil('the chat relayed and refused', () =>
      ['pu:chat', 'pu:rejected'].every((event) => captured.some((c) => c.event === event)),
    );

    const events = new Set(captured.map((c) => c.event));
    for (const event of ['sync', 'matchData', 'update', 'pu:chat', 'pu:rejected'])
      expect(events).toContain(event);
    expect(events).not.toContain('chat');
    for (const c of captured) expect(c.ours, `${String(c.event)} (type ${c.type})`).toEqual(c.stock);
    // States go the fast way; anything else (here the chat and a refusal) the stock way.
    for (const c of captured)
      expect(c.fast, String(c.event)).toBe(['sync', 'matchData', 'update'].includes(c.event as string));
    const bytes = captured.filter((c) => c.event === 'update').map((c) => (c.ours[0] as string).length);
    expect(Math.max(...bytes)).toBeGreaterThan(5000); // whole states, not just small packets
  }, 60_000);
});

describe('the plain JSON socket encoder on edge cases', () => {
  const state = () => ({
    G: { deep: { deeper: [[1, 2, [3, { four: 4 }]], { five: null }] }, skipped: undefined, negativeZero: -0 },
    ctx: { turn: 3, phase: 'play', activePlayers: { '0': 'draft' } },
    text: 'é 🚀 "quoted" back\\slash \u2028 \u0001 lone \ud800',
    numbers: [1e21, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, -1],
    when: new Date(Date.UTC(2026, 0, 2)),
  });

  const cases: [string, () => Packet][] = [
    ['connect on the game namespace', () => ({ type: PacketType.CONNECT, nsp: NSP, data: { sid: 'abc' } })],
    ['connect on the main namespace', () => ({ type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } })],
    ['disconnect', () => ({ type: PacketType.DISCONNECT, nsp: NSP })],
    [
      'connect error',
      () => ({ type: PacketType.CONNECT_ERROR, nsp: NSP, data: { message: 'Invalid namespace' } }),
    ],
    ['an ack', () => ({ type: PacketType.ACK, nsp: NSP, id: 12, data: ['ok', { a: 1 }] })],
    [
      'an event asking for an ack',
      () => ({ type: PacketType.EVENT, nsp: NSP, id: 3, data: ['update', state()] }),
    ],
    [
      'an update, nested, unicode',
      () => ({ type: PacketType.EVENT, nsp: NSP, data: ['update', 'm1', state()] }),
    ],
    [
      'a sync with undefined and null arguments',
      () => ({
        type: PacketType.EVENT,
        nsp: NSP,
        data: ['sync', 'm1', { state: state(), log: [] }, undefined, null],
      }),
    ],
    [
      'matchData',
      () => ({ type: PacketType.EVENT, nsp: NSP, data: ['matchData', 'm1', [{ id: 0, name: 'Ada' }]] }),
    ],
    [
      'an update on the main namespace',
      () => ({ type: PacketType.EVENT, nsp: '/', data: ['update', state()] }),
    ],
    [
      'a rejection',
      () => ({ type: PacketType.EVENT, nsp: NSP, data: ['pu:rejected', { event: 'x', reason: 'y' }] }),
    ],
    ['an event without arguments', () => ({ type: PacketType.EVENT, nsp: NSP, data: ['update'] })],
    [
      'chat holding a Buffer',
      () => ({
        type: PacketType.EVENT,
        nsp: NSP,
        data: ['chat', 'm1', { payload: { raw: Buffer.from('hi') } }],
      }),
    ],
    [
      'an update with a Buffer argument',
      () => ({ type: PacketType.EVENT, nsp: NSP, data: ['update', 'm1', Buffer.from([1, 2, 3])] }),
    ],
    [
      'an update with a typed array argument',
      () => ({ type: PacketType.EVENT, nsp: NSP, data: ['update', new Uint8Array([4, 5])] }),
    ],
    ['an ack holding a Buffer', () => ({ type: PacketType.ACK, nsp: NSP, id: 1, data: [Buffer.from('x')] })],
  ];

  it.each(cases)('%s: the same bytes as the stock encoder', (_name, make) => {
    const { ours, stock } = encodeBoth(make);
    expect(ours).toEqual(stock);
  });

  it('sends binary data the stock binary way: a placeholder string, then the buffers', () => {
    for (const [name, make] of cases.filter(([n]) => /Buffer|typed array/.test(n))) {
      const { ours } = encodeBoth(make);
      expect(ours.length, name).toBeGreaterThan(1);
      expect(String(ours[0]), name).toMatch(/^[56]1-/);
      expect(
        ours.slice(1).every((b) => ArrayBuffer.isView(b) || b instanceof ArrayBuffer),
        name,
      ).toBe(true);
    }
  });

  it('an update whose parts were stringified before (other views, earlier moves, checkpoints): the same bytes', () => {
    const G = playGame({ numPlayers: 4, seed: 'encoder-parts' }).state;
    const update = (g: GameState, viewer: string | null): Packet => ({
      type: PacketType.EVENT,
      nsp: NSP,
      data: ['update', 'm1', { G: playerView(g, viewer), ctx: { turn: 2 }, _stateID: 7, deltalog: [] }],
    });
    const viewers = [...G.playerIDs, null];
    for (let round = 0; round < 2; round++)
      for (const viewer of viewers) {
        const { ours, stock } = encodeBoth(() => update(G, viewer));
        expect(ours, `view of ${viewer}, pass ${round}`).toEqual(stock);
      }
    // A later state sharing most parts with this one, some of them changed (new objects).
    const next: GameState = {
      ...G,
      round: G.round + 1,
      boards: { ...G.boards, '0': { ...G.boards['0']!, lastTile: 99 } },
    };
    for (const viewer of viewers)
      expect(encodeBoth(() => update(next, viewer)).ours).toEqual(
        encodeBoth(() => update(next, viewer)).stock,
      );
    // The whole state, as checkpoints write it.
    expect(stateJSON({ G: next, ctx: { turn: 2 }, _stateID: 8 })).toBe(
      JSON.stringify({ G: next, ctx: { turn: 2 }, _stateID: 8 }),
    );
  });

  it('does not walk a match state: each toJSON runs once (the stock encoder scans, then stringifies)', () => {
    let calls = 0;
    const make = (): Packet => ({
      type: PacketType.EVENT,
      nsp: NSP,
      data: ['update', 'm1', { G: { tracked: { toJSON: () => (calls++, { x: 1 }) } } }],
    });
    new PlainJsonEncoder().encode(make());
    expect(calls).toBe(1);
    calls = 0;
    new Encoder().encode(make());
    expect(calls).toBe(2);
  });
});
