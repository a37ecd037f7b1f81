/**
 * The bots on every planet (§8.1): the Pilot's evaluator reads a planet's bonuses through its hooks
 * (Gaia's bare cities, Cerberus's covered sub-planets, R30), and the Cadet and the Pilot play a
 * solo game to the end on each planet, legally, with scores equal to their breakdowns.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { applyAction, legalActions } from '../game/engine';
import { PLANETS } from '../game/data';
import { playGame, BOTS, type BotFn } from '../game/sim';
import { botStats, chooseAction } from '../game/bots';
import { evalEnv, planetValue } from '../game/bots/features';
import { targetDistances } from '../game/bots/features/pieces';
import { breakdownTotal, scoreGame } from '../game/rules/scoring';
import { cellIndex } from '../game/rules/board';
import { coverAllBut, geometryOf, onPlanet } from './planets/support';
import { planetRules } from '../game/content/planets';
import type { Scenario } from './support/scenario';

/** The Pilot's decisions for player 0 until it places its tile; the placement it chose. */
function pilotPlacement(state: GameState): Extract<Action, { type: 'placeTile' }> {
  for (let guard = 0; guard < 20 && legalActions(state, '0').length > 0; guard++) {
    const { action } = chooseAction('pilot', state, '0', createRng('planet'));
    expect(applyAction(state, '0', action)).toBeNull();
    if (action.type === 'placeTile') return action;
  }
  throw new Error('The Pilot placed no tile');
}

/** A straight tile of three (I) as the only tile on offer, and no lifepods to sway the choice. */
const offerStraightThree = (s: Scenario): Scenario =>
  s.lifepods('0').depot('0', { small: 'I-civ-energy' }).emptyStack('0', 'large');

/** The cells a placement of the straight three covers, lying flat or standing. */
function cellsOf(p: Extract<Action, { type: 'placeTile' }>): number[] {
  const flat = p.orientation % 2 === 1;
  return [0, 1, 2].map((k) => (flat ? cellIndex(p.x + k, p.y) : cellIndex(p.x, p.y + k)));
}

