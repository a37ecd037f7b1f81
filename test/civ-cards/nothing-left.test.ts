/**
 * Cards with nothing left to act on open no civ turn (§3.7), and End Game cards are revealed to the
 * other players at the end (§6.2).
 */
import { describe, expect, it } from 'vitest';
import { clone, toCivStep, pick, civCardsSeenBy, expectNothingAtOnce } from './support';

// ---------------------------------------------------------------- nothing left to act on, and reveals

describe('cards with nothing left to act on (§3.7) and End Game reveals (§6.2)', () => {
  // An "up to N" card with no target on the planet gives a gain with no resolution: it is lost,
  // and no civ turn is opened for it.
  it('18 Search and Rescue Team with no lifepod left on the planet opens no civ turn (§3.7)', () => {
    const g = toCivStep(3, [18, 15], { setup: (s) => s.lifepods('0') });
    const before = clone(g.board('0'));
    pick(g, 18);
    expectNothingAtOnce(g, before);
  });

  it('25 Meteor Defense Program with no meteorite on the planet opens no civ turn (§3.7)', () => {
    const g = toCivStep(4, [25, 27]);
    const before = clone(g.board('0'));
    pick(g, 25);
    expectNothingAtOnce(g, before);
  });

  // Once the last target is taken, nothing is left to decline: the turn can be confirmed.
  it('13 Approved Overtime: after the last lifepod on the planet is collected the turn can be confirmed (§3.7)', () => {
    const g = toCivStep(2, [13, 12], { setup: (s) => s.lifepods('0', [5, 9]) });
    pick(g, 13);
    g.resolve('0', 'collect', { x: 5, y: 9 });
    g.confirm('0');
    expect(g.state.round).toBe(2);
  });

  // §6.2 step 3 reveals every End Game card when the end-of-game phase begins.
  it('End Game cards are shown to the others during the end-game phase, not only after scoring (§6.2, §9)', () => {
    const g = toCivStep(4, [23, 24], {
      players: 2,
      beforeConfirm: (x) => x.state.endTriggers.push('stuck'),
    });
    pick(g, 23);
    expect(g.state.step).toBe('endgame');
    expect(civCardsSeenBy(g, '1')).toContainEqual({ id: 23, rank: 4, timing: 'endGame' });
  });
});
