/**
 * The orange event cards (85–104, events.json), one test each, revealed through the real round
 * start (§3.2–3.4); round rules are read from the card for the round, its civ step included.
 */
import { describe, expect, it } from 'vitest';
import type { Track } from '../../game/core/types';
import { TRACKS } from '../../game/core/types';
import { eventById, roundRulesOf } from '../../game/content/events';
import { Game, type Scenario } from '../support/scenario';
import {
  KSB,
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
  roverSteps,
  tech,
  fillPlanetExcept,
  checkRestriction,
  TECH,
} from './support';

describe('orange events (85–104, §7.3)', () => {
  interface SetbackCase {
    id: number;
    set: Partial<Record<Track, number>>;
    setup?: (s: Scenario) => Scenario;
    rule: string;
    /** The trackers offered: those that can drop a square (§5.4); empty when none can. */
    offered: Track[];
    pick?: Track;
    check?: (g: Game) => void;
  }
  const setbacks: SetbackCase[] = [
    {
      id: 85,
      set: { civ: 3, rover: 0 },
      rule: 'a tracker on level 0 is not offered; landing on the milestone again gives another card (§5.4, §5.2, R8)',
      offered: ['civ'],
      pick: 'civ',
      check: (g) => {
        g.take('0').place('0', 0, 11, 5).resolveAdvances('0'); // biomass/civ: civ 2 → 3 again
        expect(g.draft('0').civRanks).toEqual([1]);
      },
    },
    {
      id: 86,
      set: { rover: 2, tech: 3 },
      setup: (s) => s.depot('0', { small: 'i-rover-tech' }),
      rule: 'tech 3 → 2 switches tech 1 off, climbing back switches it on again (R8, §5.11)',
      offered: ['rover', 'tech'],
      pick: 'tech',
      check: (g) => {
        expect(tech(g, TECH.ignoreAdjacency)).toBe(false);
        g.take('0').place('0', 0, 11, 5).resolve('0', 'advance', undefined, 'tech'); // tech 2 → 3
        expect(tech(g, TECH.ignoreAdjacency)).toBe(true);
      },
    },
    {
      id: 87,
      set: { rover: 0, water: 0 },
      rule: 'with both trackers on level 0 nothing happens (§5.4, §7.3.3)',
      offered: [],
    },
    {
      id: 88,
      set: { rover: 1, biomass: 0 },
      setup: (s) => s.tile('0', 'i-civ-energy', { orientation: 0, x: 0, y: 5 }).rover('0', 0, [0, 5]),
      rule: 'rover 1 → 0: a regression takes nothing back, the rover stays on the planet (§5.4)',
      offered: ['rover'],
      pick: 'rover',
      check: (g) => expect(g.draft('0').board.rovers.filter((r) => r.cell !== null)).toHaveLength(1),
    },
    {
      id: 89,
      set: { civ: 0, tech: 5 },
      rule: 'tech 5 → 4 switches tech 2 off (R8, §5.11)',
      offered: ['tech'],
      pick: 'tech',
      check: (g) => {
        expect(tech(g, TECH.storeBiomass)).toBe(false);
        expect(tech(g, TECH.ignoreAdjacency)).toBe(true);
      },
    },
    {
      id: 90,
      set: { water: 3, civ: 1 },
      rule: 'landing on a square by regression claims nothing (§5.4)',
      offered: ['water', 'civ'],
      pick: 'water',
    },
    {
      id: 91,
      set: { biomass: 4, civ: 7 },
      rule: 'either tracker, the player’s choice (§5.4)',
      offered: ['biomass', 'civ'],
      pick: 'civ',
      check: (g) => expect(g.draft('0').civRanks).toEqual([]),
    },
    {
      id: 92,
      set: { tech: 0, water: 1 },
      rule: 'only the tracker able to drop is offered (§5.4)',
      offered: ['water'],
      pick: 'water',
    },
    {
      id: 93,
      set: { biomass: 1, tech: 7 },
      rule: 'tech 7 → 6 switches tech 3 off (R8, §5.11)',
      offered: ['biomass', 'tech'],
      pick: 'tech',
      check: (g) => expect(tech(g, TECH.roverMovePlusOne)).toBe(false),
    },
    {
      id: 94,
      set: { biomass: 6, water: 0 },
      rule: 'biomass 6 → 5 below its milestone; the patch already placed stays (§5.4)',
      offered: ['biomass'],
      pick: 'biomass',
    },
  ];
  for (const c of setbacks) {
    const tracks = (eventById(c.id).structured[0] as { tracks?: unknown } | undefined)?.tracks as Track[];
    it(`${c.id} ${nameOf(c.id)}: ${tracks.join(' or ')} down one square, no benefit — ${c.rule}`, () => {
      let s = withEvents().depot('0', { small: 'i-biomass-civ' });
      for (const [t, level] of Object.entries(c.set)) s = s.tracker('0', t as Track, level);
      if (c.setup) s = c.setup(s);
      const g = reveal(s, c.id);
      const before = clone(g.draft('0').board.trackers);
      if (c.offered.length === 0) {
        expect(g.pending('0')).toEqual([]);
        return;
      }
      expect(g.pending('0')).toMatchObject([{ kind: 'regress', tracks, steps: 1 }]);
      expect(tracksOffered(g, 'regress')).toEqual(c.offered);
      const refused = tracks.find((t) => !c.offered.includes(t));
      if (refused)
        expect(resolveRefusal(g, 'regress', { track: refused })).toEqual({
          code: 'reason.cannotMoveDown',
          rule: '§5.4',
        });
      const other = TRACKS.find((t) => !tracks.includes(t)) as Track;
      expect(resolveRefusal(g, 'regress', { track: other })).toEqual({ code: 'reason.chooseToMoveDown' });
      const pick = c.pick as Track;
      g.resolve('0', 'regress', { track: pick });
      for (const t of TRACKS) expect(g.level('0', t)).toBe(before[t].row - (t === pick ? 1 : 0));
      expect(g.pending('0')).toEqual([]); // one tracker, nothing claimed
      expect(g.draft('0').movement).toBe(0);
      c.check?.(g);
    });
  }

  it('95 Meteor Strike on Tiles: a meteorite on an empty meteor symbol, destroying a rover there; mandatory; nothing without an empty symbol (§4.5, §7.3.2)', () => {
    // The meteor tile's meteorite was collected by the rover that now stands on the symbol.
    const s = withEvents()
      .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 6])
      .depot('0', { small: 'i-biomass-civ' });
    s.board('0').meteorites = [];
    s.board('0').collected.meteorites = 1;
    const g = reveal(s, 95);
    expect(g.pending('0')).toMatchObject([{ kind: 'eventMeteorite', optional: false }]);
    expect(offered(g, 'eventMeteorite')).toEqual([{ x: 11, y: 6 }]);
    expect(resolveRefusal(g, 'eventMeteorite', { done: true })).toEqual({
      code: 'reason.meteoriteMustLand',
      rule: '§7.3.2',
    });
    expect(resolveRefusal(g, 'eventMeteorite', { x: 11, y: 5 })).toEqual({
      code: 'reason.chooseMeteorSymbol',
    });
    g.resolve('0', 'eventMeteorite', { x: 11, y: 6 });
    const b = g.draft('0').board;
    expect(b.meteorites).toEqual([at(11, 6)]);
    expect(b.rovers[0]).toEqual({ id: 0, cell: null, destroyed: true });
    expect(b.collected.meteorites).toBe(1);

    // The symbol still holds its meteorite: no empty symbol, nothing happens.
    const h = reveal(
      withEvents()
        .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
        .depot('0', { small: 'i-biomass-civ' }),
      95,
    );
    expect(offered(h, 'eventMeteorite')).toEqual([]);
    h.take('0').place('0', 0, 10, 5).resolveAdvances('0').confirm('0');
    expect(h.board('0').meteorites).toEqual([at(11, 6)]);
  });

  it('96 Setback: any tracker — one tracker of the player’s choice down one square; only those above level 0 (§5.4)', () => {
    const g = reveal(withEvents().tracker('0', 'water', 1).tracker('0', 'rover', 4), 96);
    expect(g.pending('0')).toMatchObject([{ kind: 'regress', tracks: [...TRACKS], steps: 1 }]);
    expect(tracksOffered(g, 'regress')).toEqual(['water', 'rover']);
    expect(resolveRefusal(g, 'regress', { track: 'civ' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
    });
    g.resolve('0', 'regress', { track: 'rover' });
    expect(g.level('0', 'rover')).toBe(3);
    expect(g.draft('0').movement).toBe(0);

    const h = reveal(withEvents(), 96);
    expect(h.pending('0')).toEqual([]); // every tracker on level 0
  });

  const bans: { id: number; terrain: string; key: string }[] = [
    { id: 97, terrain: 'water', key: 'i-water-rover' },
    { id: 98, terrain: 'biomass', key: 'i-biomass-civ' },
    { id: 99, terrain: 'energy', key: 'i-energy-water' },
    { id: 100, terrain: 'rover', key: 'i-rover-tech' },
    { id: 101, terrain: 'tech', key: 'i-tech-biomass' },
    { id: 102, terrain: 'civ', key: 'i-civ-energy' },
  ];
  for (const { id, terrain, key } of bans) {
    it(`${id} ${nameOf(id)}: rovers may not step or be teleported onto ${terrain} terrain this round, civ step included (§5.10.3, §3.4)`, () => {
      expect(roundRulesOf(id)).toEqual([{ rule: 'roverCannotEnterTerrain', terrain }]);
      // The banned terrain lies at (5,5), east of the rover on (4,5); the round tile gives 2 movement.
      const s = withEvents()
        .tile('0', key, { orientation: 0, x: 5, y: 5 })
        .rover('0', 0, [4, 5])
        .tracker('0', 'rover', 3)
        .depot('0', { small: 'i-water-rover' });
      const g = reveal(s, id);
      expect(g.draft('0').board.terrain[at(5, 5)]).toBe(terrain);
      g.take('0').place('0', 0, 6, 5).resolveAdvances('0');
      expect(g.draft('0').movement).toBe(2);
      expect(roverSteps(g, 0)).not.toContainEqual([5, 5]);
      expect(roverSteps(g, 0)).toEqual(
        expect.arrayContaining([
          [4, 4],
          [4, 6],
          [3, 5],
        ]),
      );
      const forbids = { code: 'reason.eventNoRoversAt', values: { terrain, x: 5, y: 5 } };
      expect(g.refusalMessage('0', { type: 'moveRover', rover: 0, path: [[5, 5]] })).toEqual(forbids);
      expect(
        g.refusalMessage('0', {
          type: 'moveRover',
          rover: 0,
          path: [
            [5, 5],
            [5, 4],
          ],
        }),
      ).toEqual(forbids);
      g.act('0', {
        type: 'moveRover',
        rover: 0,
        path: [
          [4, 4],
          [5, 4],
        ],
      }); // around it is fine
      expect(g.draft('0').board.rovers[0]?.cell).toBe(at(5, 4));

      // Relocation Bonus picked in this round's civ step: no landing on that terrain either.
      const t = withEvents()
        .tile('0', key, { orientation: 0, x: 5, y: 5 })
        .rover('0', 0, [4, 5])
        .tracker('0', 'civ', 5)
        .civPile(2, 14, 13)
        .depot('0', { small: 'i-biomass-civ' });
      const h = reveal(t, id);
      h.take('0').place('0', 0, 6, 5).resolveAdvances('0').confirm('0');
      h.act('0', { type: 'pickCiv', card: 14 });
      expect(h.state.private['0']?.turn?.kind).toBe('civ');
      expect(h.draft('0').rules).toEqual(roundRulesOf(id));
      const board = h.draft('0').board;
      const banned = KSB.squares.filter((c) => board.terrain[c] === terrain);
      expect(banned.length).toBeGreaterThan(0);
      const landings = offered(h, 'teleport');
      for (const c of banned) expect(landings).not.toContainEqual({ rover: 0, ...xy(c) });
      expect(landings).toContainEqual({ rover: 0, x: 3, y: 3 });
      expect(
        h.refusalMessage('0', {
          type: 'resolve',
          item: h.item('0', 'teleport').id,
          choice: { rover: 0, x: 5, y: 5 },
        }),
      ).toEqual({ code: 'reason.eventNoRovers', values: { terrain } });
      h.resolve('0', 'teleport', { rover: 0, x: 3, y: 3 }).confirm('0');
      expect(h.state.round).toBe(2);
    });
  }

  it('103 Stay Off the Edge: no tile on an edge square; a first tile must go on the edge, so the rule is lifted (R10, §4.3, §4.8)', () => {
    checkRestriction({
      id: 103,
      rule: 'tileMayNotTouchEdge',
      blocked: { orientation: 2, x: 2, y: 2 },
      refusal: { code: 'reason.eventNoEdge', rule: '§4.8' },
      patch: [2, 2],
      hole: [
        [10, 3],
        [10, 4],
      ],
    });
    // A first tile: every legal position covers the edge (§4.3), so the rule is waived.
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 103);
    g.take('0');
    expect(g.draft('0').restrictionWaived).toBe(true);
    g.place('0', 0, 11, 5);
    expect(KSB.isEdge[at(11, 5)]).toBe(true);
    // No waiver while the other depot tile fits: the 2×2 fits only on the edge, the 1×4 inside (§4.9).
    const s = withEvents().depot('0', { small: 'O-water-rover', large: 'I4-civ-energy' });
    fillPlanetExcept(s, [
      [1, 3],
      [2, 3],
      [1, 4],
      [2, 4],
      [4, 9],
      [5, 9],
      [6, 9],
      [7, 9],
    ]);
    const h = reveal(s, 103);
    expect(h.refusal('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    h.take('0', 'large');
    expect(h.draft('0').restrictionWaived).toBe(false);
    h.place('0', 0, 4, 9);
  });

  it('104 Half-Full Dome: only one of the placed tile’s two resources takes effect, the player’s choice; energy is one option (§3.4, §7.3)', () => {
    // Civ on (10,5), energy on (10,6) touching the rover terrain at (10,7): energy offers civ or rover.
    const s = withEvents()
      .tile('0', 'i-rover-tech', { orientation: 0, x: 10, y: 7 })
      .tracker('0', 'rover', 1)
      .depot('0', { small: 'i-civ-energy' });
    const g = reveal(s, 104);
    g.take('0').place('0', 0, 10, 5);
    const [civ, energy] = g.pending('0');
    expect(g.pending('0')).toMatchObject([
      { kind: 'advance', track: 'civ' },
      { kind: 'energy', options: ['civ', 'rover'] },
    ]);
    expect(civ?.group).toBeDefined();
    expect(energy?.group).toBe(civ?.group);
    g.resolve('0', 'advance', undefined, 'civ');
    expect(g.pending('0')).toEqual([]); // the energy went with it
    expect(g.level('0', 'civ')).toBe(1);
    g.act('0', { type: 'undo' }); // R4: either may be kept
    expect(kinds(g)).toEqual(['advance', 'energy']);
    g.resolve('0', 'energy', { track: 'rover' });
    expect(g.pending('0')).toEqual([]); // the civ icon went with it
    expect(g.level('0', 'civ')).toBe(0);
    expect(g.level('0', 'rover')).toBe(2);
    expect(g.draft('0').movement).toBe(1);
    g.confirm('0');
    expect(g.board('0').trackers.rover.row).toBe(2);
  });
});
