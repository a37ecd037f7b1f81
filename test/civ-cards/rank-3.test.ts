/**
 * The rank 3 civ cards (ids 19–27), driven through the real flow: picked at the end of the round
 * (R3, §3.9), resolved in a 'civ' turn that can be undone until confirmed (R1, R2, R4), or held face
 * down to the end (§6.2, §6.3).
 */
import { describe, expect, it } from 'vitest';
import { awaiting } from '../../game/engine';
import { scenario } from '../support/scenario';
import {
  clone,
  at,
  toCivStep,
  pick,
  choicesOf,
  resolveRefusal,
  playToEnd,
  expectFaceUp,
  expectFaceDown,
  expectNothingAtOnce,
  breakdownOf,
  expectCivTurn,
  level,
  checkFlatEndGameCard,
  resolveRefusalMessage,
} from './support';

describe('rank 3 civ cards, 19–27 (civ-cards.json, §5.7)', () => {
  it('19 Partnership Opportunity: three different trackers up one space each, with benefits, in any order (R1)', () => {
    const g = toCivStep(3, [19, 20], { setup: (s) => s.tracker('0', 'tech', 6) });
    pick(g, 19);
    expectFaceUp(g, 19);
    const adv = g.item('0', 'cardAdvance');
    expect(adv).toMatchObject({ count: 3, distinct: true });
    g.resolve('0', 'cardAdvance', { track: 'civ' }); // 10 → 11: a boost
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'synergy']);
    g.resolve('0', 'synergy', { track: 'civ' }); // the boost may take civ again: 11 → 12
    expect(level(g, 'civ')).toBe(12);
    expect(resolveRefusal(g, adv, { track: 'civ' })).toEqual({ code: 'reason.alreadyMoved' });
    g.resolve('0', 'cardAdvance', { track: 'tech' }).resolve('0', 'cardAdvance', { track: 'water' });
    expect(g.pending('0')).toEqual([]);
    g.confirm('0');
    const t = g.board('0').trackers;
    expect([t.civ.row, t.tech.row, t.water.row]).toEqual([12, 7, 1]);
  });

  it('20 Best in Planet Award: End Game, face down, 3 medals (§6.3 D)', () => {
    checkFlatEndGameCard(20, 3, [35, 20]);
  });

  it('21 Unionization: every tracker below 5 moves up to 5 with milestones and movement, no synergy boosts', () => {
    const g = toCivStep(3, [21, 15], { setup: (s) => s.tracker('0', 'water', 7).tracker('0', 'tech', 4) });
    // Before: civ 10, water 7, biomass 1 (the round's domino), rover 0, tech 4.
    pick(g, 21);
    expectFaceUp(g, 21);
    const t = g.draft('0').board.trackers;
    expect([t.civ.row, t.water.row, t.biomass.row, t.rover.row, t.tech.row]).toEqual([10, 7, 5, 5, 5]);
    // Biomass 3: a patch; rover 1: a rover; rover 2–5: 1+1+2+2 movement; biomass 2's boost skipped.
    expectCivTurn(g, ['patch', 'rover']);
    expect(g.draft('0').movement).toBe(6);
    g.resolve('0', 'rover', { x: 11, y: 5 });
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [10, 5],
        [10, 4],
      ],
    });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').movement).toBe(6);
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [10, 5],
        [10, 4],
      ],
    });
    g.resolve('0', 'patch', { x: 10, y: 6 }).confirm('0');
    const b = g.board('0');
    expect([b.trackers.biomass.row, b.trackers.rover.row, b.trackers.tech.row]).toEqual([5, 5, 5]);
    expect(b.rovers[0]?.cell).toBe(at(10, 4));
    expect(b.collected.lifepods).toBe(1);
    expect(g.state.round).toBe(2);
  });

  it('22 Sustainable Living Act: End Game, 1 medal per biomass patch on the planet, biomass tiles not counted', () => {
    const g = toCivStep(4, [22, 27], {
      players: 2,
      setup: (s) => {
        s.patch('0', [10, 5], [10, 6], [3, 3]);
        s.board('0').storedPatches = 1; // kept with tech 2 earlier, placed in the end-game phase (§6.2)
      },
    });
    const before = clone(g.board('0'));
    pick(g, 22);
    expectFaceDown(g, 22);
    expectNothingAtOnce(g, before);
    // Three patches; the domino's biomass square is a tile and does not count.
    expect(g.board('0').terrain[at(11, 5)]).toBe('biomass');
    expect(breakdownOf(g.state)?.civ).toBe(3);
    // The stored patch is placed in the end-game phase before scoring (§6.2), and then counts too.
    const result = playToEnd(g);
    const patches = g.board('0').pieces.filter((p) => p.kind === 'patch').length;
    expect(patches).toBeGreaterThanOrEqual(4);
    expect(g.board('0').storedPatches).toBe(0);
    expect(result.scores.find((s) => s.player === '0')?.breakdown.civ).toBe(patches);
  });

  it('23 Gaming Commission: End Game; at the end 2 medals and one tracker up one space with benefits (§6.2)', () => {
    const g = toCivStep(4, [23, 24], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 23);
    expectFaceDown(g, 23);
    expectNothingAtOnce(g, before);
    expect(breakdownOf(g.state)?.civ).toBe(2);

    // Picked in the final round: the civ step ends, and the end-game phase opens a turn for the
    // card's advance, commander first (§6.2 step 3).
    const h = toCivStep(4, [23, 24], {
      players: 2,
      setup: (s) => s.tracker('0', 'water', 2),
      beforeConfirm: (x) => x.state.endTriggers.push('stuck'),
    });
    pick(h, 23);
    expect(h.state.step).toBe('endgame');
    expect(awaiting(h.state)).toEqual({ '0': 'endgame' });
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    expect(choicesOf(h, h.item('0', 'cardAdvance'))).toHaveLength(5);
    h.resolve('0', 'cardAdvance', { track: 'tech' });
    h.act('0', { type: 'undo' });
    h.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(h, 'water')).toBe(3);
    // Square 3's boost is claimed and resolved now, before scoring (§6.2).
    expect(h.pending('0').map((p) => p.kind)).toEqual(['synergy']);
    expect(h.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
    h.resolve('0', 'synergy', { track: 'water' }).confirm('0');
    expect(h.state.step).toBe('over');
    expect(h.board('0').trackers.water.row).toBe(4);
    const score = h.state.result?.scores.find((x) => x.player === '0')?.breakdown;
    expect(score?.civ).toBe(2);
    expect(score?.tracks).toBe(3 + 2); // civ 14: the medal of square 9 (3); water 4: its own medal (2)
  });

  it('24 Planet Lottery: End Game; at the end 3 medals and one advance, whose civ milestone is picked at once (§6.2)', () => {
    const g = toCivStep(4, [24, 27], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 24);
    expectFaceDown(g, 24);
    expectNothingAtOnce(g, before);
    expect(breakdownOf(g.state)?.civ).toBe(3);

    // At the end, Gaming Commission's advance takes civ 13 → 14: the rank 4 milestone is picked at
    // once, and Planet Lottery taken then is resolved at once too (§6.2 step 3).
    const s = scenario({ players: 1 })
      .depot('0', { small: 'i-water-rover' })
      .tracker('0', 'civ', 13)
      .civPile(4, 24, 27);
    s.civCards('0', 23);
    const h = s.start();
    h.state.endTriggers.push('stuck');
    h.take('0').place('0', 0, 0, 5).resolveAdvances('0').resolve('0', 'rover', { x: 0, y: 6 }).confirm('0');
    expect(h.state.step).toBe('endgame');
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(h.draft('0').civRanks).toEqual([4]);
    h.confirm('0');
    expect(h.state.step).toBe('endgame');
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 4, cards: [24, 27] });
    pick(h, 24);
    expectCivTurn(h, ['cardAdvance'], 'endgame');
    h.resolve('0', 'cardAdvance', { track: 'civ' }).confirm('0'); // civ 14 → 15
    expect(h.state.step).toBe('over');
    expect(h.board('0').trackers.civ.row).toBe(15);
    const score = h.state.result?.scores[0]?.breakdown;
    expect(score?.civ).toBe(2 + 3);
    expect(score?.tracks).toBe(5); // civ at the top: 5; water 1 and rover 1 are below their first medals
  });

  it('25 Meteor Defense Program: destroy three meteorites (fewer if fewer remain), not collected (§3.4)', () => {
    const g = toCivStep(4, [25, 27], { setup: (s) => s.meteorite('0', [3, 3], [4, 4], [7, 3], [8, 8]) });
    pick(g, 25);
    expectFaceUp(g, 25);
    expectCivTurn(g, ['destroyMeteorites']);
    const item = g.item('0', 'destroyMeteorites');
    expect(choicesOf(g, item)).toEqual([
      { x: 3, y: 3 },
      { x: 4, y: 4 },
      { x: 7, y: 3 },
      { x: 8, y: 8 },
    ]);
    expect(resolveRefusalMessage(g, item, { x: 5, y: 5 })).toEqual({
      code: 'reason.chooseSquareHolding',
      values: { item: 'meteorite' },
    });
    expect(resolveRefusalMessage(g, item, { done: true })).toEqual({
      code: 'reason.pieceStillOnPlanet',
      rule: '§3.4',
      values: { item: 'meteorite' },
    });
    g.resolve('0', 'destroyMeteorites', { x: 3, y: 3 }).resolve('0', 'destroyMeteorites', { x: 8, y: 8 });
    g.act('0', { type: 'undo' });
    expect(g.item('0', 'destroyMeteorites')).toMatchObject({ count: 2 });
    g.resolve('0', 'destroyMeteorites', { x: 4, y: 4 }).resolve('0', 'destroyMeteorites', { x: 7, y: 3 });
    expect(g.pending('0')).toEqual([]); // three destroyed: the card is spent
    g.confirm('0');
    expect(g.board('0').meteorites).toEqual([at(8, 8)]);
    expect(g.board('0').collected.meteorites).toBe(0);
  });

  it('26 Global Parks System: three biomass patches (§5.9)', () => {
    const g = toCivStep(4, [26, 27]);
    pick(g, 26);
    expectFaceUp(g, 26);
    expectCivTurn(g, ['patch', 'patch', 'patch']);
    g.resolve('0', 'patch', { x: 10, y: 5 })
      .resolve('0', 'patch', { x: 9, y: 5 })
      .resolve('0', 'patch', { x: 8, y: 5 });
    g.confirm('0');
    const patches = g.board('0').pieces.filter((p) => p.kind === 'patch');
    expect(patches.map((p) => p.cells[0])).toEqual([at(10, 5), at(9, 5), at(8, 5)]);
    // Row 5 is not complete, nothing scores yet; the patches cover squares like tiles (R29).
    expect(g.board('0').pieceAt[at(9, 5)]).not.toBe(-1);
  });

  it('27 Best Planet to Live on Award: End Game, face down, 4 medals (§6.3 D)', () => {
    checkFlatEndGameCard(27, 4, [27, 28]);
  });
});
