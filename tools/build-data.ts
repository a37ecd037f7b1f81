/**
 * Generates the typed data modules game/data/*.generated.ts from the reference JSON in
 * assets/reference. Run with `npm run data`.
 *
 * Everything read is validated against the types of game/data/types.ts; anything that does not
 * fit throws an error naming the reference file and the entry. test/data.test.ts checks that the
 * generated modules still agree with the reference files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  CivCardData,
  CivEffect,
  CorporationData,
  EventCardData,
  EventColor,
  EventEffectData,
  EventSoloTargetData,
  NeighborMeasure,
  ObjectiveCardData,
  PlanetData,
  PrivateCheck,
  Reward,
  ShapeData,
  StationData,
  TechData,
  Terrain,
  TileCellData,
  TileData,
  Track,
  TrackData,
  TrackSquareData,
  XY,
} from '../game/data/types';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCE_DIR = path.join(PROJECT_ROOT, 'assets', 'reference');
const OUT_DIR = path.join(PROJECT_ROOT, 'game', 'data');

const TERRAINS: readonly Terrain[] = ['civ', 'water', 'biomass', 'rover', 'tech', 'energy'];
const TRACKS: readonly Track[] = ['civ', 'water', 'biomass', 'rover', 'tech'];
const EVENT_COLORS: readonly EventColor[] = ['green', 'orange', 'red'];

// ---------------------------------------------------------------------------------------------
// Validation helpers. `where` always reads "<file>: <entry>" so errors point at the culprit.
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;

class ReferenceDataError extends Error {
  constructor(where: string, message: string) {
    super(`${where}: ${message}`);
    this.name = 'ReferenceDataError';
  }
}

function fail(where: string, message: string): never {
  throw new ReferenceDataError(where, message);
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function obj(value: unknown, where: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(where, `expected an object, got ${show(value)}`);
  }
  return value as Obj;
}

function arr(value: unknown, where: string, length?: number): unknown[] {
  if (!Array.isArray(value)) fail(where, `expected an array, got ${show(value)}`);
  if (length !== undefined && value.length !== length) {
    fail(where, `expected ${length} elements, got ${value.length}`);
  }
  return value;
}

function str(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, `expected a string, got ${show(value)}`);
  return value;
}

function bool(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') fail(where, `expected a boolean, got ${show(value)}`);
  return value;
}

function int(value: unknown, where: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    fail(where, `expected an integer, got ${show(value)}`);
  }
  if (value < min || value > max) fail(where, `expected an integer in ${min}..${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(where, `expected one of ${allowed.join(' | ')}, got ${show(value)}`);
  }
  return value as T;
}

function xy(value: unknown, where: string): XY {
  const a = arr(value, where, 2);
  return [int(a[0], `${where}[0]`), int(a[1], `${where}[1]`)];
}

function xyList(value: unknown, where: string): XY[] {
  return arr(value, where).map((c, i) => xy(c, `${where}[${i}]`));
}

/** The object must have exactly these keys (the optional ones may be missing). */
function exactKeys(o: Obj, required: readonly string[], optional: readonly string[], where: string): void {
  for (const k of required) if (!(k in o)) fail(where, `missing field "${k}"`);
  for (const k of Object.keys(o)) {
    if (!required.includes(k) && !optional.includes(k)) fail(where, `unexpected field "${k}"`);
  }
}

function requireKeys(o: Obj, keys: readonly string[], where: string): void {
  for (const k of keys) if (!(k in o)) fail(where, `missing field "${k}"`);
}

/** Fields of `o` other than `core`, verbatim and in their original order. */
function rest(o: Obj, core: readonly string[]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!core.includes(k)) out[k] = v;
  return out;
}

const sameXY = (a: XY, b: XY): boolean => a[0] === b[0] && a[1] === b[1];
const keyXY = (c: XY): string => `${c[0]},${c[1]}`;

function uniqueIds<T>(items: readonly T[], id: (t: T) => string | number, where: string): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = id(item);
    if (seen.has(k)) fail(where, `duplicate id ${show(k)}`);
    seen.add(k);
  }
}

