/** planets.json: the 13 planet boards. */
import type {
  PlanetData,
  PlanetExtra,
  PlanetQuadrant,
  PlanetSquareList,
  PlanetSubPlanet,
  XY,
} from '../../game/data/types';
import {
  arr,
  bool,
  fail,
  int,
  keyXY,
  obj,
  oneOf,
  readReference,
  requireKeys,
  rest,
  show,
  str,
  uniqueIds,
  xyList,
} from './reference';
import { listModule, type Output } from './output';

export const PLANET_CORE = [
  'id',
  'name',
  'side',
  'deluxe',
  'complexity',
  'rule',
  'rowMedals',
  'columnMedals',
  'grid',
  'lifepodCells',
  'perimeterCells',
] as const;

export function buildPlanet(raw: unknown, where: string, legend: ReadonlySet<string>): PlanetData {
  const o = obj(raw, where);
  requireKeys(o, PLANET_CORE, where);
  const here = `${where} (${show(o.id)})`;
  const medals = (field: 'rowMedals' | 'columnMedals'): number[] =>
    arr(o[field], `${here}.${field}`, 12).map((m, i) => int(m, `${here}.${field}[${i}]`, 0));
  const grid = arr(o.grid, `${here}.grid`).map((row, y) => str(row, `${here}.grid[${y}]`));
  if (grid.length !== 12 || grid.some((row) => row.length !== 12)) {
    fail(
      `${here}.grid`,
      `grid must be 12x12, got ${grid.length} rows of lengths ${show(grid.map((r) => r.length))}`,
    );
  }
  grid.forEach((row, y) => {
    for (const ch of row)
      if (!legend.has(ch)) fail(`${here}.grid[${y}]`, `character ${show(ch)} is not in the legend`);
  });
  const at = (c: XY): string => grid[c[1]]?.[c[0]] ?? '.';
  const isSquare = (c: XY): boolean => at(c) !== '.' && at(c) !== 'H';
  const lifepodCells = xyList(o.lifepodCells, `${here}.lifepodCells`);
  for (const c of lifepodCells) {
    if (!'PQF'.includes(at(c)))
      fail(`${here}.lifepodCells`, `${show(c)} is ${show(at(c))} on the grid, not a lifepod square`);
  }
  const gridPods = grid.flatMap((row, y) =>
    [...row].flatMap((ch, x) => ('PQF'.includes(ch) ? [keyXY([x, y])] : [])),
  );
  const listedPods = new Set(lifepodCells.map(keyXY));
  if (
    listedPods.size !== lifepodCells.length ||
    gridPods.length !== listedPods.size ||
    !gridPods.every((k) => listedPods.has(k))
  ) {
    fail(`${here}.lifepodCells`, `list ${show(lifepodCells)} does not match the lifepod squares of the grid`);
  }
  const perimeterCells = xyList(o.perimeterCells, `${here}.perimeterCells`);
  for (const c of perimeterCells) {
    if (!isSquare(c)) fail(`${here}.perimeterCells`, `${show(c)} is not a planet square`);
  }
  if (new Set(perimeterCells.map(keyXY)).size !== perimeterCells.length)
    fail(`${here}.perimeterCells`, 'duplicate cell');
  const extra = buildPlanetExtra(rest(o, PLANET_CORE), here, isSquare);
  return {
    id: str(o.id, `${here}.id`),
    name: str(o.name, `${here}.name`),
    side: oneOf(o.side, ['symmetric', 'asymmetric'] as const, `${here}.side`),
    deluxe: bool(o.deluxe, `${here}.deluxe`),
    complexity: int(o.complexity, `${here}.complexity`, 1),
    rule: str(o.rule, `${here}.rule`),
    rowMedals: medals('rowMedals'),
    columnMedals: medals('columnMedals'),
    grid,
    lifepodCells,
    perimeterCells,
    extra,
  };
}

/** A 12×12 layer of letters that marks every planet square with one of `letters` and nothing else. */
function letterLayer(value: unknown, where: string, letters: string, isSquare: (c: XY) => boolean): string[] {
  const rows = arr(value, where, 12).map((row, y) => str(row, `${where}[${y}]`));
  rows.forEach((row, y) => {
    if (row.length !== 12) fail(`${where}[${y}]`, `must be 12 letters, got ${row.length}`);
    for (let x = 0; x < 12; x++) {
      const ch = row[x] as string;
      const ok = isSquare([x, y]) ? letters.includes(ch) : ch === '.';
      if (!ok)
        fail(
          `${where}[${y}]`,
          `${show([x, y])} is ${show(ch)}: a square needs one of ${letters}, a non-square "."`,
        );
    }
  });
  return rows;
}

const SQUARE_LISTS: readonly PlanetSquareList[] = [
  'rulebookSeamEdgeCells',
  'cityCells',
  'toxicCells',
  'electricCells',
  'holeCells',
];

