/**
 * Makeshift (§8.2): trackers climb straight up or diagonally onto a neighbouring column, never onto
 * another tracker, claim whatever is printed where they land, and score the column they stand in;
 * the tech level is the highest tracker on the tech column; five techs; R5, R7, R12, R24.
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, Choice, PlayerBoard, SquareRef, Track } from '../../game/core/types';
import { TRACKS } from '../../game/core/types';
import { corporationById, planetById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { effects } from '../../game/rules/tracks';
import { objectiveContext, privateCheck } from '../../game/rules/objectives';
import { scenario, type Game, type Scenario } from '../support/scenario';

const MAKESHIFT = 'makeshift';
const corp = corporationById(MAKESHIFT);
const rules = corporationRules(MAKESHIFT);
const milestone = (tech: number): number => corp.techUnlock.milestoneRows![tech - 1]!;

const makeshift = (players = 1): Scenario =>
  scenario({
    players,
    setupData: { seats: Array.from({ length: players }, () => ({ corporation: MAKESHIFT })) },
  });

/** Stand trackers where a position needs them: `{ water: ['civ', 3] }` puts the blue tracker on civ row 3. */
function trackers(s: Scenario, where: Partial<Record<Track, readonly [Track, number]>>): Scenario {
  for (const [t, [col, row]] of Object.entries(where) as [Track, readonly [Track, number]][])
    s.board('0').trackers[t] = { col, row };
  return s;
}

const advanceOf = (track: Track, steps = 1) => ({ kind: 'advance', track, steps, source: 'card' }) as const;

/** The choices listed for the pending advance of a tracker. */
const destinations = (g: Game, track: Track): Choice[] => {
  const id = g.item('0', 'advance', track).id;
  return g.legal('0').flatMap((a) => (a.type === 'resolve' && a.item === id && a.choice ? [a.choice] : []));
};

const square = (col: Track, row: number): SquareRef => ({ col, row });
const where = (g: Game, track: Track): SquareRef => g.draft('0').board.trackers[track];
const board = (g: Game): PlayerBoard => g.draft('0').board;

