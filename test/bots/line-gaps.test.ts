/**
 * A row or column scores only when complete (§6.3 A), and each bare run of it needs a tile of its
 * own, so the evaluator counts a nearly complete line whose bare squares lie in one run as closer
 * to done than one with the same number split by covered squares (`lineGaps`). Each position
 * covers the planet with patches but four squares, two of a row and two of the row below.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, evalEnv, fadeOf, newDetail, planetValue } from '../../game/bots/features';
import type { EvalEnv } from '../../game/bots/features/env';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import { planetById } from '../../game/data';
import { scenario } from '../support/scenario';

type Square = [number, number];

/** Solo on the symmetric planet, every square covered but `bare`; the planet's value. */
function planetWorth(bare: Square[], lineGaps: number): { value: number; dead: number } {
  const keep = new Set(bare.map(([x, y]) => cellIndex(x, y)));
  const covered = planetGeometry(planetById('ksb-4156'))
    .squares.filter((c) => !keep.has(c))
    .map((c): Square => [c % 12, Math.floor(c / 12)]);
  const s = scenario({ players: 1, setupData: { seats: [{ planet: 'ksb-4156' }] } }).patch('0', ...covered);
  const board = s.board('0');
  const base = evalEnv(s.state, '0');
  const env: EvalEnv = { ...base, w: { ...DEFAULT_WEIGHTS, lineGaps } };
  const detail = newDetail();
  const value = planetValue(board, env, fadeOf(board, env), detail);
  return { value, dead: detail.deadSquares };
}

/** Rows 5 and 6 each miss two squares side by side: a 2×2 hole. */
const BLOCK: Square[] = [
  [4, 5],
  [5, 5],
  [4, 6],
  [5, 6],
];
/** Rows 5 and 6 each miss two squares apart: two upright dominoes, columns 4 and 8. */
const SPLIT: Square[] = [
  [4, 5],
  [4, 6],
  [8, 5],
  [8, 6],
];

describe('a line whose bare squares are split needs more tiles (§6.3 A)', () => {
  it('both holes can still be filled: no square is dead', () => {
    expect(planetWorth(BLOCK, 0.5).dead).toBe(0);
    expect(planetWorth(SPLIT, 0.5).dead).toBe(0);
  });

  it('a line missing squares in one run keeps its whole share', () => {
    expect(planetWorth(BLOCK, 0.5).value).toBeCloseTo(planetWorth(BLOCK, 0).value, 9);
  });

  it('a line split into two bare runs counts for less, so one hole is preferred to two', () => {
    const splitLoss = planetWorth(SPLIT, 0).value - planetWorth(SPLIT, 0.5).value;
    expect(splitLoss).toBeGreaterThan(0);
    const preference = (g: number) => planetWorth(BLOCK, g).value - planetWorth(SPLIT, g).value;
    expect(preference(0.5)).toBeCloseTo(preference(0) + splitLoss, 9);
  });

  it('the committed weight discounts each extra run', () => {
    expect(DEFAULT_WEIGHTS.lineGaps).toBeGreaterThan(0);
    expect(DEFAULT_WEIGHTS.lineGaps).toBeLessThan(1);
  });
});
