/**
 * Horizon Group (§8.2): four rovers that carry meteorites to a rover resource instead of collecting
 * them where they lie, lifepods collected as usual, and five techs; R11, R12, R13, R5.
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, PlayerBoard } from '../../game/core/types';
import { corporationById, tileById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { cellIndex } from '../../game/rules/board';
import { cloneDraft } from '../../game/rules/draft';
import { legalTilePlacements, placementContext } from '../../game/rules/legality';
import { walkBeforeChoice } from '../../game/rules/rover-walk';
import { scenario, tileId, type Game, type Scenario } from '../support/scenario';

const HORIZON = 'horizon-group';
const corp = corporationById(HORIZON);
const at = (x: number, y: number) => cellIndex(x, y);

/** A solo Horizon Group board on the symmetric planet. */
const horizon = (players = 1): Scenario =>
  scenario({
    players,
    setupData: { seats: Array.from({ length: players }, () => ({ corporation: HORIZON })) },
  });

/** The tech tracker on a tech's milestone (corporations.json `milestoneRows`). */
const withTech = (s: Scenario, tech: number): Scenario =>
  s.tracker('0', 'tech', corp.techUnlock.milestoneRows![tech - 1]!);

/** Movement in the turn's pool from its start, as a gain earlier in the turn would give it. */
function withMovement(g: Game, amount: number): Game {
  const turn = g.state.private['0']!.turn!;
  turn.draft.movement = amount;
  turn.origin = cloneDraft(turn.draft);
  return g;
}

const walk = (g: Game, rover: number, ...path: [number, number][]): Game =>
  g.act('0', { type: 'moveRover', rover, path });

const board = (g: Game): PlayerBoard => g.draft('0').board;

const abilityActions = (g: Game, ability: string): Action[] =>
  g.legal('0').filter((a) => a.type === 'useAbility' && a.ability === ability);

/**
 * Row 5 of the symmetric planet: a water–rover tile at (4,5)–(7,5), water on (4,5) and (5,5), the
 * rover resource icon on (6,5). Rover 0 starts at (2,5).
 */
const road = (): Scenario =>
  horizon().tile('0', 'I4-water-rover', { orientation: 0, x: 4, y: 5 }).rover('0', 0, [2, 5]);

