/**
 * Reading a planet's layers (planets.json, BOARD-NOTES.md): squares marked by a letter of the grid,
 * and the extra fields some faces carry. Each layer is derived once per planet.
 */
import type { PlanetData, PlanetLetterLayer, PlanetSquareList } from '../../data/types';
import { CELLS, type CellIndex } from '../../core/types';
import { cellIndex, type PlanetGeometry } from '../../rules/board';

/** A value derived once per planet from its geometry. */
export function perPlanet<T>(build: (geometry: PlanetGeometry) => T): (geometry: PlanetGeometry) => T {
  const cache = new Map<string, T>();
  return (geometry) => {
    let value = cache.get(geometry.planet.id);
    if (value === undefined) cache.set(geometry.planet.id, (value = build(geometry)));
    return value;
  };
}

/** The squares whose grid letter is one of `letters`, in ascending order. */
export function squaresMarked(planet: PlanetData, letters: string): CellIndex[] {
  const out: CellIndex[] = [];
  planet.grid.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (letters.includes(row[x] as string)) out.push(cellIndex(x, y));
  });
  return out;
}

/** A per-cell flag array that is true on the given squares. */
export function flags(cells: readonly CellIndex[]): boolean[] {
  const out = new Array<boolean>(CELLS).fill(false);
  for (const c of cells) out[c] = true;
  return out;
}

/**
 * A 12-row layer of letters from the planet's extra fields (Tartarus's sides, Cerberus's map);
 * `npm run data` checks its shape.
 */
export function letterLayer(planet: PlanetData, field: PlanetLetterLayer): string[] {
  const layer = planet.extra[field];
  if (!layer) throw new Error(`Planet ${planet.id}: ${field} must be 12 rows of 12 letters`);
  return layer;
}

/** A list of [x, y] squares from the planet's extra fields; `npm run data` checks each is a square. */
export function cellList(planet: PlanetData, field: PlanetSquareList): CellIndex[] {
  const list = planet.extra[field];
  if (!list) throw new Error(`Planet ${planet.id}: ${field} must be a list of [x, y]`);
  return list.map(([x, y]) => cellIndex(x, y));
}
