/**
 * The clocks' arithmetic (game/time-control.ts): every decision a seat owes has the round time
 * plus what is left of its bank; time past the round time comes out of the bank; a seat whose
 * time and bank run out is away until its player comes back; a seat that decided is never expired.
 */
import { describe, expect, it } from 'vitest';
import {
  awayOwing,
  decisionKey,
  expireClock,
  newMatchClock,
  nextClockDue,
  returnToClock,
  settleClock,
  timeControlError,
  timeLeft,
} from '../../game/time-control';
import type { Action } from '../../game/core/types';
import { legalActions } from '../../game/engine';
import { stageOf } from '../../game/rules/stages';
import { scenario } from '../support/scenario';

const S = 1000;
const tc = { roundSeconds: 60, bankSeconds: 100 };

describe('clocks', () => {
  it('a round turn is one decision for every seat; each confirmed seat pays its overrun from its bank', () => {
    const g = scenario({ players: 2 }).start();
    const clock = newMatchClock(tc, ['0', '1'], 0);
    expect(settleClock(clock, tc, g.state, 0)).toBe(true);
    expect(decisionKey(g.state, '0')).toBe(`${g.state.round}:turns`);
    expect(clock.seats['0']).toMatchObject({ since: 0, deadline: 160 * S, bankMs: 100 * S });
    // Taking a tile is a step of the same decision: nothing changes.
    g.take('0');
    expect(settleClock(clock, tc, g.state, 30 * S)).toBe(false);
    // Seat 1 plays its turn and confirms 90 s in: 30 s past the round time come out of its bank.
    while (stageOf(g.state, '1') !== null) {
      const options = legalActions(g.state, '1');
      g.act('1', options.find((a) => a.type === 'confirm') ?? (options[0] as Action));
    }
    expect(settleClock(clock, tc, g.state, 90 * S)).toBe(true);
    expect(clock.seats['1']).toMatchObject({ owes: null, since: null, deadline: null, bankMs: 70 * S });
    // A seat that decided is never expired, whatever the time.
    expect(expireClock(clock, 1, 10_000 * S)).toEqual(['0']);
    expect(clock.seats['1']?.away).toBe(false);
  });

  it('a seat out of time and bank is away, due at once, until its player is back with a fresh round time', () => {
    const g = scenario({ players: 2 }).start();
    const clock = newMatchClock(tc, ['0', '1'], 0);
    settleClock(clock, tc, g.state, 0);
    expect(nextClockDue(clock)).toBe(160 * S);
    expect(expireClock(clock, 1, 159 * S)).toEqual([]);
    expect(expireClock(clock, 1, 160 * S, new Set(['1']))).toEqual(['0']);
    expect(clock.seats['0']).toMatchObject({ away: true, bankMs: 0, deadline: null });
    // The exempt seat (a server bot) is not away, and nothing is due for it any more.
    expect(clock.seats['1']).toMatchObject({ away: false, deadline: null });
    expect(awayOwing(clock)).toEqual(['0']);
    expect(nextClockDue(clock)).toBe(0); // the away seat's decision is due now
    expect(timeLeft(clock.seats['0']!, 170 * S)).toBeNull();
    expect(clock.notes).toEqual([{ seat: '0', kind: 'away', round: 1, at: 160 * S }]);
    // Expired once: a second look changes nothing.
    expect(expireClock(clock, 1, 500 * S)).toEqual([]);
    expect(returnToClock(clock, tc, '0', 2, 200 * S)).toBe(true);
    expect(clock.seats['0']).toMatchObject({ away: false, since: 200 * S, deadline: 260 * S, bankMs: 0 });
    expect(timeLeft(clock.seats['0']!, 230 * S)).toBe(30 * S);
    expect(returnToClock(clock, tc, '0', 2, 210 * S)).toBe(false);
    expect(clock.notes.map((n) => n.kind)).toEqual(['away', 'back']);
  });

  it('refuses a malformed time control in words', () => {
    expect(timeControlError({ roundSeconds: 90 })).toBeNull();
    expect(timeControlError({ roundSeconds: 90, bankSeconds: 0 })).toBeNull();
    expect(timeControlError({ roundSeconds: 0 })).toMatch(/from 5 to 1209600/);
    expect(timeControlError({ roundSeconds: 90, bankSeconds: Number.NaN })).toMatch(/bankSeconds/);
    expect(timeControlError({ roundSeconds: 90, foo: 1 })).toMatch(/unknown field "foo"/);
    expect(timeControlError('90')).toMatch(/timeControl must be/);
  });
});
