/**
 * Every event card (ids 65–124, events.json), one test each, revealed through the real round start
 * (§3.2–3.4): the card goes on top of the event deck, the round starts, the station turns onto the
 * depot the scenario arranged, the card is revealed, its shared effects applied, and every player's
 * turn opens with their part of it (§3.4, §7.3.2). Round rules are read from the card for the round,
 * its civ step included. Then a few tests across the deck: the last card (§6.1 C), civ picks (R3),
 * undo (R4), multiplayer decks (R20), round rules ending with the round.
 */
import { describe, expect, it } from 'vitest';
import type { Choice, PendingItem, PlayerID, Track } from '../game/core/types';
import { TRACKS } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { EVENTS, TILES, corporationById, planetById, tileById } from '../game/data';
import { TECH } from '../game/content/corporations';
import { eventById, roundRulesOf, rulesInForce } from '../game/content/events';
import { applyAction, awaiting } from '../game/engine';
import { cellIndex, cellX, cellY, planetGeometry } from '../game/rules/board';
import {
  hasTech,
  legalTilePlacements,
  placementCells,
  placementContext,
  tilePlacementError,
  type Placement,
} from '../game/rules/legality';
import {
  keepObjectives,
  revealStation,
  rotateStation,
  setupGame,
  startRound,
  type SetupRandom,
} from '../game/rules/round';
import { trackMedal } from '../game/rules/scoring';
import { facingDepot } from '../game/rules/turn';
import { EVENT_PRESETS, matchOptionsFrom, type EventPreset } from '../game/setup-data';
import { playerView } from '../game/view';
import { Game, scenario, tileId, type Scenario } from './support/scenario';

// ---------------------------------------------------------------- helpers

const UC = corporationById('universal-coalition');
const KSB = planetGeometry(planetById('ksb-4156'));
const SOLO_ONLY = [65, 66, 67, 79, 110, 116];
/** The card left beneath the one tested, so that its round is not the last (§6.1 C): a rover ban only. */
const NEXT = 97;

const at = (x: number, y: number): number => cellIndex(x, y);
const xy = (c: number): Choice => ({ x: cellX(c), y: cellY(c) });
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const nameOf = (id: number): string => eventById(id).name;

/** A game with the event deck on (§7.3); solo private objectives only when a card needs them. */
const withEvents = (players = 1, privateObjectives = false): Scenario =>
  scenario({
    players,
    options: { events: { green: 7, orange: 7, red: 6, preset: 'standard' }, privateObjectives },
  });

/**
 * Round 1 again, through the engine's own steps: `id` on top of the event deck with `beneath` under
 * it, the station turning (by itself, or by the commander) onto the depot the scenario arranged,
 * then the reveal (§3.3, §3.4). Private objectives still to keep are kept first (§7.4).
 */
function reveal(s: Scenario, id: number, beneath: number[] = [NEXT]): Game {
  const st = s.state;
  const rotation = st.station.rotation;
  st.hidden.eventDeck = [...beneath, id];
  st.eventsLeft = st.hidden.eventDeck.length;
  st.event = null;
  st.endTriggers = [];
  revealStation(st);
  if (st.options.autoRotate) st.station.rotation = (rotation + 5) % 6; // it turns one step onto the depot
  if (st.step === 'objectives') {
    for (const p of st.playerIDs) {
      const offer = st.private[p]?.objectiveOffer;
      if (offer) expect(keepObjectives(st, p, offer.cards.slice(0, offer.keep))).toBeNull();
    }
  } else {
    st.round = 0;
    startRound(st);
  }
  if (!st.options.autoRotate) expect(rotateStation(st, st.commander, rotation)).toBeNull();
  expect(st.round).toBe(1);
  expect(st.event).toEqual({ id, round: 1 });
  expect(st.eventsLeft).toBe(beneath.length);
  return new Game(st);
}

const kinds = (g: Game, p: PlayerID = '0'): PendingItem['kind'][] => g.pending(p).map((i) => i.kind);

