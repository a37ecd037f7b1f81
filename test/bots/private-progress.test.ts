/**
 * The evaluator's progress toward a private objective (§7.2) reads the planet as the rule does, so
 * that a rectangle or an area's icons count as met exactly when the rule says so: the evaluator asks
 * the rule only once the progress is full. Petra's bare electric squares are energy terrain for
 * every objective (§8.1, R31), for the progress too. A rectangle's window counts only while a tile
 * can still bring the terrain to each of its bare squares.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerBoard } from '../../game/core/types';
import { corporationById, objectiveById, planetById } from '../../game/data';
import { objectiveContext, privateCheck } from '../../game/rules/objectives';
import { planetRules } from '../../game/content/planets';
import { evalEnv, privateProgress, privateValue } from '../../game/bots/features';
import { metOdds } from '../../game/bots/features/private-objectives';
import { block, paint, type Cell } from '../support/paint';
import { scenario } from '../support/scenario';
import { geometryOf, onPlanet } from '../planets/support';

/** Project: Rubik, a solid 3×3 of tech. */
const RUBIK = 38;
/** Project: Landfill, a solid 3×3 of biomass. */
const LANDFILL = 39;
/** Project: Voltaic, a solid 3×3 of energy. */
const VOLTAIC = 42;
/** Project: Runway, a solid 2×5 of rover, either way round. */
const RUNWAY = 53;
/** Project: Amazon, six water icons in one water area. */
const AMAZON = 46;
/** Project: Alternative Energy, at most five energy icons on the planet. */
const ALTERNATIVE_ENERGY = 60;
/** Project: Cleanup, nine meteorites collected. */
const CLEANUP = 61;

function judge(board: PlayerBoard, id: number) {
  const card = objectiveById(id);
  const ctx = objectiveContext(planetById(board.planet), corporationById(board.corporation));
  return {
    progress: privateProgress(card.private.check, board, ctx),
    met: privateCheck(card.private.check, board, ctx),
    /** The evaluator's worth of this one card on this board. */
    worth: (state: Parameters<typeof evalEnv>[0]) =>
      privateValue(board, { ...evalEnv(state, '0'), privateCards: [{ card, ctx }] }),
  };
}

