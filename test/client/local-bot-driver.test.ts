/**
 * The bot driver on a real in-memory table (boardgame.io clients on a `Local()` master), with the
 * bot code called directly instead of through a worker: bots play whole games from their own view,
 * refused moves fall back to legal ones, and the match record replays to the same end.
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Action, GameState, PlayerID } from '../../game/core/types';
import { createRng } from '../../game/core/prng';
import { chooseAction, hint } from '../../game/bots';
import type { BotLevel } from '../../game/bots/levels';
import { replay } from '../../game/replay';
import { sendAction, type PUClient } from '../../client/online/game-client';
import { BotDriver, type BotEvent } from '../../client/local/bot-driver';
import type { DecisionSource } from '../../client/local/bot-protocol';
import { localMatchRecord } from '../../client/local/match-record';
import { chooseSeat } from '../../client/local/seat-view';
import { tableGame } from '../../client/local/table-game';

const direct: DecisionSource = {
  decide: async ({ state, player, level, seed }) => {
    // Bots get their own view: nothing of another player's private state.
    for (const other of state.playerIDs)
      if (other !== player) expect(state.private[other]?.objectives ?? []).toEqual([]);
    return chooseAction(level, state, player, createRng(seed));
  },
  hint: async ({ state, player }) => hint(state, player),
};

function table(levels: BotLevel[], seed: string) {
  const game = tableGame({}, seed);
  const multiplayer = Local();
  const clients = levels.map((_, i) =>
    Client<GameState>({ game, numPlayers: levels.length, multiplayer, playerID: String(i), debug: false }),
  ) as PUClient[];
  clients.forEach((c) => c.start());
  return clients;
}

/** Until every client has the game's end: each one's log then holds all of its own moves. */
function untilOver(clients: PUClient[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The game did not end in time.')), timeoutMs);
    const check = () => {
      if (clients.every((c) => c.getState()?.G.result)) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const c of clients) c.subscribe(check);
  });
}

function run(clients: PUClient[], levels: BotLevel[], source: DecisionSource, seed: string) {
  const events: BotEvent[] = [];
  const driver = new BotDriver(
    levels.map((level, i) => {
      const client = clients[i] as PUClient;
      return { player: String(i), level, client, send: (a: Action) => sendAction(client, a) };
    }),
    source,
    (e) => events.push(e),
    { seed, settleMs: 200 },
  );
  driver.start();
  return { driver, events };
}

