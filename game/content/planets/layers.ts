/**
 * Reading a planet's layers (planets.json, BOARD-NOTES.md): squares marked by a letter of the grid,
 * and the extra fields some faces carry. Each layer is derived once per planet.
 */
import type { PlanetData, XY } from '../../data/types';
import type { CellIndex } from '../../core/types';
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
  const out = new Array<boolean>(144).fill(false);
  for (const c of cells) out[c] = true;
  return out;
}

/** A 12-row layer of letters from the planet's extra fields (Tartarus's sides, Cerberus's map). */
export function letterLayer(planet: PlanetData, field: string): string[] {
  const layer = planet.extra[field];
  if (
    !Array.isArray(layer) ||
    layer.length !== 12 ||
    !layer.every((r) => typeof r === 'string' && r.length === 12)
  )
    throw new Error(`Planet ${planet.id}: ${field} must be 12 rows of 12 letters`);
  return layer as string[];
}

/** A list of [x, y] squares from the planet's extra fields. */
export function cellList(planet: PlanetData, field: string): CellIndex[] {
  const list = planet.extra[field];
  if (!Array.isArray(list)) throw new Error(`Planet ${planet.id}: ${field} must be a list of [x, y]`);
  return (list as XY[]).map(([x, y]) => cellIndex(x, y));
}