describe('Horizon Group: rovers carry meteorites (§8.2)', () => {
  it('plays with four rovers (§8.2)', () => {
    expect(horizon().start().board('0').rovers).toHaveLength(corp.roverCount);
    expect(corp.roverCount).toBe(4);
  });

  it('a rover reaching a meteorite picks it up: it stays on the planet on the rover square, not collected (§8.2)', () => {
    const g = withMovement(road().meteorite('0', [3, 5]).start(), 3);
    walk(g, 0, [3, 5]);
    expect(board(g).corp.carrying).toEqual([0]);
    expect(board(g).meteorites).toEqual([at(3, 5)]);
    expect(board(g).collected.meteorites).toBe(0);
    // It travels with its rover, still spoiling the row and column it lies in.
    walk(g, 0, [3, 6]);
    expect(board(g).meteorites).toEqual([at(3, 6)]);
    expect(board(g).corp.carrying).toEqual([0]);
  });

  it('a carried meteorite is collected on a square with a rover resource icon, passing through or stopping (§8.2)', () => {
    const g = withMovement(road().meteorite('0', [3, 5]).start(), 6);
    walk(g, 0, [3, 5], [4, 5], [5, 5], [6, 5], [7, 5]);
    expect(board(g).collected.meteorites).toBe(1);
    expect(board(g).meteorites).toEqual([]);
    expect(board(g).corp.carrying).toEqual([]);
    expect(board(g).rovers[0]!.cell).toBe(at(7, 5));
  });

  it('a rover terrain square without the resource icon delivers nothing (§8.2)', () => {
    const g = withMovement(road().rover('0', 0, [7, 6]).meteorite('0', [7, 6]).start(), 1);
    expect(board(g).corp.carrying).toEqual([]); // a rover set down in the builder picks up nothing
    walk(g, 0, [7, 5]);
    expect(board(g).collected.meteorites).toBe(0);
  });

  it('an empty-handed rover entering a rover icon square with a meteorite picks it up and delivers it at once (§8.2)', () => {
    const g = withMovement(road().rover('0', 0, [6, 6]).meteorite('0', [6, 5]).start(), 1);
    walk(g, 0, [6, 5]);
    expect(board(g).collected.meteorites).toBe(1);
    expect(board(g).meteorites).toEqual([]);
  });

  it('a rover placed on a meteorite picks it up (§5.10.1, §8.2)', () => {
    // The meteor square of the tile holds the meteorite the tile brought (§4.6).
    const g = horizon()
      .tile('0', 'i-energy-water-M', { orientation: 0, x: 8, y: 5 })
      .pending('0', { kind: 'rover' })
      .start();
    expect(board(g).meteorites).toEqual([at(8, 6)]);
    g.resolve('0', 'rover', { x: 8, y: 6 });
    expect(board(g).corp.carrying).toEqual([0]);
    expect(board(g).collected.meteorites).toBe(0);
    expect(board(g).meteorites).toEqual([at(8, 6)]);
  });

  it('a carrying rover passes over another meteorite: it keeps one, the other stays where it lay (§8.2)', () => {
    const g = withMovement(road().meteorite('0', [2, 6], [2, 7]).rover('0', 0, [2, 5]).start(), 3);
    walk(g, 0, [2, 6], [2, 7], [3, 7]);
    expect(board(g).corp.carrying).toEqual([0]);
    expect([...board(g).meteorites].sort((p, q) => p - q)).toEqual([at(2, 7), at(3, 7)]);
    expect(board(g).collected.meteorites).toBe(0);
  });

  it('a rover does not take the meteorite another rover carries on the same square (§8.2)', () => {
    const g = withMovement(road().meteorite('0', [3, 5]).rover('0', 1, [3, 6]).start(), 2);
    walk(g, 0, [3, 5]);
    walk(g, 1, [3, 5]);
    expect(board(g).corp.carrying).toEqual([0]);
  });

  it('lifepods are collected as usual (§5.10.4)', () => {
    const g = withMovement(road().lifepods('0', [3, 5]).start(), 1);
    walk(g, 0, [3, 5]);
    expect(board(g).collected.lifepods).toBe(1);
    expect(board(g).lifepods).toEqual([]);
  });

  it('a destroyed carrying rover leaves its meteorite on the planet, carried by no one (§8.2)', () => {
    const g = withMovement(
      road().meteorite('0', [3, 5]).pending('0', { kind: 'destroyPiece', item: 'rover' }).start(),
      1,
    );
    walk(g, 0, [3, 5]);
    g.resolve('0', 'destroyPiece', { rover: 0 });
    expect(board(g).corp.carrying).toEqual([]);
    expect(board(g).meteorites).toEqual([at(3, 5)]);
  });

  it('a card that destroys a carried meteorite leaves the rover empty-handed (§8.2)', () => {
    const g = withMovement(
      road().meteorite('0', [3, 5]).pending('0', { kind: 'destroyMeteorites', count: 1 }).start(),
      1,
    );
    walk(g, 0, [3, 5]);
    g.resolve('0', 'destroyMeteorites', { x: 3, y: 5 });
    expect(board(g).corp.carrying).toEqual([]);
    expect(board(g).meteorites).toEqual([]);
    expect(board(g).collected.meteorites).toBe(0);
  });

  it('a teleported rover takes its meteorite along (§8.2)', () => {
    const g = withMovement(road().meteorite('0', [3, 5]).pending('0', { kind: 'teleport' }).start(), 1);
    walk(g, 0, [3, 5]);
    g.resolve('0', 'teleport', { rover: 0, x: 9, y: 6 });
    expect(board(g).meteorites).toEqual([at(9, 6)]);
    expect(board(g).corp.carrying).toEqual([0]);
  });
});

