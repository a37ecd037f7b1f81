/**
 * Crash and restart: the real server as a child process (`node --import tsx server/main.ts`, so the
 * signal reaches the server itself) with a temporary DATA_DIR and a free port. Two seats and a
 * spectator play part of round 1 through socket clients; the server is SIGKILLed mid-round and
 * restarted on the same storage and port; the clients reconnect by themselves and the match goes
 * on from exactly the state the clients were last sent. (Each client's state ids are its own: a
 * seat is told nothing of other seats' private steps, server/step-veil.ts. So each is compared with
 * a fresh sync as the same seat, and the stored ids are read from the log.)
 *
 * Then the log-first storage (docs/server.md): with checkpoints only at round ends, a kill after
 * many moves leaves them in the log alone, and the restarted server rebuilds exactly the state the
 * clients last saw; a kill just after a checkpoint, a torn last log line and a bot's move in flight
 * lose and duplicate nothing; the match record then replays to exactly the stored state.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import type { MatchRecord } from '../../game/match';
import { createRng } from '../../game/core/prng';
import { recordFromLog, replay, type LogLikeEntry } from '../../game/replay';
import { isPrivateStep } from '../../game/game';
import {
  GAME,
  Player,
  createMatch,
  inStep,
  joinSeat,
  playRandomly,
  playWithinRound,
  post,
  snapshot,
  waitUntil,
  type Seat,
} from './support';
import { socketOf } from './secrets-support';
import { freePort } from '../../server/free-port';
import { postgresBin, servicesMissing, startPostgres, type Service } from './services';

const ROOT = resolve(import.meta.dirname, '../..');

/** What the server process printed, by process. */
const outputs = new WeakMap<ChildProcess, () => string>();

/**
 * Start `server/main.ts` (or `script`); resolves once it prints its address.
 */
