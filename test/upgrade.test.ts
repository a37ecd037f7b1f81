/**
 * A state stored by an earlier version is brought to today's shape on load (game/upgrade.ts): a
 * finished game's scores gain their detail by track, civ card and objective for the end screen.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../game/sim';
import { upgradeState } from '../game/upgrade';
import type { GameState } from '../game/core/types';

describe('states stored by earlier versions', () => {
  it('a finished game stored without score detail gains it, the totals unchanged', () => {
    const { state } = playGame({ numPlayers: 2, seed: 'upgrade-detail' });
    expect(state.step).toBe('over');
    const stored = JSON.parse(JSON.stringify(state)) as GameState;
    for (const score of stored.result?.scores ?? []) delete (score as { detail?: unknown }).detail;
    const upgraded = upgradeState(stored);
    expect(upgraded.result?.scores).toEqual(state.result?.scores);
  });

  it('a state stored without the seed of the draws made in play (Republic tech 2) gains one, the same at each load', () => {
    const { state } = playGame({ numPlayers: 1, seed: 'upgrade-draws' });
    const stored = JSON.parse(JSON.stringify(state)) as GameState;
    delete (stored.hidden as { drawState?: number }).drawState;
    const once = upgradeState(JSON.parse(JSON.stringify(stored)) as GameState);
    expect(typeof once.hidden.drawState).toBe('number');
    expect(upgradeState(JSON.parse(JSON.stringify(stored)) as GameState).hidden.drawState).toBe(
      once.hidden.drawState,
    );
    expect({ ...once, hidden: stored.hidden }).toEqual(stored); // nothing else changes
  });

  it('a current state is returned as it is', () => {
    const { state } = playGame({ numPlayers: 1, seed: 'upgrade-current' });
    expect(upgradeState(state)).toBe(state);
  });
});
