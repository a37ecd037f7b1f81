/**
 * Oasis Ultd. (§8.2, R15): the water tracker's 24-step path across the other tracks, trackers
 * blocking each other, water per square on ice, and five techs (R7, R8, R11).
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, SquareRef } from '../../game/core/types';
import { corporationById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { isAtTop } from '../../game/rules/tracker-moves';
import { scenario, type Game, type Scenario } from '../support/scenario';
import { coverAllBut } from '../planets/support';

const ID = 'oasis-ultd';
const corp = corporationById(ID);
const rules = corporationRules(ID);
const shape = corp.extra.trackShape;
if (shape?.kind !== 'oasisWaterPath')
  throw new Error('Oasis Ultd. draws its water path from its track shape.');
const path = shape.path;
const TECH = [3, 5, 7, 10, 14]; // the tech track's milestones, tech 1 to 5

const oasis = (players = 1) =>
  scenario({ players, setupData: { seats: Array.from({ length: players }, () => ({ corporation: ID })) } });

/** The path square of a step. */
const stepSquare = (step: number): SquareRef => ({ col: path[step]!.track, row: path[step]!.level });

/** Put the water tracker on a step of its path. */
const waterOn = (s: Scenario, step: number): Scenario => {
  s.board('0').trackers.water = stepSquare(step);
  return s;
};

/** The step the water tracker stands on. */
const waterStep = (g: Game): number => {
  const at = g.draft('0').board.trackers.water;
  return path.findIndex((p) => p.track === at.col && p.level === at.row);
};

const waterAdvance = (steps = 1) => ({
  kind: 'advance' as const,
  track: 'water' as const,
  steps,
  source: 'card' as const,
});

const listedFor = (g: Game, item: number) =>
  g
    .legal('0')
    .filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve' && a.item === item);

const kinds = (g: Game) =>
  g.pending('0').map((p) => (p.kind === 'advance' ? `${p.kind} ${p.track} ${p.steps}` : p.kind));

describe('Oasis Ultd.: the water path (§8.2, R15)', () => {
  it('§8.2: the path has 24 steps, from the water start to the water top, crossing the other tracks', () => {
    expect(path).toHaveLength(24);
    expect(stepSquare(0)).toEqual({ col: 'water', row: 0 });
    expect(stepSquare(23)).toEqual({ col: 'water', row: 15 });
    expect(new Set(path.map((p) => p.track))).toEqual(new Set(['civ', 'water', 'biomass', 'rover', 'tech']));
  });

  it('§8.2: each advance goes to the next step and claims its benefits, on another track too', () => {
    const g = waterOn(oasis(), 1).pending('0', waterAdvance()).start();
    // One square to go to: naming another is refused and changes nothing.
    const item = g.item('0', 'advance', 'water').id;
    expect(g.refusal('0', { type: 'resolve', item, choice: { col: 'water', row: 3 } })).toEqual({
      code: 'reason.noChoiceNeeded',
    });
    g.resolve('0', 'advance', undefined, 'water');
    expect(g.draft('0').board.trackers.water).toEqual({ col: 'biomass', row: 2 });
    expect(kinds(g)).toEqual(['synergy']); // the biomass square's synergy
  });

  it('§8.2, R15: a foreign medal on the path is not claimed and does not score', () => {
    const g = waterOn(oasis(), 13).pending('0', waterAdvance()).start();
    g.resolve('0', 'advance', undefined, 'water');
    expect(waterStep(g)).toBe(14); // biomass row 8, printed medal 2
    expect(kinds(g)).toEqual([]);
    expect(rules.trackMedals(corp, g.draft('0').board)).toBe(6);
  });

  it('§8.2, R7: a multi-step advance claims every step in turn', () => {
    const g = oasis().pending('0', waterAdvance(3)).start();
    g.resolve('0', 'advance', undefined, 'water');
    expect(waterStep(g)).toBe(3); // rover row 3
    expect(kinds(g)).toEqual(['synergy']); // from step 2
    expect(g.draft('0').movement).toBe(1); // step 3's rover movement
  });

  it('§8.2, §5.4, R8: a regression goes back one step claiming nothing; landing again claims again', () => {
    const g = waterOn(oasis(), 2)
      .pending('0', { kind: 'regress', tracks: ['water'], steps: 1 }, waterAdvance())
      .start();
    g.resolve('0', 'regress', { track: 'water' });
    expect(waterStep(g)).toBe(1);
    expect(kinds(g)).toEqual(['advance water 1']);
    g.resolve('0', 'advance', undefined, 'water');
    expect(kinds(g)).toEqual(['synergy']);
  });

  it('§8.2, §5.3: the last step is the top; the water tracker goes no higher', () => {
    const top = waterOn(oasis(), 23).board('0');
    expect(isAtTop(top, 'water')).toBe(true);
    expect(rules.nextSquares(corp, top, 'water')).toEqual([]);
    expect(isAtTop(waterOn(oasis(), 22).board('0'), 'water')).toBe(false);
    const g = waterOn(oasis(), 23).pending('0', { kind: 'synergy' }).start();
    expect(listedFor(g, g.item('0', 'synergy').id).map((a) => a.choice?.track)).not.toContain('water');
  });

  it('§8.2, R15: water scores only the water medals of the path reached: 3, 6, 9 (row 11), 12, 15', () => {
    const medal = (step: number) => rules.trackMedals(corp, waterOn(oasis(), step).board('0'));
    expect([0, 9, 10, 12, 13, 18, 19, 20, 21, 22, 23].map(medal)).toEqual([
      0, 0, 3, 3, 6, 6, 9, 9, 12, 12, 15,
    ]);
  });

  it('§8.2: the other trackers score their own columns as usual', () => {
    const s = oasis().tracker('0', 'civ', 15).tracker('0', 'biomass', 9).tracker('0', 'rover', 12);
    expect(rules.trackMedals(corp, s.board('0'))).toBe(5 + 2 + 2);
  });
});