function readReference(file: string): Obj {
  const full = path.join(REFERENCE_DIR, file);
  if (!existsSync(full)) {
    throw new Error(
      `Reference file not found: ${full} (the project keeps its reference data in assets/reference/${file})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(full, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
  return obj(parsed, file);
}

// ---------------------------------------------------------------------------------------------
// tiles.json
// ---------------------------------------------------------------------------------------------

function buildShape(raw: unknown, where: string): ShapeData {
  const o = obj(raw, where);
  requireKeys(o, ['id', 'repoName', 'polyomino', 'size', 'ring', 'width', 'height', 'cells'], where);
  requireKeys(o, ['halfA', 'halfB', 'resourceCellA', 'resourceCellB', 'meteorCell'], where);
  const shape: ShapeData = {
    id: int(o.id, `${where}.id`, 0, 11),
    name: str(o.repoName, `${where}.repoName`),
    polyomino: str(o.polyomino, `${where}.polyomino`),
    size: int(o.size, `${where}.size`, 1),
    ring: oneOf(o.ring, ['small', 'large'] as const, `${where}.ring`),
    width: int(o.width, `${where}.width`, 1),
    height: int(o.height, `${where}.height`, 1),
    cells: xyList(o.cells, `${where}.cells`),
    halfA: xyList(o.halfA, `${where}.halfA`),
    halfB: xyList(o.halfB, `${where}.halfB`),
    resourceCellA: xy(o.resourceCellA, `${where}.resourceCellA`),
    resourceCellB: xy(o.resourceCellB, `${where}.resourceCellB`),
    meteorCell: xy(o.meteorCell, `${where}.meteorCell`),
  };
  if (shape.cells.length !== shape.size) {
    fail(where, `size is ${shape.size} but ${shape.cells.length} cells are listed`);
  }
  const cellKeys = new Set(shape.cells.map(keyXY));
  if (cellKeys.size !== shape.cells.length) fail(`${where}.cells`, 'duplicate cell');
  for (const c of shape.cells) {
    if (c[0] < 0 || c[0] >= shape.width || c[1] < 0 || c[1] >= shape.height) {
      fail(`${where}.cells`, `cell ${show(c)} lies outside the ${shape.width}x${shape.height} bounding box`);
    }
  }
  const halves = [...shape.halfA, ...shape.halfB].map(keyXY);
  if (
    halves.length !== cellKeys.size ||
    new Set(halves).size !== halves.length ||
    !halves.every((k) => cellKeys.has(k))
  ) {
    fail(where, 'halfA and halfB do not split the cells into two disjoint halves');
  }
  if (shape.halfA.length === 0 || shape.halfB.length === 0) fail(where, 'a half is empty');
  if (!shape.halfA.some((c) => sameXY(c, shape.resourceCellA))) fail(where, 'resourceCellA is not in halfA');
  if (!shape.halfB.some((c) => sameXY(c, shape.resourceCellB))) fail(where, 'resourceCellB is not in halfB');
  if (!cellKeys.has(keyXY(shape.meteorCell))) fail(where, 'meteorCell is not one of the cells');
  return shape;
}

function buildTile(raw: unknown, where: string, shapes: ReadonlyMap<number, ShapeData>): TileData {
  const o = obj(raw, where);
  requireKeys(o, ['id', 'key', 'shape', 'terrains', 'meteor', 'cells'], where);
  const id = int(o.id, `${where}.id`, 0, 143);
  const here = `${where} (id ${id}, key ${show(o.key)})`;
  const shapeId = int(o.shape, `${here}.shape`);
  const shape = shapes.get(shapeId) ?? fail(`${here}.shape`, `unknown shape ${shapeId}`);
  const terrainList = arr(o.terrains, `${here}.terrains`);
  if (terrainList.length !== 2)
    fail(`${here}.terrains`, `a tile must have exactly 2 terrains, got ${terrainList.length}`);
  const terrains: [Terrain, Terrain] = [
    oneOf(terrainList[0], TERRAINS, `${here}.terrains[0]`),
    oneOf(terrainList[1], TERRAINS, `${here}.terrains[1]`),
  ];
  if (terrains[0] === terrains[1]) fail(`${here}.terrains`, 'the two terrains must differ');
  const meteor = bool(o.meteor, `${here}.meteor`);

  const rawCells = arr(o.cells, `${here}.cells`).map((c, i): TileCellData => {
    const cw = `${here}.cells[${i}]`;
    const co = obj(c, cw);
    exactKeys(co, ['x', 'y', 'terrain', 'resource', 'meteor'], [], cw);
    return {
      x: int(co.x, `${cw}.x`),
      y: int(co.y, `${cw}.y`),
      terrain: oneOf(co.terrain, TERRAINS, `${cw}.terrain`),
      resource: bool(co.resource, `${cw}.resource`),
      meteor: bool(co.meteor, `${cw}.meteor`),
    };
  });
  // Put the cells in the shape's order (the type promises it), whatever order the file uses.
  const byKey = new Map(rawCells.map((c) => [keyXY([c.x, c.y]), c]));
  if (byKey.size !== rawCells.length) fail(`${here}.cells`, 'duplicate cell');
  if (rawCells.length !== shape.cells.length) {
    fail(
      `${here}.cells`,
      `shape ${shape.name} has ${shape.cells.length} cells, tile lists ${rawCells.length}`,
    );
  }
  const cells = shape.cells.map(
    (c) => byKey.get(keyXY(c)) ?? fail(`${here}.cells`, `shape ${shape.name} cell ${show(c)} is missing`),
  );

  const used = new Set(cells.map((c) => c.terrain));
  if (used.size !== 2 || !used.has(terrains[0]) || !used.has(terrains[1])) {
    fail(here, `cells use terrains ${show([...used])}, expected exactly ${show(terrains)}`);
  }
  for (const c of cells) {
    const inA = shape.halfA.some((h) => sameXY(h, [c.x, c.y]));
    const expected = inA ? terrains[0] : terrains[1];
    if (c.terrain !== expected) {
      fail(here, `cell [${c.x}, ${c.y}] is ${c.terrain} but lies in half ${inA ? 'A' : 'B'} (${expected})`);
    }
  }
  const resources = cells.filter((c) => c.resource);
  if (resources.length !== 2)
    fail(here, `a tile must have exactly 2 resource icons, got ${resources.length}`);
  if (
    !resources.some((c) => sameXY([c.x, c.y], shape.resourceCellA)) ||
    !resources.some((c) => sameXY([c.x, c.y], shape.resourceCellB))
  ) {
    fail(here, `resource icons are not on the shape's resource cells`);
  }
  const meteorCells = cells.filter((c) => c.meteor);
  if (meteorCells.length !== (meteor ? 1 : 0)) {
    fail(here, `meteor is ${meteor} but ${meteorCells.length} cells carry a meteor symbol`);
  }
  const meteorCell = meteorCells[0];
  if (meteorCell && !sameXY([meteorCell.x, meteorCell.y], shape.meteorCell)) {
    fail(here, `meteor symbol is not on the shape's meteor cell ${show(shape.meteorCell)}`);
  }
  // Optional redundant fields, when present, must agree.
  if ('meteorCell' in o && o.meteorCell !== null) {
    if (!meteor || !sameXY(xy(o.meteorCell, `${here}.meteorCell`), shape.meteorCell)) {
      fail(`${here}.meteorCell`, `does not match the cells`);
    }
  } else if ('meteorCell' in o && meteor) {
    fail(`${here}.meteorCell`, 'null on a meteor tile');
  }
  if ('resources' in o) {
    const listed = arr(o.resources, `${here}.resources`, 2).map((r, i) => {
      const ro = obj(r, `${here}.resources[${i}]`);
      return {
        terrain: oneOf(ro.terrain, TERRAINS, `${here}.resources[${i}].terrain`),
        cell: xy(ro.cell, `${here}.resources[${i}].cell`),
      };
    });
    for (const r of listed) {
      if (!resources.some((c) => c.terrain === r.terrain && sameXY([c.x, c.y], r.cell))) {
        fail(`${here}.resources`, `${show(r)} does not match the cells`);
      }
    }
  }
  return { id, key: str(o.key, `${here}.key`), shape: shapeId, terrains, meteor, cells };
}

function buildStation(raw: unknown, where: string, shapes: ReadonlyMap<number, ShapeData>): StationData {
  const o = obj(raw, where);
  const ring = (field: 'smallShapes' | 'largeShapes', size: 'small' | 'large'): number[] => {
    const list = arr(o[field], `${where}.${field}`, 6).map((s, i) => int(s, `${where}.${field}[${i}]`));
    for (const s of list) {
      const shape = shapes.get(s) ?? fail(`${where}.${field}`, `unknown shape ${s}`);
      if (shape.ring !== size)
        fail(`${where}.${field}`, `shape ${s} (${shape.name}) is a ${shape.ring} shape`);
    }
    if (new Set(list).size !== list.length) fail(`${where}.${field}`, 'a shape appears twice');
    return list;
  };
  const smallShapes = ring('smallShapes', 'small');
  const largeShapes = ring('largeShapes', 'large');
  const seats = obj(o.seatPositionsByPlayerCount, `${where}.seatPositionsByPlayerCount`);
  const seatPositions: Record<number, number[]> = {};
  for (const [count, positions] of Object.entries(seats)) {
    const w = `${where}.seatPositionsByPlayerCount["${count}"]`;
    if (!/^[1-6]$/.test(count)) fail(w, 'player count must be 1..6');
    const n = Number(count);
    const list = arr(positions, w, n).map((p, i) => int(p, `${w}[${i}]`, 0, 5));
    if (new Set(list).size !== n) fail(w, 'a position appears twice');
    seatPositions[n] = list;
  }
  return { smallShapes, largeShapes, seatPositions };
}

function buildTiles(): { shapes: ShapeData[]; tiles: TileData[]; station: StationData } {
  const file = 'tiles.json';
  const root = readReference(file);
  const shapes = arr(root.shapes, `${file}: shapes`).map((s, i) => buildShape(s, `${file}: shapes[${i}]`));
  if (shapes.length !== 12) fail(`${file}: shapes`, `expected 12 shapes, got ${shapes.length}`);
  uniqueIds(shapes, (s) => s.id, `${file}: shapes`);
  shapes.sort((a, b) => a.id - b.id);
  const byId = new Map(shapes.map((s) => [s.id, s]));
  const tiles = arr(root.tiles, `${file}: tiles`).map((t, i) => buildTile(t, `${file}: tiles[${i}]`, byId));
  if (tiles.length !== 144) fail(`${file}: tiles`, `expected 144 tiles, got ${tiles.length}`);
  uniqueIds(tiles, (t) => t.id, `${file}: tiles`);
  uniqueIds(tiles, (t) => t.key, `${file}: tiles (key)`);
  tiles.sort((a, b) => a.id - b.id);
  const station = buildStation(root.station, `${file}: station`, byId);
  if (new Set([...station.smallShapes, ...station.largeShapes]).size !== 12) {
    fail(`${file}: station`, 'smallShapes and largeShapes must hold the 12 shapes once each');
  }
  return { shapes, tiles, station };
}

// ---------------------------------------------------------------------------------------------
// planets.json
// ---------------------------------------------------------------------------------------------

const PLANET_CORE = [
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

function buildPlanet(raw: unknown, where: string, legend: ReadonlySet<string>): PlanetData {
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
    extra: rest(o, PLANET_CORE),
  };
}

function buildPlanets(): PlanetData[] {
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

// ---------------------------------------------------------------------------------------------
// corporations.json
// ---------------------------------------------------------------------------------------------

function buildReward(raw: unknown, where: string): Reward {
  const o = obj(raw, where);
  const kind = str(o.kind, `${where}.kind`);
  switch (kind) {
    case 'medal':
      exactKeys(o, ['kind', 'value'], [], where);
      return { kind, value: int(o.value, `${where}.value`, 0) };
    case 'synergy':
    case 'biomassMilestone':
    case 'roverMilestone':
      exactKeys(o, ['kind'], [], where);
      return { kind };
    case 'civMilestone':
      exactKeys(o, ['kind', 'rank'], [], where);
      return { kind, rank: int(o.rank, `${where}.rank`, 1, 4) };
    case 'techMilestone': {
      exactKeys(o, ['kind', 'tech'], [], where);
      const tech = typeof o.tech === 'string' ? o.tech : int(o.tech, `${where}.tech`, 1);
      return { kind, tech };
    }
    case 'roverMove':
      exactKeys(o, ['kind', 'value'], [], where);
      return { kind, value: int(o.value, `${where}.value`, 0) };
    case 'advanceTrack':
      exactKeys(o, ['kind', 'track'], [], where);
      return { kind, track: oneOf(o.track, TRACKS, `${where}.track`) };
    case 'choice':
      exactKeys(o, ['kind', 'options'], [], where);
      return {
        kind,
        options: arr(o.options, `${where}.options`).map((opt, i) =>
          arr(opt, `${where}.options[${i}]`).map((r, j) => buildReward(r, `${where}.options[${i}][${j}]`)),
        ),
      };
    default:
      return fail(`${where}.kind`, `unknown reward kind ${show(kind)}`);
  }
}

function buildTrack(raw: unknown, where: string): TrackData {
  const o = obj(raw, where);
  requireKeys(o, ['top', 'atTop', 'levels'], where);
  const top = int(o.top, `${where}.top`, 1);
  const levels = arr(o.levels, `${where}.levels`).map((l, i): TrackSquareData => {
    const lw = `${where}.levels[${i}]`;
    const lo = obj(l, lw);
    requireKeys(lo, ['level', 'rewards'], lw);
    const level = int(lo.level, `${lw}.level`);
    if (level !== i) fail(lw, `level ${level} at index ${i}: levels must be listed in order from 0`);
    const square: TrackSquareData = {
      level,
      rewards: arr(lo.rewards, `${lw}.rewards`).map((r, j) => buildReward(r, `${lw}.rewards[${j}]`)),
      square: 'square' in lo ? bool(lo.square, `${lw}.square`) : true,
    };
    const extra = rest(lo, ['level', 'rewards', 'square']);
    if (Object.keys(extra).length > 0) square.extra = extra;
    return square;
  });
  if (levels.length !== top + 1)
    fail(`${where}.levels`, `top is ${top} but ${levels.length} levels are listed`);
  const track: TrackData = { top, atTop: str(o.atTop, `${where}.atTop`), levels };
  if ('topMovement' in o) track.topMovement = int(o.topMovement, `${where}.topMovement`, 1);
  const extra = rest(o, ['top', 'atTop', 'topMovement', 'levels']);
  if (Object.keys(extra).length > 0) track.extra = extra;
  // Re-order so `levels` (long) comes last and `extra` right before it: easier to read.
  const { levels: lv, extra: ex, ...head } = track;
  return { ...head, ...(ex ? { extra: ex } : {}), levels: lv };
}

function buildTech(raw: unknown, where: string): TechData {
  const o = obj(raw, where);
  requireKeys(o, ['level', 'text', 'effect', 'timing'], where);
  const tech: TechData = {
    level: typeof o.level === 'string' ? o.level : int(o.level, `${where}.level`, 1),
    text: str(o.text, `${where}.text`),
    effect: str(o.effect, `${where}.effect`),
    timing: str(o.timing, `${where}.timing`),
  };
  const extra = rest(o, ['level', 'text', 'effect', 'timing']);
  if (Object.keys(extra).length > 0) tech.extra = extra;
  return tech;
}

const CORPORATION_CORE = [
  'id',
  'name',
  'side',
  'deluxe',
  'complexity',
  'roverCount',
  'specialRule',
  'tracks',
  'techUnlock',
  'techs',
] as const;

function buildCorporation(raw: unknown, where: string): CorporationData {
  const o = obj(raw, where);
  requireKeys(o, CORPORATION_CORE, where);
  const here = `${where} (${show(o.id)})`;
  const rawTracks = obj(o.tracks, `${here}.tracks`);
  exactKeys(rawTracks, TRACKS, [], `${here}.tracks`);
  const tracks = Object.fromEntries(
    TRACKS.map((t) => [t, buildTrack(rawTracks[t], `${here}.tracks.${t}`)]),
  ) as Record<Track, TrackData>;
  const unlock = obj(o.techUnlock, `${here}.techUnlock`);
  str(unlock.mode, `${here}.techUnlock.mode`);
  if ('milestoneRows' in unlock) {
    arr(unlock.milestoneRows, `${here}.techUnlock.milestoneRows`).forEach((r, i) =>
      int(r, `${here}.techUnlock.milestoneRows[${i}]`, 0),
    );
  }
  if ('cumulative' in unlock) bool(unlock.cumulative, `${here}.techUnlock.cumulative`);
  const corporation: CorporationData = {
    id: str(o.id, `${here}.id`),
    name: str(o.name, `${here}.name`),
    side: oneOf(o.side, ['symmetric', 'asymmetric'] as const, `${here}.side`),
    deluxe: bool(o.deluxe, `${here}.deluxe`),
    complexity: int(o.complexity, `${here}.complexity`, 1),
    roverCount: int(o.roverCount, `${here}.roverCount`, 0),
    specialRule: str(o.specialRule, `${here}.specialRule`),
    tracks,
    techUnlock: unlock as CorporationData['techUnlock'],
    techs: arr(o.techs, `${here}.techs`).map((t, i) => buildTech(t, `${here}.techs[${i}]`)),
    extra: rest(o, CORPORATION_CORE),
  };
  const milestones = TRACKS.flatMap((t) => tracks[t].levels)
    .flatMap((l) => l.rewards)
    .filter((r) => r.kind === 'roverMilestone');
  if (milestones.length !== corporation.roverCount) {
    fail(
      here,
      `roverCount is ${corporation.roverCount} but the tracks hold ${milestones.length} roverMilestone squares`,
    );
  }
  return corporation;
}

function buildCorporations(): CorporationData[] {
  const file = 'corporations.json';
  const root = readReference(file);
  const list = arr(root.corporations, `${file}: corporations`).map((c, i) =>
    buildCorporation(c, `${file}: corporations[${i}]`),
  );
  if (list.length !== 9) fail(`${file}: corporations`, `expected 9 corporations, got ${list.length}`);
  uniqueIds(list, (c) => c.id, `${file}: corporations`);
  return list;
}

// ---------------------------------------------------------------------------------------------
// civ-cards.json
// ---------------------------------------------------------------------------------------------

const BENEFITS = ['all', 'allButSynergy', 'none'] as const;

/** Params present in the reference but not carried by CivEffect; dropped (value must be the known one). */
const CIV_EFFECT_DROPPED: Record<string, Record<string, unknown>> = {
  destroyMeteoritesInLine: { line: 'rowOrColumn' },
};

function numberTable(value: unknown, where: string): Record<string, number> {
  const o = obj(value, where);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, int(v, `${where}["${k}"]`, 0)]));
}

