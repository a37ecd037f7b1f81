/**
 * The copy of the state a move works on (game/game.ts): a step of a turn copies only the mover's
 * turn and shares the rest with the state before it; every other action copies the whole state.
 * Whole games are played through boardgame.io's reducer, with refused moves thrown in: no move may
 * change the state before it (the test setup freezes the shared parts, so a step writing to them
 * would throw), and the games end exactly as when the engine plays them on its own.
 */
import { CreateGameReducer } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerID } from '../game/core/types';
import { PlanetUnknown } from '../game/game';
import { initialMatchState } from '../game/match';
import { playGame } from '../game/sim';
import type { SetupData } from '../game/setup-data';

type BgioState = ReturnType<typeof initialMatchState>;

const TURN_STEPS = new Set(['takeTile', 'placeTile', 'resolve', 'moveRover', 'undo', 'restart']);

function makeMove(player: string, move: string, args?: unknown) {
  return {
    type: 'MAKE_MOVE',
    payload: { type: move, args: args === undefined ? [] : [args], playerID: player, credentials: undefined },
  };
}

function playThrough(
  numPlayers: number,
  seed: string,
  setupData?: SetupData,
): { steps: number; shared: number } {
  const played = playGame({ numPlayers, seed, ...(setupData ? { setupData } : {}) });
  const reducer = CreateGameReducer({ game: { ...PlanetUnknown, seed } });
  let state: BgioState = initialMatchState(numPlayers, seed, setupData);
  let steps = 0;
  let shared = 0;
  const apply = (player: string, move: string, args?: unknown): BgioState => {
    const before = state;
    // (G only: boardgame.io itself counts the move in the ctx it was given, server/move-runner.ts.)
    const text = JSON.stringify(before.G);
    const next = reducer(before, makeMove(player, move, args) as never) as BgioState;
    expect(JSON.stringify(before.G), `${move} by ${player} left the state before it as it was`).toBe(text);
    const G = next.G as GameState;
    if (TURN_STEPS.has(move) && (before.G as GameState).private[player as PlayerID]?.turn) {
      steps++;
      if (G.boards === (before.G as GameState).boards) {
        shared++;
        expect(Object.isFrozen(G.boards), 'shared parts are frozen in the tests').toBe(true);
      }
    } else if (next._stateID !== before._stateID) {
      expect(G.boards, `${move} works on a whole copy`).not.toBe((before.G as GameState).boards);
    }
    return next;
  };
  for (const [k, m] of played.record.moves.entries()) {
    // A refused step now and then: it only sets the mover's notice.
    const building = (state.ctx.activePlayers as Record<string, string> | null)?.[m.player] === 'build';
    if (building && k % 5 === 0) state = apply(m.player, 'placeTile', { orientation: 99, x: -1, y: -1 });
    if (building && k % 11 === 0) state = apply(m.player, 'resolve', { item: 9999 });
    state = apply(m.player, m.move, m.args as Action | undefined);
  }
  const G = state.G as GameState;
  expect(G.result).toEqual(played.state.result);
  expect(G.boards).toEqual(played.state.boards);
  return { steps, shared };
}

describe('the copy a move works on', () => {
  it('a step of a turn shares all but the mover’s turn, nothing before a move changes, games end as the engine plays them', () => {
    for (const [players, setupData] of [
      [1, undefined],
      [2, { events: 'nightmare' }],
      [5, { events: 'veteran', privateObjectives: true }],
    ] as const) {
      const { steps, shared } = playThrough(
        players,
        `move-copy-${players}`,
        setupData as SetupData | undefined,
      );
      expect(steps).toBeGreaterThan(20);
      expect(shared, 'steps that copied only the mover’s turn').toBe(steps);
    }
  });
});
