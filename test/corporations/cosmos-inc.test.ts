/**
 * Cosmos Inc. (§8.2, R32): lifepods parked on free track squares, trackers jumping over them both
 * ways, nothing printed under a lifepod counting, and the five techs.
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { PlayerBoard } from '../../game/core/types';
import { corporationById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { techEffects } from '../../game/rules/tracker-moves';
import { scoreGame, trackMedals } from '../../game/rules/scoring';
import { scenario, type Game, type Scenario } from '../support/scenario';

const COSMOS = 'cosmos-inc';
const cosmos = (planet = 'ksb-4156', players = 1): Scenario =>
  scenario({
    players,
    setupData: { seats: Array.from({ length: players }, () => ({ planet, corporation: COSMOS })) },
  });

const board = (g: Game): PlayerBoard => g.draft('0').board;

describe('Cosmos Inc.: lifepods on the tracks (§8.2, R32)', () => {
  it('§8.2 R32: a lifepod a rover collects may go to the scoring area or a free track square, and still counts as collected', () => {
    const g = cosmos()
      .tile('0', 'i-water-rover', { orientation: 0, x: 0, y: 5 })
      .rover('0', 0, [0, 5])
      .lifepods('0', [0, 6])
      .tracker('0', 'civ', 2)
      .start();
    g.draft('0').movement = 1;
    g.act('0', { type: 'moveRover', rover: 0, path: [[0, 6]] });
    const item = g.item('0', 'lifepodSpot');
    const spots = g.choicesOf('0', item.id).map((c) => c.spot);
    expect(spots).toContain('area');
    expect(spots).toContain('civ:3');
    expect(spots).not.toContain('civ:2'); // the civ tracker stands there
    expect(spots).toContain('civ:1'); // below a tracker too (CORPORATION-NOTES §13.17)
    expect(g.refusal('0', { type: 'resolve', item: item.id, choice: { spot: 'civ:2' } })).toEqual({
      code: 'reason.chooseLifepodSpot',
      rule: 'R32',
    });
    g.resolve('0', 'lifepodSpot', { spot: 'civ:3' });
    expect(board(g).corp.parkedLifepods).toEqual(['civ:3']);
    expect(board(g).collected.lifepods).toBe(1);
  });

  it('§8.2: a lifepod a card collects gets a spot too', () => {
    const g = cosmos()
      .lifepods('0', [5, 5])
      .pending('0', { kind: 'collect', item: 'lifepod', count: 1 })
      .start();
    g.resolve('0', 'collect', { x: 5, y: 5 });
    expect(g.choicesOf('0', g.item('0', 'lifepodSpot').id)).toContainEqual({ spot: 'water:1' });
  });

  it('§8.2: no lifepod goes on a top square, the rover top included (trackShape placement)', () => {
    const spots = new Set(
      corporationRules(COSMOS).lifepodSpots(corporationById(COSMOS), cosmos().board('0')),
    );
    for (const col of ['civ', 'water', 'biomass', 'rover', 'tech'] as const) {
      expect(spots.has(`${col}:15`)).toBe(false);
      expect(spots.has(`${col}:14`)).toBe(true);
      expect(spots.has(`${col}:0`)).toBe(false); // the trackers start there
    }
    expect(spots.size).toBe(5 * 14);
  });

  it('§8.2 R32: only lifepods in the scoring area score lifepod medals', () => {
    const s = cosmos().parkedLifepods('0', ['civ:3', 'water:5'], 2);
    const result = scoreGame(s.state);
    expect(result.scores[0]!.breakdown.lifepods).toBe(2);
  });

  it('§8.2: an advancing tracker jumps over covered squares and claims nothing under them', () => {
    const g = cosmos()
      .tracker('0', 'water', 2)
      .parkedLifepods('0', ['water:3', 'water:4'])
      .pending('0', { kind: 'advance', track: 'water', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'water');
    expect(g.level('0', 'water')).toBe(5);
    expect(g.pending('0').filter((p) => p.kind === 'synergy')).toHaveLength(0); // water 3's boost is covered
  });

  it('§5.4 §8.2: a regressing tracker jumps over covered squares too', () => {
    const g = cosmos()
      .tracker('0', 'biomass', 5)
      .parkedLifepods('0', ['biomass:4', 'biomass:3'])
      .pending('0', { kind: 'regress', tracks: ['biomass'], steps: 1 })
      .start();
    g.resolve('0', 'regress', { track: 'biomass' });
    expect(g.level('0', 'biomass')).toBe(2);
  });

  it('§8.2: a covered medal does not count; the next uncovered one below does', () => {
    const corp = corporationById(COSMOS);
    const s = cosmos().tracker('0', 'water', 5);
    expect(trackMedals(s.board('0'), corp)).toBe(2); // water 4
    s.parkedLifepods('0', ['water:4']);
    expect(trackMedals(s.board('0'), corp)).toBe(1); // water 2
  });

  it('§8.2: a covered civ milestone gives no card; the next keeps its printed rank', () => {
    const g = cosmos()
      .tracker('0', 'civ', 2)
      .parkedLifepods('0', ['civ:3'])
      .pending('0', { kind: 'advance', track: 'civ', steps: 4, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'civ');
    expect(g.level('0', 'civ')).toBe(7);
    expect(g.draft('0').civRanks).toEqual([2]);
  });

  it('§8.2 §5.11: a covered tech milestone is off although the tracker stands above; techs keep their printed places', () => {
    const s = cosmos().tracker('0', 'tech', 7);
    expect([...techEffects(s.board('0'))]).toEqual([
      'roverDiagonal',
      'repositionThreeLifepods',
      'repositionLifepodOnEnergyTile',
    ]);
    s.parkedLifepods('0', ['tech:5']);
    expect([...techEffects(s.board('0'))]).toEqual(['roverDiagonal', 'repositionLifepodOnEnergyTile']);
  });
});

describe('Cosmos Inc.: techs (§8.2, §5.11)', () => {
  it('tech 1 §5.10.3: rover steps may go diagonally, for one movement each', () => {
    const s = () => cosmos().tile('0', 'I-civ-energy', { orientation: 0, x: 5, y: 4 }).rover('0', 0, [5, 5]);
    const without = s().tracker('0', 'tech', 2).start();
    without.draft('0').movement = 1;
    expect(without.roverSteps('0')).not.toContain('6,6');
    expect(without.refusalMessage('0', { type: 'moveRover', rover: 0, path: [[6, 6]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
      values: { x: 6, y: 6, fromX: 5, fromY: 5 },
    });
    const g = s().tracker('0', 'tech', 3).start();
    g.draft('0').movement = 1;
    expect(g.roverSteps('0')).toEqual(expect.arrayContaining(['4,4', '6,4', '4,6', '6,6']));
    g.act('0', { type: 'moveRover', rover: 0, path: [[6, 6]] });
    expect(g.draft('0').movement).toBe(0);
  });

  it('tech 1 (FAQ 12): on Tartarus a diagonal step crosses the chasm only at its open corners', () => {
    const g = cosmos('tartarus').tracker('0', 'tech', 3).rover('0', 0, [5, 3]).start();
    g.draft('0').movement = 2;
    expect(g.roverSteps('0')).toContain('6,4'); // the open corner
    expect(g.roverSteps('0')).not.toContain('6,3'); // straight across the chasm
    g.act('0', { type: 'moveRover', rover: 0, path: [[4, 4]] }); // diagonal, same side
    expect(g.roverSteps('0')).not.toContain('5,5'); // diagonal across the chasm elsewhere
    expect(g.refusal('0', { type: 'moveRover', rover: 0, path: [[5, 5]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    });
  });

  it('tech 2: once per game, move up to three collected lifepods; the player may stop early', () => {
    const g = cosmos().tracker('0', 'tech', 5).parkedLifepods('0', ['civ:3'], 1).start();
    expect(g.powerChoices('0', 'repositionThreeLifepods')).toEqual([{}]);
    g.act('0', { type: 'useAbility', ability: 'repositionThreeLifepods' });
    const item = g.item('0', 'corporation');
    expect(item).toMatchObject({ gain: 'moveLifepod', count: 3, optional: true });
    const choices = g.choicesOf('0', item.id);
    expect(choices).toContainEqual({ from: 'area', spot: 'water:4' });
    expect(choices).toContainEqual({ from: 'civ:3', spot: 'area' });
    expect(choices).toContainEqual({ done: true });
    expect(choices).not.toContainEqual({ from: 'area', spot: 'tech:5' }); // the tech tracker is there
    expect(
      g.refusal('0', { type: 'resolve', item: item.id, choice: { from: 'civ:3', spot: 'civ:15' } }),
    ).toEqual({ code: 'reason.notAChoice' });
    g.act('0', { type: 'resolve', item: item.id, choice: { from: 'civ:3', spot: 'area' } });
    g.act('0', { type: 'resolve', item: item.id, choice: { from: 'area', spot: 'water:4' } });
    expect(g.item('0', 'corporation')).toMatchObject({ count: 1 });
    g.act('0', { type: 'resolve', item: item.id, choice: { done: true } });
    expect(board(g).corp.parkedLifepods).toEqual(['water:4']);
    expect(g.pending('0')).toEqual([]);
    // §5.11: used once in the game, even while the tech stays on.
    expect(g.powerChoices('0', 'repositionThreeLifepods')).toEqual([]);
    expect(g.refusal('0', { type: 'useAbility', ability: 'repositionThreeLifepods' })).toEqual({
      code: 'reason.abilityNotAvailable',
      rule: '§8.2',
    });
  });

  it('tech 2 (designer FAQ): usable only while the tech is on', () => {
    const g = cosmos()
      .tracker('0', 'tech', 5)
      .parkedLifepods('0', ['tech:3', 'tech:5'], 1)
      .tracker('0', 'tech', 6)
      .start();
    expect(g.powerChoices('0', 'repositionThreeLifepods')).toEqual([]);
  });

  it('tech 3: a placed tile with an energy icon gives one optional lifepod move', () => {
    const g = cosmos()
      .tracker('0', 'tech', 7)
      .parkedLifepods('0', ['biomass:2'])
      .depot('0', { small: 'i-civ-energy' })
      .start();
    g.take('0').place('0', 0, 0, 5);
    const item = g.item('0', 'corporation');
    expect(item).toMatchObject({ gain: 'moveLifepod', count: 1 });
    g.act('0', { type: 'resolve', item: item.id, choice: { from: 'biomass:2', spot: 'rover:4' } });
    expect(board(g).corp.parkedLifepods).toEqual(['rover:4']);
    expect(g.pending('0').some((p) => p.kind === 'corporation')).toBe(false);
  });

  it('tech 3: a tile without an energy icon gives no move', () => {
    const g = cosmos()
      .tracker('0', 'tech', 7)
      .parkedLifepods('0', ['biomass:2'])
      .depot('0', { small: 'i-water-rover' })
      .start();
    g.take('0').place('0', 0, 0, 5);
    expect(g.pending('0').some((p) => p.kind === 'corporation')).toBe(false);
  });

  it('tech 4: a step onto energy terrain costs nothing, diagonal or not', () => {
    const g = cosmos()
      .tile('0', 'I-civ-energy', { orientation: 0, x: 5, y: 4 }) // energy (5,4), civ (5,5) and (5,6)
      .tracker('0', 'tech', 10)
      .rover('0', 0, [5, 5])
      .start();
    g.draft('0').movement = 1;
    // Each listed move is one step, although free steps reach further.
    for (const path of g.roverSteps('0')) expect(path).toMatch(/^[4-6],[4-6]$/);
    g.act('0', { type: 'moveRover', rover: 0, path: [[5, 4]] });
    expect(g.draft('0').movement).toBe(1);
    g.act('0', { type: 'moveRover', rover: 0, path: [[4, 5]] }); // diagonal onto bare land: 1
    expect(g.draft('0').movement).toBe(0);
  });

  it("tech 4 (repo behaviour): Petra's uncovered electric squares count as energy", () => {
    const g = cosmos('petra')
      .tile('0', 'i-water-rover', { orientation: 0, x: 6, y: 5 })
      .tracker('0', 'tech', 10)
      .rover('0', 0, [6, 5])
      .start();
    g.draft('0').movement = 1;
    g.act('0', { type: 'moveRover', rover: 0, path: [[5, 5]] }); // an electric square
    expect(g.draft('0').movement).toBe(1);
  });

  it('tech 5: once per round, move one collected lifepod; undo takes the use back (R4)', () => {
    const g = cosmos().tracker('0', 'tech', 14).parkedLifepods('0', ['civ:3']).start();
    const choices = g.powerChoices('0', 'repositionOneLifepod');
    expect(choices).toContainEqual({ from: 'civ:3', spot: 'area' });
    expect(choices).not.toContainEqual({ from: 'area', spot: 'civ:4' }); // no lifepod in the scoring area
    expect(
      g.refusal('0', {
        type: 'useAbility',
        ability: 'repositionOneLifepod',
        choice: { from: 'area', spot: 'civ:4' },
      }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', {
      type: 'useAbility',
      ability: 'repositionOneLifepod',
      choice: { from: 'civ:3', spot: 'civ:4' },
    });
    expect(board(g).corp.parkedLifepods).toEqual(['civ:4']);
    expect(g.powerChoices('0', 'repositionOneLifepod')).toEqual([]);
    // R4: undo takes the use back, allowance included.
    g.act('0', { type: 'undo' });
    expect(board(g).corp.parkedLifepods).toEqual(['civ:3']);
    expect(g.powerChoices('0', 'repositionOneLifepod').length).toBeGreaterThan(0);
  });
});

describe('Cosmos Inc.: random games', () => {
  it('30 games for 1–6 players end without error and score their breakdowns', () => {
    playThirtyGames({ corporation: COSMOS }, 'cosmos');
  });
});