describe('Horizon Group rover track (§8.2)', () => {
  // CORPORATION-NOTES: movement 2,2,2,3,3,3,4,4,4,4,5,5,5,5 from row 2 to 15, rover milestones at
  // 1, 3, 6 and 9, a synergy at 10, medals 1, 2, 5 at rows 8, 12, 15.
  const MOVEMENT = [0, 0, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5];
  const MILESTONES = [1, 3, 6, 9];

  it('each square gives its printed movement, a rover on rows 1, 3, 6 and 9, a boost on row 10 (§5.2, §8.2)', () => {
    for (let row = 1; row <= 15; row++) {
      const g = horizon()
        .tracker('0', 'rover', row - 1)
        .pending('0', { kind: 'advance', track: 'rover', steps: 1, source: 'card' })
        .start();
      g.resolveAdvances('0');
      expect(g.level('0', 'rover'), `row ${row}`).toBe(row);
      expect(g.draft('0').movement, `row ${row}`).toBe(MOVEMENT[row]);
      const kinds = g.pending('0').map((p) => p.kind);
      expect(kinds.filter((k) => k === 'rover').length, `row ${row}`).toBe(MILESTONES.includes(row) ? 1 : 0);
      expect(kinds.filter((k) => k === 'synergy').length, `row ${row}`).toBe(row === 10 ? 1 : 0);
    }
  });

  it('a climb from 0 to the top claims every square on the way: 51 movement, four rovers (R7)', () => {
    const g = horizon().pending('0', { kind: 'advance', track: 'rover', steps: 15, source: 'card' }).start();
    g.resolveAdvances('0');
    expect(g.level('0', 'rover')).toBe(15);
    expect(g.draft('0').movement).toBe(MOVEMENT.reduce((a, b) => a + b, 0));
    expect(g.draft('0').movement).toBe(51);
    expect(g.pending('0').filter((p) => p.kind === 'rover')).toHaveLength(4);
  });

  it('the rover track scores 1 from row 8, 2 from row 12, 5 at the top (§5.6)', () => {
    const medals = (row: number): number =>
      corporationRules(HORIZON).medalsByTrack(corp, horizon().tracker('0', 'rover', row).board('0')).rover;
    expect([7, 8, 11, 12, 14, 15].map(medals)).toEqual([0, 1, 1, 2, 2, 5]);
  });
});

