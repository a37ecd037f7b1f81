/**
 * Wormhole Corp. (§8.2): biomass grows only by enlarging an area, the biomass track is a row of
 * two-option boxes with medals between them, and five techs about the biomass tracker and patches
 * (R7, R8, R12, R14).
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, PlayerBoard } from '../../game/core/types';
import { corporationById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { isAtTop } from '../../game/rules/tracker-moves';
import { cellIndex } from '../../game/rules/board';
import { scenario, type Game } from '../support/scenario';
import { coverAllBut } from '../planets/support';

const ID = 'wormhole-corp';
const corp = corporationById(ID);
const rules = corporationRules(ID);

const wormhole = (players = 1) =>
  scenario({ players, setupData: { seats: Array.from({ length: players }, () => ({ corporation: ID })) } });

const biomassAdvance = (steps = 1) => ({
  kind: 'advance' as const,
  track: 'biomass' as const,
  steps,
  source: 'card' as const,
});

/** The resolve actions listed for a pending item. */
const listedFor = (g: Game, item: number) =>
  g
    .legal('0')
    .filter((a): a is Extract<Action, { type: 'resolve' }> => a.type === 'resolve' && a.item === item);

const abilities = (g: Game) => g.legal('0').filter((a) => a.type === 'useAbility');

const at = (x: number, y: number) => cellIndex(x, y);

describe('Wormhole Corp.: biomass from tiles (§8.2)', () => {
  it('§8.2 (corporation notes §13.13): a first biomass area enlarges nothing, so it never advances biomass', () => {
    // The rule asks for an existing area to grow; the very first biomass terrain creates one.
    const g = wormhole().depot('0', { small: 'i-biomass-civ' }).start();
    g.take('0').place('0', 0, 5, 0); // biomass on (5, 0), civ on (5, 1)
    expect(g.pending('0')).toEqual([expect.objectContaining({ kind: 'advance', track: 'civ' })]);
  });

  it('§8.2: biomass terrain touching a biomass area already on the planet advances biomass', () => {
    const g = wormhole().patch('0', [6, 0]).depot('0', { small: 'i-biomass-civ' }).start();
    g.take('0').place('0', 0, 5, 0); // biomass (5, 0) beside the patch on (6, 0)
    expect(g.pending('0').map((p) => p.kind === 'advance' && p.track)).toEqual(['biomass', 'civ']);
  });

  it('§8.2: biomass terrain starting a second, separate area does not advance biomass', () => {
    // The patch on (5, 2) touches the tile's civ square only.
    const g = wormhole().patch('0', [5, 2]).depot('0', { small: 'i-biomass-civ' }).start();
    g.take('0').place('0', 0, 5, 0);
    expect(g.pending('0').map((p) => p.kind === 'advance' && p.track)).toEqual(['civ']);
  });

  it('§8.2, §4.10 open point: a tile that fits nowhere advances biomass anyway, by the general rule', () => {
    const g = coverAllBut(wormhole(), 'ksb-4156', [[5, 5]])
      .depot('0', { small: 'i-biomass-civ', large: 'N-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.pending('0').map((p) => p.kind === 'advance' && `${p.track}:${p.source}`)).toEqual([
      'biomass:unplacedTile',
      'civ:unplacedTile',
    ]);
  });

  it('§8.2, §5.12: energy never offers biomass, though a biomass area touches the energy', () => {
    const g = wormhole().patch('0', [6, 0]).depot('0', { small: 'i-energy-water' }).start();
    g.take('0').place('0', 0, 5, 0); // energy (5, 0) beside the patch, water (5, 1)
    expect(g.item('0', 'energy')).toMatchObject({ options: ['water'] });
    // The same spot on the symmetric board offers both.
    const uc = scenario({ players: 1 }).patch('0', [6, 0]).depot('0', { small: 'i-energy-water' }).start();
    uc.take('0').place('0', 0, 5, 0);
    expect(uc.item('0', 'energy')).toMatchObject({ options: ['water', 'biomass'] });
  });

  it('§8.2: a patch never advances biomass, even beside a biomass area', () => {
    const g = wormhole().patch('0', [6, 0]).pending('0', { kind: 'patch' }).start();
    g.resolve('0', 'patch', { x: 6, y: 1 });
    expect(g.pending('0')).toEqual([]);
    expect(g.level('0', 'biomass')).toBe(0);
  });

  it('§8.2: a synergy boost may advance biomass (only tiles and energy are restricted)', () => {
    const g = wormhole().pending('0', { kind: 'synergy' }).start();
    const synergy = g.item('0', 'synergy');
    expect(listedFor(g, synergy.id).map((a) => a.choice?.track)).toContain('biomass');
  });
});