function buildCivEffect(raw: unknown, where: string): CivEffect {
  const o0 = obj(raw, where);
  const op = str(o0.op, `${where}.op`);
  const dropped = CIV_EFFECT_DROPPED[op] ?? {};
  for (const [k, v] of Object.entries(dropped)) {
    if (k in o0 && o0[k] !== v)
      fail(`${where}.${k}`, `expected ${show(v)} (this field is not carried), got ${show(o0[k])}`);
  }
  const o = rest(o0, Object.keys(dropped));
  const keys = (...params: string[]): void => exactKeys(o, ['op', ...params], [], where);
  switch (op) {
    case 'advanceTrackers': {
      keys('count', 'stepsEach', 'distinct', 'tracks', 'benefits');
      const tracks =
        o.tracks === 'any'
          ? ('any' as const)
          : arr(o.tracks, `${where}.tracks`).map((t, i) => oneOf(t, TRACKS, `${where}.tracks[${i}]`));
      return {
        op,
        count: int(o.count, `${where}.count`, 1),
        stepsEach: int(o.stepsEach, `${where}.stepsEach`, 1),
        distinct: bool(o.distinct, `${where}.distinct`),
        tracks,
        benefits: oneOf(o.benefits, BENEFITS, `${where}.benefits`),
      };
    }
    case 'advanceAllTrackersToPosition':
      keys('position', 'benefits');
      return {
        op,
        position: int(o.position, `${where}.position`, 1),
        benefits: oneOf(o.benefits, BENEFITS, `${where}.benefits`),
      };
    case 'gainBiomassPatches':
      keys('count');
      return { op, count: int(o.count, `${where}.count`, 1) };
    case 'gainRoverMovement':
      keys('amount');
      return { op, amount: int(o.amount, `${where}.amount`, 1) };
    case 'teleportRover':
      keys('count');
      return { op, count: int(o.count, `${where}.count`, 1) };
    case 'placeExtraTileFromDepot':
      keys('advanceForResources');
      return { op, advanceForResources: bool(o.advanceForResources, `${where}.advanceForResources`) };
    case 'collectFromPlanet':
      keys('item', 'count');
      return {
        op,
        item: oneOf(o.item, ['lifepod', 'meteorite'] as const, `${where}.item`),
        count: int(o.count, `${where}.count`, 1),
      };
    case 'destroyMeteoritesInLine':
      keys();
      return { op };
    case 'destroyFromPlanet':
      keys('item', 'count');
      return {
        op,
        item: oneOf(o.item, ['meteorite'] as const, `${where}.item`),
        count: int(o.count, `${where}.count`, 1),
      };
    case 'medals':
      keys('amount');
      return { op, amount: int(o.amount, `${where}.amount`, 0) };
    case 'medalsPer':
      keys('per', 'amount');
      return { op, per: str(o.per, `${where}.per`), amount: int(o.amount, `${where}.amount`, 0) };
    case 'setLifepodValue':
      keys('medalsEach');
      return { op, medalsEach: int(o.medalsEach, `${where}.medalsEach`, 0) };
    case 'meteoriteRepoSet':
      keys('medalsPerThreeMeteorites');
      return {
        op,
        medalsPerThreeMeteorites: numberTable(
          o.medalsPerThreeMeteorites,
          `${where}.medalsPerThreeMeteorites`,
        ),
      };
    case 'commerceAgreementSet':
      keys('medalsByCount');
      return { op, medalsByCount: numberTable(o.medalsByCount, `${where}.medalsByCount`) };
    default:
      return fail(`${where}.op`, `unknown civ effect op ${show(op)}`);
  }
}

