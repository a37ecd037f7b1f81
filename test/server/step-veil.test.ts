/**
 * The veil over private steps (server/step-veil.ts) on the cases a real server makes rarely: a sync
 * whose log ends before or after its state (log entries are written before the state, both read
 * at once), a socket that missed updates, and a move no socket of this instance was sent. Ids stay
 * those a fresh sync gives, and never go back for a socket.
 */
import type { State } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { isPrivateStep } from '../../game/game';
import { StepVeil, type SyncInfo } from '../../server/step-veil';

const M = 'match';

/** Log entries for moves, one per state id from 0: [seat, move type]. */
const logOf = (moves: [string, string][]) =>
  moves.map(([playerID, type], i) => ({
    _stateID: i,
    action: { type: 'MAKE_MOVE', payload: { type, playerID, args: null } },
  }));

const stateAt = (id: number): State =>
  ({
    G: {},
    ctx: { numMoves: 7, _activePlayersNumMoves: { '0': 2, '1': 0 } },
    plugins: {},
    _undo: [],
    _redo: [],
    _stateID: id,
  }) as unknown as State;

const syncInfo = (id: number, moves: [string, string][]): SyncInfo => ({
  state: stateAt(id),
  log: logOf(moves) as SyncInfo['log'],
});

/** An update for move `moves[id - 1]` (the state after it). */
const updateArgs = (id: number, moves: [string, string][]) => [
  M,
  stateAt(id),
  logOf(moves).slice(id - 1, id),
];

const MOVES: [string, string][] = [
  ['0', 'rotate'], // 0 → 1, public
  ['0', 'takeTile'], // 1 → 2
  ['1', 'takeTile'], // 2 → 3
  ['0', 'placeTile'], // 3 → 4
  ['0', 'undo'], // 4 → 5
  ['0', 'confirm'], // 5 → 6, public
  ['1', 'placeTile'], // 6 → 7
];

/** What a fresh sync at state `id` shows `viewer`. */
const fresh = (viewer: string | null, id: number) =>
  new StepVeil(isPrivateStep).sync('fresh', viewer, M, syncInfo(id, MOVES.slice(0, id)));

describe('the step veil', () => {
  it('shows each viewer ids without the others’ steps, and move counters at 0', () => {
    expect(fresh(null, 7).state._stateID).toBe(2); // rotate and confirm
    expect(fresh('0', 7).state._stateID).toBe(5); // and its own four steps
    expect(fresh('1', 7).state._stateID).toBe(4); // and its own two
    const seen = fresh('1', 7);
    expect(seen.state.ctx.numMoves).toBe(0);
    expect(seen.state.ctx._activePlayersNumMoves).toEqual({ '0': 0, '1': 0 });
    expect(seen.log?.map((e) => [e._stateID, e.action.payload?.type])).toEqual([
      [0, 'rotate'],
      [1, 'takeTile'],
      [2, 'confirm'],
      [3, 'placeTile'],
    ]);
  });

  it('gives a socket that missed updates the ids of a fresh sync', () => {
    const veil = new StepVeil(isPrivateStep);
    veil.sync('a', '1', M, syncInfo(1, MOVES.slice(0, 1)));
    veil.sync('b', null, M, syncInfo(1, MOVES.slice(0, 1)));
    const shown: Record<string, unknown[]> = { a: [], b: [] };
    for (let id = 2; id <= 7; id++)
      for (const [socket, viewer] of [
        ['a', '1'],
        ['b', null],
      ] as const) {
        // Socket "b" misses the update of state 6 (the confirmation) as if syncing then.
        if (socket === 'b' && id === 6) continue;
        const out = veil.update(socket, viewer, updateArgs(id, MOVES));
        if (out) shown[socket]?.push((out[1] as State)._stateID);
      }
    expect(shown.a).toEqual([2, 3, 4]); // its take, the confirmation, its placement
    expect(shown.b).toEqual([]); // only steps of others after the missed confirmation
    expect(veil.update('b', null, [M, stateAt(7), []])?.[1]).toMatchObject({
      _stateID: fresh(null, 7).state._stateID,
    });
  });

  it('takes a sync whose log ends after its state, or before it', () => {
    // The log holds two moves past the state: not counted before it, shown renumbered after it.
    const ahead = new StepVeil(isPrivateStep).sync('a', null, M, syncInfo(5, MOVES.slice(0, 7)));
    expect(ahead.state._stateID).toBe(fresh(null, 5).state._stateID);
    expect(ahead.log?.map((e) => e.action.payload?.type)).toEqual(['rotate', 'confirm']);
    // The log ends two moves before the state: their updates come after, and the ids meet.
    const veil = new StepVeil(isPrivateStep);
    veil.sync('a', '1', M, syncInfo(6, MOVES.slice(0, 4)));
    expect(veil.update('a', '1', updateArgs(5, MOVES))).toBeNull(); // seat 0's undo, late
    // The sync did not count that undo: the confirmation comes under its id, never an older one.
    expect(veil.update('a', '1', updateArgs(6, MOVES))?.[1]).toMatchObject({ _stateID: 4 });
    expect(veil.update('a', '1', updateArgs(7, MOVES))?.[1]).toMatchObject({
      _stateID: fresh('1', 7).state._stateID,
    });
  });

  it('after a move this instance never saw, counts on from what each socket was shown', () => {
    const veil = new StepVeil(isPrivateStep);
    veil.sync('a', null, M, syncInfo(1, MOVES.slice(0, 1)));
    // Moves 1 to 4 never reach this instance; the confirmation does.
    const after = veil.update('a', null, updateArgs(6, MOVES));
    expect((after?.[1] as State)._stateID).toBeGreaterThanOrEqual(1);
    const next = veil.update('a', null, [M, stateAt(6), []]);
    expect((next?.[1] as State)._stateID).toBe((after?.[1] as State)._stateID);
    // A sync mends the ledger; the socket's ids never go back.
    veil.sync('b', null, M, syncInfo(7, MOVES));
    expect(veil.update('a', null, updateArgs(7, MOVES))).toBeNull();
    expect(veil.matches).toBe(1);
    veil.forget('a');
    veil.forget('b');
    expect(veil.matches).toBe(0);
  });
});
