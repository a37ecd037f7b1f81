/**
 * Per planet, computed once: its squares (holes and void are not squares), the squares of each row
 * and column, neighbours, and what the planet's rules add (squares covered anyway, its bonuses,
 * where its restriction lets a tile lie on the printed planet).
 */
import { CELLS, GRID, type CellIndex } from '../../core/types';
import { present } from '../../core/present';
import { orientationsOf } from '../../core/geometry';
import { SHAPES, SYMMETRIC_CORPORATION, corporationById, planetById } from '../../data';
import type { PlanetData } from '../../data/types';
import { planetRules, type LaidPiece, type PlanetRules } from '../../content/planets';
import { createBoard, planetGeometry, type PlanetGeometry } from '../../rules/board';

/** Where a tile of a shape may lie: the squares it covers, first the lowest. */
export interface Footprint {
  /** Its number among the planet's footprints, from 0. */
  id: number;
  shape: number;
  cells: readonly CellIndex[];
}

/** A tile as a restriction sees it when only its shape is known. */
export const SHAPE_ONLY: LaidPiece = { kind: 'tile', icons: null };

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
  /** The planet restricts where tiles lie (§8.1), so its dead squares ask it. */
  restricted: boolean;
  /**
   * Per cell, its neighbours that one tile may cover together with it on the printed planet: two
   * squares no tile can join (across Tartarus's chasm, land beside ice on K-273) belong to regions
   * a tile fills separately. Every neighbour where the planet restricts nothing.
   */
  joined: number[][];
  /**
   * Only on a planet that restricts: per cell, the footprints whose lowest square it is, and the
   * footprints covering it (smallest first), each allowed by the restriction on the printed planet.
   */
  footprintsFrom: Footprint[][];
  footprintsOver: Footprint[][];
  /** Per cell, how many of its `footprintsOver` (the first ones) cover two or three squares. */
  smallFootprintsOver: number[];
  footprintCount: number;
  /**
   * Squares of a footprint the printed planet refuses though no split of regions explains it
   * (Arashi's ring): in a region of any size, they may be squares no allowed tile reaches.
   */
  constrained: Uint8Array;
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
  const restricted = rules.restriction !== undefined;
  const { footprintsFrom, footprintsOver, smallFootprintsOver, footprintCount, joined, constrained } =
    restricted
      ? footprintsOf(planet, g, rules, neighbours)
      : {
          footprintsFrom: [],
          footprintsOver: [],
          smallFootprintsOver: [],
          footprintCount: 0,
          joined: neighbours,
          constrained: new Uint8Array(CELLS),
        };
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
    restricted,
    joined,
    footprintsFrom,
    footprintsOver,
    smallFootprintsOver,
    footprintCount,
    constrained,
  };
  planetTables.set(planetId, t);
  return t;
}

/**
 * Every footprint of every shape on the planet's squares that its restriction allows on the bare
 * printed planet (asked through the planet's hook, never decided here), indexed by its lowest
 * square and by each square it covers; and which neighbouring squares some footprint joins.
 */
function footprintsOf(
  planet: PlanetData,
  g: PlanetGeometry,
  rules: PlanetRules,
  neighbours: number[][],
): Pick<
  PlanetTables,
  'footprintsFrom' | 'footprintsOver' | 'smallFootprintsOver' | 'footprintCount' | 'joined' | 'constrained'
> {
  const bare = createBoard(planet, corporationById(SYMMETRIC_CORPORATION));
  const footprintsFrom: Footprint[][] = Array.from({ length: CELLS }, () => []);
  const footprintsOver: Footprint[][] = Array.from({ length: CELLS }, () => []);
  const joinedSets: Set<number>[] = Array.from({ length: CELLS }, () => new Set<number>());
  const refused: CellIndex[][] = [];
  let footprintCount = 0;
  for (const shape of SHAPES) {
    for (const o of orientationsOf(shape)) {
      if (o.canonical !== o.index) continue;
      for (let y = 0; y + o.height <= GRID; y++) {
        for (let x = 0; x + o.width <= GRID; x++) {
          let offPlanet = false;
          for (let r = 0; r < o.height && !offPlanet; r++)
            if (((o.rowMasks[r] ?? 0) << x) & (g.blockedRows[y + r] ?? 0)) offPlanet = true;
          if (offPlanet) continue;
          const cells = o.cells.map(([dx, dy]) => (y + dy) * GRID + x + dx).sort((a, b) => a - b);
          if (rules.restriction?.(g, bare, cells, SHAPE_ONLY)) {
            refused.push(cells);
            continue;
          }
          const f: Footprint = { id: footprintCount++, shape: shape.id, cells };
          present(footprintsFrom[cells[0] as number], 'footprint list').push(f);
          for (const c of cells) {
            present(footprintsOver[c], 'footprint list').push(f);
            const next = present(neighbours[c], 'neighbour list');
            const joinedSet = present(joinedSets[c], 'joined set');
            for (const n of cells) if (next.includes(n)) joinedSet.add(n);
          }
        }
      }
    }
  }
  // Smallest first: a small tile fits where a large one does not, so a square's answer comes soonest.
  for (const list of footprintsOver) list.sort((a, b) => a.cells.length - b.cells.length);
  const smallFootprintsOver = footprintsOver.map((list) => list.filter((f) => f.cells.length <= 3).length);
  const joined = joinedSets.map((set) => [...set].sort((a, b) => a - b));
  // A refused footprint whose squares are joined pair by pair is one splitting regions does not
  // account for (all on Arashi's ring): its squares may be dead in a region of any size.
  const constrained = new Uint8Array(CELLS);
  for (const cells of refused) {
    const split = cells.some((c) => {
      const joinedSet = present(joinedSets[c], 'joined set');
      return present(neighbours[c], 'neighbour list').some((n) => cells.includes(n) && !joinedSet.has(n));
    });
    if (!split) for (const c of cells) constrained[c] = 1;
  }
  return { footprintsFrom, footprintsOver, smallFootprintsOver, footprintCount, joined, constrained };
}