/** The choices the engine lists for the first pending item of a kind. */
function offered(g: Game, kind: PendingItem['kind'], p: PlayerID = '0'): Choice[] {
  const item = g.item(p, kind);
  return g.legal(p).flatMap((a) => (a.type === 'resolve' && a.item === item.id ? [a.choice ?? {}] : []));
}

const tracksOffered = (g: Game, kind: PendingItem['kind']): (Track | undefined)[] =>
  offered(g, kind).map((c) => c.track);

const rejectResolve = (g: Game, kind: PendingItem['kind'], choice: Choice, p: PlayerID = '0'): string =>
  g.reject(p, { type: 'resolve', item: g.item(p, kind).id, choice });

const roverSteps = (g: Game, rover: number): [number, number][] =>
  g.legal('0').flatMap((a) => (a.type === 'moveRover' && a.rover === rover ? a.path : []));

const tilePlacements = (g: Game) => g.legal('0').filter((a) => a.type === 'placeTile');

const tech = (g: Game, effect: string): boolean => hasTech(g.draft('0').board, effect);

/** Cover every planet square with patches except the listed ones (a planet that is nearly full). */
function fillPlanetExcept(s: Scenario, keep: [number, number][]): Scenario {
  const kept = new Set(keep.map(([x, y]) => at(x, y)));
  return s.patch(
    '0',
    ...KSB.squares.filter((c) => !kept.has(c)).map((c): [number, number] => [cellX(c), cellY(c)]),
  );
}

/** Put a tile of the given terrains on top of the small stack the player will face next round. */
function nextRoundTop(g: Game, terrains: string): number {
  const st = g.state;
  const position = st.positions[st.playerIDs.indexOf('0')] ?? 0;
  const depot = (((position - (st.station.rotation + 1)) % 6) + 6) % 6;
  const shape = st.station.depots[depot]?.small.shape as number;
  const tile = TILES.find((t) => t.shape === shape && t.key.endsWith(`-${terrains}`));
  if (!tile) throw new Error(`No ${terrains} tile of shape ${shape}`);
  const stack = st.hidden.stacks[shape] as number[];
  stack.splice(stack.indexOf(tile.id), 1);
  stack.push(tile.id);
  return tile.id;
}

