/**
 * A corporation board loads on its own, before the list of boards: it imports the shared base
 * (game/content/corporation-base.ts), never the list, which imports every board. Before, loading
 * Makeshift first threw `Cannot access 'makeshift' before initialization`.
 */
import { describe, expect, it, vi } from 'vitest';
import * as loadedList from '../game/content/corporations';

describe('corporation modules load in any order', () => {
  it('Makeshift loads first in a fresh module graph, and the list then serves its hooks (§8.2)', async () => {
    vi.resetModules(); // the setup file has loaded the whole game: start from no module at all
    const { makeshift } = await import('../game/content/corporations/makeshift');
    const list = await import('../game/content/corporations');
    expect(list.corporationRules).not.toBe(loadedList.corporationRules); // a fresh list indeed
    expect(list.corporationRules('makeshift').techActive).toBe(makeshift.techActive);
  });
});
