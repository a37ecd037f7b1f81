/**
 * Log-first storage in a running server: the full state reaches the disk within the checkpoint
 * interval of a burst of moves, not with each move, while every move is in the log at once; and
 * the log files the server keeps open stay within their bound, each repaired of a torn last line
 * when it is opened again.
 */
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogFiles } from '../../server/storage/flatfile';
import {
  Player,
  createMatch,
  joinSeat,
  playWithinRound,
  startTestServer,
  waitUntil,
  type TestServer,
} from './support';

/** A match's two checkpoint files, written in turn and in place. */
const checkpointFiles = (dataDir: string, matchID: string): string[] =>
  [0, 1].map((slot) => join(dataDir, 'checkpoints', `${encodeURIComponent(matchID)}.${slot}.json`));

/** The state id in each checkpoint file (-1: none or torn). */
const checkpointIDs = (dataDir: string, matchID: string): number[] =>
  checkpointFiles(dataDir, matchID).map((file) => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { _stateID: number })._stateID;
    } catch {
      return -1;
    }
  });

const checkpointOf = (dataDir: string, matchID: string): number =>
  Math.max(...checkpointIDs(dataDir, matchID));

const loggedStates = (dataDir: string, matchID: string): number[] =>
  readFileSync(join(dataDir, 'logs', `${matchID}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { _stateID: number; action: { type: string } })
    .filter((e) => e.action.type === 'MAKE_MOVE')
    .map((e) => e._stateID);

/**
 * The id of the match's newest state, from its log: one past its last move. (A client's ids are
 * its own: other seats' private steps are not counted in them, server/step-veil.ts.)
 */
const newestState = (dataDir: string, matchID: string): number =>
  Math.max(-1, ...loggedStates(dataDir, matchID)) + 1;

describe('checkpoints in a running server', () => {
  let server: TestServer;
  const clients: Player[] = [];

  beforeAll(async () => {
    server = await startTestServer({ checkpointIntervalMs: 1000 });
  });

  afterAll(async () => {
    for (const c of clients) c.stop();
    await server?.dispose();
  });

  it('logs every move at once and writes the state within the interval', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const players = seats.map((s) => new Player(server.url, matchID, s));
    const watcher = new Player(server.url, matchID, null);
    clients.push(...players, watcher);
    await Promise.all([...players, watcher].map((p) => p.synced()));
    const started = Date.now();
    expect(await playWithinRound(players, watcher, 6, 'ckpt')).toBe(6);
    // Every acknowledged move is in the log already.
    expect(loggedStates(server.dataDir, matchID)).toEqual([0, 1, 2, 3, 4, 5]);
    if (Date.now() - started < 900) {
      // A burst within the interval: the state on disk is behind the log for now.
      expect(checkpointOf(server.dataDir, matchID)).toBeLessThan(6);
    }
    await waitUntil('the checkpoint', () => checkpointOf(server.dataDir, matchID) === 6, 2500);
  });
});

describe('checkpoint files', () => {
  const clients: Player[] = [];
  let dataDir = '';
  afterAll(() => {
    for (const c of clients) c.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('are two per match, written in turn in place; a torn newest one is replaced by the older one and the log', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pu-checkpoints-'));
    let server = await startTestServer({ checkpointIntervalMs: 200 }, dataDir);
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const players = seats.map((s) => new Player(server.url, matchID, s));
    const watcher = new Player(server.url, matchID, null);
    clients.push(...players, watcher);
    await Promise.all([...players, watcher].map((p) => p.synced()));
    for (let burst = 0; burst < 3; burst++) {
      await playWithinRound(players, watcher, 2, `files-${burst}`);
      const newest = newestState(dataDir, matchID);
      await waitUntil('the checkpoint', () => checkpointOf(dataDir, matchID) === newest, 2500);
    }
    const ids = checkpointIDs(dataDir, matchID);
    expect(Math.min(...ids), 'both files hold a checkpoint').toBeGreaterThanOrEqual(0);
    expect(ids[0], 'each write goes to the other file').not.toBe(ids[1]);
    // No state in node-persist's folder, and no renamed temporary files.
    const persisted = createHash('sha256').update(matchID).digest('hex');
    expect(existsSync(join(dataDir, 'matches', persisted))).toBe(false);
    expect(readdirSync(join(dataDir, 'checkpoints')).sort()).toEqual(
      checkpointFiles(dataDir, matchID).map((f) => basename(f)),
    );

    // The server closes (writing its newest state), then that file is torn as by a crash mid-write.
    const last = newestState(dataDir, matchID);
    const watcherSaw = watcher.stateID;
    for (const c of clients) c.stop();
    await server.close();
    const newest = checkpointFiles(dataDir, matchID)[checkpointIDs(dataDir, matchID).indexOf(last)]!;
    const text = readFileSync(newest, 'utf8');
    writeFileSync(newest, text.slice(0, text.length >> 1));
    expect(checkpointOf(dataDir, matchID)).toBeLessThan(last);

    server = await startTestServer({}, dataDir);
    try {
      const again = new Player(server.url, matchID, null);
      clients.push(again);
      await again.synced();
      expect(again.stateID, 'the state from the older checkpoint and the log').toBe(watcherSaw);
      expect(again.G).toEqual(watcher.G);
      expect(server.logs.join('\n')).toMatch(/replayed \d+ logged moves/);
      // The rebuilt state is written over the torn file.
      await waitUntil('the fresh checkpoint', () => checkpointOf(dataDir, matchID) === last, 2500);
    } finally {
      await server.close();
    }
  });
});

describe('the open log files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pu-logs-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stay within their bound, and a file reopened is repaired of a torn last line', async () => {
    const logs = new LogFiles(dir, 2);
    await logs.append('a', '{"n":1}\n');
    await logs.append('b', '{"n":1}\n');
    await logs.append('c', '{"n":1}\n');
    expect(logs.openCount).toBe(2); // "a" was closed
    // A crash mid-append left "a" with half a line; the next append starts on a line of its own.
    appendFileSync(logs.path('a'), '{"n":');
    await logs.append('a', '{"n":2}\n');
    expect(logs.openCount).toBe(2);
    expect(await logs.read('a')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(readFileSync(logs.path('a'), 'utf8')).toBe('{"n":1}\n{"n":\n{"n":2}\n');
    // Appends in a row to one file keep their order.
    await Promise.all([3, 4, 5, 6].map((n) => logs.append('b', `{"n":${n}}\n`)));
    expect((await logs.read('b'))!.map((e) => (e as unknown as { n: number }).n)).toEqual([1, 3, 4, 5, 6]);
    await logs.closeAll();
    expect(logs.openCount).toBe(0);
  });
});

describe('a match stored by an earlier version', () => {
  const clients: Player[] = [];
  let dataDir = '';
  afterAll(() => {
    for (const c of clients) c.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is brought to the current shape when loaded, and play goes on', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pu-upgrade-'));
    let server = await startTestServer({}, dataDir);
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    let players = seats.map((s) => new Player(server.url, matchID, s));
    let watcher = new Player(server.url, matchID, null);
    clients.push(...players, watcher);
    await Promise.all([...players, watcher].map((p) => p.synced()));
    await playWithinRound(players, watcher, 2, 'upgrade');
    const last = newestState(dataDir, matchID);
    const watcherSaw = watcher.stateID;
    for (const c of clients) c.stop();
    await server.close();

    // Both checkpoints lose what this version added to the boards (the corporation's own state).
    for (const file of checkpointFiles(dataDir, matchID)) {
      if (!existsSync(file)) continue;
      type Board = { corp?: unknown };
      type Turn = { origin: { board: Board }; draft: { board: Board } } | null;
      const state = JSON.parse(readFileSync(file, 'utf8')) as {
        G: { boards: Record<string, Board>; private: Record<string, { turn: Turn }> };
      };
      for (const board of Object.values(state.G.boards)) delete board.corp;
      for (const { turn } of Object.values(state.G.private)) {
        delete turn?.origin.board.corp;
        delete turn?.draft.board.corp;
      }
      writeFileSync(file, JSON.stringify(state));
    }

    server = await startTestServer({}, dataDir);
    try {
      players = seats.map((s) => new Player(server.url, matchID, s));
      watcher = new Player(server.url, matchID, null);
      clients.push(...players, watcher);
      await Promise.all([...players, watcher].map((p) => p.synced()));
      expect(watcher.stateID).toBe(watcherSaw);
      // Undo rebuilds a turn from its start: every board of it is read again.
      const mover = players.find((p) => (p.G.private[p.seat!.playerID]?.turn?.steps.length ?? 0) > 0);
      expect(mover, 'a seat has a step to take back').toBeDefined();
      const heard = mover!.heard;
      mover!.send({ type: 'undo' });
      await waitUntil('the undo', () => mover!.heard > heard);
      expect(newestState(dataDir, matchID)).toBe(last + 1);
      expect(await playWithinRound(players, watcher, 2, 'upgrade-after')).toBe(2);
    } finally {
      await server.close();
    }
  });
});
