/**
 * The red event cards (105–124, events.json), one test each, revealed through the real round start
 * (§3.2–3.4); round rules are read from the card for the round, its civ step included.
 */
import { describe, expect, it } from 'vitest';
import { TRACKS, type Choice } from '../../game/core/types';
import { TILES } from '../../game/data';
import { roundRulesOf, rulesInForce } from '../../game/content/events';
import { techEffects } from '../../game/rules/tracker-moves';
import { facingDepot } from '../../game/rules/depot';
import { playerView } from '../../game/view';
import { tileId, type Game } from '../support/scenario';
import {
  NEXT,
  at,
  xy,
  clone,
  withEvents,
  reveal,
  kinds,
  offered,
  tracksOffered,
  resolveRefusal,
  tech,
  fillPlanetExcept,
  checkRestriction,
  TECH,
  resolveRefusalMessage,
} from './support';

describe('red events (105–124, §7.3)', () => {
  it('105 Breakdown x2: one tracker down two; only trackers able to drop two are offered, else the largest drop possible, else nothing (§5.4 Open)', () => {
    const g = reveal(
      withEvents()
        .tracker('0', 'civ', 1)
        .tracker('0', 'water', 3)
        .tracker('0', 'biomass', 2)
        .tracker('0', 'tech', 5),
      105,
    );
    expect(g.pending('0')).toMatchObject([{ kind: 'regress', tracks: [...TRACKS], steps: 2 }]);
    expect(tracksOffered(g, 'regress')).toEqual(['water', 'biomass', 'tech']);
    expect(resolveRefusalMessage(g, 'regress', { track: 'civ' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
      values: { track: 'civ', steps: 2 },
    });
    g.resolve('0', 'regress', { track: 'tech' });
    expect(g.level('0', 'tech')).toBe(3);
    expect(tech(g, TECH.storeBiomass)).toBe(false); // R8: tech 2 off, tech 1 still on
    expect(tech(g, TECH.ignoreAdjacency)).toBe(true);

    // Nobody can drop two: the drop shrinks to one, for those that can drop one.
    const h = reveal(withEvents().tracker('0', 'civ', 1).tracker('0', 'rover', 1), 105);
    expect(tracksOffered(h, 'regress')).toEqual(['civ', 'rover']);
    h.resolve('0', 'regress', { track: 'rover' });
    expect(h.level('0', 'rover')).toBe(0);
    expect(h.level('0', 'civ')).toBe(1);

    expect(reveal(withEvents(), 105).pending('0')).toEqual([]);
  });

  it('106 Breakdown x3: one tracker down three; when none can drop three, the largest drop possible (§5.4 Open)', () => {
    const g = reveal(withEvents().tracker('0', 'tech', 3).tracker('0', 'civ', 2), 106);
    expect(tracksOffered(g, 'regress')).toEqual(['tech']);
    g.resolve('0', 'regress', { track: 'tech' });
    expect(g.level('0', 'tech')).toBe(0);
    expect(tech(g, TECH.ignoreAdjacency)).toBe(false);

    const h = reveal(
      withEvents().tracker('0', 'civ', 2).tracker('0', 'water', 2).tracker('0', 'rover', 1),
      106,
    );
    expect(tracksOffered(h, 'regress')).toEqual(['civ', 'water']); // both drop two, the rover cannot
    expect(resolveRefusalMessage(h, 'regress', { track: 'rover' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
      values: { track: 'rover', steps: 2 },
    });
    h.resolve('0', 'regress', { track: 'water' });
    expect(h.level('0', 'water')).toBe(0);
  });

  it('107 Meteor Strike on Planet: same as 95; with Universal Coalition tech 5 the strike is optional (§5.11, §7.3.2)', () => {
    const s = withEvents()
      .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 6])
      .tracker('0', 'tech', 14);
    s.board('0').meteorites = [];
    const g = reveal(s, 107);
    expect(g.pending('0')).toMatchObject([{ kind: 'eventMeteorite', optional: true }]);
    expect(offered(g, 'eventMeteorite')).toEqual([{ x: 11, y: 6 }, { done: true }]);
    g.resolve('0', 'eventMeteorite', { done: true });
    expect(g.draft('0').board.meteorites).toEqual([]);
    expect(g.draft('0').board.rovers[0]?.cell).toBe(at(11, 6));

    // Without tech 5 it must land, and the rover there is destroyed.
    const t = withEvents()
      .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 6]);
    t.board('0').meteorites = [];
    const h = reveal(t, 107);
    expect(offered(h, 'eventMeteorite')).toEqual([{ x: 11, y: 6 }]);
    h.resolve('0', 'eventMeteorite', { x: 11, y: 6 });
    expect(h.draft('0').board.rovers[0]?.destroyed).toBe(true);
  });

  it('108 Half-Empty Dome: only one resource, also for a tile taken without placement (§4.10, §7.3)', () => {
    const g = reveal(fillPlanetExcept(withEvents().depot('0', { small: 'i-water-rover' }), []), 108);
    g.take('0');
    expect(g.draft('0').unplaceable).toBe(true);
    expect(g.pending('0')).toMatchObject([
      { kind: 'advance', track: 'water', source: 'unplacedTile' },
      { kind: 'advance', track: 'rover', source: 'unplacedTile' },
    ]);
    expect(new Set(g.pending('0').map((i) => i.group)).size).toBe(1);
    g.resolve('0', 'advance', undefined, 'water');
    expect(g.pending('0')).toEqual([]);
    expect(g.level('0', 'water')).toBe(1);
    expect(g.level('0', 'rover')).toBe(0);
    g.confirm('0');
    expect(g.state.endTriggers).toContain('stuck');
    expect(g.state.setAsideTiles).toEqual([tileId('i-water-rover')]);
  });

  it('109 No Milestones: civ, biomass and rover milestones give nothing this round — the card is lost for good; movement still counts and the tech follows the tracker (§7.3.3 Open)', () => {
    const g = reveal(
      withEvents().tracker('0', 'civ', 5).tracker('0', 'biomass', 2).depot('0', { small: 'i-biomass-civ' }),
      109,
    );
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(g.level('0', 'civ')).toBe(6);
    expect(g.level('0', 'biomass')).toBe(3);
    expect(g.draft('0').civRanks).toEqual([]);
    expect(g.pending('0')).toEqual([]); // no patch
    g.confirm('0');
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.state.round).toBe(2); // no civ step

    const h = reveal(
      withEvents().tracker('0', 'rover', 5).tracker('0', 'tech', 2).depot('0', { small: 'i-rover-tech' }),
      109,
    );
    h.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(h.level('0', 'rover')).toBe(6);
    expect(h.draft('0').movement).toBe(2); // the 2 on rover 6 still pays
    expect(h.pending('0')).toEqual([]); // but no rover placement
    expect(h.level('0', 'tech')).toBe(3);
    expect(tech(h, TECH.ignoreAdjacency)).toBe(true);
  });

  it('110 Project Cancelled (solo): discard one of your private objectives; the choice can be undone until confirming (§3.8, R4)', () => {
    const g = reveal(withEvents(1, true).depot('0', { small: 'i-biomass-civ' }), 110);
    const mine = [...(g.state.private['0']?.objectives ?? [])];
    expect(mine).toHaveLength(3);
    expect(offered(g, 'discardObjective')).toEqual(mine.map((card) => ({ card })));
    const notMine = g.state.hidden.objectiveDeck.at(-1) as number;
    expect(resolveRefusal(g, 'discardObjective', { card: notMine })).toEqual({
      code: 'reason.chooseObjective',
    });
    g.resolve('0', 'discardObjective', { card: mine[0] as number });
    g.act('0', { type: 'undo' });
    expect(kinds(g)).toEqual(['discardObjective']);
    g.resolve('0', 'discardObjective', { card: mine[1] as number });
    expect(g.state.private['0']?.objectives).toEqual(mine); // kept until the turn is confirmed
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.private['0']?.objectives).toEqual([mine[0], mine[2]]);
  });

  it('111 Rover Lost: one of your rovers on the planet is destroyed, only when more than one is there (§5.10.4)', () => {
    const s = withEvents()
      .tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 5])
      .rover('0', 1, [11, 6]);
    const g = reveal(s, 111);
    expect(kinds(g)).toEqual(['destroyPiece']);
    expect(offered(g, 'destroyPiece')).toEqual([{ rover: 0 }, { rover: 1 }]);
    g.resolve('0', 'destroyPiece', { rover: 1 });
    expect(g.draft('0').board.rovers).toEqual([
      { id: 0, cell: at(11, 5), destroyed: false },
      { id: 1, cell: null, destroyed: true },
    ]);

    const h = reveal(
      withEvents().tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }).rover('0', 0, [11, 5]),
      111,
    );
    expect(h.pending('0')).toEqual([]); // one rover on the planet, one in the bay: nothing happens
  });

  it('112 Thinned Civ Piles: at reveal one card of each rank pile is set aside; sizes are public, contents hidden (§3.4, §9)', () => {
    const s = withEvents(3); // the commander turns the station (§3.3)
    const before = clone(s.state.hidden);
    const g = reveal(s, 112);
    for (const rank of [1, 2, 3, 4]) {
      const pile = g.state.hidden.civPiles[rank] as number[];
      const was = before.civPiles[rank] as number[];
      expect(pile).toEqual(was.slice(0, -1)); // players + 1 = 4 → 3
      expect(g.state.hidden.civSetAside[rank]).toEqual([
        was.at(-1),
        ...(before.civSetAside[rank] as number[]),
      ]);
      expect(g.state.civPileSizes[rank]).toBe(3);
    }
    for (const viewer of ['0', '2', null]) {
      const view = playerView(g.state, viewer);
      expect(view.civPileSizes).toEqual({ 1: 3, 2: 3, 3: 3, 4: 3 });
      expect(view.hidden.civPiles).toEqual({});
    }
    for (const p of g.state.playerIDs) expect(g.pending(p)).toEqual([]);
  });

  it('113 Lost Signal: destroy one lifepod on your planet; it is not collected; nothing without lifepods (§4.5)', () => {
    const g = reveal(withEvents(), 113);
    const pods = g.board('0').lifepods;
    expect(offered(g, 'destroyPiece')).toEqual(pods.map(xy));
    g.resolve('0', 'destroyPiece', { x: 7, y: 2 });
    const b = g.draft('0').board;
    expect(b.lifepods).toEqual(pods.filter((c) => c !== at(7, 2)));
    expect(b.collected.lifepods).toBe(0);
    expect(reveal(withEvents().lifepods('0'), 113).pending('0')).toEqual([]);
  });

  it('114 Wasted Rescue: one collected lifepod is destroyed — from the corporation board only, never from the planet (§7.3.2, RULINGS faults)', () => {
    const s = withEvents().depot('0', { small: 'i-biomass-civ' });
    s.board('0').collected.lifepods = 2;
    const g = reveal(s, 114);
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    expect(g.draft('0').board.lifepods).toEqual(g.board('0').lifepods);
    expect(g.pending('0')).toEqual([]);
    g.take('0').act('0', { type: 'restart' }); // part of the turn's start: not applied twice
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.board('0').collected.lifepods).toBe(1);

    const h = reveal(withEvents(), 114);
    expect(h.draft('0').board.collected.lifepods).toBe(0);
    expect(h.draft('0').board.lifepods).toHaveLength(6); // none collected: the planet's stay
  });

  it('115 Sample Combusts: one collected meteorite is destroyed — never one on the planet (§7.3.2, RULINGS faults)', () => {
    const s = withEvents().tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 });
    s.board('0').collected.meteorites = 2;
    const g = reveal(s, 115);
    expect(g.draft('0').board.collected.meteorites).toBe(1);
    expect(g.draft('0').board.meteorites).toEqual([at(11, 6)]);

    const h = reveal(withEvents().tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 }), 115);
    expect(h.draft('0').board.collected.meteorites).toBe(0);
    expect(h.draft('0').board.meteorites).toEqual([at(11, 6)]);
  });

  it('116 Defective Batch (solo): one stack of the facing depot leaves the station, chosen before taking; ignored when the other stack is empty (R10, §7.3.3)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 116);
    const depot = facingDepot(g.state, '0');
    const shape = g.state.station.depots[depot]?.large.shape as number;
    const removed = [...(g.state.hidden.stacks[shape] as number[])];
    expect(removed).toHaveLength(12);
    expect(kinds(g)).toEqual(['removeStack']);
    expect(offered(g, 'removeStack')).toEqual([{ stack: 'small' }, { stack: 'large' }]);
    expect(g.legal('0').filter((a) => a.type === 'takeTile')).toEqual([]);
    expect(g.refusal('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.resolveEventFirst',
      rule: '§3.4',
    });
    g.resolve('0', 'removeStack', { stack: 'large' });
    expect(g.legal('0').filter((a) => a.type === 'takeTile')).toEqual([{ type: 'takeTile', stack: 'small' }]);
    expect(g.state.station.depots[depot]?.large.count).toBe(12); // public only once the round ends
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.hidden.stacks[shape]).toEqual([]);
    expect(g.state.station.depots[depot]?.large).toEqual({ shape, count: 0, top: null });
    expect(g.state.setAsideTiles).toEqual(removed);
    const onStation = g.state.hidden.stacks.reduce((n, stack) => n + stack.length, 0);
    const placed = g.board('0').pieces.filter((p) => p.kind === 'tile').length;
    expect(onStation + placed + g.state.setAsideTiles.length).toBe(TILES.length);
    expect(g.state.endTriggers).not.toContain('depotEmpty'); // the small stack is still there

    for (const empty of ['large', 'small'] as const) {
      const full = empty === 'large' ? { small: 'i-biomass-civ' } : { large: 'N-civ-energy' };
      const h = reveal(withEvents().depot('0', full).emptyStack('0', empty), 116);
      expect(h.pending('0')).toEqual([]);
    }
  });

  it('117 Bad Feeling: a synergy boost or a peek at the next event, shown to the peeker after confirming and to nobody else (§3.8, §9)', () => {
    const s = withEvents(2).depot('0', { small: 'i-biomass-civ' });
    const g = reveal(s, 117, [NEXT, 120]);
    for (const p of ['0', '1']) {
      expect(kinds(g, p)).toEqual(['boostOrPeek']);
      expect(offered(g, 'boostOrPeek', p)).toEqual([{ option: 'boost' }, { option: 'peek' }]);
    }
    g.resolve('0', 'boostOrPeek', { option: 'peek' });
    expect(g.pending('0')).toEqual([]);
    expect(g.state.private['0']?.peekedEvent).toBeNull(); // not inside the turn (R4)
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.private['0']?.peekedEvent).toBe(120);
    expect(playerView(g.state, '0').private['0']?.peekedEvent).toBe(120);
    for (const viewer of ['1', null]) {
      const view = playerView(g.state, viewer);
      expect(view.private['0']?.peekedEvent).toBeNull();
      expect(view.hidden.eventDeck).toEqual([]);
    }
    g.resolve('1', 'boostOrPeek', { option: 'boost' });
    expect(kinds(g, '1')).toEqual(['synergy']);
    expect(g.state.private['1']?.peekedEvent).toBeNull();
  });

  it('118 Time’s Up: same choice as 117; switching from the boost to the peek by undo; the peeked card is the next one revealed (R4, §3.8)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 118);
    g.resolve('0', 'boostOrPeek', { option: 'boost' });
    expect(kinds(g)).toEqual(['synergy']);
    g.act('0', { type: 'undo' });
    expect(kinds(g)).toEqual(['boostOrPeek']);
    g.resolve('0', 'boostOrPeek', { option: 'peek' });
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    // The peeked card is the one revealed next; once public, the peek is cleared (§9).
    expect(g.state.event).toEqual({ id: NEXT, round: 2 });
    expect(g.state.private['0']?.peekedEvent).toBeNull();
    expect(g.state.log.some((e) => e.message.code === 'log.peeked')).toBe(true);
  });

  it('119 No Matching Neighbours: no tile square next to the same terrain; waived when it alone blocks both tiles; patches unbound (R10, §4.8)', () => {
    checkRestriction({
      id: 119,
      rule: 'tileMayNotTouchMatchingTerrain',
      blocked: { orientation: 0, x: 2, y: 3 }, // tech (2,3) against the tech at (1,3)
      refusal: { code: 'reason.eventNoMatching', rule: '§4.8' },
      patch: [3, 3], // biomass beside the tile's biomass
      hole: [
        [5, 5],
        [5, 6],
      ], // ringed by biomass patches: the domino's biomass always touches one
    });
  });

  it('120 Deep Ice: no tile on ice; waived when only ice is left for the tiles; patches may cover ice (R10, §4.8)', () => {
    checkRestriction({
      id: 120,
      rule: 'tileMayNotCoverIce',
      blocked: { orientation: 0, x: 1, y: 5 },
      refusal: { code: 'reason.eventNoIce', rule: '§4.8' },
      patch: [1, 5],
      hole: [
        [0, 5],
        [0, 6],
      ],
    });
  });

  it('121 Life Under the Ice: same rule as 120, and a water tile forced onto ice by the waiver still advances water (R10, §4.7)', () => {
    checkRestriction({
      id: 121,
      rule: 'tileMayNotCoverIce',
      blocked: { orientation: 0, x: 1, y: 5 },
      refusal: { code: 'reason.eventNoIce', rule: '§4.8' },
      patch: [1, 5],
      hole: [
        [0, 5],
        [0, 6],
      ],
    });
    const g = reveal(
      fillPlanetExcept(withEvents().depot('0', { small: 'i-water-rover' }), [
        [1, 5],
        [1, 6],
      ]),
      121,
    );
    g.take('0').place('0', 0, 1, 5);
    expect(g.draft('0').restrictionWaived).toBe(true);
    expect(kinds(g)).toEqual(['advance', 'advance']);
    g.resolveAdvances('0');
    expect(g.level('0', 'water')).toBe(1);
  });

  it('120 Deep Ice and a civ card’s extra tile: the rule binds it through the civ step, lifted for it alone when it blocks every depot tile (Salvage Yard, §3.9, §4.1, §4.8, R10)', () => {
    // Bare: the land domino spot (11,5)–(11,6) for the round's tile, the ice spot (0,5)–(0,6), and
    // in the second case the land spot (5,0)–(6,0).
    const waived = salvageYardUnder(120, [
      [0, 5],
      [0, 6],
    ]);
    // Only ice is left: with the rule neither depot tile fits, without it the domino does (R10).
    const spots = offered(waived, 'extraTile');
    expect(spots.length).toBeGreaterThan(0);
    expect(spots.every((c) => c.stack === 'small' && c.x === 0 && c.y === 5)).toBe(true);
    waived.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 0, y: 5 }).confirm('0');
    expect(waived.board('0').pieceAt[at(0, 5)]).not.toBe(-1);
    expect(waived.board('0').pieceAt[at(0, 6)]).not.toBe(-1);

    // A land spot is left too: the rule stands, and the ice spot is refused with nothing changed.
    const kept = salvageYardUnder(120, [
      [0, 5],
      [0, 6],
      [5, 0],
      [6, 0],
    ]);
    const landOnly = offered(kept, 'extraTile');
    expect(landOnly.length).toBeGreaterThan(0);
    expect(landOnly.every((c) => c.stack === 'small' && c.x === 5 && c.y === 0)).toBe(true);
    expect(resolveRefusal(kept, 'extraTile', { stack: 'small', orientation: 0, x: 0, y: 5 })).toEqual({
      code: 'reason.eventNoIce',
      rule: '§4.8',
    });
    kept.resolve('0', 'extraTile', landOnly[0] as Choice).confirm('0');
    expect(kept.board('0').pieceAt[at(5, 0)]).not.toBe(-1);
  });

  it('122 Funding Cut: no synergy boost from any source this round; movement and medals still count (§5.5)', () => {
    const g = reveal(
      withEvents().tracker('0', 'water', 2).tracker('0', 'rover', 9).depot('0', { small: 'i-water-rover' }),
      122,
    );
    g.take('0').place('0', 0, 0, 5).resolveAdvances('0'); // water on the ice at (0,5)
    expect(g.level('0', 'water')).toBe(3);
    expect(g.level('0', 'rover')).toBe(10);
    expect(g.pending('0')).toEqual([]); // neither water 3's nor rover 10's boost
    expect(g.draft('0').movement).toBe(3);
  });

  it('123 Blackouts: same rule as 109 — the rover milestone gives nothing, a boost still works, a tech reached is usable and stays after the round (§7.3.3 Open)', () => {
    const g = reveal(
      withEvents().tracker('0', 'water', 2).tracker('0', 'tech', 2).depot('0', { small: 'i-water-rover' }),
      123,
    );
    g.take('0').place('0', 0, 0, 5).resolveAdvances('0');
    expect(g.level('0', 'rover')).toBe(1);
    expect(kinds(g)).toEqual(['synergy']); // from water 3; no rover placement from rover 1
    g.resolve('0', 'synergy', { track: 'tech' });
    expect(tech(g, TECH.ignoreAdjacency)).toBe(true);
    g.confirm('0');
    expect(g.state.round).toBe(2);
    expect(rulesInForce(g.state)).toEqual(roundRulesOf(NEXT));
    expect(techEffects(g.board('0')).has(TECH.ignoreAdjacency)).toBe(true);
  });

  it('124 Flat Planet: same rule as 103 — no tile on the edge, waived when it alone blocks both tiles; patches may go on the edge (R10, §4.8)', () => {
    checkRestriction({
      id: 124,
      rule: 'tileMayNotTouchEdge',
      blocked: { orientation: 2, x: 2, y: 2 },
      refusal: { code: 'reason.eventNoEdge', rule: '§4.8' },
      patch: [2, 2],
      hole: [
        [10, 3],
        [10, 4],
      ],
    });
  });
});

/**
 * Round 1 under event `id` on a planet bare only at (11,5)–(11,6) and `keep`: the biomass/civ domino
 * placed there brings civ to rank 1's milestone (the rule does not bind it), and at the end of the
 * round the civ step offers Salvage Yard (5), which is picked: its extra tile is the one item of the
 * civ turn, with the round's rule still in force (§3.9, §5.7, R3).
 */
function salvageYardUnder(id: number, keep: [number, number][]): Game {
  const s = withEvents().tracker('0', 'civ', 2).civPile(1, 5, 6).depot('0', { small: 'i-biomass-civ' });
  const g = reveal(fillPlanetExcept(s, [[11, 5], [11, 6], ...keep]), id);
  g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
  expect(g.draft('0').restrictionWaived).toBe(false);
  g.confirm('0');
  expect(g.state.step).toBe('civ');
  g.act('0', { type: 'pickCiv', card: 5 });
  expect(g.draft('0').rules).toEqual(roundRulesOf(id));
  expect(kinds(g)).toEqual(['extraTile']);
  return g;
}