/** A range of rows or columns, inclusive, running upward. */
function range(value: unknown, where: string): [number, number] {
  const [from, to] = arr(value, where, 2).map((v) => int(v, where, 0, 11));
  if (from === undefined || to === undefined || from > to) fail(where, 'range must run upward');
  return [from, to];
}

function quadrant(value: unknown, where: string): PlanetQuadrant {
  const q = obj(value, where);
  requireKeys(q, ['name', 'x', 'y', 'forbiddenResource'], where);
  return {
    ...q,
    name: str(q.name, `${where}.name`),
    x: range(q.x, `${where}.x`),
    y: range(q.y, `${where}.y`),
    forbiddenResource: oneOf(
      q.forbiddenResource,
      ['civ', 'energy', 'water', 'tech'] as const,
      `${where}.forbiddenResource`,
    ),
  };
}

/**
 * The fields beyond the core: the layers the planets' rules read (game/content/planets/) checked
 * and typed, so the rules can trust their shape; the rest verbatim, in the reference's order. Only
 * the fields a planet carries are checked.
 */
function buildPlanetExtra(
  o: Record<string, unknown>,
  here: string,
  isSquare: (c: XY) => boolean,
): PlanetExtra {
  const extra: PlanetExtra = { ...o };
  if (o.sides !== undefined) extra.sides = letterLayer(o.sides, `${here}.sides`, 'WE', isSquare);
  if (o.subPlanetMap !== undefined)
    extra.subPlanetMap = letterLayer(o.subPlanetMap, `${here}.subPlanetMap`, 'ABC', isSquare);
  if (o.chasmDiagonalCrossings !== undefined) {
    extra.chasmDiagonalCrossings = arr(o.chasmDiagonalCrossings, `${here}.chasmDiagonalCrossings`).map(
      (pair, i): [XY, XY] => {
        const [a, b, ...more] = xyList(pair, `${here}.chasmDiagonalCrossings[${i}]`);
        if (!a || !b || more.length > 0 || Math.abs(a[0] - b[0]) !== 1 || Math.abs(a[1] - b[1]) !== 1)
          fail(`${here}.chasmDiagonalCrossings[${i}]`, 'must be two diagonally adjacent squares');
        return [a, b];
      },
    );
  }
  for (const field of SQUARE_LISTS) {
    if (o[field] === undefined) continue;
    const cells = xyList(o[field], `${here}.${field}`);
    const wantSquare = field !== 'holeCells';
    for (const c of cells)
      if (isSquare(c) !== wantSquare)
        fail(
          `${here}.${field}`,
          `${show(c)} ${wantSquare ? 'is not a planet square' : 'is a planet square'}`,
        );
    extra[field] = cells;
  }
  if (o.quadrants !== undefined)
    extra.quadrants = arr(o.quadrants, `${here}.quadrants`, 4).map((q, i) =>
      quadrant(q, `${here}.quadrants[${i}]`),
    );
  if (o.subPlanets !== undefined) {
    const letters = new Set((extra.subPlanetMap ?? []).join('').replaceAll('.', ''));
    extra.subPlanets = arr(o.subPlanets, `${here}.subPlanets`).map((raw, i) => {
      const where = `${here}.subPlanets[${i}]`;
      const sub = obj(raw, where);
      requireKeys(sub, ['id'], where);
      const id = str(sub.id, `${where}.id`);
      if (!letters.has(id)) fail(`${where}.id`, `${show(id)} is not a letter of subPlanetMap`);
      const out: PlanetSubPlanet = { ...sub, id };
      if (sub.bonusMedalsIfFullyCovered !== undefined)
        out.bonusMedalsIfFullyCovered = int(
          sub.bonusMedalsIfFullyCovered,
          `${where}.bonusMedalsIfFullyCovered`,
          0,
        );
      return out;
    });
  }
  if (o.uncoveredCityMedals !== undefined)
    extra.uncoveredCityMedals = int(o.uncoveredCityMedals, `${here}.uncoveredCityMedals`, 0);
  return extra;
}

export function buildPlanets(): PlanetData[] {
  const file = 'planets.json';
  const root = readReference(file);
  const legend = new Set(Object.keys(obj(root.legend, `${file}: legend`)));
  const planets = arr(root.planets, `${file}: planets`).map((p, i) =>
    buildPlanet(p, `${file}: planets[${i}]`, legend),
  );
  if (planets.length !== 13) fail(`${file}: planets`, `expected 13 planets, got ${planets.length}`);
  uniqueIds(planets, (p) => p.id, `${file}: planets`);
  return planets;
}

/** game/data/planets.generated.ts: PLANETS. */
export function planetsOutput(): Output {
  return listModule('planets.json', 'PlanetData', 'PLANETS', buildPlanets(), 'The 13 planet boards.');
}
