/**
 * Local games kept in the browser: the saver writes the latest step and keeps a finished game with its result,
 * the list and the loader refuse damaged entries with a reason, and a saved game replayed through
 * fresh clients on a fresh in-browser master stands exactly where it was left.
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { awaiting, legalActions, type GameState } from '../../game';
import { createRng } from '../../game/core/prng';
import { sendAction, type PUClient } from '../../client/online/game-client';
import { tableGame } from '../../client/local/table-game';
import { replayThroughClients, tableMoves } from '../../client/local/resume-game';
import { parseRoute, savedGameHref } from '../../client/routes';
import {
  finishedSummary,
  GameSaver,
  listFinishedGames,
  listSavedGames,
  loadSavedGame,
  memoryStore,
  movesOfLog,
  type KeyValueStore,
  type SavedLocalGame,
} from '../../client/local/saved-games';

const saved = (id: string, updatedAt: number, moves = 0): SavedLocalGame => ({
  id,
  spec: {
    seats: [
      { name: 'Ada', bot: null },
      { name: 'Vega', bot: 'cadet' },
    ],
    options: {},
    seed: 'seed-1',
  },
  moves: Array.from({ length: moves }, () => ({ player: '0', move: 'confirm' as const })),
  startedAt: 1,
  updatedAt,
  round: 2,
});

describe('saved local games', () => {
  it('keeps the latest step of each game, lists the latest played first, forgets a finished game', async () => {
    const store = memoryStore<SavedLocalGame>();
    const saver = new GameSaver(store);
    const writes = [
      saver.save(saved('a', 10, 1)),
      saver.save(saved('a', 11, 2)),
      saver.save(saved('a', 12, 3)),
    ];
    expect(await Promise.all(writes)).toEqual([true, true, true]);
    expect((await store.get('a'))?.moves).toHaveLength(3);
    await new GameSaver(store).save(saved('b', 20));
    expect((await listSavedGames(store)).map((g) => g.id)).toEqual(['b', 'a']);
    const summary = finishedSummary({
      winners: ['1'],
      scores: [
        { player: '1', total: 40 },
        { player: '0', total: 31 },
      ],
    });
    expect(await saver.finish({ ...saved('a', 13, 4), finished: summary })).toBe(true);
    expect(await saver.save(saved('a', 30, 5))).toBe(false);
    // A finished game leaves the Resume list for the finished games, with all its moves and its result.
    expect((await listSavedGames(store)).map((g) => g.id)).toEqual(['b']);
    const [done] = await listFinishedGames(store);
    expect(done?.id).toBe('a');
    expect(done?.moves).toHaveLength(4);
    expect(done?.finished.scores).toEqual([
      { player: '0', total: 31 },
      { player: '1', total: 40 },
    ]);
    // Finished again (its table reopened to the end screen): it keeps the time it ended.
    const again = new GameSaver(store);
    await again.finish({ ...saved('a', 99, 4), finished: { ...summary, at: summary.at + 5000 } });
    expect((await store.get('a'))?.finished?.at).toBe(summary.at);
    await store.delete('a');
    expect(await listFinishedGames(store)).toEqual([]);
  });

  it('refuses a finished game whose result is damaged', async () => {
    const store = memoryStore<SavedLocalGame>();
    await store.set('x', {
      ...saved('x', 1),
      finished: { at: 1, winners: [], scores: [{ player: 0 }] } as never,
    });
    expect(await listFinishedGames(store)).toEqual([]);
    expect(await loadSavedGame(store, 'x')).toEqual({ error: 'The saved game’s result is damaged.' });
  });

  it('refuses damaged or missing entries with a reason, and lists only sound ones', async () => {
    const store = memoryStore<SavedLocalGame>();
    await store.set('ok', saved('ok', 5));
    await store.set('noSeed', { ...saved('noSeed', 6), spec: { ...saved('x', 0).spec, seed: '' } });
    await store.set('bots', {
      ...saved('bots', 7),
      spec: { seats: [{ name: 'Vega', bot: 'cadet' }], options: {}, seed: 's' },
    });
    await store.set('moves', { ...saved('moves', 8), moves: [{ player: 0 }] } as unknown as SavedLocalGame);
    expect((await listSavedGames(store)).map((g) => g.id)).toEqual(['ok']);
    expect(await loadSavedGame(store, 'gone')).toEqual({
      error: 'This game is no longer saved on this device.',
      missing: true,
    });
    expect(await loadSavedGame(store, 'noSeed')).toEqual({ error: 'The saved game has no seed.' });
    expect(await loadSavedGame(store, 'bots')).toEqual({ error: 'At least one seat must be a person.' });
    expect(await loadSavedGame(store, 'moves')).toEqual({ error: 'A saved move is damaged.' });
    expect(await loadSavedGame(store, 'ok')).toEqual(saved('ok', 5));
  });

  it('a store that fails to write reports it', async () => {
    const broken: KeyValueStore<SavedLocalGame> = {
      ...memoryStore<SavedLocalGame>(),
      set: () => Promise.reject(new Error('quota')),
    };
    expect(await new GameSaver(broken).save(saved('a', 1))).toBe(false);
  });

  it('has an address of its own that a reload comes back to', () => {
    expect(savedGameHref('m1-ab')).toBe('#/local?game=m1-ab');
    expect(parseRoute(savedGameHref('m1-ab'))).toEqual({ page: 'resume', gameId: 'm1-ab' });
  });

  it('reads moves from a log, leaving out events and moves without a player', () => {
    const entry = (type: string, payload: object) => ({ action: { type, payload } }) as never;
    expect(
      movesOfLog([
        entry('MAKE_MOVE', { type: 'take', args: [{ depot: 1 }], playerID: '1' }),
        entry('GAME_EVENT', { type: 'endTurn', playerID: '1' }),
        entry('MAKE_MOVE', { type: 'confirm', args: [], playerID: '0' }),
        entry('MAKE_MOVE', { type: 'confirm', args: [] }),
      ]),
    ).toEqual([
      { player: '1', move: 'take', args: { depot: 1 } },
      { player: '0', move: 'confirm' },
    ]);
  });
});

function table(players: number, seed: string): PUClient[] {
  const game = tableGame({}, seed);
  const multiplayer = Local();
  const clients = Array.from({ length: players }, (_, i) =>
    Client<GameState>({ game, numPlayers: players, multiplayer, playerID: String(i), debug: false }),
  ) as PUClient[];
  clients.forEach((c) => c.start());
  return clients;
}

/** Plays `steps` legal actions, each chosen at random from the acting seat's own view. */
function play(clients: PUClient[], steps: number, seed: string): void {
  const rng = createRng(seed);
  for (let n = 0; n < steps; n++) {
    const acting = clients.find((c) => {
      const G = c.getState()?.G;
      return G && awaiting(G)[c.playerID as string] !== undefined;
    });
    if (!acting) return;
    const choices = legalActions(acting.getState()!.G, acting.playerID as string);
    const action = choices[Math.floor(rng.next() * choices.length)];
    if (!action) return;
    sendAction(acting, action);
  }
}

