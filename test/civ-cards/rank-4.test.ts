/**
 * The rank 4 civ cards (ids 28–36): End Game cards held face down (§9) that score at the end (§6.3),
 * the Meteorite Repo and Commerce Agreement sets included.
 */
import { describe, expect, it } from 'vitest';
import {
  clone,
  toCivStep,
  pick,
  expectFaceDown,
  expectNothingAtOnce,
  breakdownOf,
  checkSetCard,
} from './support';

describe('rank 4 civ cards, 28–36 (civ-cards.json, §5.7)', () => {
  it('28 Space Citizen Decree: End Game; each collected lifepod scores 2, those left on the planet nothing (§6.3 C)', () => {
    const g = toCivStep(4, [28, 27], {
      players: 2,
      setup: (s) => {
        s.board('0').collected.lifepods = 3;
      },
    });
    expect(breakdownOf(g.state)?.lifepods).toBe(3);
    const before = clone(g.board('0'));
    pick(g, 28);
    expectFaceDown(g, 28);
    expectNothingAtOnce(g, before);
    expect(g.board('0').lifepods).toHaveLength(6); // still on the planet: not doubled, not counted
    const score = breakdownOf(g.state);
    expect(score?.lifepods).toBe(6);
    expect(score?.civ).toBe(0);
  });

  it('29 Meteorite Repo (1/4): End Game; one Repo makes each set of 3 collected meteorites worth 2 (§6.3 C)', () => {
    checkSetCard(29, [], { meteorites: [2, 4] });
  });

  it('30 Meteorite Repo (2/4): two Repos make each set of 3 worth 3', () => {
    checkSetCard(30, [29], { meteorites: [4, 6] });
  });

  it('31 Meteorite Repo (3/4): three Repos make each set of 3 worth 4', () => {
    checkSetCard(31, [29, 30], { meteorites: [6, 8] });
  });

  it('32 Meteorite Repo (4/4): four Repos make each set of 3 worth 5', () => {
    checkSetCard(32, [29, 30, 31], { meteorites: [8, 10] });
  });

  it('33 Commerce Agreement (1/4): End Game; one Agreement is worth 1 (§6.3 D)', () => {
    checkSetCard(33, [], { civ: [0, 1] });
  });

  it('34 Commerce Agreement (2/4): two Agreements are worth 3 together', () => {
    checkSetCard(34, [33], { civ: [1, 3] });
  });

  it('35 Commerce Agreement (3/4): three Agreements are worth 6 together', () => {
    checkSetCard(35, [33, 34], { civ: [3, 6] });
  });

  it('36 Commerce Agreement (4/4): four Agreements are worth 10 together', () => {
    checkSetCard(36, [33, 34, 35], { civ: [6, 10] });
  });
});
