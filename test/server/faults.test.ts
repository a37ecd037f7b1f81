/**
 * Crash and restart: the real server as a child process (`node --import tsx server/main.ts`, so the
 * signal reaches the server itself) with a temporary DATA_DIR and a free port. Two seats and a
 * spectator play part of round 1 through socket clients; the server is SIGKILLed mid-round and
 * restarted on the same storage and port; the clients reconnect by themselves and the match goes
 * on from exactly the state the clients were last sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { Player, createMatch, joinSeat, playRandomly, snapshot, waitUntil, type Seat } from './support';
import { freePort } from '../../server/free-port';

const ROOT = resolve(import.meta.dirname, '../..');

/** Start `server/main.ts`; resolves once it prints its address. */
function launch(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-client'),
      CREATE_LIMIT: '0',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
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

function kill(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
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
    const seats: Seat[] = [];
    for (const id of ['0', '1', '2']) seats.push(await joinSeat(url, matchID, id));
    const players = seats.map((s) => new Player(url, matchID, s));
    const watcher = new Player(url, matchID, null);
    clients.push(...players, watcher);
    await Promise.all([...players, watcher].map((p) => p.synced()));

    // Part of round 1: the commander turns the station, then some of the build steps.
    await playRandomly(players, watcher, () => false, {
      maxActions: 6,
      seed: 'fault-1',
      filter: (a) => a.type !== 'undo' && a.type !== 'restart',
    });
    await waitUntil('every client in step', () => players.every((p) => p.stateID === watcher.stateID));
    const sent = watcher.state!;
    const sentG = sent.G as GameState;
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
        [...players, watcher].every((p) => p.client.getState()?.isConnected && p.stateID === sent._stateID),
      30_000,
    );
    expect(watcher.state!._stateID).toBe(sent._stateID);
    expect(watcher.G).toEqual(sentG);
    for (const [i, s] of seats.entries()) expect(await snapshot(url, matchID, s)).toEqual(seatViews[i]);

    // Kill it again the instant a move reaches the clients, with more moves on their way.
    const acted = watcher.stateID;
    const movers = players.filter((p) => p.canAct());
    const killed = new Promise<void>((done) => {
      const stop = watcher.client.subscribe((s) => {
        if (s && s._stateID > acted && child) {
          child.kill('SIGKILL');
          stop();
          done();
        }
      });
    });
    for (const p of movers) {
      const legal = p.legal().filter((a) => a.type !== 'undo' && a.type !== 'restart');
      if (legal[0]) p.send(legal[0]);
    }
    await killed;
    const lastSent = watcher.state!;
    await kill(child!);
    child = await launch(port, dataDir);
    await waitUntil(
      'the clients to reconnect',
      () => [...players, watcher].every((p) => p.client.getState()?.isConnected),
      30_000,
    );
    // Nothing the clients were told is lost: the stored state is that one or a later one.
    const stored = await snapshot(url, matchID, null);
    expect(
      stored._stateID,
      'the stored state is older than one the clients were sent',
    ).toBeGreaterThanOrEqual(lastSent._stateID);
    // …and holds nothing but the moves that were in flight (one per mover) beyond it.
    expect(stored._stateID).toBeLessThanOrEqual(acted + movers.length);
    if (stored._stateID === lastSent._stateID) expect(stored.G).toEqual(lastSent.G);
    await waitUntil('the clients to resync', () =>
      [...players, watcher].every((p) => p.stateID === stored._stateID),
    );
    // Each seat is back on the stored state as its own view of it.
    for (const [i, s] of seats.entries()) expect(players[i]!.G).toEqual((await snapshot(url, matchID, s)).G);

    // And the round goes on to its end.
    await waitUntil('every client in step', () => players.every((p) => p.stateID === watcher.stateID));
    await playRandomly(players, watcher, () => ((watcher.G as GameState | undefined)?.round ?? 1) >= 2, {
      seed: 'fault-2',
      timeoutMs: 60_000,
    });
    expect(watcher.G.round).toBe(2);
  }, 120_000);
});