describe('Wormhole Corp.: the boxed biomass track (§8.2, R7, R8)', () => {
  it('§8.2: an advance lists the two halves of the next box; the lower gives the printed boost', () => {
    const g = wormhole().pending('0', biomassAdvance()).start();
    const item = g.item('0', 'advance', 'biomass');
    expect(listedFor(g, item.id).map((a) => a.choice)).toEqual([
      { col: 'biomass', row: 2 },
      { col: 'biomass', row: 3 },
    ]);
    g.act('0', { type: 'resolve', item: item.id, choice: { col: 'biomass', row: 2 } });
    expect(g.level('0', 'biomass')).toBe(2);
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']);
  });

  it('§8.2: the upper half gives a patch, and only that', () => {
    const g = wormhole().pending('0', biomassAdvance()).start();
    g.resolve('0', 'advance', { col: 'biomass', row: 3 }, 'biomass');
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch']);
  });

  it('§8.2, §5.5: a synergy boost on biomass lets the player pick the half too', () => {
    const g = wormhole().pending('0', { kind: 'synergy' }).start();
    g.resolve('0', 'synergy', { track: 'biomass' });
    const item = g.item('0', 'advance', 'biomass');
    expect(listedFor(g, item.id).map((a) => a.choice?.row)).toEqual([2, 3]);
    g.act('0', { type: 'resolve', item: item.id, choice: { col: 'biomass', row: 3 } });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch']);
  });

  it('§8.2: no half named, or a square outside the next box, is refused and changes nothing', () => {
    const g = wormhole().pending('0', biomassAdvance()).start();
    const item = g.item('0', 'advance', 'biomass').id;
    expect(g.refusalMessage('0', { type: 'resolve', item })).toEqual({
      code: 'reason.chooseDestination',
      rule: '§8.2',
      values: { track: 'biomass' },
    });
    g.reject('0', { type: 'resolve', item, choice: { col: 'biomass', row: 5 } });
    g.reject('0', { type: 'resolve', item, choice: { col: 'biomass', row: 1 } });
  });

  it('§8.2, R7: a two-step advance claims one half of each box in turn', () => {
    const g = wormhole().pending('0', biomassAdvance(2)).start();
    g.resolve('0', 'advance', { col: 'biomass', row: 2 }, 'biomass');
    const rest = g.item('0', 'advance', 'biomass');
    expect(rest).toMatchObject({ steps: 1 });
    expect(listedFor(g, rest.id).map((a) => a.choice?.row)).toEqual([5, 6]);
    g.act('0', { type: 'resolve', item: rest.id, choice: { col: 'biomass', row: 5 } });
    // Box 1's synergy and box 2's civ advance.
    expect(g.pending('0').map((p) => (p.kind === 'advance' ? p.track : p.kind))).toEqual(['synergy', 'civ']);
  });

  it('§8.2, R8: a regression goes back one box, claims nothing; landing again claims again', () => {
    const g = wormhole()
      .tracker('0', 'biomass', 6)
      .pending('0', { kind: 'regress', tracks: ['biomass'], steps: 1 }, biomassAdvance())
      .start();
    g.resolve('0', 'regress', { track: 'biomass' });
    expect(g.level('0', 'biomass')).toBe(3); // box 1, the half it stood on
    expect(g.pending('0').map((p) => p.kind)).toEqual(['advance']);
    g.resolve('0', 'advance', { col: 'biomass', row: 6 }, 'biomass');
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch']);
  });

  it('§8.2: from the first box a regression goes to the start; from the start there is none', () => {
    const board = wormhole().tracker('0', 'biomass', 2).board('0');
    expect(rules.previousSquare(corp, board, 'biomass')).toEqual({ col: 'biomass', row: 0 });
    board.trackers.biomass = { col: 'biomass', row: 0 };
    expect(rules.previousSquare(corp, board, 'biomass')).toBeNull();
  });

  it('§8.2, §5.3: both halves of the last box are the top; the tracker goes no higher', () => {
    for (const [row, top] of [
      [12, false],
      [14, true],
      [15, true],
    ] as const) {
      const board = wormhole().tracker('0', 'biomass', row).board('0');
      expect(isAtTop(board, 'biomass')).toBe(top);
      expect(rules.nextSquares(corp, board, 'biomass').length === 0).toBe(top);
    }
    const g = wormhole().tracker('0', 'biomass', 14).pending('0', biomassAdvance()).start();
    g.resolve('0', 'advance', undefined, 'biomass');
    expect(g.level('0', 'biomass')).toBe(14);
    expect(g.pending('0')).toEqual([]);
  });

  it('§8.2, §5.6: the medals between the boxes score once passed (1, 2, 3, 5)', () => {
    const medal = (row: number) => {
      const board = wormhole().tracker('0', 'biomass', row).board('0');
      return rules.trackMedals(corp, board);
    };
    expect([0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15].map(medal)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 5, 5]);
  });
});

