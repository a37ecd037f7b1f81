/**
 * The evaluator looks past a track's next medal: a tracker's climb so far, carried over the rounds
 * left, says which medal it is heading for (§5.6: a tracker scores the medal at or below it), and a
 * private objective on a track's top (§7.2, Project: Flowrate and its kind) counts by the odds that
 * this projection reaches the top.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerBoard } from '../../game/core/types';
import { corporationById, objectiveById, planetById } from '../../game/data';
import { objectiveContext } from '../../game/rules/objectives';
import { cloneBoard } from '../../game/rules/board';
import { DEFAULT_WEIGHTS, evalEnv, fadeOf, privateValue, trackValue } from '../../game/bots/features';
import { projectedRows } from '../../game/bots/features/tracks';
import { straightTracks } from '../../game/bots/features/corporation-tables';
import type { EvalEnv } from '../../game/bots/features/env';
import { scenario } from '../support/scenario';

/** Project: Flowrate, "your water tracker ends the game at the top of its track". */
const FLOWRATE = 58;

function setting(round: number, roundsLeft: number) {
  const g = scenario().start();
  const board = g.board('0');
  const base = evalEnv(g.state, '0');
  const env = (w: Partial<EvalEnv['w']>): EvalEnv => ({
    ...base,
    round,
    roundsLeft,
    w: { ...DEFAULT_WEIGHTS, trackProjection: 0, privateTrackOdds: 0, ...w },
  });
  const water = (b: PlayerBoard, row: number) => {
    const copy = cloneBoard(b);
    copy.trackers.water = { col: 'water', row };
    return copy;
  };
  return { board, env, water };
}

describe('the medals a tracker is heading for', () => {
  it('a tracker that climbed fast is projected further, and nowhere once no round is left', () => {
    const { board, env, water } = setting(10, 6);
    const e = env({});
    const fast = projectedRows(water(board, 12), e, 12) ?? [];
    const slow = projectedRows(water(board, 3), e, 3) ?? [];
    expect(fast.length).toBeGreaterThan(0);
    expect(Math.min(...fast)).toBeGreaterThan(12);
    expect(Math.max(...slow) - 3).toBeLessThan(Math.max(...fast) - 12);
    expect(projectedRows(board, { ...e, final: true }, 3)).toBeNull();
    expect(projectedRows(board, { ...e, roundsLeft: 0 }, 3)).toBeNull();
  });

  it('values a water step by the large medals near the top it brings within reach (water 13: 7, 15: 10)', () => {
    const { board, env, water } = setting(12, 4);
    const with_ = env({ trackProjection: 1 });
    const without = env({});
    const step = (e: EvalEnv) => {
      const fade = fadeOf(board, e);
      return trackValue(water(board, 12), e, fade) - trackValue(water(board, 11), e, fade);
    };
    expect(step(with_)).toBeGreaterThan(step(without));
  });

  it('follows a corporation’s own track rules too (Jump Drive, §8.2)', () => {
    const g = scenario({ setupData: { seats: [{ corporation: 'jump-drive' }] } })
      .tracker('0', 'water', 5)
      .start();
    expect(straightTracks('jump-drive')).toBe(false);
    const board = g.board('0');
    const base = { ...evalEnv(g.state, '0'), round: 10, roundsLeft: 6 };
    const off = { ...base, w: { ...DEFAULT_WEIGHTS, trackProjection: 0 } };
    const on = { ...base, w: { ...DEFAULT_WEIGHTS, trackProjection: 1 } };
    expect(trackValue(board, on, fadeOf(board, on))).toBeGreaterThan(
      trackValue(board, off, fadeOf(board, off)),
    );
  });

  it('adds nothing at the end of the game, where only the medals reached count', () => {
    const { board, env, water } = setting(20, 0);
    const b = water(board, 12);
    const final = { ...env({ trackProjection: 1 }), final: true };
    expect(trackValue(b, final, 0)).toBe(trackValue(b, { ...env({}), final: true }, 0));
  });
});

describe('a private objective on a track’s top (§7.2)', () => {
  const flowrate = (board: PlayerBoard) => [
    {
      card: objectiveById(FLOWRATE),
      ctx: objectiveContext(planetById(board.planet), corporationById(board.corporation)),
    },
  ];

  it('counts the odds that the projection reaches the top: sure near it, none far below it', () => {
    const { board, env, water } = setting(15, 5);
    const e = { ...env({ privateTrackOdds: 1 }), privateCards: flowrate(board) };
    const medals = objectiveById(FLOWRATE).private.medals;
    expect(privateValue(water(board, 14), e)).toBe(medals);
    expect(privateValue(water(board, 1), e)).toBe(0);
    const middle = privateValue(water(board, 10), e);
    expect(middle).toBeGreaterThanOrEqual(privateValue(water(board, 9), e));
    expect(privateValue(water(board, 15), e)).toBe(medals); // met
  });

  it('keeps the progress share when the odds are not used', () => {
    const { board, env, water } = setting(15, 5);
    const e = { ...env({}), privateCards: flowrate(board) };
    expect(privateValue(water(board, 14), e)).toBeLessThan(objectiveById(FLOWRATE).private.medals);
  });
});
