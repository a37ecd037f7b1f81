/**
 * The Pilot level's last rounds (game/bots/pilot-level.ts): from one to `endgameRounds` rounds
 * before the end of a solo game (the event deck counts them, §7.3), the Pilot races its best turns
 * to the end in a few sampled worlds; before then, and in the very last round, it plans as it
 * always has (docs/bots.md, "The Pilot's last rounds").
 */
import { describe, expect, it } from 'vitest';
import { clearPlans } from '../../game/bots/common';
import { DEFAULT_WEIGHTS } from '../../game/bots/features';
import { pilotDecide } from '../../game/bots/pilot';
import { endgameWorldsNow, pilotLevelDecide, pilotSearchesNow } from '../../game/bots/pilot-level';
import type { GameState } from '../../game/core/types';
import { createRng } from '../../game/core/prng';
import { legalActions } from '../../game/engine';
import { playerView } from '../../game/view';
import { soloTurnWithRoundsLeft } from '../support/solo-turns';

const SAMPLED = ['hint.sampledConfirmed', 'hint.sampledBetter'];

function decide(state: GameState, weights = DEFAULT_WEIGHTS, seed = 'pilot-level') {
  clearPlans();
  const view = playerView(state, '0');
  // A clock that never moves: the race plays all its worlds however busy the machine.
  return pilotLevelDecide(view, '0', legalActions(view, '0'), createRng(seed), { weights }, () => 0);
}

function greedy(state: GameState) {
  clearPlans();
  const view = playerView(state, '0');
  return pilotDecide(view, '0', legalActions(view, '0'));
}

describe('the Pilot’s last rounds', () => {
  const rounds = DEFAULT_WEIGHTS.endgameRounds;
  const late = soloTurnWithRoundsLeft('pilot-level', 2);

  it('are the rounds with one to endgameRounds rounds to come', () => {
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(late.eventsLeft).toBe(2);
    expect(pilotSearchesNow(late, rounds)).toBe(true);
    expect(pilotSearchesNow({ ...late, eventsLeft: 0 }, rounds)).toBe(false);
    expect(pilotSearchesNow({ ...late, eventsLeft: rounds + 1 }, rounds)).toBe(false);
    // Without an event deck nothing counts the rounds down: the Pilot never races.
    expect(pilotSearchesNow({ ...late, options: { ...late.options, events: null } }, rounds)).toBe(false);
  });

  it('race the best turns in sampled worlds, the same turn for the same seed', () => {
    const first = decide(late);
    expect(SAMPLED).toContain(first.reason.code);
    expect(first.reason.values?.futures).toBe(endgameWorldsNow(late, DEFAULT_WEIGHTS));
    expect(decide(late).action).toEqual(first.action);
  });

  it('share endgameEffort rounds of playout among their worlds (this round and those to come), at most endgameWorlds', () => {
    const fixed = { ...DEFAULT_WEIGHTS, endgameEffort: 0, endgameWorlds: 6 };
    const shared = { ...DEFAULT_WEIGHTS, endgameEffort: 30, endgameWorlds: 6 };
    const left = (n: number) => ({ ...late, eventsLeft: n });
    expect([1, 2, 4, 5, 6].map((n) => endgameWorldsNow(left(n), fixed))).toEqual([6, 6, 6, 6, 6]);
    expect([1, 2, 4, 5, 6].map((n) => endgameWorldsNow(left(n), shared))).toEqual([6, 6, 6, 5, 4]);
    // At least two worlds, so that the race compares anything.
    expect(endgameWorldsNow(left(19), shared)).toBe(2);
    const further = soloTurnWithRoundsLeft('pilot-level', 5);
    const raced = decide(further, { ...shared, endgameRounds: 5 }).reason;
    expect(SAMPLED).toContain(raced.code);
    expect(raced.values?.futures).toBe(5);
  });

  it('keep the Pilot’s own turn unless a raced one gains more than endgameMargin standard errors', () => {
    const stubborn = decide(late, { ...DEFAULT_WEIGHTS, endgameMargin: 1e9 });
    expect(stubborn.reason.code).toBe('hint.sampledConfirmed');
    expect(stubborn.action).toEqual(greedy(late).action);
    // With no margin, a raced turn whose paired mean beats the Pilot's replaces it: in this deal's
    // third round from the end, one standard error keeps the Pilot's tile and none does not.
    const close = soloTurnWithRoundsLeft('b', 3);
    const careful = decide(close, { ...DEFAULT_WEIGHTS, endgameMargin: 1 });
    expect(careful.reason.code).toBe('hint.sampledConfirmed');
    const eager = decide(close, { ...DEFAULT_WEIGHTS, endgameMargin: 0 });
    expect(eager.reason.code).toBe('hint.sampledBetter');
    expect(eager.action).not.toEqual(careful.action);
  });

  it('are planned as before with endgameRounds at 0, and so is every earlier round', () => {
    const off = { ...DEFAULT_WEIGHTS, endgameRounds: 0 };
    const plain = decide(late, off);
    expect(SAMPLED).not.toContain(plain.reason.code);
    expect(plain).toEqual(greedy(late));
    const early = soloTurnWithRoundsLeft('pilot-level', rounds + 3);
    expect(decide(early)).toEqual(greedy(early));
  });
});
