/**
 * A meteorite on the planet cancels the medals of its row and of its column at the end (§4.6,
 * §6.3 A), but a rover that enters its square collects it (§5.10.4), and most are collected before
 * the end. So the evaluator counts a line still being built under a meteorite by the share
 * `meteorLine` of what it would count without it, and never less once the line is complete.
 * Each position covers rows 4 to 8 of the symmetric planet with patches but two squares of row 5,
 * whose lines (row 5, columns 4 and 5) all hold a meteorite. The rest of the planet stays bare: a
 * planet nearly covered leaves the evaluator few rounds to count on.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, evalEnv, fadeOf, planetValue } from '../../game/bots/features';
import type { EvalEnv } from '../../game/bots/features/env';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import { planetById } from '../../game/data';
import { scenario } from '../support/scenario';

type Square = [number, number];

/** Solo on the symmetric planet at round 1, rows 4 to 8 covered but `bare`; the planet's value. */
function planetWorth(bare: Square[], meteorites: Square[], meteorLine: number): number {
  const keep = new Set(bare.map(([x, y]) => cellIndex(x, y)));
  const covered = planetGeometry(planetById('ksb-4156'))
    .squares.filter((c) => !keep.has(c) && Math.floor(c / 12) >= 4 && Math.floor(c / 12) <= 8)
    .map((c): Square => [c % 12, Math.floor(c / 12)]);
  const s = scenario({ players: 1, setupData: { seats: [{ planet: 'ksb-4156' }] } })
    .patch('0', ...covered)
    .meteorite('0', ...meteorites);
  const board = s.board('0');
  const base = evalEnv(s.state, '0');
  const env: EvalEnv = { ...base, w: { ...DEFAULT_WEIGHTS, meteorLine } };
  return planetValue(board, env, fadeOf(board, env));
}

/** Row 5 misses two squares side by side, in columns 4 and 5. */
const HOLE: Square[] = [
  [4, 5],
  [5, 5],
];
/** A meteorite on a covered square of row 5, and one in each of columns 4 and 5 (on row 8). */
const METEORITES: Square[] = [
  [9, 5],
  [4, 8],
  [5, 8],
];

describe('a line under a meteorite that a rover may still collect (§4.6, §5.10.4, §6.3 A)', () => {
  it('with the share at 0, the line counts as spoilt, as before the share existed', () => {
    const spoilt = planetWorth(HOLE, METEORITES, 0);
    expect(spoilt).toBeLessThan(planetWorth(HOLE, [], 0));
  });

  it('with the share, a line under a meteorite counts for more than a spoilt one, and less than a free one', () => {
    const share = DEFAULT_WEIGHTS.meteorLine;
    expect(share).toBeGreaterThan(0);
    const underMeteorite = planetWorth(HOLE, METEORITES, share);
    expect(underMeteorite).toBeGreaterThan(planetWorth(HOLE, METEORITES, 0));
    expect(underMeteorite).toBeLessThan(planetWorth(HOLE, [], share));
  });

  it('completing a line under a meteorite never lowers its worth', () => {
    for (const share of [0, 0.25, DEFAULT_WEIGHTS.meteorLine, 1]) {
      const building = planetWorth(HOLE, METEORITES, share);
      const complete = planetWorth([], METEORITES, share);
      expect(complete, `meteorLine ${share}`).toBeGreaterThan(building);
    }
  });
});
