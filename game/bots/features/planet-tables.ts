/**
 * Per planet, computed once: its squares (holes and void are not squares), the squares of each row
 * and column, neighbours, and what the planet's rules add (squares covered anyway, its bonuses).
 */
import { CELLS, GRID } from '../../core/types';
import { planetById } from '../../data';
import type { PlanetData } from '../../data/types';
import { planetRules, type PlanetRules } from '../../content/planets';
import { planetGeometry, type PlanetGeometry } from '../../rules/board';

export interface PlanetTables {
  planet: PlanetData;
  geometry: PlanetGeometry;
  rules: PlanetRules;
  squares: number[];
  isSquare: Uint8Array;
  /** Planet squares per row (bit x) and per column (bit y). */
  rowSquares: number[];
  colSquares: number[];
  /** Orthogonal neighbours of each cell that are planet squares. */
  neighbours: number[][];
  /** Sides of each cell that face the outside of the planet. */
  outside: Uint8Array;
  /** Squares that count as covered at the end even when bare (Petra's electric squares, R31). */
  coveredAnyway: Uint8Array;
  /** Whether any square is covered anyway. */
  anyCoveredAnyway: boolean;
}

const planetTables = new Map<string, PlanetTables>();

export function tablesOf(planetId: string): PlanetTables {
  const cached = planetTables.get(planetId);
  if (cached) return cached;
  const planet = planetById(planetId);
  const g = planetGeometry(planet);
  const isSquare = new Uint8Array(CELLS);
  for (const c of g.squares) isSquare[c] = 1;
  const rowSquares = new Array<number>(GRID).fill(0);
  const colSquares = new Array<number>(GRID).fill(0);
  const neighbours: number[][] = [];
  const outside = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    const x = c % GRID;
    const y = (c - x) / GRID;
    const list: number[] = [];
    const around: [number, number][] = [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ];
    for (const [nx, ny] of around) {
      const n = ny * GRID + nx;
      if (nx >= 0 && ny >= 0 && nx < GRID && ny < GRID && isSquare[n]) list.push(n);
      else outside[c] = (outside[c] ?? 0) + 1;
    }
    neighbours.push(list);
    if (isSquare[c]) {
      rowSquares[y] = (rowSquares[y] ?? 0) | (1 << x);
      colSquares[x] = (colSquares[x] ?? 0) | (1 << y);
    }
  }
  const rules = planetRules(planetId);
  const coveredAnyway = new Uint8Array(CELLS);
  const energyLike = rules.energyLikeSquares(g);
  for (const c of energyLike) coveredAnyway[c] = 1;
  const t: PlanetTables = {
    planet,
    geometry: g,
    rules,
    squares: g.squares,
    isSquare,
    rowSquares,
    colSquares,
    neighbours,
    outside,
    coveredAnyway,
    anyCoveredAnyway: energyLike.length > 0,
  };
  planetTables.set(planetId, t);
  return t;
}
