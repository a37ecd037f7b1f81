/**
 * The bots never resolve in circles. On Makeshift with tech 3 (§8.2) a tracker may slide sideways
 * between two synergy squares of the same row (civ 8 and water 8), and each landing gives another
 * boost (§5.5): a chain that can run for ever without gaining anything. The Pilot's resolution
 * (which the Commander's turns and the hints share) takes a choice that returns the chain to where
 * it has been only when nothing else is left.
 */
import { describe, expect, it } from 'vitest';
import { BOTS, playGame } from '../../game/sim';

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
});