describe('Wormhole Corp.: techs (§8.2, §5.11)', () => {
  const TECH = [3, 5, 7, 10, 14]; // the tech track's milestones, tech 1 to 5

  it('§8.2 tech 1: while the biomass tracker is at the top, it may go back to the start (no allowance)', () => {
    const g = wormhole().tracker('0', 'tech', TECH[0]!).tracker('0', 'biomass', 15).start();
    expect(abilities(g)).toEqual([{ type: 'useAbility', ability: 'resetBiomassTracker', choice: {} }]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'resetBiomassTracker', choice: { track: 'civ' } }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', { type: 'useAbility', ability: 'resetBiomassTracker' });
    expect(g.level('0', 'biomass')).toBe(0);
    expect(g.draft('0').board.corp.usedThisRound).toEqual([]);
    // Medals are scored where the tracker ends (tech 1's clarification).
    expect(rules.trackMedals(corp, g.draft('0').board)).toBe(0);
    g.act('0', { type: 'undo' }); // R4
    expect(g.level('0', 'biomass')).toBe(15);
  });

  it('§8.2 tech 1: not below the top, nor without the tech; refused and nothing changes', () => {
    const low = wormhole().tracker('0', 'tech', TECH[0]!).tracker('0', 'biomass', 12).start();
    expect(abilities(low)).toEqual([]);
    expect(low.refusal('0', { type: 'useAbility', ability: 'resetBiomassTracker' })).toEqual({
      code: 'reason.abilityNotAvailable',
      rule: '§8.2',
    });
    const noTech = wormhole().tracker('0', 'tech', 2).tracker('0', 'biomass', 15).start();
    expect(abilities(noTech)).toEqual([]);
    noTech.reject('0', { type: 'useAbility', ability: 'resetBiomassTracker' });
  });

  it('§8.2 tech 2: a patch may cover a tile square, never one with a meteorite', () => {
    const s = () =>
      wormhole()
        .tile('0', 'i-civ-energy-M', { orientation: 0, x: 5, y: 0 }) // civ (5, 0), energy + meteorite (5, 1)
        .pending('0', { kind: 'patch' });
    const on = s().tracker('0', 'tech', TECH[1]!).start();
    const patch = on.item('0', 'patch').id;
    const cells = listedFor(on, patch).map((a) => `${a.choice?.x},${a.choice?.y}`);
    expect(cells).toContain('5,0');
    expect(cells).not.toContain('5,1');
    expect(on.refusal('0', { type: 'resolve', item: patch, choice: { x: 5, y: 1 } })).toEqual({
      code: 'reason.patchMeteorite',
      rule: '§5.9',
    });
    on.resolve('0', 'patch', { x: 5, y: 0 });
    expect(on.draft('0').board.terrain[at(5, 0)]).toBe('biomass');
    const off = s().tracker('0', 'tech', TECH[0]!).start();
    expect(
      off.refusal('0', { type: 'resolve', item: off.item('0', 'patch').id, choice: { x: 5, y: 0 } }),
    ).toEqual({ code: 'reason.patchCovered' });
  });

  it('§8.2 tech 3 (R12): once a round, a patch gain gives a second patch', () => {
    const g = wormhole().tracker('0', 'tech', TECH[2]!).pending('0', { kind: 'patch' }).start();
    expect(abilities(g)).toEqual([{ type: 'useAbility', ability: 'twoBiomassPatches', choice: {} }]);
    g.act('0', { type: 'useAbility', ability: 'twoBiomassPatches' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch', 'patch']);
    expect(g.draft('0').board.corp.usedThisRound).toEqual(['twoBiomassPatches']);
    expect(abilities(g)).toEqual([]);
    g.reject('0', { type: 'useAbility', ability: 'twoBiomassPatches' });
  });

  it('§8.2 tech 3: not without a patch to double, nor without the tech', () => {
    const none = wormhole().tracker('0', 'tech', TECH[2]!).start();
    expect(abilities(none)).toEqual([]);
    none.reject('0', { type: 'useAbility', ability: 'twoBiomassPatches' });
    const noTech = wormhole().tracker('0', 'tech', TECH[1]!).pending('0', { kind: 'patch' }).start();
    expect(abilities(noTech)).toEqual([]);
  });

  it('§8.2 tech 4 (§5.9): a patch may be stored for the end game', () => {
    const g = wormhole().tracker('0', 'tech', TECH[3]!).pending('0', { kind: 'patch' }).start();
    g.resolve('0', 'patch', { store: true });
    expect(g.draft('0').board.storedPatches).toBe(1);
    const without = wormhole().tracker('0', 'tech', TECH[2]!).pending('0', { kind: 'patch' }).start();
    expect(
      without.refusal('0', { type: 'resolve', item: without.item('0', 'patch').id, choice: { store: true } }),
    ).toEqual({ code: 'reason.storeNeedsTech', rule: '§5.9' });
  });

  it('§8.2 tech 5 (R14): during the game a patch still may not cover a meteorite', () => {
    const g = wormhole()
      .tile('0', 'i-civ-energy-M', { orientation: 0, x: 5, y: 0 })
      .tracker('0', 'tech', TECH[4]!)
      .pending('0', { kind: 'patch' })
      .start();
    expect(
      g.refusal('0', { type: 'resolve', item: g.item('0', 'patch').id, choice: { x: 5, y: 1 } }),
    ).toEqual({ code: 'reason.patchMeteorite', rule: '§5.9' });
  });

  it('§8.2 tech 5 (R14): at the end of the game a patch covering a meteorite removes it from the game', () => {
    const s = wormhole()
      .tile('0', 'I-civ-energy-M', { orientation: 0, x: 11, y: 4 }) // meteorite on (11, 6)
      .tracker('0', 'tech', TECH[4]!);
    s.board('0').storedPatches = 1;
    const g = s.start();
    g.state.endTriggers.push('stuck'); // as if the game were ending after this round
    g.act('0', g.legal('0').find((a) => a.type === 'takeTile') as Action);
    g.act('0', g.legal('0').find((a) => a.type === 'placeTile') as Action);
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve' && !a.choice?.store);
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0');
    expect(g.state.step).toBe('endgame');
    const meteorites = g.draft('0').board.meteorites.length;
    expect(g.draft('0').board.meteorites).toContain(at(11, 6));
    g.resolve('0', 'patch', { x: 11, y: 6 });
    const board: PlayerBoard = g.draft('0').board;
    expect(board.meteorites).not.toContain(at(11, 6));
    expect(board.meteorites).toHaveLength(meteorites - 1);
    expect(board.collected.meteorites).toBe(0); // destroyed, not collected
  });
});

describe('Wormhole Corp.: random games (§8.2)', () => {
  it('§8.2: 30 games for 1–6 players end without error and score their breakdowns', () => {
    playThirtyGames({ corporation: ID }, 'wormhole');
  });
});