/** A shuffler drawn from a seed, for decks built as a real setup would build them. */
function seeded(seed: number): SetupRandom {
  const rng = createRng(seed);
  return {
    Shuffle: <T>(items: T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    Number: () => rng.next(),
  };
}

/**
 * A tile restriction (§4.8): the round tile (tech/biomass domino) placed next to an earlier one at
 * (1,3)–(1,4), refused where only the rule forbids it; the biomass patch it brings is never restricted;
 * and on a planet full but for two squares where only a placement against the rule exists, the rule
 * is lifted for the turn (R10).
 */
interface RestrictionCase {
  id: number;
  rule: string;
  blocked: { orientation: number; x: number; y: number };
  why: RegExp;
  patch: [number, number];
  hole: [[number, number], [number, number]];
}
function checkRestriction(c: RestrictionCase): void {
  const domino = tileId('i-tech-biomass');
  const s = withEvents()
    .tile('0', 'i-tech-biomass', { orientation: 0, x: 1, y: 3 })
    .tracker('0', 'biomass', 2)
    .depot('0', { small: 'i-tech-biomass' });
  const g = reveal(s, c.id);
  expect(g.draft('0').rules).toEqual([{ rule: c.rule }]);
  g.take('0');
  expect(g.draft('0').restrictionWaived).toBe(false);
  const ctx = placementContext(g.draft('0').board);
  expect(tilePlacementError(ctx, domino, c.blocked)).toBeNull(); // legal but for the event
  expect(g.reject('0', { type: 'placeTile', ...c.blocked })).toMatch(c.why);
  expect(tilePlacements(g)).not.toContainEqual({ type: 'placeTile', ...c.blocked });
  expect(tilePlacements(g).length).toBeLessThan(legalTilePlacements(ctx, domino).length);
  // Biomass (2,3), tech (2,4): clear of the rule. Biomass 2 → 3 gives a patch, which the rule does not bind.
  g.place('0', 2, 2, 3).resolveAdvances('0');
  const [px, py] = c.patch;
  expect(offered(g, 'patch')).toContainEqual({ x: px, y: py });
  g.resolve('0', 'patch', { x: px, y: py }).confirm('0');
  expect(g.board('0').terrain[at(px, py)]).toBe('biomass');

  // R10: with the rule neither depot tile fits, without it the domino does: lifted for this turn.
  const [[hx, hy]] = c.hole;
  const w = reveal(fillPlanetExcept(withEvents().depot('0', { small: 'i-tech-biomass' }), c.hole), c.id);
  const full = placementContext(w.draft('0').board);
  expect(legalTilePlacements(full, domino, roundRulesOf(c.id))).toEqual([]);
  expect(legalTilePlacements(full, domino)).not.toEqual([]);
  expect(w.reject('0', { type: 'takeTile', stack: 'large' })).toMatch(/fits nowhere/);
  w.take('0');
  expect(w.draft('0').restrictionWaived).toBe(true);
  expect(tilePlacements(w)).toEqual([
    { type: 'placeTile', orientation: 0, x: hx, y: hy },
    { type: 'placeTile', orientation: 2, x: hx, y: hy },
  ]);
  w.place('0', 0, hx, hy).resolveAdvances('0');
  expect(w.draft('0').unplaceable).toBe(false);
}

// ---------------------------------------------------------------- green: 65–84

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
    expect(rejectResolve(g, 'rover', { x: 11, y: 5 })).toMatch(/place it first/);
    // Tech on (10,5), biomass on (10,6): biomass 2 → 3 gives a patch, which brings no second rover.
    g.take('0').place('0', 0, 10, 5).resolveAdvances('0');
    expect(offered(g, 'rover')).toEqual([
      { x: 10, y: 5 },
      { x: 10, y: 6 },
    ]);
    g.resolve('0', 'patch', { x: 9, y: 5 });
    expect(kinds(g)).toEqual(['rover']);
    expect(rejectResolve(g, 'rover', { x: 11, y: 6 })).toMatch(/last tile you placed/);
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
    expect(rejectResolve(g, 'cardAdvance', { track: 'rover' })).toMatch(/Choose one of civ, biomass, water/);
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
    const tracks = eventById(c.id).structured[0]?.tracks as Track[];
    it(`${c.id} ${nameOf(c.id)}: ${tracks.join(' or ')} up one square with its benefits — ${c.rule}`, () => {
      const g = reveal(c.setup(withEvents()), c.id);
      const before = clone(g.draft('0').board.trackers);
      expect(g.pending('0')).toMatchObject([{ kind: 'cardAdvance', stepsEach: 1, benefits: 'all', tracks }]);
      expect(tracksOffered(g, 'cardAdvance')).toEqual(tracks);
      const other = TRACKS.find((t) => !tracks.includes(t)) as Track;
      expect(rejectResolve(g, 'cardAdvance', { track: other })).toMatch(/Choose one of/);
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
    expect(rejectResolve(g, 'synergy', { track: 'civ' })).toMatch(/top/);
    g.resolve('0', 'synergy', { track: 'water' });
    expect(g.level('0', 'water')).toBe(3);
    expect(kinds(g)).toEqual(['synergy']); // water 3's own boost
  });

  it('82 Lifepod Delivery: collect one lifepod from the planet onto the corporation board (§5.10.4)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 82);
    const pods = g.board('0').lifepods;
    expect(offered(g, 'collect')).toEqual(pods.map(xy)); // applied if possible: no declining (§3.4)
    expect(rejectResolve(g, 'collect', { done: true })).toMatch(/A lifepod still lies on your planet/);
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

// ---------------------------------------------------------------- orange: 85–104

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
    const tracks = eventById(c.id).structured[0]?.tracks as Track[];
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
      if (refused) expect(rejectResolve(g, 'regress', { track: refused })).toMatch(/cannot move down 1/);
      const other = TRACKS.find((t) => !tracks.includes(t)) as Track;
      expect(rejectResolve(g, 'regress', { track: other })).toMatch(/Choose one of/);
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
    expect(rejectResolve(g, 'eventMeteorite', { done: true })).toMatch(/must land/);
    expect(rejectResolve(g, 'eventMeteorite', { x: 11, y: 5 })).toMatch(/empty meteor symbol/);
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
    expect(rejectResolve(g, 'regress', { track: 'civ' })).toMatch(/cannot move down/);
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
      const forbids = new RegExp(`forbids rovers on ${terrain}`);
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
      expect(g.reject('0', { type: 'moveRover', rover: 0, path: [[5, 5]] })).toMatch(forbids);
      expect(
        g.reject('0', {
          type: 'moveRover',
          rover: 0,
          path: [
            [5, 5],
            [5, 4],
          ],
        }),
      ).toMatch(forbids);
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
      expect(rejectResolve(h, 'teleport', { rover: 0, x: 5, y: 5 })).toMatch(forbids);
      h.resolve('0', 'teleport', { rover: 0, x: 3, y: 3 }).confirm('0');
      expect(h.state.round).toBe(2);
    });
  }

  it('103 Stay Off the Edge: no tile on an edge square; a first tile must go on the edge, so the rule is lifted (R10, §4.3, §4.8)', () => {
    checkRestriction({
      id: 103,
      rule: 'tileMayNotTouchEdge',
      blocked: { orientation: 2, x: 2, y: 2 },
      why: /edge/,
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
    expect(h.reject('0', { type: 'takeTile', stack: 'small' })).toMatch(/fits nowhere.*the other one does/);
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

// ---------------------------------------------------------------- red: 105–124

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
    expect(rejectResolve(g, 'regress', { track: 'civ' })).toMatch(/cannot move down 2/);
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
    expect(rejectResolve(h, 'regress', { track: 'rover' })).toMatch(/cannot move down 2/);
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
    expect(rejectResolve(g, 'discardObjective', { card: notMine })).toMatch(/one of your objectives/);
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
    expect(g.reject('0', { type: 'takeTile', stack: 'small' })).toMatch(/event first: remove a stack/);
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
    expect(g.state.log.some((e) => e.text === 'looked at the next event')).toBe(true);
  });

  it('119 No Matching Neighbours: no tile square next to the same terrain; waived when it alone blocks both tiles; patches unbound (R10, §4.8)', () => {
    checkRestriction({
      id: 119,
      rule: 'tileMayNotTouchMatchingTerrain',
      blocked: { orientation: 0, x: 2, y: 3 }, // tech (2,3) against the tech at (1,3)
      why: /matching terrain/,
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
      why: /ice/,
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
      why: /ice/,
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
    expect(hasTech(g.board('0'), TECH.ignoreAdjacency)).toBe(true);
  });

  it('124 Flat Planet: same rule as 103 — no tile on the edge, waived when it alone blocks both tiles; patches may go on the edge (R10, §4.8)', () => {
    checkRestriction({
      id: 124,
      rule: 'tileMayNotTouchEdge',
      blocked: { orientation: 2, x: 2, y: 2 },
      why: /edge/,
      patch: [2, 2],
      hole: [
        [10, 3],
        [10, 4],
      ],
    });
  });
});

// ---------------------------------------------------------------- across the deck

describe('events across the deck (§3.4, §6.1, §7.3)', () => {
  it('the last card revealed makes its round the final one (§6.1 C)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), NEXT, []);
    expect(g.state.eventsLeft).toBe(0);
    expect(g.state.endTriggers).toEqual(['eventsExhausted']);
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.step).toBe('over');
    expect(g.state.result?.endReasons).toEqual(['eventsExhausted']);
    expect(g.state.result?.rounds).toBe(1);
    expect(g.state.result?.solo).toBeDefined();

    const h = reveal(withEvents(), NEXT, [NEXT]);
    expect(h.state.endTriggers).toEqual([]); // one left: not yet
  });

  it('R4: undo back to the start of the turn restores the event’s pending items and what they changed', () => {
    const s = withEvents()
      .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 6])
      .tracker('0', 'civ', 2)
      .depot('0', { small: 'i-biomass-civ' });
    s.board('0').meteorites = [];
    const g = reveal(s, 95);
    const start = clone(g.draft('0'));
    g.resolve('0', 'eventMeteorite', { x: 11, y: 6 });
    g.take('0').place('0', 0, 10, 5).resolveAdvances('0');
    expect(g.draft('0').board.rovers[0]?.destroyed).toBe(true);
    while (g.state.private['0']?.turn?.steps.length) g.act('0', { type: 'undo' });
    expect(g.draft('0')).toEqual(start);
    expect(kinds(g)).toEqual(['eventMeteorite']);
    expect(g.reject('0', { type: 'undo' })).toMatch(/start of your turn/);
    // Restart from anywhere does the same.
    g.resolve('0', 'eventMeteorite', { x: 11, y: 6 }).take('0');
    g.act('0', { type: 'restart' });
    expect(g.draft('0')).toEqual(start);
  });

  it('R20: multiplayer decks never hold a solo-only card; solo decks may', () => {
    let soloSeen = false;
    for (const n of [1, 2, 3, 4, 5, 6]) {
      for (const preset of Object.keys(EVENT_PRESETS) as EventPreset[]) {
        for (const seed of [1, 2, 3]) {
          const options = matchOptionsFrom(n, { events: preset });
          expect(options.events).toEqual({ ...EVENT_PRESETS[preset], preset });
          const ids = Array.from({ length: n }, (_, i) => String(i));
          const st = setupGame(ids, options, seeded(seed * 10 + n));
          const deck = [...st.hidden.eventDeck, ...(st.event ? [st.event.id] : [])];
          expect(deck).toHaveLength(20);
          expect(new Set(deck).size).toBe(20);
          const colours = { green: 0, orange: 0, red: 0 };
          for (const id of deck) colours[eventById(id).color as keyof typeof colours]++;
          expect(colours).toEqual(EVENT_PRESETS[preset]);
          if (n > 1) expect(deck.filter((id) => SOLO_ONLY.includes(id))).toEqual([]);
          else soloSeen ||= deck.some((id) => SOLO_ONLY.includes(id));
        }
      }
    }
    expect(soloSeen).toBe(true);
    expect(EVENTS.filter((e) => e.soloOnly).map((e) => e.id)).toEqual(SOLO_ONLY);
  });

  it('round rules stop when the next round starts: under 103 no edge in round 1, the edge is open again in round 2 (§3.4)', () => {
    const s = withEvents().tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }).depot('0', {
      small: 'i-biomass-civ',
    });
    const g = reveal(s, 103);
    expect(rulesInForce(g.state)).toEqual([{ rule: 'tileMayNotTouchEdge' }]);
    g.take('0');
    expect(g.reject('0', { type: 'placeTile', orientation: 0, x: 10, y: 6 })).toMatch(/edge/); // (10,7) is edge
    g.place('0', 0, 10, 5).resolveAdvances('0');
    const next = nextRoundTop(g, 'water-rover');
    g.confirm('0');
    expect(g.state.round).toBe(2);
    expect(g.state.event).toEqual({ id: NEXT, round: 2 });
    expect(rulesInForce(g.state)).toEqual(roundRulesOf(NEXT));
    expect(g.draft('0').rules).toEqual(roundRulesOf(NEXT));
    g.take('0');
    expect(g.draft('0').taken?.tileId).toBe(next);
    const ctx = placementContext(g.draft('0').board);
    const onEdge = legalTilePlacements(ctx, next).find((p) =>
      placementCells(tileById(next).shape, p).some((c) => KSB.isEdge[c]),
    );
    expect(onEdge).toBeDefined();
    g.act('0', { type: 'placeTile', ...(onEdge as Placement) });
    expect(g.draft('0').placed).toBe(true);
  });

  // §3.4: each player resolves everything the event triggers before taking a tile. With civ on 2,
  // a regression resolved first leaves civ 1 → 2 after the domino: no milestone, no card.
  it('85 Setback is resolved before the tile is taken (§3.4)', () => {
    const g = reveal(withEvents().tracker('0', 'civ', 2).depot('0', { small: 'i-biomass-civ' }), 85);
    expect(kinds(g)).toEqual(['regress']);
    const why = applyAction(g.state, '0', { type: 'takeTile', stack: 'small' });
    expect(why).toMatch(/event/i);
  });
});