describe("the Pilot weighs a planet's bonuses (§8.1, R30)", () => {
  it('Cerberus: it completes a sub-planet rather than fill an equal gap that completes none', () => {
    // Bare: the last row of sub-planet C (8–10, 11) and three squares of sub-planet B (2–4, 11),
    // with one more square of B, (0, 8), that no tile can fill. Either placement completes three
    // columns worth 2 each and leaves row 11 open; only the first completes a sub-planet (+2).
    const s = offerStraightThree(
      coverAllBut(onPlanet('cerberus'), 'cerberus', [
        [8, 11],
        [9, 11],
        [10, 11],
        [2, 11],
        [3, 11],
        [4, 11],
        [0, 8],
      ]),
    );
    const g = s.start();
    const placed = cellsOf(pilotPlacement(g.state));
    expect(placed.sort((a, b) => a - b)).toEqual([cellIndex(8, 11), cellIndex(9, 11), cellIndex(10, 11)]);
  });

  it('Gaia: it leaves a city bare (2 medals) even where covering it completes one more column', () => {
    // Bare: row 5 from (8, 5) to the city (11, 5), and (8, 3), a square of column 8 no tile can
    // fill. Covering 9–11 completes columns 9, 10 and 11 (3 medals) but covers the
    // city; covering 8–10 completes columns 9 and 10 (2 medals) and keeps the city's 2.
    const s = offerStraightThree(
      coverAllBut(onPlanet('gaia'), 'gaia', [
        [8, 5],
        [9, 5],
        [10, 5],
        [11, 5],
        [8, 3],
      ]),
    );
    const g = s.start();
    const placed = cellsOf(pilotPlacement(g.state));
    expect(placed.sort((a, b) => a - b)).toEqual([cellIndex(8, 5), cellIndex(9, 5), cellIndex(10, 5)]);
  });

  it('Cerberus names each sub-planet still to cover with its bare squares, and no other (R30)', () => {
    const s = coverAllBut(onPlanet('cerberus'), 'cerberus', [
      [8, 11],
      [9, 11],
      [0, 8],
    ]);
    const rules = planetRules('cerberus');
    const geometry = geometryOf('cerberus');
    const toEarn = rules.bonusesToEarn!(geometry, s.board('0'));
    expect(toEarn.map((b) => [...b.left].sort((x, y) => x - y))).toEqual(
      expect.arrayContaining([[cellIndex(0, 8)], [cellIndex(8, 11), cellIndex(9, 11)]]),
    );
    expect(toEarn).toHaveLength(2);
    expect(toEarn.every((b) => b.medals === 2 && b.squares > b.left.length)).toBe(true);
    // The third sub-planet is covered: its medals are extra medals now, not a bonus to earn.
    expect(rules.extraMedals!(geometry, s.board('0'))).toBe(2);
  });

  it("Petra: a bare electric square counts as covered in the evaluator's lines (R31)", () => {
    // The whole planet covered but one electric square: the evaluator at the game's end gives
    // every line its medal, as the scoring does.
    const g = onPlanet('petra');
    const petra = g.state.boards['0']!;
    const planet = PLANETS.find((p) => p.id === 'petra')!;
    const electric = planet.grid.flatMap((row, y) =>
      [...row].flatMap((letter, x) => ('EF'.includes(letter) ? [[x, y] as [number, number]] : [])),
    );
    expect(electric.length).toBeGreaterThan(0);
    coverAllBut(g, 'petra', [electric[0]!]);
    const env = evalEnv(g.state, '0', undefined, true);
    const lines =
      planet.rowMedals.reduce((a, b) => a + b, 0) + planet.columnMedals.reduce((a, b) => a + b, 0);
    expect(planetValue(petra, env, 0)).toBeCloseTo(lines, 6);
  });
});

/**
 * The Pilot from round 11 to the end, the Cadet before it: the crowded second half is where a
 * planet's restrictions, dead squares and bonuses decide, and the whole game at Pilot level would
 * make this file slow.
 */
const PILOT_FROM_ROUND = 11;
const pilotLate: BotFn = (state, player, rng) =>
  (state.round >= PILOT_FROM_ROUND ? BOTS.pilot! : BOTS.cadet!)(state, player, rng);

describe('rovers head for what they can reach (§8.1)', () => {
  it("K'aak: a lifepod on an uncovered toxic square is no target, however near", () => {
    const board = onPlanet('kaak').lifepods('0', [4, 2]).board('0');
    // (4, 2) is toxic; (5, 2) beside it is not: a rover there could never step onto the lifepod.
    expect(targetDistances(board)[cellIndex(5, 2)]).toBe(-1);
    const covered = onPlanet('kaak').patch('0', [4, 2]).lifepods('0', [4, 2]).board('0');
    expect(targetDistances(covered)[cellIndex(5, 2)]).toBe(1);
  });
});

describe('the Cadet and the Pilot on every planet (§8.1)', () => {
  for (const planet of PLANETS.map((p) => p.id)) {
    it(`${planet}: a Cadet game, and one the Pilot finishes, end legally with scores equal to breakdowns`, () => {
      const fallbacks = botStats.fallbacks;
      for (const bot of [BOTS.cadet!, pilotLate]) {
        const played = playGame({
          numPlayers: 1,
          seed: `bots-planet-${planet}`,
          setupData: { seats: [{ planet }] },
          bots: [bot],
        });
        expect(played.state.step).toBe('over');
        expect(played.state.round).toBeGreaterThanOrEqual(PILOT_FROM_ROUND);
        for (const s of scoreGame(played.state).scores) expect(s.total).toBe(breakdownTotal(s.breakdown));
      }
      // The Pilot never chose an illegal action (a fallback to the Cadet would count one).
      expect(botStats.fallbacks).toBe(fallbacks);
    });
  }
});