function buildCivCards(): CivCardData[] {
  const file = 'civ-cards.json';
  const root = readReference(file);
  const cards = arr(root.cards, `${file}: cards`).map((raw, i): CivCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, ['id', 'name', 'rank', 'timing', 'effect', 'structured'], where);
    const here = `${where} (id ${show(o.id)}, ${show(o.name)})`;
    return {
      id: int(o.id, `${here}.id`, 1),
      name: str(o.name, `${here}.name`),
      rank: int(o.rank, `${here}.rank`, 1, 4),
      timing: oneOf(o.timing, ['immediate', 'endGame'] as const, `${here}.timing`),
      effect: str(o.effect, `${here}.effect`),
      structured: arr(o.structured, `${here}.structured`).map((e, j) =>
        buildCivEffect(e, `${here}.structured[${j}]`),
      ),
    };
  });
  if (cards.length !== 36) fail(`${file}: cards`, `expected 36 cards, got ${cards.length}`);
  uniqueIds(cards, (c) => c.id, `${file}: cards`);
  for (const rank of [1, 2, 3, 4]) {
    const n = cards.filter((c) => c.rank === rank).length;
    if (n !== 9) fail(`${file}: cards`, `expected 9 cards of rank ${rank}, got ${n}`);
  }
  return cards;
}