describe('resuming a saved local game', () => {
  it('replays the saved moves through fresh clients to the same state, views and log', async () => {
    const seed = 'resume-seed';
    const before = table(3, seed);
    play(before, 120, 'choices');
    const moves = tableMoves(before);
    expect(moves.length).toBeGreaterThan(30);
    const progress: number[] = [];
    const after = table(3, seed);
    const failure = await replayThroughClients(
      after,
      JSON.parse(JSON.stringify(moves)) as typeof moves,
      (p) => progress.push(p.done),
      () => false,
    );
    expect(failure).toBeNull();
    expect(progress.at(-1)).toBe(moves.length);
    for (const [i, client] of after.entries()) {
      expect(client.getState()?.G).toEqual(before[i]?.getState()?.G);
      expect(client.getState()?._stateID).toBe(before[i]?.getState()?._stateID);
    }
    expect(tableMoves(after)).toEqual(moves);
    // Played again from where it stands, nothing is played twice.
    expect(
      await replayThroughClients(
        after,
        moves,
        () => {},
        () => false,
      ),
    ).toBeNull();
    expect(tableMoves(after)).toEqual(moves);
    [...before, ...after].forEach((c) => c.stop());
  });

  it('stops with a reason at a saved move the game does not accept', async () => {
    const clients = table(2, 'bad-seed');
    const failure = await replayThroughClients(
      clients,
      [{ player: '5', move: 'confirm' }],
      () => {},
      () => false,
    );
    expect(failure).toBe('Saved move 1 cannot be played (confirm by seat 5).');
    clients.forEach((c) => c.stop());
  });
});
