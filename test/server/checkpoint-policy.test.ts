/**
 * When the full state is written (server/storage/checkpoint.ts): at a round's start and end, after a
 * bounded number of moves, never for each move; and what a move writes back to the metadata only to
 * move `updatedAt` on is held back without undoing another change (server/storage/flatfile.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Async, CreateGameReducer } from 'boardgame.io/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, positioned, stageOf, type Action, type GameState, type PlayerID } from '../../game';
import { PlanetUnknown } from '../../game/game';
import { initialMatchState } from '../../game/match';
import { onlyUpdatedAtChanged } from '../../server/move-runner';
import {
  CheckpointedStore,
  type LogBackend,
  type LogEntries,
  type MatchData,
  type State,
} from '../../server/storage/checkpoint';
import { DurableFlatFile } from '../../server/storage/flatfile';
import { postgresBackend } from '../../server/storage/postgres';
import { servicesMissing, startPostgres, type Service } from './services';

/** A backend that keeps nothing but what was asked of it. */
class Recorder extends Async implements LogBackend {
  readonly checkpoints: number[] = [];
  readonly appended: number[] = [];
  async connect() {}
  override async createMatch() {}
  async setState() {}
  async setMetadata() {}
  async touchMetadata() {}
  fetch(): never {
    throw new Error('not read in these tests');
  }
  async wipe() {}
  override async listMatches() {
    return [];
  }
  async appendLog(_id: string, stateID: number) {
    this.appended.push(stateID);
  }
  async writeCheckpoint(_id: string, state: State) {
    this.checkpoints.push(state._stateID);
  }
  async logAfter(): Promise<LogEntries> {
    return [];
  }
  async releaseLog() {}
  async appendChat() {}
  async chatOf() {
    return [];
  }
  async close() {}
}

type Step = { state: State; deltalog: LogEntries; round: number };

/** A four-player match played with the first legal action of some active seat, through round 2. */
function playIntoRoundTwo(seed: string): Step[] {
  const reducer = CreateGameReducer({ game: { ...PlanetUnknown, seed } });
  let state = initialMatchState(4, seed) as State;
  const steps: Step[] = [];
  const roundOf = (s: State) => (s.G as GameState).round;
  while (roundOf(state) < 2 || steps.filter((s) => s.round === 2).length < 5) {
    const G = state.G as GameState;
    const seat = (['0', '1', '2', '3'] as PlayerID[]).find(
      (p) => stageOf(G, p) !== null && legalActions(G, p).length > 0,
    );
    if (!seat) throw new Error('no seat can move');
    const { type, ...args } = positioned(G, seat, legalActions(G, seat)[0]!) as Action &
      Record<string, unknown>;
    const action = {
      type: 'MAKE_MOVE',
      payload: { type, args: Object.keys(args).length ? [args] : [], playerID: seat },
    };
    const next = reducer(state, action as never) as State & { deltalog?: LogEntries };
    const { deltalog = [], ...clean } = next;
    state = clean as State;
    steps.push({ state, deltalog, round: roundOf(state) });
  }
  return steps;
}