function launch(
  port: number,
  dataDir: string,
  opts: { script?: string; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', opts.script ?? 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-client'),
      CREATE_LIMIT: '0',
      NODE_ENV: 'test',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  outputs.set(child, () => output);
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) {
        clearTimeout(timer);
        done(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The server exited (${code}):\n${output}`));
    });
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });
}

type StoredState = {
  G: GameState;
  ctx: Record<string, unknown>;
  _stateID: number;
  plugins: Record<string, { data?: unknown }>;
};

/** What FlatFile (node-persist: one file per key, named by the key's SHA-256) holds under `key`. */
function onDisk<T>(dataDir: string, key: string): T | undefined {
  const file = join(dataDir, 'matches', createHash('sha256').update(key).digest('hex'));
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { value: T }).value;
}

/** A match's two checkpoint files (written in turn, in place). */
const checkpointFiles = (dataDir: string, matchID: string): string[] =>
  [0, 1].map((slot) => join(dataDir, 'checkpoints', `${encodeURIComponent(matchID)}.${slot}.json`));

/** The match's newest whole checkpoint on disk (a torn file is skipped, as the server does). */
function checkpointOnDisk(dataDir: string, matchID: string): StoredState | undefined {
  let newest: StoredState | undefined;
  for (const file of checkpointFiles(dataDir, matchID)) {
    try {
      const state = JSON.parse(readFileSync(file, 'utf8')) as StoredState;
      if (!newest || state._stateID > newest._stateID) newest = state;
    } catch {
      // none yet, or torn
    }
  }
  return newest;
}

const logFile = (dataDir: string, matchID: string) =>
  join(dataDir, 'logs', `${encodeURIComponent(matchID)}.jsonl`);

/**
 * The state ids of the logged moves, in file order (events a move calls are logged after it with
 * the same id).
 */
function loggedMoves(dataDir: string, matchID: string): number[] {
  const ids: number[] = [];
  for (const line of readFileSync(logFile(dataDir, matchID), 'utf8').split('\n')) {
    let entry: { _stateID: number; action: { type: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a torn line
    }
    if (entry.action.type === 'MAKE_MOVE') ids.push(entry._stateID);
  }
  return ids;
}

function readLog(dataDir: string, matchID: string): LogLikeEntry[] {
  const entries: LogLikeEntry[] = [];
  for (const line of readFileSync(logFile(dataDir, matchID), 'utf8').split('\n')) {
    try {
      entries.push(JSON.parse(line) as LogLikeEntry);
    } catch {
      // a torn line
    }
  }
  return entries;
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The id of the match's newest stored state: one past its last logged move. */
const newestLogged = (dataDir: string, matchID: string): number =>
  Math.max(-1, ...loggedMoves(dataDir, matchID)) + 1;

/** What each client was last told by the server, as it stands now. */
const toldNow = (clients: Player[]) => clients.map((c) => structuredClone(c.told!));

/**
 * Whether the server (restarted) serves each client at least what it was last told, and exactly
 * that where the ids are the same (a fresh sync as its seat): nothing a client was told is lost.
 */
async function keptWhatWasTold(url: string, matchID: string, clients: Player[], told: Player['told'][]) {
  for (const [i, c] of clients.entries()) {
    const fresh = await snapshot(url, matchID, c.seat);
    const last = told[i]!;
    expect(fresh._stateID, 'the server serves an older state than a client was told').toBeGreaterThanOrEqual(
      last._stateID,
    );
    if (fresh._stateID === last._stateID) expect(fresh.G).toEqual(last.G);
  }
}

/**
 * Every client connected, answered since `syncsBefore` (taken before the server died: until its
 * sync answer a client still shows what it had, a move the dead server never took included), and
 * on the state a fresh sync as its seat gives.
 */
const resynced = (url: string, clients: Player[], syncsBefore: number[]) => async () =>
  clients.every((c, i) => c.client.getState()?.isConnected && c.syncs > syncsBefore[i]!) &&
  (await inStep(url, clients));

/** The sync answers each client has had so far: taken before a kill, for `resynced`. */
const syncCounts = (clients: Player[]) => clients.map((c) => c.syncs);

/** A match's seats joined, a socket client for each and a spectator, all synced. */
async function seatedMatch(url: string, matchID: string, ids: string[], clients: Player[]) {
  const seats: Seat[] = [];
  for (const id of ids) seats.push(await joinSeat(url, matchID, id));
  const players = seats.map((s) => new Player(url, matchID, s));
  const watcher = new Player(url, matchID, null);
  clients.push(...players, watcher);
  await Promise.all([...players, watcher].map((p) => p.synced()));
  return { seats, players, watcher };
}

/**
 * SIGKILL the server the instant one of `clients` is sent an update; resolves with that client.
 * (Other seats and spectators are not sent a private step: the mover's client hears of every move.)
 */
function killOnNextUpdate(clients: Player[], server: () => ChildProcess | null): Promise<Player> {
  return new Promise<Player>((done) => {
    const listeners = clients.map((c) => {
      const listener = () => {
        const child = server();
        if (!child) return;
        child.kill('SIGKILL');
        clients.forEach((x, i) => socketOf(x).off('update', listeners[i]));
        done(c);
      };
      socketOf(c).on('update', listener);
      return listener;
    });
  });
}

describe('a server killed mid-round', () => {
  let dataDir: string;
  let port: number;
  let url: string;
  let child: ChildProcess | null = null;
  const clients: Player[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pu-fault-'));
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = await launch(port, dataDir);
  }, 40_000);

  afterAll(async () => {
    for (const c of clients) c?.stop();
    if (child) await kill(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('continues from exactly the state last sent to the clients', async () => {
    const matchID = await createMatch(url, { numPlayers: 3 });
    const { seats, players, watcher } = await seatedMatch(url, matchID, ['0', '1', '2'], clients);

    // Part of round 1: the commander turns the station, then some of the build steps.
    await playRandomly(players, watcher, () => false, {
      maxActions: 6,
      seed: 'fault-1',
      filter: (a) => a.type !== 'undo' && a.type !== 'restart',
    });
    await waitUntil('every client in step', () => inStep(url, [...players, watcher]));
    const sent = watcher.state!;
    const sentG = sent.G as GameState;
    const idsBefore = [...players, watcher].map((p) => p.stateID);
    const seatViews = await Promise.all(seats.map((s) => snapshot(url, matchID, s)));
    expect(sentG.round).toBe(1);
    const building = seatViews.filter(
      (v, i) => (v.G.private[seats[i]!.playerID]?.turn?.steps.length ?? 0) > 0,
    );
    expect(building.length).toBeGreaterThan(0);

    // Kill it while idle, restart it on the same directory and port.
    await kill(child!);
    child = await launch(port, dataDir);
    await waitUntil(
      'the clients to reconnect',
      () =>
        [...players, watcher].every((p, i) => p.client.getState()?.isConnected && p.stateID === idsBefore[i]),
      30_000,
    );
    expect(watcher.state!._stateID).toBe(sent._stateID);
    expect(watcher.G).toEqual(sentG);
    for (const [i, s] of seats.entries()) expect(await snapshot(url, matchID, s)).toEqual(seatViews[i]);

    // Kill it again the instant a move reaches the clients, with more moves on their way.
    const acted = newestLogged(dataDir, matchID);
    const movers = players.filter((p) => p.canAct());
    const killed = killOnNextUpdate([...players, watcher], () => child);
    for (const p of movers) {
      const legal = p.legal().filter((a) => a.type !== 'undo' && a.type !== 'restart');
      if (legal[0]) p.send(legal[0]);
    }
    await killed;
    const told = toldNow([...players, watcher]);
    const syncs = syncCounts([...players, watcher]);
    await kill(child!);
    child = await launch(port, dataDir);
    await waitUntil(
      'the clients to reconnect',
      () => [...players, watcher].every((p) => p.client.getState()?.isConnected),
      30_000,
    );
    // Nothing the clients were told is lost: each is served that state or a later one…
    await keptWhatWasTold(url, matchID, [...players, watcher], told);
    // …and the store holds nothing but the moves that were in flight (one per mover) beyond it.
    expect(newestLogged(dataDir, matchID)).toBeGreaterThan(acted);
    expect(newestLogged(dataDir, matchID)).toBeLessThanOrEqual(acted + movers.length);
    await waitUntil('the clients to resync', resynced(url, [...players, watcher], syncs));
    // Each seat is back on the stored state as its own view of it.
    for (const [i, s] of seats.entries()) expect(players[i]!.G).toEqual((await snapshot(url, matchID, s)).G);

    // And the round goes on to its end.
    await playRandomly(players, watcher, () => ((watcher.G as GameState | undefined)?.round ?? 1) >= 2, {
      seed: 'fault-2',
      timeoutMs: 60_000,
    });
    expect(watcher.G.round).toBe(2);
  }, 120_000);
});

describe('the match log is the truth (checkpoints at round ends only)', () => {
  let dataDir: string;
  let port: number;
  let url: string;
  let child: ChildProcess | null = null;
  const clients: Player[] = [];
  // No checkpoint by time: only round ends, the game's end and close write the state.
  const start = () =>
    launch(port, dataDir, {
      script: 'test/server/storage-server.ts',
      env: { CHECKPOINT_INTERVAL_MS: '3600000' },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pu-fault-log-'));
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = await start();
  }, 40_000);

  afterAll(async () => {
    for (const c of clients) c?.stop();
    if (child) await kill(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A server for each test, whatever the previous one left. */
  const running = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) child = await start();
  };

  const round = (p: Player) => (p.G as GameState | undefined)?.round ?? 1;

  /** The record a seat exports, with the seed (withheld during play) from the stored initial state. */
  async function recordOf(matchID: string, seat: Seat): Promise<MatchRecord> {
    const res = await post(url, `/games/${GAME}/${matchID}/export`, seat);
    expect(res.status, res.text).toBe(200);
    const initial = onDisk<StoredState>(dataDir, `${matchID}:initial`)!;
    const seed = (initial.plugins.random!.data as { seed: string }).seed;
    return { ...(res.body as MatchRecord), seed };
  }

  /** Close the server gracefully (SIGTERM flushes checkpoints) and check log, state and record agree. */
  async function checkStored(matchID: string, seat: Seat): Promise<void> {
    // A bot may still be moving: the log is read once the server has stopped, when nothing more
    // can be added to it.
    await kill(child!, 'SIGTERM');
    expect(child!.exitCode, outputs.get(child!)?.()).toBe(0);
    const state = checkpointOnDisk(dataDir, matchID)!;
    expect(state._stateID, 'close wrote the newest state').toBe(newestLogged(dataDir, matchID));
    // One logged move per state, none missing, none twice.
    expect(loggedMoves(dataDir, matchID)).toEqual(upTo(state._stateID));
    child = await start();
    // The record a seat exports (others' arguments withheld during play, and their steps left out)
    // lists exactly the moves of the stored log it may see, and that log's record replays to
    // exactly the stored state.
    const exported = await recordOf(matchID, seat);
    const full = recordFromLog(exported, readLog(dataDir, matchID));
    expect(exported.moves.map((m) => [m.player, m.move])).toEqual(
      full.moves
        .filter((m) => m.player === seat.playerID || !isPrivateStep(m.move))
        .map((m) => [m.player, m.move]),
    );
    expect(full.moves).toHaveLength(state._stateID);
    const replayed = replay(full);
    expect(replayed.failure).toBeNull();
    expect(replayed.state).toEqual(state.G);
  }

  it('rebuilds many moves since the last checkpoint: the state every seat last saw, and the record', async () => {
    await running();
    const matchID = await createMatch(url, { numPlayers: 3 });
    const { seats, players, watcher } = await seatedMatch(url, matchID, ['0', '1', '2'], clients);

    // Round 1 to its end (a checkpoint), then moves of round 2 that only the log holds.
    await playRandomly(players, watcher, () => round(watcher) >= 2, { seed: 'log-1', timeoutMs: 60_000 });
    const stateFiles = checkpointFiles(dataDir, matchID);
    await waitUntil(
      'the round-end checkpoint',
      () => checkpointOnDisk(dataDir, matchID)!._stateID === newestLogged(dataDir, matchID),
    );
    const checkpointed = stateFiles.map((f) => (existsSync(f) ? readFileSync(f) : null));
    const checkpoint = checkpointOnDisk(dataDir, matchID)!;
    await playWithinRound(players, watcher, 16, 'log-2');
    await waitUntil('every client in step', () => inStep(url, [...players, watcher]));
    const acted = newestLogged(dataDir, matchID);
    expect(acted - checkpoint._stateID, 'moves after the checkpoint').toBeGreaterThanOrEqual(8);

    // Kill the server the instant the mover is told of one more move (the other clients may be told
    // of it a moment before or not at all: its sockets are written one after the other).
    const mover = players.find((p) => p.canAct())!;
    const moverWasTold = mover.told!._stateID;
    const killed = killOnNextUpdate([mover], () => child);
    const legal = mover.legal();
    mover.send(legal.find((a) => a.type !== 'confirm') ?? legal[0]!);
    const first = await killed;
    const syncs = syncCounts([...players, watcher]);
    await kill(child!);
    // Whatever was on its way arrives before each socket's close.
    await waitUntil('every client to lose the server', () =>
      [...players, watcher].every((p) => p.client.getState()?.isConnected === false),
    );
    // The mover was told of its move (others may not be: a step of its turn is the mover's alone).
    expect(mover.told!._stateID).toBe(moverWasTold + 1);
    const told = toldNow([...players, watcher]);
    // No checkpoint since the round's start: the stored state is that one (it is put back, so a
    // server that wrote the state after every move crashes here as between its two writes).
    const untouched = checkpointOnDisk(dataDir, matchID)!._stateID;
    for (const [i, bytes] of checkpointed.entries())
      if (bytes) writeFileSync(stateFiles[i]!, bytes);
      else rmSync(stateFiles[i]!, { force: true });

    child = await start();
    expect(newestLogged(dataDir, matchID), 'the state the clients last saw').toBe(acted + 1);
    // The client first told of the move is served exactly what it was told; every other client
    // what it was told or, if its socket missed the last state when the server died, a later one.
    const own = await snapshot(url, matchID, first.seat);
    expect(outputs.get(child)!()).toMatch(/replayed \d+ logged moves/);
    const firstTold = told[[...players, watcher].indexOf(first)]!;
    expect(own._stateID).toBe(firstTold._stateID);
    expect(own.G).toEqual(firstTold.G);
    expect(own.ctx).toEqual(firstTold.ctx);
    await keptWhatWasTold(url, matchID, [...players, watcher], told);
    // Every seat resyncs to its own view of it.
    await waitUntil('the clients to resync', resynced(url, [...players, watcher], syncs), 30_000);
    for (const [i, s] of seats.entries()) expect(players[i]!.G).toEqual((await snapshot(url, matchID, s)).G);

    expect(untouched, 'no checkpoint was written since the round began').toBe(checkpoint._stateID);

    // The match goes on, and log, stored state and record agree.
    await playRandomly(players, watcher, () => false, { seed: 'log-3', maxActions: 5 });
    await checkStored(matchID, seats[0]!);
  }, 120_000);

  it('loses and duplicates nothing after a kill just after a checkpoint, a torn log line and a bot move in flight', async () => {
    await running();
    const matchID = await createMatch(url, { numPlayers: 3, setupData: { bots: { '2': 'cadet' } } });
    const { seats, players, watcher } = await seatedMatch(url, matchID, ['0', '1'], clients);

    // Kill as soon as the round's end is checkpointed, before the next move is logged.
    await playRandomly(players, watcher, () => round(watcher) >= 2, { seed: 'ck-1', timeoutMs: 60_000 });
    await waitUntil(
      'the round-end checkpoint',
      () => (checkpointOnDisk(dataDir, matchID)?.G.round ?? 1) >= 2,
    );
    const syncs = syncCounts([...players, watcher]);
    await kill(child!);
    const told = toldNow([...players, watcher]);
    // A crash mid-append leaves a partial last line.
    appendFileSync(logFile(dataDir, matchID), '{"action":{"type":"MAKE_MOVE","payload":{"type":"rot');
    child = await start();
    await keptWhatWasTold(url, matchID, [...players, watcher], told);
    await waitUntil('the clients to resync', resynced(url, [...players, watcher], syncs), 30_000);

    // Now kill the instant the bot's next move the spectator is told of (its confirmation: its steps
    // reach no one but itself) reaches a client: the bot comes back (resume) and must not play that
    // move a second time.
    const acted = watcher.stateID;
    let killed = false;
    const stop = watcher.client.subscribe((s) => {
      const moves = (s?.log ?? []).filter((e) => e.action.type === 'MAKE_MOVE');
      if (s && s._stateID > acted && moves.at(-1)?.action.payload.playerID === '2' && child) {
        child.kill('SIGKILL');
        killed = true;
        stop();
      }
    });
    // The people play on (the bot waits for them at times) until then.
    const rng = createRng('ck-2');
    const end = Date.now() + 60_000;
    while (!killed && Date.now() < end) {
      const p = players.find((x) => x.canAct());
      const before = p?.heard ?? 0;
      if (p) p.send(rng.pick(p.legal()));
      await waitUntil('a move or the kill', () => killed || !p || p.heard > before, 5_000).catch(() => {});
      if (!p) await new Promise((r) => setTimeout(r, 20));
    }
    expect(killed, 'a bot move reached the clients').toBe(true);
    const syncsAtKill = syncCounts([...players, watcher]);
    await kill(child!);
    child = await start();
    await waitUntil('the clients to resync', resynced(url, [...players, watcher], syncsAtKill), 30_000);
    const before = watcher.stateID;
    await waitUntil(
      'the bot to play on',
      () => watcher.stateID > before || players.some((p) => p.canAct()),
      30_000,
    );
    await playRandomly(players, watcher, () => false, { seed: 'ck-3', maxActions: 6, timeoutMs: 60_000 });
    await waitUntil('every client in step', () => inStep(url, [...players, watcher]));
    await checkStored(matchID, seats[0]!);
  }, 150_000);
});

const missing = servicesMissing();
if (missing) console.warn(`Skipping the PostgreSQL crash test: ${missing}.`);

describe.skipIf(missing !== null)('the match log is the truth on PostgreSQL', () => {
  let postgres: Service;
  let port: number;
  let url: string;
  let dataDir: string;
  let child: ChildProcess | null = null;
  const clients: Player[] = [];
  const start = () =>
    launch(port, dataDir, {
      script: 'test/server/storage-server.ts',
      env: { CHECKPOINT_INTERVAL_MS: '3600000', DATABASE_URL: postgres.url },
    });

  beforeAll(async () => {
    postgres = await startPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'pu-fault-pg-'));
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = await start();
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c?.stop();
    if (child) await kill(child);
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One value from PostgreSQL, through psql. */
  const query = (sql: string) =>
    execFileSync(
      join(postgresBin()!, 'psql'),
      ['-h', '127.0.0.1', '-p', new URL(postgres.url).port, '-U', 'pu', '-d', 'postgres', '-At', '-c', sql],
      { encoding: 'utf8' },
    ).trim();
  const checkpointID = (matchID: string) =>
    Number(query(`SELECT "state"->>'_stateID' FROM "Games" WHERE "id" = '${matchID}'`));
  const loggedMoveIDs = (matchID: string) =>
    query(
      `SELECT "entry"->>'_stateID' FROM "MatchLog" WHERE "matchID" = '${matchID}'
       AND "entry"->'action'->>'type' = 'MAKE_MOVE' ORDER BY "stateID", "idx"`,
    )
      .split('\n')
      .map(Number);

  it('rebuilds the moves after the checkpoint from the log table after a kill', async () => {
    const matchID = await createMatch(url, { numPlayers: 2 });
    const { seats, players, watcher } = await seatedMatch(url, matchID, ['0', '1'], clients);
    // Up to 12 moves of round 1 (fewer when the deal's round offers fewer before the confirmations).
    const played = await playWithinRound(players, watcher, 12, 'pg-1');
    expect(played, 'moves played within the round').toBeGreaterThanOrEqual(4);

    // Kill the instant one more move reaches a client.
    const mover = players.find((p) => p.canAct())!;
    const killed = killOnNextUpdate([...players, watcher], () => child);
    mover.send(mover.legal()[0]!);
    const first = await killed;
    const syncs = syncCounts([...players, watcher]);
    await kill(child!);
    const told = toldNow([...players, watcher]);
    const newest = () => Math.max(...loggedMoveIDs(matchID)) + 1;
    // Every move since the last checkpoint (none is written within a round), the last one too, is in the log only.
    expect(newest() - checkpointID(matchID), 'moves only the log holds').toBeGreaterThanOrEqual(played + 1);

    child = await start();
    // The client first told of the move is served exactly what it was told; every other client
    // what it was told or later.
    const stored = await snapshot(url, matchID, first.seat);
    const firstTold = told[[...players, watcher].indexOf(first)]!;
    expect(stored._stateID).toBe(firstTold._stateID);
    expect(stored.G).toEqual(firstTold.G);
    await keptWhatWasTold(url, matchID, [...players, watcher], told);
    await waitUntil('the clients to resync', resynced(url, [...players, watcher], syncs), 30_000);
    for (const [i, s] of seats.entries()) expect(players[i]!.G).toEqual((await snapshot(url, matchID, s)).G);

    // Played on, then closed: the checkpoint is the newest state and the log has one move per state.
    await playRandomly(players, watcher, () => false, { seed: 'pg-2', maxActions: 4 });
    await kill(child!, 'SIGTERM');
    expect(checkpointID(matchID)).toBe(newest());
    expect(loggedMoveIDs(matchID)).toEqual(upTo(newest()));
  }, 120_000);
});
