/**
 * The bots never resolve in circles. On Makeshift with tech 3 (§8.2) a tracker may slide sideways
 * between two synergy squares of the same row (civ 8 and water 8), and each landing gives another
 * boost (§5.5): a chain that can run for ever without gaining anything. The Pilot's resolution
 * (which the Commander's turns and the hints share) takes a choice that returns the chain to where
 * it has been only when nothing else is left.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../game/core/prng';
import { legalActions } from '../../game/engine';
import { BOTS, playGame } from '../../game/sim';
import { chooseAction, TURN_STEPS_TO_CADET, TURN_STEPS_TO_RANDOM } from '../../game/bots';
import { scenario, type Game } from '../support/scenario';

/** Makeshift with every tech on (the civ tracker tops the tech column), water on water 8, a boost to spend. */
const sidewaysChain = (): Game => {
  const s = scenario({ setupData: { seats: [{ corporation: 'makeshift' }] } });
  const t = s.board('0').trackers;
  t.civ = { col: 'tech', row: 15 };
  t.water = { col: 'water', row: 8 };
  return s.pending('0', { kind: 'synergy' }).start();
};

/** Slides the water tracker to the other synergy square of row 8 and spends the boost it gives. */
const slide = (g: Game, times: number): void => {
  for (let k = 0; k < times; k++) {
    const col = g.draft('0').board.trackers.water.col === 'water' ? 'civ' : 'water';
    g.resolve('0', 'synergy', { track: 'water' }).resolve('0', 'advance', { col, row: 8 }, 'water');
  }
};

describe('resolving gains never goes round in circles', () => {
  it('Makeshift tech 3: a solo game whose last rounds offered an endless sideways chain of boosts ends (§5.5, §8.2)', () => {
    // This deal once reached, in round 15, the water tracker on water 8 with every tech on and a
    // boost to spend: the Pilot slid it to civ 8 and back for ever (a self-play run stopped at
    // 20,000 actions). A solo game takes under 200.
    const played = playGame({
      numPlayers: 1,
      seed: 'loc45-61',
      setupData: { seats: [{ planet: 'pajitnov', corporation: 'makeshift' }] },
      bots: [BOTS.pilot as (typeof BOTS)[string]],
      maxActions: 1000,
    });
    expect(played.state.step).toBe('over');
    expect(played.actions).toBeLessThan(300);
  });

  it('a turn that has gone round in circles is finished by the Cadet, and past twice as long at random', () => {
    const g = sidewaysChain();
    slide(g, TURN_STEPS_TO_CADET / 2);
    expect(g.state.private['0']?.turn?.steps.length).toBe(TURN_STEPS_TO_CADET);
    const legal = legalActions(g.state, '0').map((a) => JSON.stringify(a));
    const handed = chooseAction('pilot', g.state, '0', createRng('circles'));
    expect(handed.reason.code).toBe('hint.fallback');
    expect(legal).toContain(JSON.stringify(handed.action));
    slide(g, (TURN_STEPS_TO_RANDOM - TURN_STEPS_TO_CADET) / 2);
    const picks = new Set(
      Array.from({ length: 12 }, (_, k) =>
        JSON.stringify(chooseAction('commander', g.state, '0', createRng(`r${k}`)).action),
      ),
    );
    // At random: not always the same step, and always a legal one.
    expect(picks.size).toBeGreaterThan(1);
    for (const p of picks) expect(legalActions(g.state, '0').map((a) => JSON.stringify(a))).toContain(p);
  });
});
