/**
 * Jump Drive (§8.2, R32): collected lifepods unlock techs A–F on their slots, for good; the tech
 * track's medals shrink as it climbs; and the six techs.
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { PlayerBoard } from '../../game/core/types';
import { corporationById, objectiveById } from '../../game/data';
import { roverReach } from '../../game/rules/rover-steps';
import { techEffects } from '../../game/rules/tracker-moves';
import { cellIndex } from '../../game/rules/board';
import { neighborValue, objectiveContext, scoreObjectiveAmongAll } from '../../game/rules/objectives';
import { scoreGame, trackMedals } from '../../game/rules/scoring';
import { planetById } from '../../game/data';
import { playerView } from '../../game/view';
import { legalActions, mayTakeBack } from '../../game/engine';
import { scenario, type Game, type Scenario } from '../support/scenario';

const JUMP = 'jump-drive';
const jump = (players = 1): Scenario =>
  scenario({
    players,
    setupData: { seats: Array.from({ length: players }, () => ({ corporation: JUMP })) },
  });

/** Lifepods collected earlier and put on these slots (0 = A … 5 = F). */
const slots = (s: Scenario, ...indexes: number[]): Scenario =>
  s.parkedLifepods(
    '0',
    indexes.map((k) => `slot:${k}` as const),
  );

const board = (g: Game): PlayerBoard => g.draft('0').board;

/** Take, place and resolve as the listing allows, then confirm: a plain turn. */
function finishTurn(g: Game, player: string): void {
  for (;;) {
    const legal = g.legal(player);
    const next =
      legal.find((a) => a.type === 'takeTile') ??
      legal.find((a) => a.type === 'placeTile') ??
      legal.find((a) => a.type === 'resolve') ??
      legal.find((a) => a.type === 'confirm');
    if (!next) throw new Error(`Nothing to do for ${player}`);
    g.act(player, next);
    if (next.type === 'confirm') return;
  }
}

