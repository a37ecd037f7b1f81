/**
 * The rank 1 civ cards (ids 1–9), driven through the real flow: picked at the end of the round
 * (R3, §3.9), an Immediate card resolved in a 'civ' turn that can be undone until confirmed (R1,
 * R2, R4), an End Game card held face down (§9) and scored at the end (§6.2, §6.3).
 */
import { describe, expect, it } from 'vitest';
import type { Choice, Track } from '../../game/core/types';
import { facingDepot } from '../../game/rules/depot';
import { scenario, tileId } from '../support/scenario';
import { why } from '../support/why';
import {
  clone,
  at,
  toCivStep,
  pick,
  choicesOf,
  resolveRefusal,
  playToEnd,
  civCardsSeenBy,
  expectFaceUp,
  expectFaceDown,
  expectNothingAtOnce,
  expectCivTurn,
  fillPlanetExcept,
  level,
  checkFlatEndGameCard,
  resolveRefusalMessage,
} from './support';

describe('rank 1 civ cards, 1–9 (civ-cards.json, §5.7)', () => {
  it('1 Temp Agency: two different trackers up one space each, with benefits (§5.7, R1)', () => {
    const g = toCivStep(1, [1, 6], {
      players: 2,
      setup: (s) => s.tracker('0', 'water', 2).tracker('0', 'tech', 2),
    });
    pick(g, 1);
    expectFaceUp(g, 1);
    expect(g.state.civPileSizes[1]).toBe(1);
    expect(g.state.private['0']?.civOffer).toBeNull();
    expectCivTurn(g, ['cardAdvance']);
    // The pick itself is final: the civ turn starts after it (§3.9, R4).
    expect(g.refusal('0', { type: 'undo' })).toEqual({ code: 'reason.nothingToUndo', rule: 'R4' });
    const adv = g.item('0', 'cardAdvance');
    expect(choicesOf(g, adv)).toEqual([
      { track: 'civ' },
      { track: 'water' },
      { track: 'biomass' },
      { track: 'rover' },
      { track: 'tech' },
    ]);
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
    g.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(g, 'water')).toBe(3);
    // Water 3's synergy boost joins the list; the card's second advance is still there (R1).
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'synergy']);
    expect(resolveRefusalMessage(g, adv, { track: 'water' })).toEqual({
      code: 'reason.alreadyMoved',
      values: { track: 'water' },
    });
    expect(choicesOf(g, adv).map((c) => c.track)).toEqual(['civ', 'biomass', 'rover', 'tech']);
    // Any order: the boost first, onto the rover track, whose milestone puts a rover down (§5.10.1).
    g.resolve('0', 'synergy', { track: 'rover' });
    expect(level(g, 'rover')).toBe(1);
    g.resolve('0', 'rover', { x: 11, y: 6 });
    g.resolve('0', 'cardAdvance', { track: 'tech' });
    expect(level(g, 'tech')).toBe(3);
    expect(g.pending('0')).toEqual([]);
    // Undo inside the civ turn takes back the last step only (R4).
    g.act('0', { type: 'undo' });
    expect(level(g, 'tech')).toBe(2);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ chosen: ['water'] });
    g.resolve('0', 'cardAdvance', { track: 'biomass' });
    expect(level(g, 'biomass')).toBe(2); // 1 → 2: a synergy boost
    g.resolve('0', 'synergy', { track: 'tech' });
    g.confirm('0');
    const b = g.board('0');
    expect([b.trackers.water.row, b.trackers.biomass.row, b.trackers.rover.row, b.trackers.tech.row]).toEqual(
      [3, 2, 1, 3],
    );
    expect(b.rovers[0]?.cell).toBe(at(11, 6));
    expect(g.state.step).toBe('turns');
    expect(g.state.round).toBe(2);
    expectFaceUp(g, 1);
  });

  it('2 Dept of Operations: one tracker up two spaces, claiming both squares (R7); one below the top moves one', () => {
    const g = toCivStep(1, [2, 7], { setup: (s) => s.tracker('0', 'water', 14) });
    pick(g, 2);
    expectFaceUp(g, 2);
    expectCivTurn(g, ['cardAdvance']);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ count: 1, stepsEach: 2 });
    expect(resolveRefusal(g, g.item('0', 'cardAdvance'), { track: 'energy' as Track })).toEqual({
      code: 'reason.chooseOneOf',
    });
    g.resolve('0', 'cardAdvance', { track: 'water' });
    expect(level(g, 'water')).toBe(15); // only one space was left
    expect(g.pending('0')).toEqual([]);
    g.act('0', { type: 'undo' });
    expect(level(g, 'water')).toBe(14);
    // Biomass 1 → 3: the boost of square 2 and the patch of square 3, one at a time (R7).
    g.resolve('0', 'cardAdvance', { track: 'biomass' });
    expect(level(g, 'biomass')).toBe(3);
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy', 'patch']);
    g.resolve('0', 'patch', { x: 10, y: 5 }).resolve('0', 'synergy', { track: 'civ' });
    expect(level(g, 'civ')).toBe(4);
    g.confirm('0');
    expect(g.board('0').trackers.biomass.row).toBe(3);
    expect(g.board('0').terrain[at(10, 5)]).toBe('biomass');
    expect(g.state.round).toBe(2);

    // A civ milestone reached while resolving the card is picked in the same civ step (§3.9).
    // The civ/energy domino gives civ twice: 2 → 3 (rank 1) → 4; the card then takes civ 4 → 6 (rank 2).
    const h = scenario({ players: 1 })
      .depot('0', { small: 'i-civ-energy' })
      .tracker('0', 'civ', 2)
      .civPile(1, 2, 7)
      .civPile(2, 8, 9)
      .start();
    h.take('0')
      .place('0', 0, 11, 5)
      .resolveAdvances('0')
      .resolve('0', 'energy', { track: 'civ' })
      .confirm('0');
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [2, 7] });
    pick(h, 2);
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(h.draft('0').civRanks).toEqual([2]);
    h.confirm('0');
    expect(h.state.step).toBe('civ');
    expect(h.state.round).toBe(1);
    expect(h.state.private['0']?.civOffer).toEqual({ rank: 2, cards: [8, 9] });
    pick(h, 9);
    expect(h.board('0').civCards.map((c) => c.id)).toEqual([2, 9]);
    expect(h.state.round).toBe(2);
  });

  it('3 Dept of Natural Resources: one biomass patch next to a piece, destroying a lifepod; storable with tech 2 (§5.9)', () => {
    const g = toCivStep(1, [3, 1], { setup: (s) => s.lifepods('0', [10, 5], [5, 9]) });
    pick(g, 3);
    expectFaceUp(g, 3);
    expectCivTurn(g, ['patch']);
    const patch = g.item('0', 'patch');
    expect(choicesOf(g, patch)).not.toContainEqual({ store: true });
    expect(choicesOf(g, patch)).toContainEqual({ x: 10, y: 5 });
    expect(resolveRefusal(g, patch, { x: 5, y: 5 })).toEqual({ code: 'reason.patchMustTouch', rule: '§5.9' });
    expect(resolveRefusal(g, patch, { x: 11, y: 5 })).toEqual({ code: 'reason.patchCovered' });
    g.resolve('0', 'patch', { x: 10, y: 5 });
    g.confirm('0');
    const b = g.board('0');
    expect(b.pieces.at(-1)).toMatchObject({ kind: 'patch', cells: [at(10, 5)] });
    expect(b.terrain[at(10, 5)]).toBe('biomass');
    expect(b.icon[at(10, 5)]).toBeNull();
    expect(b.lifepods).toEqual([at(5, 9)]); // covered, destroyed, not collected (§4.5)
    expect(b.collected.lifepods).toBe(0);

    // Universal Coalition tech 2: the patch may be kept for the end of the game instead.
    const h = toCivStep(1, [3, 1], { setup: (s) => s.tracker('0', 'tech', 5) });
    pick(h, 3);
    expect(choicesOf(h, h.item('0', 'patch'))).toContainEqual({ store: true });
    h.resolve('0', 'patch', { store: true }).confirm('0');
    expect(h.board('0').storedPatches).toBe(1);
    expect(h.board('0').pieces.filter((p) => p.kind === 'patch')).toHaveLength(0);
  });

  it('4 Dept of Engineering: 4 movement for rovers on the planet, 5 with Universal Coalition tech 3 (R6, R2)', () => {
    // Tech 7 switches tech 3 on; a rover waits at (9,5), two steps from the lifepod at (10,4).
    const g = toCivStep(1, [4, 6], { setup: (s) => s.tracker('0', 'tech', 7).rover('0', 0, [9, 5]) });
    pick(g, 4);
    expectFaceUp(g, 4);
    expectCivTurn(g, []);
    expect(g.draft('0').movement).toBe(5); // 4 + 1 (R6)
    expect(g.legal('0').filter((a) => a.type === 'moveRover')).toHaveLength(4);
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [9, 4],
        [10, 4],
      ],
    });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    expect(g.draft('0').movement).toBe(3);
    expect(
      g.refusalMessage('0', {
        type: 'moveRover',
        rover: 0,
        path: [
          [10, 5],
          [10, 6],
          [10, 7],
          [9, 7],
        ],
      }),
    ).toEqual({ code: 'reason.pathTooLong', rule: '§5.10.2', values: { need: 4, have: 3 } });
    g.act('0', { type: 'undo' });
    expect(g.draft('0').movement).toBe(5);
    expect(g.draft('0').board.lifepods).toContain(at(10, 4));
    g.act('0', {
      type: 'moveRover',
      rover: 0,
      path: [
        [9, 4],
        [10, 4],
        [10, 3],
      ],
    });
    g.confirm('0'); // two movement left unspent: lost (R2)
    expect(g.board('0').rovers[0]?.cell).toBe(at(10, 3));
    expect(g.board('0').collected.lifepods).toBe(1);
    expect(g.state.private['0']?.turn?.draft.movement).toBe(0);

    // Without tech 3 it is 4.
    const h = toCivStep(1, [4, 6], { setup: (s) => s.rover('0', 0, [9, 5]) });
    pick(h, 4);
    expect(h.draft('0').movement).toBe(4);

    // Without a rover on the planet the movement has no use: no civ turn, the round closes.
    const k = toCivStep(1, [4, 6]);
    const before = clone(k.board('0'));
    pick(k, 4);
    expectFaceUp(k, 4);
    expectNothingAtOnce(k, before);
  });

  it('5 Salvage Yard: a second tile of the depot faced this round, placed without advancing any tracker (§5.7)', () => {
    const under = tileId('i-water-rover');
    const g = toCivStep(1, [5, 6], {
      setup: (s) => {
        const stack = s.state.hidden.stacks[8] as number[]; // the i-domino stack of player 0's depot
        stack.splice(stack.indexOf(under), 1);
        stack.splice(stack.length - 1, 0, under); // just beneath the biomass/civ domino
      },
    });
    const depot = facingDepot(g.state, '0');
    expect(g.state.station.depots[depot]?.small.top).toBe(under); // revealed before the civ step (§3.9)
    expect(g.state.station.depots[depot]?.small.count).toBe(11);
    const before = clone(g.board('0'));
    pick(g, 5);
    expectFaceUp(g, 5);
    expectCivTurn(g, ['extraTile']);
    const extra = g.item('0', 'extraTile');
    const offered = choicesOf(g, extra);
    expect(new Set(offered.map((c) => c.stack))).toEqual(new Set(['small', 'large']));
    expect(offered).toContainEqual({ stack: 'small', orientation: 0, x: 10, y: 4 });
    expect(resolveRefusal(g, extra, { stack: 'small', orientation: 0, x: 3, y: 3 })).toEqual({
      code: 'reason.mustTouch',
      rule: '§4.4',
    });
    expect(resolveRefusal(g, extra, { orientation: 0, x: 10, y: 4 })).toEqual({
      code: 'reason.chooseStackWithTile',
    });
    // On the lifepod at (10,4): the tile destroys it (§4.5) and its resources move nothing.
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 10, y: 4 });
    expect(g.pending('0')).toEqual([]);
    expect(g.draft('0').board.trackers).toEqual(before.trackers);
    expect(g.draft('0').board.lifepods).not.toContain(at(10, 4));
    expect(g.draft('0').board.collected.lifepods).toBe(0);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').extraTaken).toEqual([]);
    expect(g.draft('0').board.pieces).toHaveLength(before.pieces.length);
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 10, y: 4 });
    g.confirm('0');
    const b = g.board('0');
    expect(b.pieces.at(-1)).toMatchObject({ kind: 'tile', tileId: under, cells: [at(10, 4), at(10, 5)] });
    expect(b.trackers).toEqual(before.trackers);
    expect(g.state.station.depots[depot]?.small.count).toBe(10);
    expect(g.state.hidden.stacks[8]).not.toContain(under);
    expect(g.state.endTriggers).toEqual([]);
    expect(g.state.round).toBe(2);

    // No tile of the depot fits: nothing happens, and it is not the "stuck" trigger A.
    const h = toCivStep(1, [5, 6], {
      setup: (s) =>
        fillPlanetExcept(s, '0', [
          [11, 5],
          [11, 6],
        ]),
    });
    const full = clone(h.board('0'));
    pick(h, 5);
    expectFaceUp(h, 5);
    expectNothingAtOnce(h, full);
    expect(h.state.endTriggers).toEqual([]);

    // The depot's last tile: taking it empties the depot and fires trigger B (§5.7, §6.1 B).
    const k = toCivStep(1, [5, 6], {
      setup: (s) => {
        s.state.hidden.stacks[8] = [tileId('i-biomass-civ')];
        const large = s.state.station.depots[facingDepot(s.state, '0')]?.large.shape as number;
        s.state.hidden.stacks[large] = [tileId('N-rover-tech')];
      },
    });
    expect(k.state.endTriggers).toEqual([]);
    const trackers = clone(k.board('0').trackers);
    pick(k, 5);
    const last = choicesOf(k, k.item('0', 'extraTile'))[0] as Choice;
    expect(last.stack).toBe('large');
    k.resolve('0', 'extraTile', last);
    expect(k.pending('0')).toEqual([]); // no resources
    k.confirm('0');
    expect(k.board('0').trackers).toEqual(trackers);
    expect(k.state.endTriggers).toEqual(['depotEmpty']);
    expect(k.state.result?.endReasons).toEqual(['depotEmpty']);
  });

  it('6 Observance of First Planet Holiday: End Game, face down, 1 medal at the end (§6.3 D, §9)', () => {
    const g = toCivStep(1, [6, 1], { players: 2 });
    const before = clone(g.board('0'));
    pick(g, 6);
    expectFaceDown(g, 6);
    expectNothingAtOnce(g, before);
    expect(g.state.log.map((e) => why(e.message)).join('\n')).not.toMatch(/Holiday/); // the public log names the rank only
    expect(g.state.log.some((e) => /took a rank 1 End Game card/.test(why(e.message) ?? ''))).toBe(true);
    const result = playToEnd(g);
    expect(result.scores.find((s) => s.player === '0')?.breakdown.civ).toBe(1);
    expect(result.scores.find((s) => s.player === '1')?.breakdown.civ).toBe(0);
    // Once the game is over, every card is shown (§6.2).
    expect(civCardsSeenBy(g, '1')).toContainEqual({ id: 6, rank: 1, timing: 'endGame' });
  });

  it('7 Rising Planet Award: End Game, face down, 2 medals (§6.3 D)', () => {
    checkFlatEndGameCard(7, 2, [7, 1]);
  });

  it('8 First Planet Holiday: End Game, face down, 1 medal (§6.3 D)', () => {
    checkFlatEndGameCard(8, 1, [10, 8]);
  });

  it("9 People's Planet Choice Award: End Game, face down, 2 medals (§6.3 D)", () => {
    checkFlatEndGameCard(9, 2, [9, 12]);
  });
});
