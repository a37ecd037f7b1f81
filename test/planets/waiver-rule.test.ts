/**
 * The ruling the table cites when a planet's restriction is lifted for a turn (§4.8): Pajitnov's
 * fallback is its own ruling (R18), every other planet's is R10. The planet says so, not the client.
 */
import { describe, expect, it } from 'vitest';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { planetWaiverRule } from '../../game';

describe('the ruling of a lifted planet restriction (§4.8, R10, R18)', () => {
  it('Pajitnov names R18, every other planet R10', () => {
    for (const planet of PLAYABLE_PLANETS) {
      expect(planetWaiverRule(planet), planet).toBe(planet === 'pajitnov' ? 'R18' : 'R10');
    }
  });
});