describe('Jump Drive: tech slots and the tech track (§8.2, R32)', () => {
  it('§8.2 R32: a collected lifepod may go on an empty tech slot, unlocking that tech at once', () => {
    const g = slots(jump(), 1)
      .lifepods('0', [5, 5])
      .pending('0', { kind: 'collect', item: 'lifepod', count: 1 })
      .start();
    g.resolve('0', 'collect', { x: 5, y: 5 });
    const item = g.item('0', 'lifepodSpot');
    expect(g.choicesOf('0', item.id).map((c) => c.spot)).toEqual([
      'area',
      'slot:0',
      'slot:2',
      'slot:3',
      'slot:4',
      'slot:5',
    ]);
    expect(g.refusal('0', { type: 'resolve', item: item.id, choice: { spot: 'slot:1' } })).toEqual({
      code: 'reason.chooseLifepodSpot',
      rule: 'R32',
    });
    g.resolve('0', 'lifepodSpot', { spot: 'slot:4' });
    expect([...techEffects(board(g))]).toEqual(['teleportSameTerrain', 'claimRow']);
    expect(board(g).collected.lifepods).toBe(2);
    expect(scoreGame({ ...g.state, boards: { '0': board(g) } }).scores[0]!.breakdown.lifepods).toBe(0);
  });

  it('§8.2: a tech on its slot is never lost, wherever the tech tracker goes', () => {
    const s = slots(jump(), 0).tracker('0', 'tech', 0);
    expect([...techEffects(s.board('0'))]).toEqual(['synergyInsteadOfBiomass']);
    s.tracker('0', 'tech', 15);
    expect([...techEffects(s.board('0'))]).toEqual(['synergyInsteadOfBiomass']);
  });

  it('§8.2 §5.6: the tech track has no milestones and scores the last medal passed (5, 3, 2, 1)', () => {
    const corp = corporationById(JUMP);
    const s = jump();
    const medalAt = (row: number) => trackMedals(s.tracker('0', 'tech', row).board('0'), corp);
    expect([0, 1, 5, 6, 8, 11, 15].map(medalAt)).toEqual([0, 5, 5, 3, 2, 1, 1]);
    const g = jump()
      .tracker('0', 'tech', 2)
      .pending('0', { kind: 'advance', track: 'tech', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'tech');
    expect([...techEffects(board(g))]).toEqual([]); // row 3 is no milestone here
  });

  it('§8.2: the tech track gives a synergy boost on rows 2 and 12, and nothing else on the way up', () => {
    // CORPORATION-NOTES: "The tech track only holds decreasing medals (5, 3, 2, 1) and 2 synergies."
    for (let row = 1; row <= 15; row++) {
      const g = jump()
        .tracker('0', 'tech', row - 1)
        .pending('0', { kind: 'advance', track: 'tech', steps: 1, source: 'card' })
        .start();
      g.resolve('0', 'advance', undefined, 'tech');
      expect(g.level('0', 'tech'), `row ${row}`).toBe(row);
      expect(
        g.pending('0').map((p) => p.kind),
        `row ${row}`,
      ).toEqual(row === 2 || row === 12 ? ['synergy'] : []);
      expect(g.draft('0').movement, `row ${row}`).toBe(0);
    }
  });

  it('R7 §5.5: a boost from the tech track may advance the tech tracker onto the next square', () => {
    const g = jump()
      .tracker('0', 'tech', 11)
      .pending('0', { kind: 'advance', track: 'tech', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'tech');
    expect(g.level('0', 'tech')).toBe(12);
    g.resolve('0', 'synergy', { track: 'tech' });
    expect(g.level('0', 'tech')).toBe(13);
    expect(g.pending('0')).toEqual([]);
  });
});

describe('Jump Drive: techs A–F (§8.2, §5.11)', () => {
  it('tech A: once per round, a biomass patch being gained may become a synergy boost', () => {
    const g = slots(jump(), 0).pending('0', { kind: 'patch' }, { kind: 'patch' }).start();
    const [first, second] = g.pending('0');
    expect(g.powerChoices('0', 'synergyInsteadOfBiomass')).toEqual([
      { index: first!.id },
      { index: second!.id },
    ]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'synergyInsteadOfBiomass', choice: { index: 99 } }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', { type: 'useAbility', ability: 'synergyInsteadOfBiomass', choice: { index: first!.id } });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch', 'synergy']);
    expect(g.powerChoices('0', 'synergyInsteadOfBiomass')).toEqual([]); // once per round (R12)
  });

  it('tech A: not offered without the tech', () => {
    const g = jump().pending('0', { kind: 'patch' }).start();
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'synergyInsteadOfBiomass', choice: { index: 0 } }),
    ).toEqual({ code: 'reason.abilityNotAvailable', rule: '§8.2' });
  });

  it('tech B: once per round, a rover teleports to a square of the same terrain for one movement', () => {
    const s = () =>
      jump()
        .tile('0', 'i-water-rover', { orientation: 0, x: 0, y: 5 }) // rover terrain at (0,6)
        .tile('0', 'i-rover-tech', { orientation: 0, x: 10, y: 5 }) // rover terrain at (10,5)
        .rover('0', 0, [0, 6]);
    const without = s().start();
    without.draft('0').movement = 2;
    expect(without.roverSteps('0')).not.toContain('10,5');
    const g = slots(s(), 1).start();
    g.draft('0').movement = 2;
    expect(g.roverSteps('0')).toContain('10,5');
    g.act('0', { type: 'moveRover', rover: 0, path: [[10, 5]] });
    expect(g.draft('0').movement).toBe(1);
    expect(board(g).corp.usedThisRound).toEqual(['teleportSameTerrain']);
    expect(g.roverSteps('0')).not.toContain('0,6'); // the jump back waits for the next round (R12)
    expect(g.refusal('0', { type: 'moveRover', rover: 0, path: [[0, 6]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    });
  });

  it('tech B: one teleport per round, even inside one path', () => {
    const g = slots(jump(), 1)
      .tile('0', 'i-water-rover', { orientation: 0, x: 0, y: 5 })
      .tile('0', 'i-rover-tech', { orientation: 0, x: 10, y: 5 })
      .rover('0', 0, [0, 6])
      .start();
    g.draft('0').movement = 2;
    expect(
      g.refusal('0', {
        type: 'moveRover',
        rover: 0,
        path: [
          [10, 5],
          [0, 6],
        ],
      }),
    ).toEqual({ code: 'reason.notReachable', rule: '§5.10.3' });
  });

  it('tech B: the squares a rover reaches are found with one teleport at most', () => {
    const s = slots(jump(), 1)
      .tile('0', 'i-water-rover', { orientation: 0, x: 0, y: 5 }) // rover terrain at (0,6)
      .tile('0', 'i-rover-tech', { orientation: 0, x: 10, y: 5 }) // rover (10,5), tech (10,6)
      .tile('0', 'i-tech-biomass', { orientation: 0, x: 6, y: 1 }) // tech (6,1)
      .rover('0', 0, [0, 6]);
    const reach = roverReach(s.board('0'), 0, 3);
    expect(reach.get(cellIndex(10, 6))).toEqual([cellIndex(10, 5), cellIndex(10, 6)]);
    expect(reach.has(cellIndex(6, 1))).toBe(false); // a second jump, tech to tech
  });

  it('tech C (R7): once per round, a synergy boost may move its tracker two squares, claiming each', () => {
    const g = slots(jump(), 2)
      .tracker('0', 'water', 2)
      .tracker('0', 'civ', 14)
      .pending('0', { kind: 'synergy' })
      .start();
    const boost = g.item('0', 'synergy');
    const choices = g.powerChoices('0', 'doubleSynergyAdvance');
    expect(choices).toContainEqual({ index: boost.id, track: 'water' });
    expect(choices).not.toContainEqual({ index: boost.id, track: 'civ' }); // one square left: a plain boost
    g.act('0', {
      type: 'useAbility',
      ability: 'doubleSynergyAdvance',
      choice: { index: boost.id, track: 'water' },
    });
    expect(g.level('0', 'water')).toBe(4);
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']); // claimed at water 3
    expect(g.powerChoices('0', 'doubleSynergyAdvance')).toEqual([]);
  });

  it("tech D (R25): a placed tile's tech icon may work like energy; keeping tech stays a choice", () => {
    const s = () =>
      jump()
        .tile('0', 'i-energy-water', { orientation: 0, x: 1, y: 6 }) // energy (1,6), water (1,7)
        .depot('0', { small: 'i-rover-tech' }); // rover on (0,5), tech on (0,6)
    const plain = s().start();
    plain.take('0').place('0', 0, 0, 5);
    expect(plain.pending('0').some((p) => p.kind === 'advance' && p.track === 'tech')).toBe(true);
    const g = slots(s(), 3).start();
    g.take('0').place('0', 0, 0, 5);
    expect(g.pending('0').some((p) => p.kind === 'advance' && p.track === 'tech')).toBe(false);
    const energy = g.item('0', 'energy');
    expect(energy).toMatchObject({ options: ['water', 'rover', 'tech'] });
    g.resolve('0', 'energy', { track: 'water' }); // no ice needed (§5.12)
    expect(g.level('0', 'water')).toBe(1);
  });

  it("tech E: once per game, claim the rewards of the five squares on a tracker's row", () => {
    const g = slots(jump(), 4).tracker('0', 'rover', 3).start();
    const choices = g.powerChoices('0', 'claimRow');
    expect(choices).toEqual([{ track: 'rover' }]); // the others stand on row 0, which gives nothing
    g.act('0', { type: 'useAbility', ability: 'claimRow', choice: { track: 'rover' } });
    const d = g.draft('0');
    expect(d.civRanks).toEqual([1]); // civ 3
    expect(d.pending.map((p) => p.kind).sort()).toEqual(['patch', 'synergy']); // biomass 3, water 3
    expect(d.movement).toBe(1); // rover 3
    expect(g.level('0', 'rover')).toBe(3); // no tracker moves
    expect(g.powerChoices('0', 'claimRow')).toEqual([]);
    g.act('0', { type: 'undo' });
    expect(g.powerChoices('0', 'claimRow')).toEqual([{ track: 'rover' }]); // R4
  });

  it('tech F (§3.8, §9): three objective cards shown once the turn is confirmed, to their player only, one kept for every player', () => {
    const s = slots(jump(2), 5).depot('0', { small: 'i-water-rover' });
    const deck = s.state.hidden.objectiveDeck;
    const top3 = deck.slice(-3).reverse();
    const g = s.start();
    // The player's own view lists the power; using it shows nothing inside the turn (R4).
    const own = () => legalActions(playerView(g.state, '0'), '0');
    expect(own()).toContainEqual({ type: 'useAbility', ability: 'sharedObjective', choice: {} });
    g.act('0', { type: 'useAbility', ability: 'sharedObjective' });
    expect(JSON.stringify(playerView(g.state, '0'))).not.toMatch(new RegExp(`"cards":\\[${top3[0]}`));
    expect(g.state.private['0']!.objectiveOffer).toBeNull();
    finishTurn(g, '0');
    // Confirmed: the three cards are shown to their player, who keeps one before anything else.
    expect(g.state.private['0']!.objectiveOffer).toEqual({ cards: top3, keep: 1, shared: true });
    expect(own()).toEqual(top3.map((card) => ({ type: 'keepObjectives', cards: [card] })));
    expect(g.refusal('0', { type: 'undo' })).toEqual({ code: 'reason.keepObjectivesFirst', rule: '§3.8' });
    expect(mayTakeBack(g.state, '0')).toBe(false); // the confirmed turn is closed: no Undo button
    // Nobody else sees them: not in another seat's view, nor in the public state.
    const other = playerView(g.state, '1');
    expect(other.private['0']).toMatchObject({ objectiveOffer: null });
    expect(JSON.stringify(other.private)).not.toContain('"shared"');
    const missing = deck.find((c) => !top3.includes(c))!;
    expect(g.refusal('0', { type: 'keepObjectives', cards: [missing] })).toEqual({
      code: 'reason.keepExactly',
      rule: '§7.2',
    });
    g.act('0', { type: 'keepObjectives', cards: [top3[1]!] });
    expect(g.state.objectives).toContainEqual({ card: top3[1], players: ['0', '1'] });
    for (const c of top3) expect(g.state.hidden.objectiveDeck).not.toContain(c);
    expect(g.state.confirmed['0']).toBe(true);
    finishTurn(g, '1');
    expect(g.state.boards['0']!.corp.usedThisGame).toContain('sharedObjective');
  });

  it('tech F is not offered in solo: no objective is contested there (§6.3 F, §7.4)', () => {
    const g = slots(jump(1), 5).start();
    expect(g.legal('0')).not.toContainEqual({ type: 'useAbility', ability: 'sharedObjective', choice: {} });
  });

  it('tech F §6.3 F: the shared objective is scored for every player, the best alone taking the win', () => {
    const s = jump(3);
    const card = s.state.hidden.objectiveDeck.at(-1)!;
    s.state.objectives = [{ card, players: ['0', '1', '2'] }];
    const objective = objectiveById(card);
    const values = ['0', '1', '2'].map((p) => {
      const b = s.board(p);
      return neighborValue(
        objective,
        b,
        objectiveContext(planetById(b.planet), corporationById(b.corporation)),
      );
    });
    const expected = scoreObjectiveAmongAll(objective, values);
    const result = scoreGame(s.state);
    expect(result.scores.map((x) => x.breakdown.objectives)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBeGreaterThan(0); // 0–0–0 is a tie: each takes the tie
  });
});

describe('Jump Drive: random games', () => {
  it('30 games for 1–6 players end without error and score their breakdowns', () => {
    playThirtyGames({ corporation: JUMP }, 'jump-drive');
  });
});