describe('Makeshift tracks (§8.2)', () => {
  it('a tracker advances straight up or diagonally onto a neighbouring column; the player picks (§8.2, R7)', () => {
    const g = makeshift().pending('0', advanceOf('water')).start();
    expect(destinations(g, 'water')).toEqual([square('water', 1), square('civ', 1), square('biomass', 1)]);
    const item = g.item('0', 'advance', 'water').id;
    expect(g.refusal('0', { type: 'resolve', item, choice: { col: 'rover', row: 1 } })).toEqual({
      code: 'reason.chooseDestination',
      rule: '§8.2',
    });
    expect(g.refusal('0', { type: 'resolve', item, choice: { col: 'civ', row: 2 } })).toEqual({
      code: 'reason.chooseDestination',
      rule: '§8.2',
    });
    g.act('0', { type: 'resolve', item, choice: { col: 'civ', row: 1 } });
    expect(where(g, 'water')).toEqual(square('civ', 1));
  });

  it('a multi-square advance asks at every square (R7)', () => {
    const g = makeshift().pending('0', advanceOf('water', 2)).start();
    g.resolve('0', 'advance', { col: 'biomass', row: 1 }, 'water');
    expect(where(g, 'water')).toEqual(square('biomass', 1));
    expect(destinations(g, 'water')).toEqual([square('biomass', 2), square('water', 2), square('rover', 2)]);
    g.resolve('0', 'advance', { col: 'rover', row: 2 }, 'water');
    expect(where(g, 'water')).toEqual(square('rover', 2));
    expect(g.pending('0').filter((p) => p.kind === 'advance')).toEqual([]);
  });

  it('never onto an occupied square; with one square left there is nothing to choose (§8.2)', () => {
    const g = trackers(makeshift(), { civ: ['civ', 1], biomass: ['biomass', 1] })
      .pending('0', advanceOf('water'))
      .start();
    expect(destinations(g, 'water')).toEqual([{}]);
    g.resolve('0', 'advance', {}, 'water');
    expect(where(g, 'water')).toEqual(square('water', 1));
  });

  it('the civ and tech columns are neighbours only with tech 1 (§8.2)', () => {
    const without = makeshift().pending('0', advanceOf('civ')).start();
    expect(destinations(without, 'civ')).toEqual([square('civ', 1), square('water', 1)]);
    const g = trackers(makeshift(), { tech: ['tech', milestone(1)] })
      .pending('0', advanceOf('civ'))
      .start();
    expect(destinations(g, 'civ')).toEqual([square('civ', 1), square('water', 1), square('tech', 1)]);
  });

  it('tech 3: an advance may slide sideways on the same row instead (§8.2)', () => {
    const g = trackers(makeshift(), { tech: ['tech', milestone(3)], water: ['water', 4] })
      .pending('0', advanceOf('water'))
      .start();
    expect(destinations(g, 'water')).toEqual([
      square('water', 5),
      square('civ', 5),
      square('biomass', 5),
      square('civ', 4),
      square('biomass', 4),
    ]);
    g.resolve('0', 'advance', { col: 'biomass', row: 4 }, 'water');
    expect(where(g, 'water')).toEqual(square('biomass', 4));
  });

  it("a tracker on its column's top goes nowhere, not even sideways with tech 3 (§5.3, §8.2)", () => {
    const s = trackers(makeshift(), { tech: ['tech', milestone(3)], water: ['civ', 15] });
    expect(rules.nextSquares(corp, s.board('0'), 'water')).toEqual([]);
  });

  it('any tracker claims what its square prints: a civ milestone gives its printed rank (§8.2)', () => {
    const g = trackers(makeshift(), { water: ['civ', 2], biomass: ['water', 2], civ: ['biomass', 0] })
      .pending('0', advanceOf('water'), advanceOf('civ'))
      .start();
    g.resolve('0', 'advance', { col: 'civ', row: 3 }, 'water');
    expect(g.draft('0').civRanks).toEqual([1]);
    // The black tracker stands on biomass: a civ advance moves it there and claims biomass squares.
    g.resolve('0', 'advance', { col: 'biomass', row: 1 }, 'civ');
    expect(where(g, 'civ')).toEqual(square('biomass', 1));
  });

  it('a tracker on another column claims that column: a patch, a rover, movement (§8.2)', () => {
    const g = trackers(makeshift(), { water: ['biomass', 2], civ: ['rover', 1], tech: ['rover', 0] })
      .pending('0', advanceOf('water'), advanceOf('civ'))
      .start();
    g.resolve('0', 'advance', { col: 'biomass', row: 3 }, 'water');
    expect(g.pending('0').some((p) => p.kind === 'patch')).toBe(true);
    g.resolve('0', 'advance', { col: 'rover', row: 2 }, 'civ');
    expect(g.draft('0').movement).toBe(1); // rover row 2 prints 1 movement
  });

  it('regression goes straight down, never into an occupied square (§5.4, §8.2)', () => {
    const s = trackers(makeshift(), { water: ['civ', 3], civ: ['civ', 2], biomass: ['rover', 6] });
    expect(rules.previousSquare(corp, s.board('0'), 'water')).toBeNull();
    expect(rules.previousSquare(corp, s.board('0'), 'biomass')).toEqual(square('rover', 5));
    expect(rules.previousSquare(corp, s.board('0'), 'rover')).toBeNull(); // row 0
  });

  it('the tech level is the highest tracker on the tech column; none there, no tech (§8.2)', () => {
    const away = trackers(makeshift(), { tech: ['rover', 12] }).board('0');
    expect(TRACKS.map((_, k) => rules.techActive(corp, away, k))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const lent = trackers(makeshift(), { tech: ['rover', 12], water: ['tech', milestone(2)] }).board('0');
    expect([0, 1, 2, 3, 4].map((k) => rules.techActive(corp, lent, k))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('tech 2: rover-track movement +1 while two or more trackers stand on the rover column (§8.2)', () => {
    const crowded = trackers(makeshift(), {
      tech: ['tech', milestone(2)],
      rover: ['rover', 3],
      civ: ['rover', 6],
    })
      .pending('0', advanceOf('rover'))
      .start();
    crowded.resolve('0', 'advance', { col: 'rover', row: 4 }, 'rover');
    expect(crowded.draft('0').movement).toBe(3); // row 4 prints 2
    const alone = trackers(makeshift(), { tech: ['tech', milestone(2)], rover: ['rover', 3] })
      .pending('0', advanceOf('rover'))
      .start();
    alone.resolve('0', 'advance', { col: 'rover', row: 4 }, 'rover');
    expect(alone.draft('0').movement).toBe(2);
  });

  it('tech 4: once each round, one tracker moves down one square, claiming nothing (§8.2, R12)', () => {
    const g = trackers(makeshift(), {
      tech: ['tech', milestone(4)],
      water: ['civ', 3],
      civ: ['civ', 2],
    }).start();
    const offered = g.legal('0').filter((a) => a.type === 'useAbility');
    // Water stands above the black tracker and the others are on row 0: only these two can go down.
    expect(offered).toEqual([
      { type: 'useAbility', ability: 'regressAnyTracker', choice: { track: 'civ' } },
      { type: 'useAbility', ability: 'regressAnyTracker', choice: { track: 'tech' } },
    ]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'regressAnyTracker', choice: { track: 'water' } }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', { type: 'useAbility', ability: 'regressAnyTracker', choice: { track: 'civ' } });
    expect(where(g, 'civ')).toEqual(square('civ', 1));
    expect(g.draft('0').civRanks).toEqual([]);
    const again: Action = { type: 'useAbility', ability: 'regressAnyTracker', choice: { track: 'water' } };
    expect(g.refusal('0', again)).toEqual({ code: 'reason.abilityNotAvailable', rule: '§8.2' });
  });

  it('each tracker scores the medals of the column it stands in (§6.3 B, §8.2)', () => {
    // Black on water 4 (medal 2), blue on civ 9 (3), green on rover 10 (1), red on biomass 5 (1), grey on tech 0.
    const b = trackers(makeshift(), {
      civ: ['water', 4],
      water: ['civ', 9],
      biomass: ['rover', 10],
      rover: ['biomass', 5],
    }).board('0');
    expect(rules.trackMedals(corp, b)).toBe(2 + 3 + 1 + 1 + 0);
  });

  it('tech 5: every tracker scores as the highest tracker of its column (R24)', () => {
    const position = { civ: ['water', 2], water: ['water', 7], tech: ['tech', milestone(5)] } as const;
    const without = trackers(makeshift(), { ...position, tech: ['tech', milestone(4)] }).board('0');
    // water 2 → 1, water 7 → 3; tech 10 → 1.
    expect(rules.trackMedals(corp, without)).toBe(1 + 3 + 1);
    const b = trackers(makeshift(), position).board('0');
    // Both water trackers score water 7 → 3; tech 14 → 2.
    expect(rules.trackMedals(corp, b)).toBe(3 + 3 + 2);
  });

  it('the rover tracker on the rover top gives 3∞ for a rover tile (R5)', () => {
    const g = trackers(makeshift(), { rover: ['rover', 15], tech: ['tech', milestone(3)] })
      .pending('0', { kind: 'advance', track: 'rover', steps: 1, source: 'tile' })
      .start();
    g.resolveAdvances('0');
    expect(where(g, 'rover')).toEqual(square('rover', 15));
    expect(g.draft('0').movement).toBe(corp.tracks.rover.topMovement);
  });

  it('tech 2 raises the 3∞ to 4∞ while another tracker shares the rover column (§5.10.2, §8.2, R5)', () => {
    // The tech's +1 goes on the number under the rover tracker whenever rover movement is gained
    // (2023 rulebook, glossary "+X déplacement de Rover"); at the top that number is the 3 of 3∞.
    const topTile = (where: Partial<Record<Track, readonly [Track, number]>>): Game => {
      const g = trackers(makeshift(), where)
        .pending('0', { kind: 'advance', track: 'rover', steps: 1, source: 'tile' })
        .start();
      g.resolveAdvances('0');
      return g;
    };
    const crowded = topTile({ rover: ['rover', 15], civ: ['rover', 9], tech: ['tech', milestone(2)] });
    expect(crowded.draft('0').movement).toBe(4);
    // Alone on the rover column, or without tech 2: the printed 3.
    expect(topTile({ rover: ['rover', 15], tech: ['tech', milestone(2)] }).draft('0').movement).toBe(3);
    expect(
      topTile({ rover: ['rover', 15], civ: ['rover', 9], tech: ['tech', milestone(1)] }).draft('0').movement,
    ).toBe(3);
    // Neither does a crowded rover column give an ∞ to a rover tracker topped elsewhere.
    expect(topTile({ rover: ['tech', 15], civ: ['rover', 9], water: ['rover', 4] }).draft('0').movement).toBe(
      0,
    );
    // Only a placed tile pays the ∞ (R5): a boost or a card at the top gives nothing.
    const card = trackers(makeshift(), {
      rover: ['rover', 15],
      civ: ['rover', 9],
      tech: ['tech', milestone(2)],
    })
      .pending('0', advanceOf('rover'))
      .start();
    card.resolveAdvances('0');
    expect(card.draft('0').movement).toBe(0);
  });

  it("the rover column's synergy is at row 8 and its first medal at row 10, swapped from the other boards (§8.2)", () => {
    // CORPORATION-NOTES: every other rover track has medal 1 at 8 and a synergy at 10.
    const climb = (from: number): Game => {
      const g = trackers(makeshift(), { rover: ['rover', from] })
        .pending('0', advanceOf('rover'))
        .start();
      g.resolve('0', 'advance', { col: 'rover', row: from + 1 }, 'rover');
      return g;
    };
    const eight = climb(7);
    expect(eight.draft('0').movement).toBe(2);
    expect(eight.pending('0').map((p) => p.kind)).toEqual(['synergy']);
    const ten = climb(9);
    expect(ten.draft('0').movement).toBe(2);
    expect(ten.pending('0')).toEqual([]);
    // Medals: none below row 10, 1 from row 10, 2 from row 12.
    const medals = (row: number): number =>
      rules.medalsByTrack(corp, trackers(makeshift(), { rover: ['rover', row] }).board('0')).rover;
    expect([8, 9, 10, 11, 12].map(medals)).toEqual([0, 0, 1, 1, 2]);
    // Any tracker landing on row 8 of the rover column claims the synergy (§8.2).
    const diagonal = trackers(makeshift(), { biomass: ['biomass', 7] })
      .pending('0', advanceOf('biomass'))
      .start();
    diagonal.resolve('0', 'advance', { col: 'rover', row: 8 }, 'biomass');
    expect(diagonal.pending('0').map((p) => p.kind)).toEqual(['synergy']);
  });

  it('the rover tracker on the top of another column earns no ∞: the ∞ is printed over the rover column (R5)', () => {
    const g = trackers(makeshift(), { rover: ['tech', 15], tech: ['rover', 3] })
      .pending('0', { kind: 'advance', track: 'rover', steps: 1, source: 'tile' })
      .start();
    g.resolveAdvances('0');
    expect(g.draft('0').movement).toBe(0);
  });

  it('a track is at its maximum when any tracker stands on its top (objectives, §8.2)', () => {
    const ctx = objectiveContext(planetById('ksb-4156'), corp);
    const b = trackers(makeshift(), { civ: ['water', 15] }).board('0');
    expect(privateCheck({ type: 'trackAtMaximum', track: 'water' }, b, ctx)).toBe(true);
    expect(privateCheck({ type: 'trackAtMaximum', track: 'civ' }, b, ctx)).toBe(false);
  });

  it('a card advancing every tracker to a row takes squares up, never sideways (§5.7, R7)', () => {
    const g = trackers(makeshift(), {
      tech: ['tech', milestone(3)],
      civ: ['civ', 4],
      water: ['water', 4],
      biomass: ['civ', 5],
    }).start();
    effects.civCardEffects(g.draft('0'), 21, 'immediate'); // to row 5 (civ-cards.json)
    const b = board(g);
    // Black's square above is taken: it climbs diagonally onto water 5; blue then finds water 5
    // taken too and climbs onto biomass 5. A sideways slide would bring neither closer.
    expect(b.trackers.civ).toEqual(square('water', 5));
    expect(b.trackers.water).toEqual(square('biomass', 5));
    expect(b.trackers.rover).toEqual(square('rover', 5));
    expect(b.trackers.tech).toEqual(square('tech', milestone(3)));
  });
});

describe('Makeshift random games (§8.2)', () => {
  it('30 games for 1–6 players end, with scores equal to their breakdowns', () => {
    playThirtyGames({ corporation: MAKESHIFT }, 'makeshift', (state) => {
      // No two trackers ever share a square.
      for (const p of state.playerIDs) {
        const b = state.private[p]?.turn?.draft.board ?? state.boards[p]!;
        const squares = new Set(TRACKS.map((t) => `${b.trackers[t].col}:${b.trackers[t].row}`));
        if (squares.size !== TRACKS.length)
          throw new Error(`trackers share a square: ${JSON.stringify(b.trackers)}`);
      }
    });
  });
});
