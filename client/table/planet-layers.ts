/**
 * What the table draws of a planet's own rule (§8.1), read from its data (planets.json, as the
 * rules read it): squares marked by a letter of the grid (cities, the ring, the vortex, toxic and
 * electric squares, holes and the void) and the extra layers of some faces (Persephone's
 * quadrants, Tartarus's chasm and its breaks, Cerberus's sub-planets). Boundaries are segments
 * along square edges, in grid units (0–12), so any cell size can draw them. Also which meteorites
 * ride on a rover (Horizon Group), so the drawing shows them carried.
 */
import { type CellIndex, GRID, type PlanetData, type PlayerBoard, type Terrain } from '../../game';

/** A layer marked square by square. */
export type SquareLayer = 'city' | 'ring' | 'vortex' | 'toxic' | 'electric' | 'hole' | 'void';
/** Every layer a planet may show, in the order of the key. */
export type LayerKind = SquareLayer | 'quadrant' | 'chasm' | 'chasmBreak' | 'subPlanet';

export const LAYER_KINDS: readonly LayerKind[] = [
  'city',
  'ring',
  'quadrant',
  'chasm',
  'chasmBreak',
  'toxic',
  'electric',
  'vortex',
  'subPlanet',
  'hole',
  'void',
];

/** A segment along square edges, from corner (x1, y1) to corner (x2, y2), in grid units. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Quadrant {
  /** Its corner of the planet, as the data names it ('top-left'…). */
  name: string;
  /** Inclusive column and row ranges. */
  x: [number, number];
  y: [number, number];
  /** The resource whose icons this quadrant refuses. */
  forbids: Terrain;
}

/** A diagonal crossing of the chasm, from one square's centre to the other's. */
export interface ChasmBreak {
  from: { x: number; y: number };
  to: { x: number; y: number };
}

export interface SubPlanet {
  letter: string;
  cells: number[];
  outline: Segment[];
  /** Bonus medals when every square is covered. */
  bonus: number;
}

export interface PlanetLayers {
  /** Per cell (y × 12 + x), the layer its grid letter marks, or null. */
  square: (SquareLayer | null)[];
  ringOutline: Segment[];
  voidOutline: Segment[];
  quadrants: Quadrant[];
  quadrantLines: Segment[];
  chasm: Segment[];
  breaks: ChasmBreak[];
  subPlanets: SubPlanet[];
  /** Where two sub-planets touch: drawn as a double line, so each keeps its own outline. */
  subPlanetSeams: Segment[];
  /** The layers this planet has, in key order (empty for a planet without one). */
  kinds: LayerKind[];
}

const LETTER_LAYER: Record<string, SquareLayer> = {
  G: 'city',
  R: 'ring',
  V: 'vortex',
  T: 'toxic',
  E: 'electric',
  F: 'electric',
};

/**
 * The edges between neighbouring cells whose regions differ; `outer` also keeps the edges
 * between a region and no region (a cell with `null`), else both sides must have one.
 */
export function boundaries(regionOf: (x: number, y: number) => string | null, outer: boolean): Segment[] {
  const out: Segment[] = [];
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= GRID || y >= GRID ? null : regionOf(x, y));
  const differ = (a: string | null, b: string | null) => a !== b && (outer ? (a ?? b) : a && b) !== null;
  for (let y = 0; y <= GRID; y++)
    for (let x = 0; x <= GRID; x++) {
      // The left edge of (x, y) and its top edge.
      if (y < GRID && differ(at(x - 1, y), at(x, y))) out.push({ x1: x, y1: y, x2: x, y2: y + 1 });
      if (x < GRID && differ(at(x, y - 1), at(x, y))) out.push({ x1: x, y1: y, x2: x + 1, y2: y });
    }
  return out;
}

const cache = new Map<string, PlanetLayers>();

