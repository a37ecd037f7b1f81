/**
 * The server as a whole: health check, Lobby API, setup validation and FlatFile persistence across
 * a restart. It runs on 127.0.0.1, port 0, with a temporary data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { DurableFlatFile } from '../server/storage';
import { request } from './server/support';

const GAME = 'planet-unknown';
let dataDir: string;
let server: RunningServer;

const start = () =>
  startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: join(dataDir, 'no-client-here') });

const json = (path: string, init?: RequestInit) => request(server.url, path, init);

const post = (path: string, payload: unknown) =>
  json(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

const listedIDs = async () => {
  const { body } = await json(`/games/${GAME}`);
  return (body as { matches: { matchID: string }[] }).matches.map((m) => m.matchID);
};

describe('server', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pu-server-'));
    server = await start();
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the health check once storage is ready', async () => {
    const { status, body } = await json('/healthz');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', game: GAME, storage: 'flatfile' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists the game', async () => {
    const { status, body } = await json('/games');
    expect(status).toBe(200);
    expect(body).toEqual([GAME]);
  });

  it('without a built client, / explains how to build it, and the API is unaffected', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/npm run build/);
    const missing = await json(`/games/${GAME}/no-such-match`);
    expect(missing.status).toBe(404);
  });

  it('creates a 2-player match and lists it', async () => {
    const { status, body } = await post(`/games/${GAME}/create`, { numPlayers: 2 });
    expect(status).toBe(200);
    const matchID = (body as { matchID: string }).matchID;
    expect(matchID).toEqual(expect.any(String));
    expect(await listedIDs()).toContain(matchID);
    const match = await json(`/games/${GAME}/${matchID}`);
    expect((match.body as { players: unknown[] }).players).toHaveLength(2);
  });

  it('refuses invalid setup data and player counts with a clear 400, and keeps running', async () => {
    const badPlanet = await post(`/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { seats: [{ planet: 'nowhere' }] },
    });
    expect(badPlanet.status).toBe(400);
    expect(badPlanet.text).toMatch(/seats\[0\]\.planet must be one of/);

    const unknownOption = await post(`/games/${GAME}/create`, {
      numPlayers: 2,
      setupData: { colour: 'red' },
    });
    expect(unknownOption.status).toBe(400);
    expect(unknownOption.text).toMatch(/Unknown option "colour"/);

    const tooMany = await post(`/games/${GAME}/create`, { numPlayers: 9 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toMatch(/numPlayers/);

    expect((await json('/healthz')).status).toBe(200);
  });

  it('keeps matches across a restart on the same data directory (FlatFile)', async () => {
    const { body } = await post(`/games/${GAME}/create`, { numPlayers: 3 });
    const matchID = (body as { matchID: string }).matchID;
    const join = await post(`/games/${GAME}/${matchID}/join`, { playerID: '0', playerName: 'Ada' });
    expect(join.status).toBe(200);

    await server.close();
    server = await start();

    expect(await listedIDs()).toContain(matchID);
    const match = await json(`/games/${GAME}/${matchID}`);
    expect(match.status).toBe(200);
    expect((match.body as { players: { name?: string }[] }).players[0]?.name).toBe('Ada');
  });
});

describe('FlatFile storage (DurableFlatFile)', () => {
  const meta = (updatedAt: number, name?: string) =>
    ({
      gameName: 'planet-unknown',
      players: { 0: { id: 0, ...(name ? { name } : {}) } },
      createdAt: 1,
      updatedAt,
    }) as never;

  it('appends the log, holds back updatedAt-only metadata writes, and writes every other change at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-flat-'));
    const open = async () => {
      const store = new DurableFlatFile(dir);
      await store.connect();
      return store;
    };
    try {
      const a = await open();
      const initialState = { G: {}, ctx: {}, _stateID: 0 } as never;
      await a.createMatch('m1', { initialState, metadata: meta(1) });
      const entry = (n: number) => ({ action: { type: 'MAKE_MOVE', payload: { n } }, _stateID: n }) as never;
      await a.setState('m1', { ...(initialState as object), _stateID: 1 } as never, [entry(1)]);
      await a.setState('m1', { ...(initialState as object), _stateID: 2 } as never, [entry(2), entry(3)]);
      await a.setMetadata('m1', meta(2));
      const b = await open();
      const seen = await b.fetch('m1', { metadata: true, log: true, state: true });
      expect(seen.log?.map((e) => (e.action.payload as unknown as { n: number }).n)).toEqual([1, 2, 3]);
      expect((seen.state as { _stateID: number })._stateID).toBe(2);
      expect(seen.metadata?.updatedAt).toBe(1); // held back…
      expect((await a.fetch('m1', { metadata: true })).metadata?.updatedAt).toBe(2); // …but read from memory
      await a.setMetadata('m1', meta(3, 'Ada'));
      expect((await (await open()).fetch('m1', { metadata: true })).metadata?.players[0]?.name).toBe('Ada');
      await a.setMetadata('m1', meta(4, 'Ada'));
      await a.close(); // flushes what was held back
      expect((await (await open()).fetch('m1', { metadata: true })).metadata?.updatedAt).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