// ---------------------------------------------------------------------------------------------
// objectives.json
// ---------------------------------------------------------------------------------------------

const ITEMS = ['lifepod', 'meteorite'] as const;

function buildMeasure(raw: unknown, where: string): NeighborMeasure {
  const o = obj(raw, where);
  const type = str(o.type, `${where}.type`);
  const keys = (...params: string[]): void => exactKeys(o, ['type', ...params], [], where);
  switch (type) {
    case 'resourceIconsOnEdge':
    case 'resourceIconsOnPlanet':
      keys('resource');
      return { type, resource: oneOf(o.resource, TERRAINS, `${where}.resource`) };
    case 'largestTerrainArea':
    case 'terrainAreaCount':
      keys('terrain');
      return { type, terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`) };
    case 'tracksAtMaximum':
      keys();
      return { type };
    case 'collectedCount':
      keys('item');
      return { type, item: oneOf(o.item, ITEMS, `${where}.item`) };
    default:
      return fail(`${where}.type`, `unknown neighbor measure ${show(type)}`);
  }
}

function buildCheck(raw: unknown, where: string): PrivateCheck {
  const o = obj(raw, where);
  const type = str(o.type, `${where}.type`);
  const keys = (...params: string[]): void => exactKeys(o, ['type', ...params], [], where);
  switch (type) {
    case 'terrainRectangle':
      keys('terrain', 'width', 'height', 'eitherOrientation');
      return {
        type,
        terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`),
        width: int(o.width, `${where}.width`, 1, 12),
        height: int(o.height, `${where}.height`, 1, 12),
        eitherOrientation: bool(o.eitherOrientation, `${where}.eitherOrientation`),
      };
    case 'terrainAreaWithResourceIcons':
      keys('terrain', 'minIcons');
      return {
        type,
        terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`),
        minIcons: int(o.minIcons, `${where}.minIcons`, 1),
      };
    case 'trackAtMaximum':
      keys('track');
      return { type, track: oneOf(o.track, TRACKS, `${where}.track`) };
    case 'resourceIconsAtMost':
      keys('resource', 'max');
      return {
        type,
        resource: oneOf(o.resource, TERRAINS, `${where}.resource`),
        max: int(o.max, `${where}.max`, 0),
      };
    case 'collectedAtLeast':
      keys('item', 'min');
      return { type, item: oneOf(o.item, ITEMS, `${where}.item`), min: int(o.min, `${where}.min`, 1) };
    case 'collectedMoreThan':
      keys('more', 'than');
      return {
        type,
        more: oneOf(o.more, ITEMS, `${where}.more`),
        than: oneOf(o.than, ITEMS, `${where}.than`),
      };
    case 'allPlanetSquaresCovered':
      keys('kind');
      return { type, kind: oneOf(o.kind, ['ice', 'land'] as const, `${where}.kind`) };
    default:
      return fail(`${where}.type`, `unknown private check ${show(type)}`);
  }
}

function buildObjectives(): ObjectiveCardData[] {
  const file = 'objectives.json';
  const root = readReference(file);
  const cards = arr(root.cards, `${file}: cards`).map((raw, i): ObjectiveCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, ['id', 'neighbor', 'private'], where);
    const here = `${where} (id ${show(o.id)})`;
    const n = obj(o.neighbor, `${here}.neighbor`);
    requireKeys(n, ['name', 'condition', 'measure', 'direction', 'win', 'tie'], `${here}.neighbor`);
    const p = obj(o.private, `${here}.private`);
    requireKeys(p, ['name', 'condition', 'check', 'medals'], `${here}.private`);
    return {
      id: int(o.id, `${here}.id`, 1),
      neighbor: {
        name: str(n.name, `${here}.neighbor.name`),
        condition: str(n.condition, `${here}.neighbor.condition`),
        measure: buildMeasure(n.measure, `${here}.neighbor.measure`),
        direction: oneOf(n.direction, ['most', 'fewest'] as const, `${here}.neighbor.direction`),
        win: int(n.win, `${here}.neighbor.win`, 0),
        tie: int(n.tie, `${here}.neighbor.tie`, 0),
      },
      private: {
        name: str(p.name, `${here}.private.name`),
        condition: str(p.condition, `${here}.private.condition`),
        check: buildCheck(p.check, `${here}.private.check`),
        medals: int(p.medals, `${here}.private.medals`, 0),
      },
    };
  });
  if (cards.length !== 28) fail(`${file}: cards`, `expected 28 cards, got ${cards.length}`);
  uniqueIds(cards, (c) => c.id, `${file}: cards`);
  return cards;
}

// ---------------------------------------------------------------------------------------------
// events.json
// ---------------------------------------------------------------------------------------------

interface EventTables {
  events: EventCardData[];
  byColor: Record<EventColor, number>;
  soloOnly: Obj;
  deckRules: Record<string, string>;
  composition: Obj;
  soloTarget: EventSoloTargetData;
  soloEpilogue: Obj;
  effectVocabulary: Record<string, string>;
  roundRules: Record<string, string>;
  duplicateEffects: Obj;
}

function stringTable(value: unknown, where: string): Record<string, string> {
  const o = obj(value, where);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, str(v, `${where}.${k}`)]));
}

const EVENT_CORE = ['id', 'printedNumber', 'name', 'color', 'soloOnly', 'effect', 'structured'] as const;

function buildEvents(): EventTables {
  const file = 'events.json';
  const root = readReference(file);
  const effectVocabulary = stringTable(root.effectVocabulary, `${file}: effectVocabulary`);
  const roundRules = stringTable(root.roundRules, `${file}: roundRules`);

  const checkEffect = (raw: unknown, where: string): EventEffectData => {
    const o = obj(raw, where);
    const op = str(o.op, `${where}.op`);
    if (!(op in effectVocabulary)) fail(`${where}.op`, `unknown event effect op ${show(op)}`);
    if (op === 'roundRule') {
      const rule = str(o.rule, `${where}.rule`);
      if (!(rule in roundRules)) fail(`${where}.rule`, `unknown round rule ${show(rule)}`);
      if ('terrain' in o) oneOf(o.terrain, TERRAINS, `${where}.terrain`);
    }
    if (op === 'choice') {
      arr(o.options, `${where}.options`).forEach((opt, i) => {
        const list = Array.isArray(opt) ? opt : [opt];
        list.forEach((e, j) => checkEffect(e, `${where}.options[${i}]${Array.isArray(opt) ? `[${j}]` : ''}`));
      });
    }
    if ('tracks' in o && o.tracks !== 'any') {
      arr(o.tracks, `${where}.tracks`).forEach((t, i) => oneOf(t, TRACKS, `${where}.tracks[${i}]`));
    }
    return o as EventEffectData;
  };

  const events = arr(root.cards, `${file}: cards`).map((raw, i): EventCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, EVENT_CORE, where);
    const here = `${where} (id ${show(o.id)})`;
    const id = int(o.id, `${here}.id`, 1);
    const printedNumber = int(o.printedNumber, `${here}.printedNumber`, 1);
    if (printedNumber !== id - 64)
      fail(`${here}.printedNumber`, `expected id - 64 = ${id - 64}, got ${printedNumber}`);
    return {
      id,
      printedNumber,
      name: str(o.name, `${here}.name`),
      color: oneOf(o.color, EVENT_COLORS, `${here}.color`),
      soloOnly: bool(o.soloOnly, `${here}.soloOnly`),
      effect: str(o.effect, `${here}.effect`),
      structured: arr(o.structured, `${here}.structured`).map((e, j) =>
        checkEffect(e, `${here}.structured[${j}]`),
      ),
      extra: rest(o, EVENT_CORE),
    };
  });
  if (events.length !== 60) fail(`${file}: cards`, `expected 60 cards, got ${events.length}`);
  uniqueIds(events, (e) => e.id, `${file}: cards`);

  const byColorRaw = obj(root.byColor, `${file}: byColor`);
  exactKeys(byColorRaw, EVENT_COLORS, [], `${file}: byColor`);
  const byColor = Object.fromEntries(
    EVENT_COLORS.map((c) => [c, int(byColorRaw[c], `${file}: byColor.${c}`, 0)]),
  ) as Record<EventColor, number>;
  for (const c of EVENT_COLORS) {
    const n = events.filter((e) => e.color === c).length;
    if (n !== byColor[c]) fail(`${file}: byColor.${c}`, `says ${byColor[c]} but ${n} cards are ${c}`);
  }

  const soloOnly = obj(root.soloOnly, `${file}: soloOnly`);
  const soloIds = arr(soloOnly.ids, `${file}: soloOnly.ids`).map((id, i) =>
    int(id, `${file}: soloOnly.ids[${i}]`),
  );
  const flagged = events.filter((e) => e.soloOnly).map((e) => e.id);
  if (show([...soloIds].sort((a, b) => a - b)) !== show(flagged.sort((a, b) => a - b))) {
    fail(
      `${file}: soloOnly.ids`,
      `${show(soloIds)} does not match the cards flagged soloOnly ${show(flagged)}`,
    );
  }

  const soloTargetRaw = obj(root.soloTarget, `${file}: soloTarget`);
  int(soloTargetRaw.base, `${file}: soloTarget.base`);
  arr(soloTargetRaw.adjustmentByCount, `${file}: soloTarget.adjustmentByCount`).forEach((row, i) => {
    const w = `${file}: soloTarget.adjustmentByCount[${i}]`;
    const r = obj(row, w);
    exactKeys(r, ['cards', 'red', 'orange', 'green'], [], w);
    str(r.cards, `${w}.cards`);
    for (const c of EVENT_COLORS) int(r[c], `${w}.${c}`);
  });

  return {
    events,
    byColor,
    soloOnly,
    deckRules: stringTable(root.deckRules, `${file}: deckRules`),
    composition: obj(root.implementationComposition, `${file}: implementationComposition`),
    soloTarget: soloTargetRaw as EventSoloTargetData,
    soloEpilogue: obj(root.soloEpilogue, `${file}: soloEpilogue`),
    effectVocabulary,
    roundRules,
    duplicateEffects: obj(root.duplicateEffects, `${file}: duplicateEffects`),
  };
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** One-line JSON (`[1, 2]`, `{ "a": 1 }`), or undefined for values JSON cannot hold. */
function flat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Obj).filter(([, v]) => v !== undefined);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`cannot emit ${String(value)} as JSON`);
  return text;
}

/**
 * JSON, pretty-printed, with small arrays/objects kept on one line so the files stay readable.
 * `indent` is the indentation of the current line, `column` where the value starts on it.
 */
function literal(value: unknown, indent = 0, column = indent, width = 100): string {
  const oneLine = flat(value);
  if (typeof value !== 'object' || value === null || column + oneLine.length <= width) return oneLine;
  const inner = indent + 2;
  const pad = ' '.repeat(inner);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => pad + literal(v, inner, inner, width)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Obj).filter(([, v]) => v !== undefined);
  return `{\n${entries
    .map(([k, v]) => {
      const key = `${JSON.stringify(k)}: `;
      return pad + key + literal(v, inner, inner + key.length, width);
    })
    .join(',\n')},\n${end}}`;
}

interface Constant {
  name: string;
  type: string;
  value: unknown;
  doc?: string;
}

interface Output {
  file: string;
  source: string;
  types: string[];
  constants: Constant[];
}

function render(out: Output): string {
  const lines = [
    `// Generated by \`npm run data\` (tools/build-data.ts) from assets/reference/${out.source}. Do not edit by hand.`,
  ];
  if (out.types.length > 0) lines.push(`import type { ${[...out.types].sort().join(', ')} } from './types';`);
  for (const c of out.constants) {
    lines.push('');
    if (c.doc) lines.push(`/** ${c.doc} */`);
    lines.push(`export const ${c.name}: ${c.type} = ${literal(c.value)};`);
  }
  return `${lines.join('\n')}\n`;
}