export function planetLayers(planet: PlanetData): PlanetLayers {
  const known = cache.get(planet.id);
  if (known) return known;
  const letter = (x: number, y: number) => planet.grid[y]?.[x] ?? '.';
  // The black hole and the holes share the letter H; the face that lists a black hole has a void.
  const holeLayer: SquareLayer = 'blackHoleCells' in planet.extra ? 'void' : 'hole';
  const square: (SquareLayer | null)[] = [];
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++) {
      const l = letter(x, y);
      square.push(l === 'H' ? holeLayer : (LETTER_LAYER[l] ?? null));
    }
  const isSquare = (x: number, y: number) => !'.H'.includes(letter(x, y));
  const markedAs = (layer: SquareLayer) => (x: number, y: number) =>
    square[y * GRID + x] === layer ? layer : isSquare(x, y) ? 'square' : null;

  const quadrants: Quadrant[] = (planet.extra.quadrants ?? []).map((q) => ({
    name: q.name,
    x: q.x,
    y: q.y,
    forbids: q.forbiddenResource,
  }));
  const quadrantOf = (x: number, y: number) => {
    if (!isSquare(x, y)) return null;
    const k = quadrants.findIndex((q) => x >= q.x[0] && x <= q.x[1] && y >= q.y[0] && y <= q.y[1]);
    return k < 0 ? null : String(k);
  };

  // The layers `npm run data` checked: 12 rows of letters, squares on the planet.
  const sides = planet.extra.sides ?? null;
  const breaks: ChasmBreak[] = (planet.extra.chasmDiagonalCrossings ?? []).map(([a, b]) => ({
    from: { x: a[0], y: a[1] },
    to: { x: b[0], y: b[1] },
  }));

  const map = planet.extra.subPlanetMap ?? null;
  const subPlanets: SubPlanet[] = [];
  const described = planet.extra.subPlanets ?? [];
  if (map)
    for (const l of [...new Set(map.join('').replaceAll('.', ''))].sort()) {
      const cells: number[] = [];
      map.forEach((row, y) => [...row].forEach((ch, x) => ch === l && cells.push(y * GRID + x)));
      subPlanets.push({
        letter: l,
        cells,
        outline: boundaries((x, y) => (map[y]?.[x] === l ? l : null), true),
        bonus: described.find((d) => d.id === l)?.bonusMedalsIfFullyCovered ?? 0,
      });
    }

  const present = new Set<LayerKind>(square.filter((s): s is SquareLayer => s !== null));
  if (quadrants.length) present.add('quadrant');
  if (sides) present.add('chasm');
  if (breaks.length) present.add('chasmBreak');
  if (subPlanets.length) present.add('subPlanet');

  const layers: PlanetLayers = {
    square,
    ringOutline: present.has('ring')
      ? boundaries(markedAs('ring'), true).filter(onLayerSide(square, 'ring'))
      : [],
    voidOutline: present.has('void')
      ? boundaries(markedAs('void'), false).filter(onLayerSide(square, 'void'))
      : [],
    quadrants,
    quadrantLines: quadrants.length ? boundaries(quadrantOf, false) : [],
    chasm: sides
      ? boundaries((x, y) => {
          const s = sides[y]?.[x] ?? '.';
          return s === '.' ? null : s;
        }, false)
      : [],
    breaks,
    subPlanets,
    subPlanetSeams: map
      ? boundaries((x, y) => {
          const l = map[y]?.[x] ?? '.';
          return l === '.' ? null : l;
        }, false)
      : [],
    kinds: LAYER_KINDS.filter((k) => present.has(k)),
  };
  cache.set(planet.id, layers);
  return layers;
}

/** Keeps the edges that border a square of `layer` (not those between two other squares). */
function onLayerSide(square: readonly (SquareLayer | null)[], layer: SquareLayer) {
  const is = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < GRID && y < GRID && square[y * GRID + x] === layer;
  return (s: Segment) =>
    s.x1 === s.x2 ? is(s.x1 - 1, s.y1) || is(s.x1, s.y1) : is(s.x1, s.y1 - 1) || is(s.x1, s.y1);
}

export interface LayerAt {
  kind: LayerKind;
  quadrant?: Quadrant;
  subPlanet?: SubPlanet;
}

/** The layers that concern one cell, for its tooltip: its marked layer, quadrant, side, sub-planet. */
export function layersAt(layers: PlanetLayers, cell: number): LayerAt[] {
  const x = cell % GRID;
  const y = Math.floor(cell / GRID);
  const out: LayerAt[] = [];
  const marked = layers.square[cell];
  if (marked) out.push({ kind: marked });
  const quadrant = layers.quadrants.find((q) => x >= q.x[0] && x <= q.x[1] && y >= q.y[0] && y <= q.y[1]);
  if (quadrant && !marked) out.push({ kind: 'quadrant', quadrant });
  if (layers.breaks.some((b) => (b.from.x === x && b.from.y === y) || (b.to.x === x && b.to.y === y)))
    out.push({ kind: 'chasmBreak' });
  else if (
    layers.chasm.some((s) =>
      s.x1 === s.x2
        ? (s.x1 === x || s.x1 === x + 1) && s.y1 === y
        : (s.y1 === y || s.y1 === y + 1) && s.x1 === x,
    )
  )
    out.push({ kind: 'chasm' });
  const subPlanet = layers.subPlanets.find((p) => p.cells.includes(cell));
  if (subPlanet) out.push({ kind: 'subPlanet', subPlanet });
  return out;
}

/**
 * The rovers carrying a meteorite (Horizon Group), by rover id, with the square the meteorite lies
 * on: the rover's own, as long as a meteorite is there.
 */
export function carriedMeteorites(board: PlayerBoard): Map<number, CellIndex> {
  const out = new Map<number, CellIndex>();
  // A board saved before corporations had their own state has no `corp`.
  const carrying = (board.corp as PlayerBoard['corp'] | undefined)?.carrying ?? [];
  const left = [...board.meteorites];
  for (const id of carrying) {
    const cell = board.rovers.find((r) => r.id === id && !r.destroyed)?.cell ?? null;
    const k = cell === null ? -1 : left.indexOf(cell);
    if (k < 0 || cell === null) continue;
    left.splice(k, 1);
    out.set(id, cell);
  }
  return out;
}
