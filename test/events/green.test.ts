/**
 * The green event cards (65–84, events.json), one test each, revealed through the real round start
 * (§3.2–3.4): the card goes on top of the event deck, the round starts, the station turns onto the
 * depot the scenario arranged, the card is revealed, its shared effects applied, and every player's
 * turn opens with their part of it (§3.4, §7.3.2).
 */
import { describe, expect, it } from 'vitest';
import type { Track } from '../../game/core/types';
import { TRACKS } from '../../game/core/types';
import { eventById } from '../../game/content/events';
import { awaiting } from '../../game/engine';
import { trackMedal } from '../../game/rules/scoring';
import { facingDepot } from '../../game/rules/depot';
import { playerView } from '../../game/view';
import { Game, type Scenario } from '../support/scenario';
import {
  UC,
  NEXT,
  at,
  xy,
  clone,
  nameOf,
  withEvents,
  reveal,
  kinds,
  offered,
  tracksOffered,
  resolveRefusal,
  tech,
  TECH,
  resolveRefusalMessage,
} from './support';

describe('green events (65–84, §7.3)', () => {
  it('65 Extra Rover (solo): one more rover, put on a square of the one tile placed this round — not an earlier tile, not after every piece (§7.3.2, RULINGS faults)', () => {
    const s = withEvents()
      .tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 })
      .tracker('0', 'biomass', 2)
      .depot('0', { small: 'i-tech-biomass' });
    const g = reveal(s, 65);
    const rovers = g.board('0').rovers.length;
    expect(g.draft('0').board.rovers).toHaveLength(rovers + 1);
    expect(g.pending('0')).toMatchObject([{ kind: 'rover', thisRoundTile: true }]);
    // Before this round's tile there is nowhere to put it, even with an earlier tile on the planet.
    expect(offered(g, 'rover')).toEqual([]);
    expect(resolveRefusal(g, 'rover', { x: 11, y: 5 })).toEqual({ code: 'reason.roverPlaceTileFirst' });
    // Tech on (10,5), biomass on (10,6): biomass 2 → 3 gives a patch, which brings no second rover.
    g.take('0').place('0', 0, 10, 5).resolveAdvances('0');
    expect(offered(g, 'rover')).toEqual([
      { x: 10, y: 5 },
      { x: 10, y: 6 },
    ]);
    g.resolve('0', 'patch', { x: 9, y: 5 });
    expect(kinds(g)).toEqual(['rover']);
    expect(resolveRefusal(g, 'rover', { x: 11, y: 6 })).toEqual({
      code: 'reason.roverOnLastTile',
      rule: '§5.10.1',
    });
    g.resolve('0', 'rover', { x: 10, y: 6 });
    expect(g.pending('0')).toEqual([]);
    g.confirm('0');
    const b = g.board('0');
    expect(b.rovers).toHaveLength(rovers + 1);
    expect(b.rovers.filter((r) => r.cell !== null).map((r) => r.cell)).toEqual([at(10, 6)]);
    expect(g.state.round).toBe(2); // and the next round asks for no rover
    expect(kinds(g)).toEqual([]);
  });

  it('66 Reinforced Civ Piles (solo): at reveal one set-aside card joins each rank pile; sizes are public, contents hidden (§3.4, §9)', () => {
    const s = withEvents();
    const before = clone(s.state.hidden);
    const g = reveal(s, 66);
    const byNumber = (a: number, b: number) => a - b;
    for (const rank of [1, 2, 3, 4]) {
      const pile = g.state.hidden.civPiles[rank] as number[];
      const aside = g.state.hidden.civSetAside[rank] as number[];
      const was = { pile: before.civPiles[rank] as number[], aside: before.civSetAside[rank] as number[] };
      expect(pile).toHaveLength(was.pile.length + 1); // solo: 2 → 3
      expect(aside).toHaveLength(was.aside.length - 1);
      expect(pile).toEqual(expect.arrayContaining(was.pile));
      expect([...pile, ...aside].sort(byNumber)).toEqual([...was.pile, ...was.aside].sort(byNumber));
      expect(g.state.civPileSizes[rank]).toBe(3);
    }
    const view = playerView(g.state, '0');
    expect(view.civPileSizes).toEqual({ 1: 3, 2: 3, 3: 3, 4: 3 });
    expect(view.hidden.civPiles).toEqual({});
    expect(view.hidden.civSetAside).toEqual({});
    expect(g.pending('0')).toEqual([]); // nothing for the player to do
  });

  it('67 Overtime Objective (solo): an extra private objective, drawn and seen only once the turn is confirmed (§3.8, §9)', () => {
    const g = reveal(withEvents(1, true).depot('0', { small: 'i-biomass-civ' }), 67);
    const kept = [...(g.state.private['0']?.objectives ?? [])];
    expect(kept).toHaveLength(3);
    const next = g.state.hidden.objectiveDeck.at(-1) as number;
    expect(g.draft('0').drawObjectives).toBe(1);
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(g.state.private['0']?.objectives).toEqual(kept); // nothing hidden is shown inside a turn (R4)
    expect(playerView(g.state, '0').private['0']?.objectives).toEqual(kept);
    g.confirm('0');
    expect(g.state.private['0']?.objectives).toEqual([...kept, next]);
    expect(g.state.hidden.objectiveDeck).not.toContain(next);
    expect(playerView(g.state, '0').private['0']?.objectives).toContain(next);
    expect(playerView(g.state, null).private['0']?.objectives).toEqual([]);
  });

  it('68 Scanner Glitch: civ, biomass or water up three squares with no benefit, but the medals passed count (§5.2)', () => {
    const g = reveal(withEvents(), 68);
    expect(g.pending('0')).toMatchObject([
      { kind: 'cardAdvance', count: 1, stepsEach: 3, benefits: 'none', tracks: ['civ', 'biomass', 'water'] },
    ]);
    expect(tracksOffered(g, 'cardAdvance')).toEqual(['civ', 'biomass', 'water']);
    expect(resolveRefusalMessage(g, 'cardAdvance', { track: 'rover' })).toEqual({
      code: 'reason.chooseOneOf',
      values: { options: ['civ', 'biomass', 'water'] },
    });
    g.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(g.level('0', 'civ')).toBe(3);
    expect(g.draft('0').civRanks).toEqual([]); // the rank-1 milestone on 3 gives no card
    expect(g.pending('0')).toEqual([]);
    expect(trackMedal(UC, g.draft('0').board.trackers.civ)).toBe(1); // the medal on 2 is a position

    const h = reveal(withEvents(), 68);
    h.resolve('0', 'cardAdvance', { track: 'water' });
    expect(h.level('0', 'water')).toBe(3);
    expect(h.pending('0')).toEqual([]); // no synergy boost from water 3
    expect(trackMedal(UC, h.draft('0').board.trackers.water)).toBe(1);
  });

  interface BoostCase {
    id: number;
    rule: string;
    setup: (s: Scenario) => Scenario;
    pick: Track;
    check: (g: Game) => void;
  }
  const boosts: BoostCase[] = [
    {
      id: 69,
      rule: 'civ 2 → 3 reaches the rank-1 milestone; the card is picked at the end of the round (§5.7, R3)',
      setup: (s) => s.tracker('0', 'civ', 2).depot('0', { small: 'i-biomass-civ' }),
      pick: 'civ',
      check: (g) => {
        expect(g.draft('0').civRanks).toEqual([1]);
        expect(g.state.private['0']?.civOffer).toBeNull();
        g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
        expect(g.state.step).toBe('civ');
        expect(g.state.private['0']?.civOffer).toEqual({ rank: 1, cards: g.state.hidden.civPiles[1] });
      },
    },
    {
      id: 70,
      rule: 'rover 1 → 2 gives 1 movement into the turn pool (§5.10.2, R2)',
      setup: (s) => s.tracker('0', 'rover', 1),
      pick: 'rover',
      check: (g) => expect(g.draft('0').movement).toBe(1),
    },
    {
      id: 71,
      rule: 'water 2 → 3 gives a synergy boost (§5.2)',
      setup: (s) => s.tracker('0', 'water', 2),
      pick: 'water',
      check: (g) => expect(kinds(g)).toEqual(['synergy']),
    },
    {
      id: 72,
      rule: 'rover 0 → 1 puts a rover on the last tile placed (§5.10.1)',
      setup: (s) => s.tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }),
      pick: 'rover',
      check: (g) => {
        expect(offered(g, 'rover')).toEqual([
          { x: 11, y: 5 },
          { x: 11, y: 6 },
        ]);
        g.resolve('0', 'rover', { x: 11, y: 6 });
        expect(g.draft('0').board.rovers[0]?.cell).toBe(at(11, 6));
      },
    },
    {
      id: 73,
      rule: 'tech 2 → 3 switches tech 1 on (§5.11)',
      setup: (s) => s.tracker('0', 'tech', 2),
      pick: 'tech',
      check: (g) => expect(tech(g, TECH.ignoreAdjacency)).toBe(true),
    },
    {
      id: 74,
      rule: 'civ 5 → 6 reaches the rank-2 milestone (§5.7)',
      setup: (s) => s.tracker('0', 'civ', 5),
      pick: 'civ',
      check: (g) => expect(g.draft('0').civRanks).toEqual([2]),
    },
    {
      id: 75,
      rule: 'biomass 2 → 3 gives a biomass patch (§5.9)',
      setup: (s) => s.tracker('0', 'biomass', 2).tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }),
      pick: 'biomass',
      check: (g) => {
        expect(kinds(g)).toEqual(['patch']);
        g.resolve('0', 'patch', { x: 10, y: 5 });
        expect(g.draft('0').board.terrain[at(10, 5)]).toBe('biomass');
      },
    },
    {
      id: 76,
      rule: 'water 6 → 7 gives a synergy boost (§5.2)',
      setup: (s) => s.tracker('0', 'water', 6),
      pick: 'water',
      check: (g) => expect(kinds(g)).toEqual(['synergy']),
    },
    {
      id: 77,
      rule: 'tech 9 → 10 switches tech 4 on (§5.11)',
      setup: (s) => s.tracker('0', 'tech', 9),
      pick: 'tech',
      check: (g) => expect(tech(g, TECH.doubleWaterFromPlacement)).toBe(true),
    },
    {
      id: 78,
      rule: 'biomass 5 → 6 gives a biomass patch (§5.9)',
      setup: (s) => s.tracker('0', 'biomass', 5),
      pick: 'biomass',
      check: (g) => expect(kinds(g)).toEqual(['patch']),
    },
  ];
  for (const c of boosts) {
    const tracks = (eventById(c.id).structured[0] as { tracks?: unknown } | undefined)?.tracks as Track[];
    it(`${c.id} ${nameOf(c.id)}: ${tracks.join(' or ')} up one square with its benefits — ${c.rule}`, () => {
      const g = reveal(c.setup(withEvents()), c.id);
      const before = clone(g.draft('0').board.trackers);
      expect(g.pending('0')).toMatchObject([{ kind: 'cardAdvance', stepsEach: 1, benefits: 'all', tracks }]);
      expect(tracksOffered(g, 'cardAdvance')).toEqual(tracks);
      const other = TRACKS.find((t) => !tracks.includes(t)) as Track;
      expect(resolveRefusal(g, 'cardAdvance', { track: other })).toEqual({ code: 'reason.chooseOneOf' });
      g.resolve('0', 'cardAdvance', { track: c.pick });
      for (const t of TRACKS) expect(g.level('0', t)).toBe(before[t].row + (t === c.pick ? 1 : 0));
      expect(kinds(g)).not.toContain('cardAdvance'); // one tracker only
      c.check(g);
    });
  }

  it('79 Free Rotation (solo): after the reveal the player turns the station to any depot; no second card is revealed (§7.3.2)', () => {
    const g = reveal(withEvents(), 79);
    expect(g.state.step).toBe('rotate');
    expect(awaiting(g.state)).toEqual({ '0': 'rotate' });
    expect(g.legal('0')).toHaveLength(6);
    g.act('0', { type: 'rotate', rotation: 4 });
    expect(g.state.step).toBe('turns');
    expect(g.state.station.rotation).toBe(4);
    expect(facingDepot(g.state, '0')).toBe(2); // position 0 − rotation 4, mod 6
    expect(g.state.event).toEqual({ id: 79, round: 1 });
    expect(g.state.hidden.eventDeck).toEqual([NEXT]);
    expect(g.pending('0')).toEqual([]);
    expect(g.legal('0').filter((a) => a.type === 'takeTile')).toHaveLength(2);
  });

  it('80 Biomass Drop: a biomass patch placed under the normal patch rules; it advances nothing and is not a tile (§5.9)', () => {
    const g = reveal(withEvents().tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }), 80);
    expect(kinds(g)).toEqual(['patch']);
    const cells = offered(g, 'patch');
    expect(cells).toContainEqual({ x: 10, y: 5 });
    expect(cells).not.toContainEqual({ x: 5, y: 5 }); // touching nothing (§4.4)
    g.resolve('0', 'patch', { x: 10, y: 5 });
    const b = g.draft('0').board;
    expect(b.terrain[at(10, 5)]).toBe('biomass');
    expect(b.trackers.biomass.row).toBe(0);
    expect(b.lastTile).toBe(0); // the rover milestone still lands on the tile (§5.10.1)
  });

  it('81 Synergy Boost (fuel canister): any tracker that can advance, claiming its reward — here another boost (§5.5)', () => {
    const g = reveal(withEvents().tracker('0', 'water', 2).tracker('0', 'civ', 15), 81);
    expect(kinds(g)).toEqual(['synergy']);
    expect(tracksOffered(g, 'synergy')).toEqual(['water', 'biomass', 'rover', 'tech']); // civ is at the top
    expect(resolveRefusal(g, 'synergy', { track: 'civ' })).toEqual({
      code: 'reason.trackAtTop',
      rule: '§5.3',
    });
    g.resolve('0', 'synergy', { track: 'water' });
    expect(g.level('0', 'water')).toBe(3);
    expect(kinds(g)).toEqual(['synergy']); // water 3's own boost
  });

  it('82 Lifepod Delivery: collect one lifepod from the planet onto the corporation board (§5.10.4)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 82);
    const pods = g.board('0').lifepods;
    expect(offered(g, 'collect')).toEqual(pods.map(xy)); // applied if possible: no declining (§3.4)
    expect(resolveRefusalMessage(g, 'collect', { done: true })).toEqual({
      code: 'reason.pieceStillOnPlanet',
      rule: '§3.4',
      values: { item: 'lifepod' },
    });
    g.resolve('0', 'collect', { x: 7, y: 2 });
    expect(g.pending('0')).toEqual([]); // one only
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.board('0').collected.lifepods).toBe(1);
    expect(g.board('0').lifepods).toEqual(pods.filter((c) => c !== at(7, 2)));
  });

  it('83 Meteorite Sample: collect one meteorite from the planet; with none there it is lost (§5.10.4, §7.3.3)', () => {
    const g = reveal(withEvents().tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 }), 83);
    expect(g.board('0').meteorites).toEqual([at(11, 6)]);
    expect(offered(g, 'collect')).toEqual([{ x: 11, y: 6 }]); // applied if possible (§3.4)
    g.resolve('0', 'collect', { x: 11, y: 6 });
    const b = g.draft('0').board;
    expect(b.meteorites).toEqual([]);
    expect(b.collected).toEqual({ lifepods: 0, meteorites: 1 });

    const h = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 83);
    expect(offered(h, 'collect')).toEqual([]);
    h.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0'); // nothing stops the confirmation
    expect(h.board('0').collected.meteorites).toBe(0);
  });

  it('84 Synergy Boost (happy accident): same as 81 — rover 0 → 1 puts a rover on the last tile placed (§5.5, §5.10.1)', () => {
    const g = reveal(withEvents().tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }), 84);
    expect(kinds(g)).toEqual(['synergy']);
    expect(tracksOffered(g, 'synergy')).toEqual([...TRACKS]);
    g.resolve('0', 'synergy', { track: 'rover' });
    expect(kinds(g)).toEqual(['rover']);
    g.resolve('0', 'rover', { x: 11, y: 5 });
    expect(g.draft('0').board.rovers[0]?.cell).toBe(at(11, 5));
  });
});
