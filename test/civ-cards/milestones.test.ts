/**
 * Civ milestones: a civ tile takes the civ tracker onto a milestone (§5.7), the round closes, and
 * the players pick from the rank pile at the end of the round, commander first (R3, §3.9).
 */
import { describe, expect, it } from 'vitest';
import type { PendingItem } from '../../game/core/types';
import { awaiting } from '../../game/engine';
import { playerView } from '../../game/view';
import { scenario } from '../support/scenario';
import { why } from '../support/why';
import { clone, pick, autoTurn, showOnTop } from './support';

// ---------------------------------------------------------------- rank piles and pick order (R3)

describe('civ milestones: the pick at the end of the round (§5.7, §3.9, R3)', () => {
  it('a milestone whose rank pile is empty gives nothing: no offer, the round closes (R3)', () => {
    const s = scenario({ players: 1 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 5)
      .civPile(2);
    const g = s.start();
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(g.draft('0').civRanks).toEqual([2]);
    const before = clone(g.draft('0').board);
    g.confirm('0');
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.state.civPending['0']).toEqual([]);
    expect(g.board('0').civCards).toEqual([]);
    expect(g.board('0')).toEqual(before);
    expect(
      g.state.log.some((e) => e.player === '0' && /pile is empty \(R3\)/.test(why(e.message) ?? '')),
    ).toBe(true);
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
  });

  it('two players with milestones pick in commander order, each resolving an Immediate card before the next picks (R3)', () => {
    const s = scenario({ players: 2 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 2)
      .tracker('1', 'civ', 2)
      .civPile(1, 1, 3, 6);
    showOnTop(s, '1', 'small', 'biomass-civ');
    s.state.commander = '1'; // not seat order: the commander picks first
    const g = s.start();
    autoTurn(g, '1');
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.step).toBe('civ');
    expect(g.state.queue).toEqual(['1', '0']);
    expect(awaiting(g.state)).toEqual({ '1': 'civ' });
    expect(g.state.private['1']?.civOffer).toEqual({ rank: 1, cards: [1, 3, 6] });
    expect(g.state.private['0']?.civOffer).toBeNull();
    // Only the picker sees the pile; everyone sees its size (§9).
    expect(playerView(g.state, '0').private['1']?.civOffer).toBeNull();
    expect(playerView(g.state, '0').hidden.civPiles).toEqual({});
    expect(playerView(g.state, '0').civPileSizes[1]).toBe(3);
    expect(g.refusal('0', { type: 'pickCiv', card: 3 })).toEqual({ code: 'reason.notYourTurn' });
    expect(g.refusalMessage('1', { type: 'pickCiv', card: 2 })).toEqual({
      code: 'reason.pickOfRank',
      rule: '§5.7',
      values: { rank: 1, cards: [1, 3, 6] },
    });
    // The commander takes Temp Agency and must resolve it before player 0 sees the pile.
    pick(g, 1, '1');
    expect(g.state.private['1']?.turn?.kind).toBe('civ');
    expect(g.state.civPileSizes[1]).toBe(2);
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.refusal('0', { type: 'pickCiv', card: 3 })).toEqual({ code: 'reason.notYourTurn' });
    const adv = g.pending('1')[0] as PendingItem;
    g.act('1', { type: 'resolve', item: adv.id, choice: { track: 'water' } });
    g.act('1', { type: 'resolve', item: adv.id, choice: { track: 'tech' } });
    g.confirm('1');
    expect(awaiting(g.state)).toEqual({ '0': 'civ' });
    expect(g.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [3, 6] });
    pick(g, 6);
    expect(g.state.hidden.civPiles[1]).toEqual([3]);
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
    expect(g.state.commander).toBe('0'); // the token passed clockwise (§3.9)
  });
});