interface PrettierApi {
  format(source: string, options: Record<string, unknown>): Promise<string>;
  resolveConfig(file: string): Promise<Record<string, unknown> | null>;
}

/** Formats with the project's prettier (ignoring .prettierignore, which lists `data`) if installed. */
async function loadFormatter(): Promise<((source: string, file: string) => Promise<string>) | null> {
  if (!existsSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'prettier'))) return null;
  try {
    const specifier = 'prettier'; // a variable: no compile-time dependency on prettier's types
    const mod = (await import(specifier)) as PrettierApi & { default?: PrettierApi };
    const prettier = mod.default ?? mod;
    return async (source, file) => {
      const config = (await prettier.resolveConfig(file)) ?? {};
      return prettier.format(source, { ...config, filepath: file });
    };
  } catch (e) {
    console.warn(
      `prettier is installed but could not be loaded (${(e as Error).message}); writing unformatted files`,
    );
    return null;
  }
}

async function main(): Promise<void> {
  if (!existsSync(REFERENCE_DIR)) {
    throw new Error(
      `Reference folder not found: ${REFERENCE_DIR} (the project keeps its reference data in assets/reference)`,
    );
  }
  const { shapes, tiles, station } = buildTiles();
  const planets = buildPlanets();
  const corporations = buildCorporations();
  const civCards = buildCivCards();
  const objectives = buildObjectives();
  const events = buildEvents();

  const outputs: Output[] = [
    {
      file: 'tiles.generated.ts',
      source: 'tiles.json',
      types: ['ShapeData', 'StationData', 'TileData'],
      constants: [
        {
          name: 'SHAPES',
          type: 'readonly ShapeData[]',
          value: shapes,
          doc: 'The 12 tile shapes, by id (index = id).',
        },
        {
          name: 'TILES',
          type: 'readonly TileData[]',
          value: tiles,
          doc: 'The 144 tiles, by id (index = id).',
        },
        { name: 'STATION', type: 'StationData', value: station, doc: 'The S.U.S.A.N. station layout.' },
      ],
    },
    {
      file: 'planets.generated.ts',
      source: 'planets.json',
      types: ['PlanetData'],
      constants: [
        { name: 'PLANETS', type: 'readonly PlanetData[]', value: planets, doc: 'The 13 planet boards.' },
      ],
    },
    {
      file: 'corporations.generated.ts',
      source: 'corporations.json',
      types: ['CorporationData'],
      constants: [
        {
          name: 'CORPORATIONS',
          type: 'readonly CorporationData[]',
          value: corporations,
          doc: 'The 9 corporation boards.',
        },
      ],
    },
    {
      file: 'civ-cards.generated.ts',
      source: 'civ-cards.json',
      types: ['CivCardData'],
      constants: [
        { name: 'CIV_CARDS', type: 'readonly CivCardData[]', value: civCards, doc: 'The 36 civ cards.' },
      ],
    },
    {
      file: 'objectives.generated.ts',
      source: 'objectives.json',
      types: ['ObjectiveCardData'],
      constants: [
        {
          name: 'OBJECTIVES',
          type: 'readonly ObjectiveCardData[]',
          value: objectives,
          doc: 'The 28 objective cards (neighbor and private faces).',
        },
      ],
    },
    {
      file: 'events.generated.ts',
      source: 'events.json',
      types: ['EventCardData', 'EventColor', 'EventSoloTargetData'],
      constants: [
        {
          name: 'EVENTS',
          type: 'readonly EventCardData[]',
          value: events.events,
          doc: 'The 60 event cards (ids 65-124).',
        },
        {
          name: 'EVENT_COUNTS_BY_COLOR',
          type: 'Readonly<Record<EventColor, number>>',
          value: events.byColor,
          doc: 'Cards per colour pile.',
        },
        {
          name: 'EVENT_SOLO_ONLY',
          type: 'Readonly<{ ids: number[]; poolsWithoutSoloCards: Record<EventColor, number>; [k: string]: unknown }>',
          value: events.soloOnly,
          doc: 'Solo-only cards (removed from the piles in multiplayer) and the pile sizes without them.',
        },
        {
          name: 'EVENT_DECK_RULES',
          type: 'Readonly<Record<string, string>>',
          value: events.deckRules,
          doc: 'How the 20-card event deck is built and used (deckRules).',
        },
        {
          name: 'EVENT_DECK_COMPOSITION',
          type: 'Readonly<Record<string, unknown>>',
          value: events.composition,
          doc: 'How the reference implementation picks the colour mix (implementationComposition), with its known bug.',
        },
        {
          name: 'EVENT_SOLO_TARGET',
          type: 'Readonly<EventSoloTargetData>',
          value: events.soloTarget,
          doc: 'Solo target score table.',
        },
        {
          name: 'EVENT_SOLO_EPILOGUE',
          type: 'Readonly<Record<string, unknown>>',
          value: events.soloEpilogue,
          doc: 'Solo result bands by margin over the target.',
        },
        {
          name: 'EVENT_EFFECT_VOCABULARY',
          type: 'Readonly<Record<string, string>>',
          value: events.effectVocabulary,
          doc: 'Meaning of each `op` of EventCardData.structured.',
        },
        {
          name: 'EVENT_ROUND_RULES',
          type: 'Readonly<Record<string, string>>',
          value: events.roundRules,
          doc: "Round-rule vocabulary: the `rule` values of `{ op: 'roundRule' }` effects.",
        },
        {
          name: 'EVENT_DUPLICATE_EFFECTS',
          type: 'Readonly<Record<string, unknown>>',
          value: events.duplicateEffects,
          doc: 'Pairs of cards with identical effects.',
        },
      ],
    },
  ];

  const format = await loadFormatter();
  for (const out of outputs) {
    const target = path.join(OUT_DIR, out.file);
    let text = render(out);
    if (format) text = await format(text, target);
    writeFileSync(target, text);
    console.log(`wrote ${path.relative(PROJECT_ROOT, target)}`);
  }
  if (!format) console.log('prettier not installed: files left unformatted');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `build-data: ${e.message}` : e);
  process.exit(1);
});