describe('Oasis Ultd.: trackers block each other (§8.2)', () => {
  it('§8.2: the water tracker cannot enter a square another tracker holds', () => {
    const g = waterOn(oasis(), 1).tracker('0', 'biomass', 2).pending('0', { kind: 'synergy' }).start();
    const synergy = g.item('0', 'synergy').id;
    expect(listedFor(g, synergy).map((a) => a.choice?.track)).not.toContain('water');
    expect(g.refusalMessage('0', { type: 'resolve', item: synergy, choice: { track: 'water' } })).toEqual({
      code: 'reason.trackBlocked',
      rule: '§8.2',
      values: { track: 'water' },
    });
  });

  it('§8.2: another tracker cannot enter the square the water tracker holds on its column', () => {
    const g = waterOn(oasis(), 8) // civ row 4
      .tracker('0', 'civ', 3)
      .pending('0', { kind: 'advance', track: 'civ', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'civ');
    expect(g.level('0', 'civ')).toBe(3);
    expect(kinds(g)).toEqual([]);
  });

  it('§8.2, §5.4: a regression is blocked by an occupied square too', () => {
    const board = waterOn(oasis(), 3).tracker('0', 'biomass', 2).board('0');
    expect(rules.previousSquare(corp, board, 'water')).toBeNull();
    const g = waterOn(oasis(), 3)
      .tracker('0', 'biomass', 2)
      .pending('0', { kind: 'regress', tracks: ['water'], steps: 1 })
      .start();
    expect(listedFor(g, g.item('0', 'regress').id)).toEqual([]);
  });

  it('§8.2 tech 1: a blocked tracker jumps past the occupant, claiming only the square it lands on', () => {
    const g = waterOn(oasis(), 1)
      .tracker('0', 'tech', TECH[0]!)
      .tracker('0', 'biomass', 2)
      .pending('0', waterAdvance())
      .start();
    g.resolve('0', 'advance', undefined, 'water');
    expect(waterStep(g)).toBe(3); // past biomass row 2 and its synergy, onto rover row 3
    expect(kinds(g)).toEqual([]);
    expect(g.draft('0').movement).toBe(1);
  });

  it('§8.2 tech 1: past every occupant in a row', () => {
    const board = waterOn(oasis(), 1)
      .tracker('0', 'tech', 4)
      .tracker('0', 'biomass', 2)
      .tracker('0', 'rover', 3)
      .board('0');
    // Steps 2, 3 and 4 are held by the biomass, rover and tech trackers (tech row 4: tech 1 is on).
    expect(rules.nextSquares(corp, board, 'water')).toEqual([stepSquare(5)]);
  });

  it('§8.2 tech 1: another tracker jumps the water tracker on its column too', () => {
    const g = waterOn(oasis(), 2) // biomass row 2
      .tracker('0', 'tech', TECH[0]!)
      .tracker('0', 'biomass', 1)
      .pending('0', { kind: 'advance', track: 'biomass', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'biomass');
    expect(g.level('0', 'biomass')).toBe(3);
    expect(kinds(g)).toEqual(['patch']); // row 3's milestone, not row 2's synergy
  });

  it('§8.2 tech 1: going down, a tracker jumps past an occupant too', () => {
    const board = waterOn(oasis(), 3).tracker('0', 'tech', TECH[0]!).tracker('0', 'biomass', 2).board('0');
    expect(rules.previousSquare(corp, board, 'water')).toEqual(stepSquare(1));
  });
});

describe('Oasis Ultd.: water from tiles (§8.2, §5.8)', () => {
  it('§8.2: one step per water square of the tile lying on ice', () => {
    // The I water/rover tile on (1, 4)–(1, 6): rover on land, two water squares on ice.
    const g = oasis().depot('0', { small: 'I-water-rover' }).start();
    g.take('0').place('0', 0, 1, 4);
    expect(kinds(g)).toEqual(['advance rover 1', 'advance water 2']);
    g.resolve('0', 'advance', undefined, 'water');
    expect(waterStep(g)).toBe(2);
  });

  it('§8.2: one water square on ice gives one step; none gives none', () => {
    const one = oasis().depot('0', { small: 'I-water-rover' }).start();
    one.take('0').place('0', 0, 1, 3); // water on (1, 4) land and (1, 5) ice
    expect(kinds(one)).toEqual(['advance rover 1', 'advance water 1']);
    const none = oasis().depot('0', { small: 'I-water-rover' }).start();
    none.take('0').place('0', 0, 6, 0); // all on land
    expect(kinds(none)).toEqual(['advance rover 1']);
  });

  it('§8.2, §5.12: water chosen through energy is one step, ice or not', () => {
    const g = oasis().depot('0', { small: 'i-energy-water' }).start();
    g.take('0').place('0', 0, 0, 5); // energy on ice (0, 5), water on ice (0, 6)
    expect(kinds(g)).toEqual(['energy', 'advance water 1']);
    g.resolve('0', 'energy', { track: 'water' });
    expect(waterStep(g)).toBe(1);
  });

  it('§8.2, §4.10: a tile that fits nowhere gives water one step, and techs 3–5 need a placed tile', () => {
    const g = coverAllBut(oasis().tracker('0', 'tech', TECH[4]!), 'ksb-4156', [[5, 5]])
      .depot('0', { small: 'I-water-rover', large: 'N-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(kinds(g)).toEqual(['advance rover 1', 'advance water 1']);
  });
});

describe('Oasis Ultd.: techs (§8.2, §5.11)', () => {
  it('§8.2 tech 2 (R11): at the round start, one movement per rover on water terrain', () => {
    const s = () =>
      oasis()
        .tile('0', 'I-water-rover', { orientation: 0, x: 1, y: 4 }) // water on (1, 5) and (1, 6)
        .rover('0', 0, [1, 5])
        .rover('0', 1, [1, 6]);
    expect(s().tracker('0', 'tech', TECH[1]!).start().draft('0').movement).toBe(2);
    expect(s().tracker('0', 'tech', TECH[0]!).start().draft('0').movement).toBe(0);
    const oneOnRover = s().tracker('0', 'tech', TECH[1]!).rover('0', 1, [1, 4]);
    expect(oneOnRover.start().draft('0').movement).toBe(1);
  });

  it('§8.2 tech 3: a tile placed entirely off the ice moves water one step', () => {
    const g = oasis().tracker('0', 'tech', TECH[2]!).depot('0', { small: 'i-biomass-civ' }).start();
    g.take('0').place('0', 0, 5, 0); // (5, 0) and (5, 1): land
    expect(kinds(g)).toEqual(['advance biomass 1', 'advance civ 1', 'advance water 1']);
    const onIce = oasis().tracker('0', 'tech', TECH[2]!).depot('0', { small: 'i-biomass-civ' }).start();
    onIce.take('0').place('0', 0, 3, 1); // (3, 1) and (3, 2): ice
    expect(kinds(onIce)).toEqual(['advance biomass 1', 'advance civ 1']);
    const noTech = oasis().tracker('0', 'tech', TECH[1]!).depot('0', { small: 'i-biomass-civ' }).start();
    noTech.take('0').place('0', 0, 5, 0);
    expect(kinds(noTech)).toEqual(['advance biomass 1', 'advance civ 1']);
  });

  it('§8.2 tech 3: a patch is no tile and moves nothing', () => {
    const g = oasis()
      .tracker('0', 'tech', TECH[2]!)
      .patch('0', [6, 0])
      .pending('0', { kind: 'patch' })
      .start();
    g.resolve('0', 'patch', { x: 6, y: 1 });
    expect(kinds(g)).toEqual([]);
  });

  it('§8.2 tech 4: a tile with a water icon earns a patch, ice or not', () => {
    const g = oasis().tracker('0', 'tech', TECH[3]!).depot('0', { small: 'I-water-rover' }).start();
    g.take('0').place('0', 0, 6, 0); // all on land: tech 3's step as well
    expect(kinds(g)).toEqual(['advance rover 1', 'advance water 1', 'patch']);
    const noWater = oasis().tracker('0', 'tech', TECH[3]!).depot('0', { small: 'i-biomass-civ' }).start();
    noWater.take('0').place('0', 0, 3, 1);
    expect(kinds(noWater)).toEqual(['advance biomass 1', 'advance civ 1']);
  });

  it('§8.2 tech 5: a tile with a water icon earns a synergy boost too', () => {
    const g = oasis().tracker('0', 'tech', TECH[4]!).depot('0', { small: 'I-water-rover' }).start();
    g.take('0').place('0', 0, 1, 4); // two water squares on ice
    expect(kinds(g)).toEqual(['advance rover 1', 'advance water 2', 'patch', 'synergy']);
  });
});

describe('Oasis Ultd.: random games (§8.2)', () => {
  it('§8.2: 30 games for 1–6 players end without error and score their breakdowns', () => {
    playThirtyGames({ corporation: ID }, 'oasis');
  });
});
