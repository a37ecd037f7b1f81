import { describe, expect, it } from 'vitest';
import { scenario } from './support/scenario';

describe('scenario builder', () => {
  it('arranges the depot and plays a first tile on the edge (§3.5, §4.3)', () => {
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    g.take('0', 'small').place('0', 0, 0, 5);
    expect(g.pending('0').map((p) => p.kind)).toEqual(['advance', 'advance']);
    g.resolveAdvances('0').resolve('0', 'rover', { x: 0, y: 6 }).confirm('0');
    expect(g.board('0').trackers.water.row).toBe(1);
    expect(g.board('0').rovers[0]?.cell).toBe(6 * 12);
    expect(g.board('0').trackers.rover.row).toBe(1);
  });
});
