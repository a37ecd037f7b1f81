/** tiles.json: the tile shapes, the 144 tiles and the station. */
import type { ShapeData, StationData, Terrain, TileCellData, TileData } from '../../game/data/types';
import {
  TERRAINS,
  arr,
  bool,
  exactKeys,
  fail,
  int,
  keyXY,
  obj,
  oneOf,
  readReference,
  requireKeys,
  sameXY,
  show,
  str,
  uniqueIds,
  xy,
  xyList,
} from './reference';
import { type Output } from './output';

export function buildShape(raw: unknown, where: string): ShapeData {
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

export function buildTile(raw: unknown, where: string, shapes: ReadonlyMap<number, ShapeData>): TileData {
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

export function buildStation(
  raw: unknown,
  where: string,
  shapes: ReadonlyMap<number, ShapeData>,
): StationData {
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

export function buildTiles(): { shapes: ShapeData[]; tiles: TileData[]; station: StationData } {
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

/** game/data/tiles.generated.ts: SHAPES, TILES and STATION. */
export function tilesOutput(): Output {
  const { shapes, tiles, station } = buildTiles();
  return {
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
  };
}