describe('checkpoints', () => {
  it('are written at round ends and every few moves, not after each move', async () => {
    const backend = new Recorder();
    const store = new CheckpointedStore(backend, PlanetUnknown, () => {}, {
      intervalMs: 3_600_000,
      moves: 8,
    });
    const steps = playIntoRoundTwo('policy');
    for (const { state, deltalog } of steps) {
      await store.setState('m', state, deltalog);
      await new Promise((r) => setImmediate(r));
    }
    const ids = steps.map((s) => s.state._stateID);
    expect(backend.appended, 'every move is logged').toEqual(ids);
    const firstOfRoundTwo = steps.find((s) => s.round === 2)!.state._stateID;
    expect(backend.checkpoints[0], "the match's first state seen").toBe(ids[0]);
    expect(backend.checkpoints, 'the round change').toContain(firstOfRoundTwo);
    // Never more than the bound between two checkpoints: what a load replays at most.
    const gaps = backend.checkpoints.slice(1).map((id, i) => id - backend.checkpoints[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(8);
    expect(backend.checkpoints.length).toBeLessThan(ids.length / 4);
    await store.close();
    expect(backend.checkpoints.at(-1), 'close writes the newest state').toBe(ids.at(-1));
  });

  it('follow the time bound in a round that has few moves', async () => {
    const backend = new Recorder();
    const store = new CheckpointedStore(backend, PlanetUnknown, () => {}, { intervalMs: 50, moves: 1000 });
    const [first, second, third] = playIntoRoundTwo('time');
    await store.setState('m', first!.state, first!.deltalog);
    await store.setState('m', second!.state, second!.deltalog);
    await store.setState('m', third!.state, third!.deltalog);
    await new Promise((r) => setImmediate(r));
    expect(backend.checkpoints).toEqual([first!.state._stateID]);
    await new Promise((r) => setTimeout(r, 120));
    expect(backend.checkpoints).toEqual([first!.state._stateID, third!.state._stateID]);
    await store.close();
  });
});

describe("a move's metadata write", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const metadata = (name: string, updatedAt: number): MatchData => ({
    gameName: 'planet-unknown',
    players: { 0: { id: 0, name }, 1: { id: 1 } },
    createdAt: 1,
    updatedAt,
  });

  it('is told from any other change', () => {
    const read = metadata('Ada', 10);
    expect(onlyUpdatedAtChanged(read, { ...read, updatedAt: 20 })).toBe(true);
    expect(onlyUpdatedAtChanged(read, { ...read, updatedAt: 20, gameover: { winner: '0' } })).toBe(false);
    expect(onlyUpdatedAtChanged(read, { ...read, players: { ...read.players } })).toBe(false);
    const { createdAt: _dropped, ...fewer } = read;
    expect(onlyUpdatedAtChanged(read, fewer as MatchData)).toBe(false);
  });

  it('waits for the disk on FlatFile and never undoes a change made meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-touch-'));
    dirs.push(dir);
    const store = new DurableFlatFile(dir);
    await store.connect();
    await store.setMetadata('m', metadata('Ada', 10));
    const read = (await store.fetch('m', { metadata: true })).metadata!;
    // A rename during the move, then the move's write of what it read, with a new `updatedAt`.
    await store.setMetadata('m', metadata('Grace', 11));
    await store.touchMetadata('m', { ...read, updatedAt: 12 });
    const now = (await store.fetch('m', { metadata: true })).metadata!;
    expect(now.players[0]!.name).toBe('Grace');
    expect(now.updatedAt).toBe(12);
    const onDisk = () => {
      const [file] = readdirSync(join(dir, 'matches')).filter((f) => !f.startsWith('.'));
      return (JSON.parse(readFileSync(join(dir, 'matches', file!), 'utf8')) as { value: MatchData }).value;
    };
    expect(onDisk().updatedAt, 'held back').toBe(11);
    await store.close();
    expect(onDisk()).toMatchObject({ updatedAt: 12, players: { 0: { name: 'Grace' } } });
  });

  it.skipIf(servicesMissing() !== null)(
    'moves only `updatedAt` on PostgreSQL, forward, when the backend closes at the latest',
    async () => {
      let postgres: Service | null = null;
      try {
        postgres = await startPostgres();
        const store = await postgresBackend(postgres.url);
        await store.connect();
        const initial = initialMatchState(2, 'pg') as State;
        await store.createMatch('m', { initialState: initial, metadata: metadata('Ada', 10_000) });
        const read = (await store.fetch('m', { metadata: true })).metadata!;
        // A rename meanwhile, then two moves' writes, the later one first.
        await store.setMetadata('m', metadata('Grace', 20_000));
        await store.touchMetadata('m', { ...read, updatedAt: 40_000 });
        await store.touchMetadata('m', { ...read, updatedAt: 30_000 });
        expect((await store.fetch('m', { metadata: true })).metadata!.updatedAt, 'held back').toBe(20_000);
        await store.close();
        const again = await postgresBackend(postgres.url);
        await again.connect();
        const now = (await again.fetch('m', { metadata: true })).metadata!;
        await again.close();
        expect(now.updatedAt).toBe(40_000);
        expect(now.players[0]!.name).toBe('Grace');
      } finally {
        await postgres?.stop();
      }
    },
    60_000,
  );
});
