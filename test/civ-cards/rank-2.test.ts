/**
 * The rank 2 civ cards (ids 10–18), driven through the real flow: picked at the end of the round
 * (R3, §3.9), resolved in a 'civ' turn that can be undone until confirmed (R1, R2, R4), or held face
 * down to the end (§6.2, §6.3).
 */
import { describe, expect, it } from 'vitest';
import type { PendingItem } from '../../game/core/types';
import { planetById } from '../../game/data';
import { planetGeometry } from '../../game/rules/board';
import { facingDepot } from '../../game/rules/depot';
import { tileId } from '../support/scenario';
import {
  clone,
  at,
  toCivStep,
  pick,
  choicesOf,
  resolveRefusal,
  autoStep,
  expectFaceUp,
  expectNothingAtOnce,
  breakdownOf,
  expectCivTurn,
  fillPlanetExcept,
  level,
  checkFlatEndGameCard,
  resolveRefusalMessage,
} from './support';

describe('rank 2 civ cards, 10–18 (civ-cards.json, §5.7)', () => {
  it('10 New Angel Investors: three different trackers up one space each; fewer if fewer can move (§5.7)', () => {
    const g = toCivStep(2, [10, 11], { setup: (s) => s.tracker('0', 'water', 6).tracker('0', 'tech', 4) });
    pick(g, 10);
    expectFaceUp(g, 10);
    expectCivTurn(g, ['cardAdvance']);
    expect(g.item('0', 'cardAdvance')).toMatchObject({ count: 3, distinct: true });
    g.resolve('0', 'cardAdvance', { track: 'water' }).resolve('0', 'cardAdvance', { track: 'tech' });
    expect(resolveRefusal(g, g.item('0', 'cardAdvance'), { track: 'tech' })).toEqual({
      code: 'reason.alreadyMoved',
    });
    g.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']); // water 6 → 7
    expect([level(g, 'water'), level(g, 'tech'), level(g, 'civ')]).toEqual([7, 5, 7]);
    g.resolve('0', 'synergy', { track: 'biomass' }); // biomass 1 → 2: another boost, joining the list (R1)
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']);
    g.resolve('0', 'synergy', { track: 'rover' }).resolve('0', 'rover', { x: 11, y: 6 }).confirm('0');
    expect(g.board('0').trackers.biomass.row).toBe(2);
    expect(g.board('0').trackers.rover.row).toBe(1);

    // Only the civ tracker can still move: it moves, and the rest of the card is lost at confirmation.
    const h = toCivStep(2, [10, 11], {
      setup: (s) =>
        s
          .tracker('0', 'water', 15)
          .tracker('0', 'biomass', 14)
          .tracker('0', 'rover', 15)
          .tracker('0', 'tech', 15),
    });
    pick(h, 10);
    expect(choicesOf(h, h.item('0', 'cardAdvance'))).toEqual([{ track: 'civ' }]);
    h.resolve('0', 'cardAdvance', { track: 'civ' });
    const rest = h.item('0', 'cardAdvance');
    expect(rest).toMatchObject({ chosen: ['civ'] });
    expect(choicesOf(h, rest)).toEqual([]);
    expect(resolveRefusal(h, rest, { track: 'water' })).toEqual({ code: 'reason.topCannotPick' });
    h.confirm('0');
    expect(h.board('0').trackers.civ.row).toBe(7);
    expect(h.state.round).toBe(2);
  });

  it('11 Wage Increase: two different trackers up one space each, with benefits; a tracker at the top is not offered (§5.3)', () => {
    const g = toCivStep(2, [11, 12], { setup: (s) => s.tracker('0', 'tech', 15) });
    pick(g, 11);
    expectFaceUp(g, 11);
    const adv = g.item('0', 'cardAdvance');
    expect(adv).toMatchObject({ count: 2, stepsEach: 1, distinct: true });
    expect(choicesOf(g, adv).map((c) => c.track)).toEqual(['civ', 'water', 'biomass', 'rover']);
    expect(resolveRefusalMessage(g, adv, { track: 'tech' })).toEqual({
      code: 'reason.topCannotPick',
      values: { track: 'tech' },
    });
    g.resolve('0', 'cardAdvance', { track: 'rover' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance', 'rover']); // rover milestone (§5.10.1)
    g.resolve('0', 'rover', { x: 11, y: 5 }).resolve('0', 'cardAdvance', { track: 'civ' });
    g.act('0', { type: 'restart' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance']);
    expect(level(g, 'rover')).toBe(0);
    g.resolve('0', 'cardAdvance', { track: 'civ' })
      .resolve('0', 'cardAdvance', { track: 'water' })
      .confirm('0');
    expect(g.board('0').trackers.civ.row).toBe(7);
    expect(g.board('0').trackers.water.row).toBe(1);
  });

  it('12 Dept of Parks and Rec: two biomass patches, each next to a piece, in any order (§5.9, R29)', () => {
    const g = toCivStep(2, [12, 13], { setup: (s) => s.meteorite('0', [10, 6]) });
    pick(g, 12);
    expectFaceUp(g, 12);
    expectCivTurn(g, ['patch', 'patch']);
    const [first, second] = g.pending('0') as [PendingItem, PendingItem];
    expect(resolveRefusal(g, first, { x: 10, y: 6 })).toEqual({
      code: 'reason.patchMeteorite',
      rule: '§5.9',
    });
    expect(choicesOf(g, first)).not.toContainEqual({ x: 10, y: 6 });
    expect(resolveRefusal(g, second, { x: 9, y: 5 })).toEqual({
      code: 'reason.patchMustTouch',
      rule: '§5.9',
    });
    g.act('0', { type: 'resolve', item: second.id, choice: { x: 10, y: 5 } });
    // The first patch now counts as a piece for the adjacency of the second (R29).
    g.act('0', { type: 'resolve', item: first.id, choice: { x: 9, y: 5 } });
    g.confirm('0');
    expect(
      g
        .board('0')
        .pieces.filter((p) => p.kind === 'patch')
        .map((p) => p.cells[0]),
    ).toEqual([at(10, 5), at(9, 5)]);
  });

  it('13 Approved Overtime: collect two lifepods anywhere, no rover needed (§5.10.4)', () => {
    const g = toCivStep(2, [13, 12]);
    expect(g.board('0').rovers.every((r) => r.cell === null)).toBe(true);
    pick(g, 13);
    expectFaceUp(g, 13);
    expectCivTurn(g, ['collect']);
    const collect = g.item('0', 'collect');
    expect(choicesOf(g, collect)).toEqual([
      { x: 7, y: 2 },
      { x: 1, y: 4 },
      { x: 10, y: 4 },
      { x: 2, y: 7 },
      { x: 8, y: 8 },
      { x: 5, y: 9 },
    ]); // no way to stop while a lifepod lies on the planet: applied if possible (§3.4)
    expect(resolveRefusalMessage(g, collect, { x: 5, y: 5 })).toEqual({
      code: 'reason.chooseSquareHolding',
      values: { item: 'lifepod' },
    });
    expect(resolveRefusal(g, collect, { done: true })).toEqual({
      code: 'reason.pieceStillOnPlanet',
      rule: '§3.4',
    });
    g.resolve('0', 'collect', { x: 5, y: 9 });
    expect(g.item('0', 'collect')).toMatchObject({ count: 1 });
    g.resolve('0', 'collect', { x: 2, y: 7 });
    expect(g.pending('0')).toEqual([]); // two collected: the card is spent
    g.act('0', { type: 'undo' });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    g.resolve('0', 'collect', { x: 7, y: 2 }).confirm('0');
    expect(g.board('0').collected.lifepods).toBe(2);
    expect(g.board('0').lifepods).toEqual([at(1, 4), at(10, 4), at(2, 7), at(8, 8)]);

    // Fewer if fewer remain: one lifepod left, collected; the card then finishes.
    const h = toCivStep(2, [13, 12], { setup: (s) => s.lifepods('0', [5, 9]) });
    pick(h, 13);
    h.resolve('0', 'collect', { x: 5, y: 9 });
    expect(choicesOf(h, h.item('0', 'collect'))).toEqual([]);
    h.confirm('0');
    expect(h.board('0').collected.lifepods).toBe(1);
  });

  it('14 Relocation Bonus: a rover on the planet jumps to any other square, onto another rover too (R9), and collects what lies there (§5.10.4)', () => {
    const g = toCivStep(2, [14, 13], {
      setup: (s) => s.rover('0', 0, [5, 5]).rover('0', 1, [3, 3]).meteorite('0', [8, 8]),
    });
    pick(g, 14);
    expectFaceUp(g, 14);
    expectCivTurn(g, ['teleport']);
    const tp = g.item('0', 'teleport');
    const offered = choicesOf(g, tp);
    const squares = planetGeometry(planetById('ksb-4156')).squares.length;
    expect(offered).toHaveLength(2 * (squares - 1)); // each rover, any square but its own
    expect(offered).toContainEqual({ rover: 0, x: 3, y: 3 }); // onto the other rover (R9)
    expect(offered).not.toContainEqual({ rover: 0, x: 5, y: 5 });
    expect(offered).toContainEqual({ rover: 0, x: 11, y: 6 }); // a covered square is fine
    expect(resolveRefusal(g, tp, { rover: 0, x: 5, y: 5 })).toEqual({ code: 'reason.roverAlreadyThere' });
    expect(resolveRefusal(g, tp, { rover: 0, x: 0, y: 0 })).toEqual({ code: 'reason.roverLandPlanet' });
    expect(resolveRefusal(g, tp, { rover: 7, x: 4, y: 4 })).toEqual({ code: 'reason.chooseRover' });
    g.resolve('0', 'teleport', { rover: 0, x: 8, y: 8 });
    const b = g.draft('0').board;
    expect(b.rovers[0]?.cell).toBe(at(8, 8));
    expect(b.collected).toEqual({ lifepods: 1, meteorites: 1 });
    expect(b.meteorites).toEqual([]);
    g.confirm('0');
    expect(g.board('0').rovers.map((r) => r.cell)).toEqual([at(8, 8), at(3, 3)]);
    expect(g.board('0').collected).toEqual({ lifepods: 1, meteorites: 1 });

    // No rover on the planet: nothing happens.
    const h = toCivStep(2, [14, 13]);
    const before = clone(h.board('0'));
    pick(h, 14);
    expectNothingAtOnce(h, before);
  });

  it('15 Top Planet Award: End Game, face down, 2 medals (§6.3 D)', () => {
    checkFlatEndGameCard(15, 2, [15, 16]);
  });

  it('16 Depot Repair Online: a second depot tile placed as a normal placement, its resources advancing (§5.7)', () => {
    const under = tileId('i-water-rover');
    const g = toCivStep(3, [16, 15], {
      place: { orientation: 0, x: 0, y: 5 },
      setup: (s) => {
        const stack = s.state.hidden.stacks[8] as number[];
        stack.splice(stack.indexOf(under), 1);
        stack.splice(stack.length - 1, 0, under);
      },
    });
    pick(g, 16);
    expectFaceUp(g, 16);
    expectCivTurn(g, ['extraTile']);
    // Water on the ice at (1,5), rover at (1,6): both advance, the rover's milestone follows.
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 1, y: 5 });
    expect(g.pending('0')).toMatchObject([
      { kind: 'advance', track: 'water', steps: 1, source: 'tile' },
      { kind: 'advance', track: 'rover', steps: 1, source: 'tile' },
    ]);
    g.resolve('0', 'advance', undefined, 'rover');
    // The rover lands on the tile just placed, the card's tile (§5.10.1).
    expect(choicesOf(g, g.item('0', 'rover'))).toEqual([
      { x: 1, y: 5 },
      { x: 1, y: 6 },
    ]);
    g.resolve('0', 'rover', { x: 1, y: 6 }).resolve('0', 'advance', undefined, 'water');
    g.act('0', { type: 'undo' });
    expect(level(g, 'water')).toBe(0);
    g.resolve('0', 'advance', undefined, 'water').confirm('0');
    expect(g.board('0').trackers.water.row).toBe(1);
    expect(g.board('0').trackers.rover.row).toBe(1);
    expect(g.board('0').rovers[0]?.cell).toBe(at(1, 6));
    expect(g.state.endTriggers).toEqual([]);

    // Taking the depot's last tile empties it: trigger B, the game ends after this round (§6.1 B).
    const h = toCivStep(3, [16, 15], {
      setup: (s) => {
        s.state.hidden.stacks[8] = [tileId('i-biomass-civ')];
        const large = s.state.station.depots[facingDepot(s.state, '0')]?.large.shape as number;
        s.state.hidden.stacks[large] = [tileId('N-rover-tech')];
      },
    });
    const depot = h.state.station.depots[facingDepot(h.state, '0')];
    expect([depot?.small.count, depot?.large.count]).toEqual([0, 1]);
    expect(h.state.endTriggers).toEqual([]);
    pick(h, 16);
    const offered = choicesOf(h, h.item('0', 'extraTile'));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((c) => c.stack === 'large')).toBe(true);
    autoStep(h, '0');
    expect(h.board('0').pieces.at(-1)).toMatchObject({ kind: 'tile', tileId: tileId('N-rover-tech') });
    expect(h.state.endTriggers).toEqual(['depotEmpty']);
    expect(h.state.step).toBe('over');
    expect(h.state.result?.endReasons).toEqual(['depotEmpty']);

    // No tile of the depot fits: nothing happens.
    const k = toCivStep(3, [16, 15], {
      setup: (s) =>
        fillPlanetExcept(s, '0', [
          [11, 5],
          [11, 6],
        ]),
    });
    const full = clone(k.board('0'));
    pick(k, 16);
    expectNothingAtOnce(k, full);
    expect(k.state.endTriggers).toEqual([]);
  });

  it('17 Landing Zone Approved: only lines holding a meteorite are offered; they are destroyed, not collected', () => {
    const g = toCivStep(3, [17, 15], { setup: (s) => s.meteorite('0', [3, 3], [3, 8], [7, 3]) });
    pick(g, 17);
    expectFaceUp(g, 17);
    expectCivTurn(g, ['destroyLine']);
    const line = g.item('0', 'destroyLine');
    expect(choicesOf(g, line)).toEqual([
      { line: 'row', index: 3 },
      { line: 'row', index: 8 },
      { line: 'column', index: 3 },
      { line: 'column', index: 7 },
    ]);
    expect(resolveRefusalMessage(g, line, { line: 'row', index: 5 })).toEqual({
      code: 'reason.lineNoMeteorite',
      values: { line: 'row' },
    });
    expect(resolveRefusal(g, line, {})).toEqual({ code: 'reason.chooseLine' });
    g.resolve('0', 'destroyLine', { line: 'column', index: 3 });
    expect(g.draft('0').board.meteorites).toEqual([at(7, 3)]);
    g.act('0', { type: 'undo' });
    g.resolve('0', 'destroyLine', { line: 'row', index: 3 }).confirm('0');
    expect(g.board('0').meteorites).toEqual([at(3, 8)]);
    expect(g.board('0').collected.meteorites).toBe(0);

    // With no meteorite on the planet there is nothing to choose: no civ turn.
    const h = toCivStep(3, [17, 15]);
    const before = clone(h.board('0'));
    pick(h, 17);
    expectNothingAtOnce(h, before);
  });

  it('18 Search and Rescue Team: collect three lifepods anywhere, no rover needed (§5.10.4)', () => {
    const g = toCivStep(3, [18, 15]);
    pick(g, 18);
    expectFaceUp(g, 18);
    expectCivTurn(g, ['collect']);
    expect(g.item('0', 'collect')).toMatchObject({ item: 'lifepod', count: 3 });
    g.resolve('0', 'collect', { x: 1, y: 4 }).resolve('0', 'collect', { x: 10, y: 4 });
    expect(g.refusalMessage('0', { type: 'confirm' })).toEqual({
      code: 'reason.resolvePendingFirst',
      rule: '§3.7',
      values: { items: [{ code: 'pending.collect', values: { count: 1, item: 'lifepod' } }] },
    });
    g.resolve('0', 'collect', { x: 8, y: 8 });
    expect(g.pending('0')).toEqual([]);
    g.confirm('0');
    expect(g.board('0').collected.lifepods).toBe(3);
    expect(g.board('0').lifepods).toEqual([at(7, 2), at(2, 7), at(5, 9)]);
    expect(g.board('0').rovers.every((r) => r.cell === null)).toBe(true);
    expect(breakdownOf(g.state)?.lifepods).toBe(3);

    // Applied if possible (§3.4): no stopping while a lifepod lies on the planet.
    const h = toCivStep(3, [18, 15]);
    pick(h, 18);
    h.resolve('0', 'collect', { x: 1, y: 4 });
    expect(resolveRefusal(h, h.item('0', 'collect'), { done: true })).toEqual({
      code: 'reason.pieceStillOnPlanet',
      rule: '§3.4',
    });
    expect(choicesOf(h, h.item('0', 'collect'))).not.toContainEqual({ done: true });
  });
});