describe('a private objective’s progress (§7.2)', () => {
  it('a 3×3 of tech one square short is 8/9 of the way and not met; its last square meets it', () => {
    const g = scenario().start();
    const board = g.board('0');
    const window = block(4, 4, 3, 3);
    paint(board, window.slice(0, 8), 'tech');
    const short = judge(board, RUBIK);
    expect(short.progress).toBeCloseTo(8 / 9);
    expect(short.met).toBe(false);
    expect(short.worth(g.state)).toBeLessThan(5);
    paint(board, window.slice(8), 'tech');
    const done = judge(board, RUBIK);
    expect(done.progress).toBe(1);
    expect(done.met).toBe(true);
    expect(done.worth(g.state)).toBe(5);
  });

  it('another terrain inside the window spoils it; the best window elsewhere counts', () => {
    const g = scenario().start();
    const board = g.board('0');
    paint(board, block(4, 4, 3, 3).slice(0, 7), 'tech');
    paint(board, [[6, 6]], 'civ');
    // The window one column left holds six of the tech squares and no civ.
    expect(judge(board, RUBIK).progress).toBeCloseTo(6 / 9);
  });

  it('a bare square the terrain closes in is lost: a tile bringing the terrain would lay its other half inside the window', () => {
    const g = scenario().start();
    const board = g.board('0');
    const middle: Cell = [5, 5];
    const ring = block(4, 4, 3, 3).filter(([x, y]) => x !== middle[0] || y !== middle[1]);
    paint(board, ring, 'tech');
    // Every window holding the middle square is lost; the best left holds one side of the ring.
    expect(judge(board, RUBIK).progress).toBeCloseTo(3 / 9);
  });

  it('a bare group inside the window counts while it reaches a bare square outside, through its own squares', () => {
    const g = scenario().start();
    const board = g.board('0');
    // The middle and the square above it are bare: a tile may come down into both from above.
    const open: Cell[] = [
      [5, 5],
      [5, 4],
    ];
    const rest = block(4, 4, 3, 3).filter(([x, y]) => !open.some(([ox, oy]) => ox === x && oy === y));
    paint(board, rest, 'tech');
    expect(judge(board, RUBIK).progress).toBeCloseTo(7 / 9);
  });

  it('a biomass patch fills any square (§5.9): a 3×3 of biomass closed around its middle is still 8/9 of the way', () => {
    const g = scenario().start();
    const board = g.board('0');
    const ring = block(4, 4, 3, 3).filter(([x, y]) => x !== 5 || y !== 5);
    paint(board, ring, 'biomass');
    expect(judge(board, LANDFILL).progress).toBeCloseTo(8 / 9);
  });

  it('a rectangle or an area not yet met counts by the odds of meeting it from there, which fall as the rounds run out', () => {
    // Fitted to the Pilot's own solo games: two thirds of a 3×3 is met about seven times in ten
    // with a dozen rounds left, and seldom with two.
    expect(metOdds(2 / 3, 12)).toBeGreaterThan(0.6);
    expect(metOdds(2 / 3, 2)).toBeLessThan(0.25);
    expect(metOdds(8 / 9, 6)).toBeGreaterThan(metOdds(5 / 9, 6));
    const g = scenario().start();
    const board = g.board('0');
    const window = block(4, 4, 3, 3);
    paint(board, window.slice(0, 6), 'tech');
    const six = judge(board, RUBIK).worth(g.state);
    paint(board, window.slice(6, 8), 'tech');
    const eight = judge(board, RUBIK).worth(g.state);
    expect(six).toBeGreaterThan(0);
    expect(eight).toBeGreaterThan(six);
    expect(eight).toBeLessThan(5);
  });

  it('a card read from pieces or icons counts by the odds the Pilot meets it with, by the rounds to come', () => {
    // The event deck says how many rounds are to come (§7.3); fitted to the Pilot's own solo games.
    const g = scenario({ options: { events: { green: 7, orange: 7, red: 6, preset: 'standard' } } }).start();
    const board = g.board('0');
    const withRounds = (eventsLeft: number) => ({ ...g.state, eventsLeft });
    // Four meteorites of nine: well on the way with most of the game to come, lost with two rounds.
    board.collected.meteorites = 4;
    const cleanup = judge(board, CLEANUP);
    expect(cleanup.worth(withRounds(16))).toBeGreaterThan(0.8 * 5);
    expect(cleanup.worth(withRounds(2))).toBeLessThan(0.1 * 5);
    // Met for good: the full medals, whatever is to come.
    board.collected.meteorites = 9;
    expect(judge(board, CLEANUP).worth(withRounds(16))).toBe(5);
    // No energy icon yet: met for now, but an energy icon may still come, less likely the fewer
    // rounds are left; at the end it counts in full.
    const energy = judge(board, ALTERNATIVE_ENERGY);
    expect(energy.met).toBe(true);
    const early = energy.worth(withRounds(16));
    const late = energy.worth(withRounds(2));
    expect(early).toBeGreaterThan(0.4 * 5);
    expect(early).toBeLessThan(late);
    expect(late).toBeLessThan(5);
  });

  it('a 2×5 counts lying as well as standing (either orientation)', () => {
    const g = scenario().start();
    const board = g.board('0');
    // The card reads two columns by five rows; these are five columns by two rows.
    paint(board, block(3, 5, 5, 2).slice(0, 9), 'rover');
    expect(judge(board, RUNWAY).progress).toBeCloseTo(9 / 10);
    paint(board, block(3, 5, 5, 2).slice(9), 'rover');
    const lying = judge(board, RUNWAY);
    expect(lying.progress).toBe(1);
    expect(lying.met).toBe(true);
  });

  it('six water icons in one area meet Project: Amazon; five are 5/6 of the way', () => {
    const g = scenario().start();
    const board = g.board('0');
    const cells: Cell[] = block(3, 5, 6, 1);
    paint(board, cells.slice(0, 5), 'water', { icons: cells.slice(0, 5) });
    expect(judge(board, AMAZON).progress).toBeCloseTo(5 / 6);
    expect(judge(board, AMAZON).met).toBe(false);
    paint(board, cells.slice(5), 'water', { icons: cells.slice(5) });
    expect(judge(board, AMAZON).progress).toBe(1);
    expect(judge(board, AMAZON).met).toBe(true);
  });

  it('on Petra, bare electric squares count as energy: a 3×3 holding them is met and at full progress (R31)', () => {
    const g = onPlanet('petra');
    const board = g.board('0');
    const geometry = geometryOf('petra');
    const electric = new Set(planetRules('petra').energyLikeSquares(geometry));
    expect(electric.size).toBeGreaterThan(0);
    // A 3×3 window of planet squares holding an electric square; the others painted energy.
    let window: Cell[] | null = null;
    for (let y = 0; y <= 9 && !window; y++)
      for (let x = 0; x <= 9 && !window; x++) {
        const cells = block(x, y, 3, 3);
        const ids = cells.map(([cx, cy]) => cy * 12 + cx);
        if (ids.every((c) => geometry.isSquare[c]) && ids.some((c) => electric.has(c))) window = cells;
      }
    expect(window).not.toBeNull();
    const rest = (window ?? []).filter(([x, y]) => !electric.has(y * 12 + x));
    paint(board, rest, 'energy');
    const j = judge(board, VOLTAIC);
    expect(j.met).toBe(true);
    expect(j.progress).toBe(1);
  });
});