describe('Horizon Group techs (§8.2, §5.11)', () => {
  // Row 5 holds one tile at (4,5)–(7,5); column 7 from row 1 to 3 is planet far from it.
  const placements = (b: PlayerBoard, key: string, x: number, y: number) =>
    legalTilePlacements(placementContext(b), tileById(tileId(key)).id).some(
      (p) => p.x === x && p.y === y && p.orientation === 0,
    );

  it('tech 1: a tile with rover terrain need not touch the others; one without still must (§4.4, §8.2)', () => {
    const before = road().start();
    expect(placements(board(before), 'I-rover-tech', 7, 1)).toBe(false);
    const g = withTech(road(), 1).start();
    expect(placements(board(g), 'I-rover-tech', 7, 1)).toBe(true);
    expect(placements(board(g), 'I-tech-biomass', 7, 1)).toBe(false);
    // Only the touching rule is lifted (glossary): off the planet is still refused.
    expect(placements(board(g), 'I-rover-tech', 0, 0)).toBe(false);
  });

  it('tech 2: a round starts with one movement per carrying rover (R11)', () => {
    const s = withTech(road(), 2).meteorite('0', [2, 5], [3, 6]).rover('0', 1, [3, 6]);
    s.board('0').corp.carrying = [0, 1];
    expect(withTech(s, 2).start().draft('0').movement).toBe(2);
    const none = road().meteorite('0', [2, 5]);
    none.board('0').corp.carrying = [0];
    expect(none.tracker('0', 'tech', 4).start().draft('0').movement).toBe(0);
  });

  it('tech 3: every meteorite collected also gives a biomass patch (§8.2)', () => {
    const g = withMovement(withTech(road(), 3).meteorite('0', [3, 5]).start(), 4);
    walk(g, 0, [3, 5], [4, 5], [5, 5], [6, 5]);
    expect(board(g).collected.meteorites).toBe(1);
    expect(g.pending('0').filter((p) => p.kind === 'patch')).toHaveLength(1);
  });

  it('tech 4: a carrying rover on water may destroy its meteorite, not collected (§8.2)', () => {
    const g = withMovement(withTech(road(), 4).meteorite('0', [3, 5]).start(), 2);
    expect(abilityActions(g, 'destroyMeteoriteInWater')).toEqual([]);
    walk(g, 0, [3, 5]);
    // Carrying, but on bare planet: nothing to do yet.
    expect(abilityActions(g, 'destroyMeteoriteInWater')).toEqual([]);
    walk(g, 0, [4, 5]);
    expect(abilityActions(g, 'destroyMeteoriteInWater')).toEqual([
      { type: 'useAbility', ability: 'destroyMeteoriteInWater', choice: { rover: 0 } },
    ]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'destroyMeteoriteInWater', choice: { rover: 1 } }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', { type: 'useAbility', ability: 'destroyMeteoriteInWater', choice: { rover: 0 } });
    expect(board(g).meteorites).toEqual([]);
    expect(board(g).corp.carrying).toEqual([]);
    expect(board(g).collected.meteorites).toBe(0);
    // Undo takes it back (R4).
    g.act('0', { type: 'undo' });
    expect(board(g).corp.carrying).toEqual([0]);
  });

  it('tech 4: passing through water counts; the listing steps a rover square by square, so each water square on the way offers it (§8.2)', () => {
    // The 2023 rulebook: "Il peut la détruire en passant ou en s'arrêtant sur un terrain Eau".
    // Second meteorite on the rover icon (6,5), beyond both water squares (4,5) and (5,5).
    const g = withMovement(withTech(road(), 4).meteorite('0', [3, 5], [6, 5]).start(), 4);
    walk(g, 0, [3, 5]);
    expect(board(g).corp.carrying).toEqual([0]);
    // The move listed next is the single step onto the first water square.
    expect(g.legal('0')).toContainEqual({ type: 'moveRover', rover: 0, path: [[4, 5]] });
    walk(g, 0, [4, 5]);
    const destroy: Action = { type: 'useAbility', ability: 'destroyMeteoriteInWater', choice: { rover: 0 } };
    expect(abilityActions(g, 'destroyMeteoriteInWater')).toEqual([destroy]);
    // Passing on without destroying keeps the offer on the next water square.
    walk(g, 0, [5, 5]);
    expect(abilityActions(g, 'destroyMeteoriteInWater')).toEqual([destroy]);
    g.act('0', destroy);
    expect(board(g).corp.carrying).toEqual([]);
    // Empty-handed again, the rover picks up the meteorite further on and, on the rover icon, delivers it.
    walk(g, 0, [6, 5]);
    expect(board(g).meteorites).toEqual([]);
    expect(board(g).collected.meteorites).toBe(1);
    // A whole path is taken as given: through the water without stopping, the meteorite is delivered.
    const through = withMovement(withTech(road(), 4).meteorite('0', [3, 5]).start(), 4);
    walk(through, 0, [3, 5], [4, 5], [5, 5], [6, 5]);
    expect(board(through).collected.meteorites).toBe(1);
    expect(abilityActions(through, 'destroyMeteoriteInWater')).toEqual([]);
  });

  it('tech 4: a walk offered as one path stops on the first water square its rover passes carrying (§8.2)', () => {
    const path: [number, number][] = [
      [3, 5],
      [4, 5],
      [5, 5],
      [6, 5],
    ];
    const stop = (s: Scenario): number => {
      const g = withMovement(s.start(), 4);
      return walkBeforeChoice(g.draft('0'), 0, path);
    };
    // The rover picks the meteorite up on (3,5), so it carries it onto the water at (4,5).
    expect(stop(withTech(road(), 4).meteorite('0', [3, 5]))).toBe(2);
    // Empty-handed, without the tech, or with the water square last: the whole walk.
    expect(stop(withTech(road(), 4))).toBe(4);
    expect(stop(withTech(road(), 3).meteorite('0', [3, 5]))).toBe(4);
    const g = withMovement(withTech(road(), 4).meteorite('0', [3, 5]).start(), 4);
    expect(walkBeforeChoice(g.draft('0'), 0, path.slice(0, 2))).toBe(2);
    // Asking changes nothing: the walk is played on a copy.
    expect(board(g).rovers[0]!.cell).toBe(at(2, 5));
    expect(board(g).corp.carrying).toEqual([]);
    // An illegal path is not cut: the move itself refuses it.
    expect(
      walkBeforeChoice(g.draft('0'), 0, [
        [9, 9],
        [9, 10],
      ]),
    ).toBe(2);
  });

  it('tech 4 is not there below its milestone (§5.11)', () => {
    const g = withMovement(withTech(road(), 3).meteorite('0', [3, 5]).start(), 2);
    walk(g, 0, [3, 5], [4, 5]);
    expect(board(g).corp.carrying).toEqual([0]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'destroyMeteoriteInWater', choice: { rover: 0 } }),
    ).toEqual({ code: 'reason.abilityNotAvailable', rule: '§8.2' });
  });

  it('tech 5: once each round the rover tracker moves up one square and claims it (§8.2, R12)', () => {
    const g = withTech(horizon(), 5).tracker('0', 'rover', 4).start();
    const use: Action = { type: 'useAbility', ability: 'advanceRoverTracker', choice: {} };
    expect(abilityActions(g, 'advanceRoverTracker')).toEqual([use]);
    g.act('0', use);
    expect(g.level('0', 'rover')).toBe(5);
    expect(g.draft('0').movement).toBe(3); // row 5 prints 3 movement
    expect(abilityActions(g, 'advanceRoverTracker')).toEqual([]);
    expect(g.refusal('0', use)).toEqual({ code: 'reason.abilityNotAvailable', rule: '§8.2' });
  });

  it('tech 5 is not offered at the top: the ∞ pays only for a rover tile (R5)', () => {
    const g = withTech(horizon(), 5).tracker('0', 'rover', 15).start();
    expect(abilityActions(g, 'advanceRoverTracker')).toEqual([]);
  });

  it('at the top, a rover tile gives the 5∞ (R5)', () => {
    const g = horizon()
      .tracker('0', 'rover', 15)
      .pending('0', { kind: 'advance', track: 'rover', steps: 1, source: 'tile' })
      .start();
    g.resolveAdvances('0');
    expect(g.draft('0').movement).toBe(corp.tracks.rover.topMovement);
    expect(corp.tracks.rover.topMovement).toBe(5);
  });

  it('end of game: meteorites still carried leave the planet, not collected (R13)', () => {
    const g = road().meteorite('0', [3, 5], [9, 9]).start();
    const b: PlayerBoard = g.draft('0').board;
    b.corp.carrying = [0];
    b.rovers[0]!.cell = at(3, 5);
    corporationRules(HORIZON).endGameCleanup(corp, b);
    expect(b.meteorites).toEqual([at(9, 9)]);
    expect(b.corp.carrying).toEqual([]);
    expect(b.collected.meteorites).toBe(0);
  });
});