describe('bot driver', () => {
  it('plays a whole game of bots, and the record replays to the same result', async () => {
    const levels: BotLevel[] = ['cadet', 'random'];
    const seed = 'driver-1';
    const clients = table(levels, seed);
    const { driver, events } = run(clients, levels, direct, seed);
    await untilOver(clients, 150_000);
    driver.stop();
    const result = clients[0]?.getState()?.G.result;
    expect(result?.scores).toHaveLength(2);
    expect(events.filter((e) => e.kind === 'rejected' || e.kind === 'stuck')).toEqual([]);
    expect(events.some((e) => e.kind === 'decided' && e.reason.code.startsWith('hint.'))).toBe(true);

    // Each client's log holds only its own moves' arguments (redacted moves): the record merges them.
    const log0 = clients[0]?.getState()?.log ?? [];
    const othersMove = log0.find((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === '1');
    expect(othersMove?.action.payload.args).toBeNull();
    const record = await localMatchRecord(
      { numPlayers: 2, seed, setupData: {} },
      clients.map((c) => c.getState()?.log ?? []),
    );
    const replayed = replay(record);
    expect(replayed.failure).toBeNull();
    expect(replayed.state.result).toEqual(result);
    clients.forEach((c) => c.stop());
  }, 180_000);

  it('falls back to another legal action when a decision is refused, and gives up instead of looping', async () => {
    const levels: BotLevel[] = ['cadet'];
    const clients = table(levels, 'driver-2');
    let asked = 0;
    // A broken source: always the same action, soon illegal (a second tile in the same turn).
    const stubborn: DecisionSource = {
      ...direct,
      decide: async () => {
        asked++;
        return {
          action: { type: 'takeTile', stack: 'small' },
          reason: { code: 'hint.anyTile', values: { stack: 'small' } },
        };
      },
    };
    const { driver, events } = run(clients, levels, stubborn, 'driver-2');
    await new Promise((r) => setTimeout(r, 1500));
    driver.stop();
    const rejected = events.filter((e) => e.kind === 'rejected' || e.kind === 'ignored');
    expect(rejected.length).toBeGreaterThan(0);
    expect(events.some((e) => e.kind === 'fallback')).toBe(true);
    // Fallback moves went through, but a bot whose own decisions keep failing stops and says so.
    expect(clients[0]?.getState()?._stateID).toBeGreaterThan(1);
    expect(events.filter((e) => e.kind === 'stuck')).toHaveLength(1);
    expect(asked).toBeLessThan(10);
    clients.forEach((c) => c.stop());
  }, 20_000);

  it('reports a failing source and plays a legal move instead', async () => {
    const clients = table(['pilot'], 'driver-3');
    const failing: DecisionSource = {
      ...direct,
      decide: async () => Promise.reject(new Error('worker gone')),
    };
    const { driver, events } = run(clients, ['pilot'], failing, 'driver-3');
    await new Promise((r) => setTimeout(r, 500));
    driver.stop();
    expect(events.find((e) => e.kind === 'failed')).toMatchObject({ reason: 'worker gone' });
    expect(events.some((e) => e.kind === 'fallback' || e.kind === 'stuck')).toBe(true);
    clients.forEach((c) => c.stop());
  });
});

describe('seat on screen', () => {
  const G = (awaited: PlayerID[], over = false) =>
    ({
      playerIDs: ['0', '1', '2'],
      result: over ? {} : null,
      step: over ? 'over' : 'turns',
      queue: [],
      civPending: {},
      confirmed: Object.fromEntries(['0', '1', '2'].map((p) => [p, !awaited.includes(p)])),
      private: {},
      endgameDone: [],
    }) as unknown as GameState;

  it('with one person and bots: that person, never a hand-over', () => {
    const choice = chooseSeat(G(['1', '2']), ['0'], (p) => ['1', '2'].includes(p), null, null);
    expect(choice).toMatchObject({ seat: '0', handOver: false, actingPersons: [] });
    expect(chooseSeat(G(['0', '1']), ['0'], (p) => ['0', '1'].includes(p), null, null)).toMatchObject({
      seat: '0',
      handOver: false,
    });
  });

  it('with several people: the device is handed over before each private turn', () => {
    expect(chooseSeat(G(['0', '1']), ['0', '1'], (p) => ['0', '1'].includes(p), null, null)).toMatchObject({
      seat: '0',
      handOver: true,
    });
    expect(chooseSeat(G(['0', '1']), ['0', '1'], (p) => ['0', '1'].includes(p), null, '0')).toMatchObject({
      seat: '0',
      handOver: false,
    });
    // Player 1 done, player 2 still to play: hand over, whoever held the device.
    expect(chooseSeat(G(['1']), ['0', '1'], (p) => ['1'].includes(p), null, '0')).toMatchObject({
      seat: '1',
      handOver: true,
    });
    // Someone chose to let player 2 play first.
    expect(chooseSeat(G(['0', '1']), ['0', '1'], (p) => ['0', '1'].includes(p), '1', '0')).toMatchObject({
      seat: '1',
      handOver: true,
    });
  });

  it('while only bots play, keeps the last person on screen, or nobody’s view', () => {
    expect(chooseSeat(G(['2']), ['0', '1'], (p) => ['2'].includes(p), null, '1')).toMatchObject({
      seat: '1',
      handOver: false,
    });
    expect(chooseSeat(G(['2']), ['0', '1'], (p) => ['2'].includes(p), null, null)).toMatchObject({
      seat: null,
      handOver: false,
    });
  });

  it('at the end shows the results without a hand-over', () => {
    expect(chooseSeat(G([], true), ['0', '1'], () => false, null, null)).toMatchObject({
      seat: '0',
      handOver: false,
    });
  });
});
