/**
 * The Pilot's evaluator counts the squares a planet's restriction leaves no tile for (§8.1, §4.8):
 * a bare pocket that only an illegal tile could fill is as dead as one no shape fits. Each position
 * covers the whole planet with patches but a few squares, so the pocket is the only bare region.
 */
import { describe, expect, it } from 'vitest';
import { evalEnv, fadeOf, newDetail, planetValue } from '../../game/bots/features';
import { deadSquares } from '../../game/bots/features/dead-squares';
import { cellIndex, planetGeometry } from '../../game/rules/board';
import { planetById } from '../../game/data';
import { scenario, type Scenario } from '../support/scenario';

type Square = [number, number];

/** Solo on `planet`, every square covered by patches but `bare`, all twelve shapes in the station. */
function pocket(planet: string, bare: Square[]): Scenario {
  const keep = new Set(bare.map(([x, y]) => cellIndex(x, y)));
  const covered = planetGeometry(planetById(planet))
    .squares.filter((c) => !keep.has(c))
    .map((c): Square => [c % 12, Math.floor(c / 12)]);
  return scenario({ players: 1, setupData: { seats: [{ planet }] } }).patch('0', ...covered);
}

/** The squares the evaluator counts as dead on that position. */
function deadOn(planet: string, bare: Square[]): number {
  const s = pocket(planet, bare);
  const board = s.board('0');
  const env = evalEnv(s.state, '0');
  const detail = newDetail();
  planetValue(board, env, fadeOf(board, env), detail);
  return detail.deadSquares;
}

/** What the shapes alone say of the pocket, ignoring the planet's rule. */
const deadByShapes = (bare: Square[]): number =>
  deadSquares(
    bare.map(([x, y]) => cellIndex(x, y)),
    ALL_SHAPES,
  );

const ALL_SHAPES = (1 << 12) - 1;