describe('Horizon Group in the end-game phase (§6.2, R13)', () => {
  /**
   * The final round (trigger A fired): rover 0 carries the meteorite it stands on at (5,5), one step
   * from the rover icon at (6,5); rover 1 carries another at (2,8), far from any. Two meteorites
   * were collected earlier. The rover tracker stands on 1, below a square giving 2 movement, and
   * the player holds Gaming Commission: at the end, one tracker up one space with its benefits.
   */
  function toEndGamePhase(): Game {
    const s = road()
      .rover('0', 0, [5, 5])
      .rover('0', 1, [2, 8])
      .meteorite('0', [5, 5], [2, 8])
      .tracker('0', 'rover', 1)
      .depot('0', { small: 'i-biomass-civ' })
      .civCards('0', 23); // Gaming Commission (End Game)
    s.board('0').corp.carrying = [0, 1];
    s.board('0').collected.meteorites = 2;
    const g = s.start();
    g.state.endTriggers.push('stuck'); // the game ends after this round (§6.1)
    // The round's tile, far from the rovers: it moves neither of them.
    g.take('0').place('0', 0, 8, 5);
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve' && !a.choice?.store);
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0');
    expect(g.state.step).toBe('endgame');
    return g;
  }

  it('step 3 before step 4: an End Game card advance lets a carrying rover deliver its meteorite; what is still carried after it is removed, not collected (§6.2, R13)', () => {
    const g = toEndGamePhase();
    // Step 3: the End Game card acts while both meteorites are still carried (step 4 comes later).
    expect(board(g).corp.carrying).toEqual([0, 1]);
    expect(board(g).meteorites).toEqual([at(5, 5), at(2, 8)]);
    g.resolve('0', 'cardAdvance', { track: 'rover' });
    expect(g.draft('0').movement).toBe(2);
    // Rover 0 steps onto the rover icon: its meteorite is collected (§8.2), the third one.
    walk(g, 0, [6, 5]);
    expect(board(g).collected.meteorites).toBe(3);
    expect(board(g).corp.carrying).toEqual([1]);
    g.confirm('0');

    // Step 4: rover 1's meteorite, still carried, leaves the planet without being collected (R13).
    expect(g.state.step).toBe('over');
    expect(g.board('0').meteorites).toEqual([]);
    expect(g.board('0').corp.carrying).toEqual([]);
    expect(g.board('0').collected.meteorites).toBe(3);
    // Step 5: three collected meteorites score 1 (§6.3 C).
    expect(g.state.result?.scores[0]?.breakdown.meteorites).toBe(1);
  });

  it('with no card advance to use, a carried meteorite is removed at step 4, not collected (§6.2, R13)', () => {
    const g = toEndGamePhase();
    g.resolve('0', 'cardAdvance', { track: 'water' }); // the advance goes elsewhere: no movement
    while (g.legal('0').some((a) => a.type === 'resolve'))
      g.act('0', g.legal('0').find((a) => a.type === 'resolve') as never);
    g.confirm('0');
    expect(g.state.step).toBe('over');
    expect(g.board('0').meteorites).toEqual([]);
    expect(g.board('0').corp.carrying).toEqual([]);
    expect(g.board('0').collected.meteorites).toBe(2);
    expect(g.state.result?.scores[0]?.breakdown.meteorites).toBe(0);
  });
});

describe('Horizon Group random games (§8.2)', () => {
  it('30 games for 1–6 players end, with scores equal to their breakdowns', () => {
    playThirtyGames({ corporation: HORIZON }, 'horizon', (state) => {
      // Every carrier stands on the planet over a meteorite.
      for (const p of state.playerIDs) {
        const b = state.private[p]?.turn?.draft.board ?? state.boards[p]!;
        for (const id of b.corp.carrying) {
          const cell = b.rovers.find((r) => r.id === id)?.cell ?? null;
          if (cell === null || !b.meteorites.includes(cell)) throw new Error(`rover ${id} carries nothing`);
        }
      }
    });
  });
});
