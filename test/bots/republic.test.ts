/**
 * The Pilot on Republic (§8.2): the movement taking a tile brings (tech 1, read through the
 * corporation's hook) is part of what the rover and tech trackers are worth, a rover milestone
 * with no rover left in the bay pulls no tracker (§5.10.1), a boost just ahead counts (climbing
 * back claims it again, R8), and so the forced regression of a civ milestone (§5.4) no longer falls
 * on the rover tracker that feeds tech 1.
 */
import { describe, expect, it } from 'vitest';
import type { Action, Track } from '../../game/core/types';
import { TILES } from '../../game/data';
import { cellIndex, cloneBoard } from '../../game/rules/board';
import { cloneDraft } from '../../game/rules/draft';
import { playerView } from '../../game/view';
import { DEFAULT_WEIGHTS, evalEnv, fadeOf, trackValue } from '../../game/bots/features';
import { movementPerTake, selectionMovementValue } from '../../game/bots/features/selection-movement';
import { envFor } from '../../game/bots/pilot';
import { resolveGreedy, TurnSandbox } from '../../game/bots/plan';
import { scenario } from '../support/scenario';

const republic = () => scenario({ setupData: { seats: [{ corporation: 'republic' }] } });
const CIV_SHARE = TILES.filter((t) => t.terrains.includes('civ')).length / TILES.length;

describe('the Pilot on Republic', () => {
  it('counts the movement a tile taken gives, as tech 1 grants it on the rover square (§8.2)', () => {
    const g = republic().tracker('0', 'tech', 3).tracker('0', 'rover', 4).rover('0', 0, [5, 6]).start();
    const board = g.board('0');
    // Rover square 4 shows 2 movement; a third of the tiles carry civ terrain.
    expect(movementPerTake(board)).toBeCloseTo(2 * CIV_SHARE, 6);
    board.trackers.rover = { col: 'rover', row: 1 }; // no number on the square: nothing
    expect(movementPerTake(board)).toBe(0);
    board.trackers.rover = { col: 'rover', row: 4 };
    board.trackers.tech = { col: 'tech', row: 2 }; // tech 1 off
    expect(movementPerTake(board)).toBe(0);
    const coalition = scenario().tracker('0', 'tech', 14).tracker('0', 'rover', 9).start();
    expect(movementPerTake(coalition.board('0'))).toBe(0);
  });

  it('values that movement over the rounds left, and not once the rover is gone or the game over', () => {
    const g = republic().tracker('0', 'tech', 3).tracker('0', 'rover', 4).rover('0', 0, [5, 6]).start();
    const board = g.board('0');
    const env = evalEnv(g.state, '0');
    expect(selectionMovementValue(board, env)).toBeGreaterThan(0);
    expect(selectionMovementValue(board, { ...env, final: true })).toBe(0);
    expect(selectionMovementValue(board, { ...env, w: { ...DEFAULT_WEIGHTS, takeMovement: 0 } })).toBe(0);
    const lost = cloneBoard(board);
    for (const r of lost.rovers) {
      r.cell = null;
      r.destroyed = true;
    }
    expect(selectionMovementValue(lost, env)).toBe(0);
  });

  it('a rover milestone pulls the tracker only while a rover waits in the bay (§5.10.1)', () => {
    const g = republic().tracker('0', 'rover', 1).start();
    const board = g.board('0');
    // The milestone's pull alone: where the tracker is heading (which any step moves) is left out.
    const env = { ...evalEnv(g.state, '0'), w: { ...DEFAULT_WEIGHTS, trackProjection: 0 } };
    const fade = fadeOf(board, env);
    const at = (b: typeof board, row: number) => {
      const copy = cloneBoard(b);
      copy.trackers.rover = { col: 'rover', row };
      return trackValue(copy, env, fade);
    };
    // In the bay: square 0, one short of the milestone, is pulled towards it.
    expect(at(board, 0)).toBeGreaterThan(at(board, 1) - env.w.stepRover * fade);
    // The single rover out: square 0 is a square lost, nothing more.
    const deployed = cloneBoard(board);
    deployed.rovers[0]!.cell = cellIndex(5, 6);
    expect(at(deployed, 1) - at(deployed, 0)).toBeGreaterThanOrEqual(env.w.stepRover * fade - 1e-9);
  });

  it('a tracker just below a boost counts it ahead, as climbing back claims it again (R8)', () => {
    const g = republic().start();
    const board = g.board('0');
    const env = evalEnv(g.state, '0');
    const fade = fadeOf(board, env);
    const water = (row: number, w = env.w) => {
      const copy = cloneBoard(board);
      copy.trackers.water = { col: 'water', row };
      return trackValue(copy, { ...env, w }, fade);
    };
    // Water 3 shows a boost: from square 2 it is one square away, from square 3 the next is at 7.
    const pull = (w = env.w) => water(3, w) - water(2, w);
    const without = pull({ ...env.w, nextBoost: 0 });
    expect(without - pull()).toBeCloseTo(fade * env.w.nextBoost * env.w.synergy * (1 - 1 / 4), 6);
  });

  it('a forced regression spares the rover tracker that feeds tech 1 (§8.2, §5.4)', () => {
    const g = republic()
      .tracker('0', 'tech', 5)
      .tracker('0', 'rover', 4)
      .tracker('0', 'biomass', 2)
      .tracker('0', 'water', 1)
      .rover('0', 0, [5, 6])
      .pending('0', { kind: 'regress', tracks: ['water', 'biomass', 'rover', 'tech'], steps: 1 })
      .start();
    const view = playerView(g.state, '0');
    const box = new TurnSandbox(view, '0', 'round', envFor(view, '0'), true);
    const sim = box.sim(cloneDraft(g.draft('0')));
    const actions: Action[] = [];
    resolveGreedy(box, sim, actions, []);
    const first = actions[0];
    expect(first?.type).toBe('resolve');
    const track = first?.type === 'resolve' ? (first.choice?.track as Track) : null;
    expect(track).not.toBe('rover');
    expect(track).not.toBe(null);
  });
});