describe('squares a planet restriction leaves no tile for count as dead (§8.1)', () => {
  it('K-273: a land square beside an ice square is two dead squares; two land squares are none', () => {
    // (1, 5) is ice, (2, 5) and (3, 5) land: a domino fits both pockets by shape.
    const mixed: Square[] = [
      [1, 5],
      [2, 5],
    ];
    const land: Square[] = [
      [2, 5],
      [3, 5],
    ];
    expect(deadByShapes(mixed)).toBe(0);
    expect(deadOn('k-273', mixed)).toBe(2);
    expect(deadOn('k-273', land)).toBe(0);
    // The symmetric face restricts nothing: the same pocket is fillable there.
    expect(deadOn('ksb-4156', mixed)).toBe(0);
  });

  it('K-273: a mixed pocket splits into its land and its ice parts, each filled on its own', () => {
    // Ice (0, 5)–(1, 5) beside land (2, 5)–(3, 5): a domino on each side fills all four.
    expect(
      deadOn('k-273', [
        [0, 5],
        [1, 5],
        [2, 5],
        [3, 5],
      ]),
    ).toBe(0);
    // Ice (1, 5) alone beside land (2, 5)–(3, 5): the ice square stays bare.
    expect(
      deadOn('k-273', [
        [1, 5],
        [2, 5],
        [3, 5],
      ]),
    ).toBe(1);
  });

  it('Tartarus: a pocket across the chasm is dead; one with room on each side is not', () => {
    // Row 5: x 0–4 west of the chasm, 5–11 east.
    const across: Square[] = [
      [4, 5],
      [5, 5],
    ];
    expect(deadByShapes(across)).toBe(0);
    expect(deadOn('tartarus', across)).toBe(2);
    expect(
      deadOn('tartarus', [
        [3, 5],
        [4, 5],
        [5, 5],
        [6, 5],
      ]),
    ).toBe(0);
    expect(
      deadOn('tartarus', [
        [4, 5],
        [5, 5],
        [6, 5],
      ]),
    ).toBe(1);
  });

  it('Tartarus: beyond five squares, the chasm still bounds what a tile can join', () => {
    // Seven bare squares of row 5 across the chasm: by shape one region of 7, by the planet a
    // single west square (4, 5) that no tile can fill and six east squares that tiles fill.
    const row: Square[] = [4, 5, 6, 7, 8, 9, 10].map((x): Square => [x, 5]);
    expect(deadOn('tartarus', row)).toBe(1);
  });

  it('Arashi: a pocket on the ring alone is dead; one reaching off the ring is not', () => {
    const ringOnly: Square[] = [
      [3, 5],
      [4, 5],
    ];
    expect(deadByShapes(ringOnly)).toBe(0);
    expect(deadOn('arashi', ringOnly)).toBe(2);
    expect(
      deadOn('arashi', [
        [3, 4],
        [3, 5],
        [4, 5],
      ]),
    ).toBe(0);
  });

  it('Arashi: the whole bare ring, with every square off it covered, is 24 dead squares', () => {
    const ring: Square[] = [];
    for (const y of [5, 6]) for (let x = 0; x < 12; x++) ring.push([x, y]);
    expect(deadOn('arashi', ring)).toBe(24);
  });

  it('Pajitnov: a hole no tile can slide into is dead; the same pocket at the rim is not (R18)', () => {
    const hole: Square[] = [
      [5, 5],
      [6, 5],
    ];
    expect(deadByShapes(hole)).toBe(0);
    expect(deadOn('pajitnov', hole)).toBe(2);
    // (0, 5)–(0, 6) on the west rim: a domino slides in from beyond the grid.
    expect(
      deadOn('pajitnov', [
        [0, 5],
        [0, 6],
      ]),
    ).toBe(0);
  });

  it('Pajitnov: in a hole of six, the hemmed-in ends count dead at once; at the rim nothing does', () => {
    // Row 5 from (5, 5) to (10, 5), covered all round: no tile can slide in. Its ends, hemmed in on
    // three sides, are asked at once; its inner squares are counted when the hole shrinks to five.
    const hole: Square[] = [5, 6, 7, 8, 9, 10].map((x): Square => [x, 5]);
    expect(deadOn('pajitnov', hole)).toBe(2);
    // Row 5 from (0, 5): a tile slides in from the west.
    const rim: Square[] = [0, 1, 2, 3, 4, 5].map((x): Square => [x, 5]);
    expect(deadOn('pajitnov', rim)).toBe(0);
  });

  it('the evaluator values a planet-dead pocket below a fillable one of the same size', () => {
    const valueOf = (planet: string, bare: Square[]) => {
      const s = pocket(planet, bare);
      const board = s.board('0');
      const env = evalEnv(s.state, '0');
      return planetValue(board, env, fadeOf(board, env));
    };
    // Both pockets leave row 5 and two columns open; only the first can never be filled.
    expect(
      valueOf('tartarus', [
        [4, 5],
        [5, 5],
      ]),
    ).toBeLessThan(
      valueOf('tartarus', [
        [5, 5],
        [6, 5],
      ]),
    );
  });
});

describe('the shapes alone: the fewest squares of a small pocket left bare', () => {
  it('a straight three and a two-by-two are filled whole; a single square is not', () => {
    expect(
      deadByShapes([
        [1, 1],
        [2, 1],
        [3, 1],
      ]),
    ).toBe(0);
    expect(
      deadByShapes([
        [1, 1],
        [2, 1],
        [1, 2],
        [2, 2],
      ]),
    ).toBe(0);
    expect(deadByShapes([[4, 4]])).toBe(1);
    // With only the domino left, a straight three keeps one square bare.
    const DOMINO = 8;
    expect(
      deadSquares(
        [
          [1, 1],
          [2, 1],
          [3, 1],
        ].map(([x, y]) => cellIndex(x!, y!)),
        1 << DOMINO,
      ),
    ).toBe(1);
  });
});
