/**
 * Pieces landing on a planet: a tile or patch covers squares and destroys what lies there (§4.5),
 * a tile's meteorite lands (§4.6) and its resource icons become gains (§3.6, §5.2). `tileEffects`
 * says all of it before the tile is placed, so the engine and the bots' planner read one answer.
 */
import { boardRules } from './board-rules';
import {
  TRACKS,
  type CellIndex,
  type Draft,
  type PlayerBoard,
  type TileGain,
  type Track,
} from '../core/types';
import { tileById } from '../data';
import type { Terrain } from '../data/types';
import { areaContaining } from './areas';
import { gridNeighbours, settleCarriedMeteorites } from './board';
import { addItem, ruleOn } from './draft';
import { corporationHooks } from './board-rules';
import { placementCells, type Placement } from './legality';
import { effects } from './tracks';

/** What placing a tile on given cells does, computed without placing it. */
export interface TileEffects {
  /** Where the tile's meteorite lands, or null (no meteor, or the corporation's techs stop it). */
  meteorite: CellIndex | null;
  /** The lifepods under the tile, one entry per lifepod (§4.5). */
  destroyedLifepods: CellIndex[];
  /** The ids of the rovers under the tile (§4.5). */
  destroyedRovers: number[];
  /** The gains of its resource icons, energy options read from the areas after placement. */
  gains: TileGain[];
}

/** A rover entering a square (walking, arriving from a jump, or placed) collects what lies there (§5.10.4, §8.2). */
export function roverEnters(d: Draft, rover: number, cell: CellIndex): void {
  const { corp, corporation } = boardRules(d.board);
  corporation.roverEnters(corp, d, effects, rover, cell);
}

/** A rover moved without walking (a civ card's teleport) takes its carried meteorite along (Horizon Group). */
export function roverMoved(d: Draft, rover: number, from: CellIndex, to: CellIndex): void {
  const { corp, corporation } = boardRules(d.board);
  corporation.roverMoved(corp, d, rover, from, to);
}

/** A piece destroys the lifepods and rovers it covers (§4.5). */
export function destroyUnder(b: PlayerBoard, cells: CellIndex[]): void {
  b.lifepods = b.lifepods.filter((c) => !cells.includes(c));
  for (const r of b.rovers) {
    if (r.cell !== null && cells.includes(r.cell)) {
      r.cell = null;
      r.destroyed = true;
    }
  }
  settleCarriedMeteorites(b);
}

/** The part of a tile's effects that happens as it lands: destruction and its meteorite (§4.5, §4.6). */
function landingEffects(b: PlayerBoard, tileId: number, cells: CellIndex[]): Omit<TileEffects, 'gains'> {
  const tile = tileById(tileId);
  const destroyedLifepods = b.lifepods.filter((c) => cells.includes(c));
  const destroyedRovers: number[] = [];
  for (const r of b.rovers) if (r.cell !== null && cells.includes(r.cell)) destroyedRovers.push(r.id);
  let meteorite: CellIndex | null = null;
  if (tile.meteor) {
    const at = cells[tile.cells.findIndex((tc) => tc.meteor)];
    // Tech 5 of some corporations keeps meteorites off the planet.
    if (at !== undefined && corporationHooks(b).meteoritesLand()) meteorite = at;
  }
  return { meteorite, destroyedLifepods, destroyedRovers };
}

/** The board with a tile's terrain laid on `cells` (a copy of the terrain only: for reading areas). */
function withTerrain(b: PlayerBoard, tileId: number, cells: CellIndex[]): PlayerBoard {
  const tile = tileById(tileId);
  const terrain = b.terrain.slice();
  cells.forEach((c, j) => (terrain[c] = tile.cells[j]?.terrain ?? terrain[c] ?? null));
  return { ...b, terrain };
}

/**
 * The gains of a tile's two resource icons once it lies on `cells` (§3.6, §4.7, §5.2, §5.8,
 * §5.12), as the corporation reads them (§8.2: Oasis's water, Wormhole's biomass, Jump Drive D).
 */
function placedTileGains(b: PlayerBoard, tileId: number, cells: CellIndex[]): TileGain[] {
  const after = withTerrain(b, tileId, cells);
  const gains = standardTileGains(b, after, tileId, cells);
  const { corp, corporation } = boardRules(b);
  return corporation.tileGains(corp, b, after, tileId, cells, gains);
}

function standardTileGains(
  b: PlayerBoard,
  after: PlayerBoard,
  tileId: number,
  cells: CellIndex[],
): TileGain[] {
  const tile = tileById(tileId);
  const [first, second] = tile.terrains;
  const gains: TileGain[] = [];
  for (const [k, tc] of tile.cells.entries()) {
    if (!tc.resource) continue;
    const other = tc.terrain === first ? second : first;
    if (tc.terrain === 'water') {
      const geometry = boardRules(b).geometry;
      const onIce = tile.cells.some((w, j) => w.terrain === 'water' && geometry.isIce[cells[j] ?? -1]);
      if (onIce)
        gains.push({ kind: 'advance', track: 'water', steps: corporationHooks(b).waterStepsOnIce() });
    } else if (tc.terrain === 'energy') {
      const cell = cells[k];
      if (cell === undefined) continue;
      // The energy area is read with the tile on the planet.
      gains.push({ kind: 'energy', options: energyOptions(after, cell, other) });
    } else {
      gains.push({ kind: 'advance', track: tc.terrain, steps: 1 });
    }
  }
  return gains;
}

/** Everything placing the tile on `cells` does, on the board as it is now (the tile not yet placed). */
export function tileEffects(board: PlayerBoard, tileId: number, cells: CellIndex[]): TileEffects {
  return { ...landingEffects(board, tileId, cells), gains: placedTileGains(board, tileId, cells) };
}

/** A tile just placed: its cells and the gains its icons give, read from the board before it landed. */
export interface PlacedTile {
  cells: CellIndex[];
  gains: TileGain[];
}

export function putTile(d: Draft, tileId: number, p: Placement, round: number): PlacedTile {
  const tile = tileById(tileId);
  const cells = placementCells(tile.shape, p);
  const b = d.board;
  const gains = placedTileGains(b, tileId, cells);
  const landing = landingEffects(b, tileId, cells);
  const index = b.pieces.length;
  b.pieces.push({ kind: 'tile', tileId, cells, orientation: p.orientation, x: p.x, y: p.y, round });
  cells.forEach((c, k) => {
    const tc = tile.cells[k];
    if (!tc) return;
    b.terrain[c] = tc.terrain;
    b.icon[c] = tc.resource ? tc.terrain : null;
    b.pieceAt[c] = index;
  });
  b.lastTile = index;
  if (landing.destroyedLifepods.length) b.lifepods = b.lifepods.filter((c) => !cells.includes(c));
  for (const r of b.rovers) {
    if (landing.destroyedRovers.includes(r.id)) {
      r.cell = null;
      r.destroyed = true;
    }
  }
  settleCarriedMeteorites(b);
  // The meteorite lands as part of the placement, before any gain (§4.6).
  if (landing.meteorite !== null) b.meteorites.push(landing.meteorite);
  return { cells, gains };
}

export function putPatch(d: Draft, cell: CellIndex, round: number): void {
  const b = d.board;
  b.pieces.push({ kind: 'patch', cells: [cell], round });
  b.terrain[cell] = 'biomass';
  b.icon[cell] = null;
  b.pieceAt[cell] = b.pieces.length - 1;
  destroyUnder(b, [cell]);
  // Only a corporation that lets patches cover meteorites gets here with one: it leaves the game (R14).
  b.meteorites = b.meteorites.filter((c) => c !== cell);
  settleCarriedMeteorites(b);
}

const isTrack = (t: Terrain): t is Track => t !== 'energy';

/** Energy advances the tile's other resource or a terrain touching its energy area (§5.12). */
export function energyOptions(b: PlayerBoard, energyCell: CellIndex, other: Terrain): Track[] {
  const found = new Set<Terrain>([other]);
  for (const c of areaContaining(b, energyCell)) {
    for (const n of gridNeighbours(c)) {
      const t = b.terrain[n];
      if (t && t !== 'energy') found.add(t);
    }
  }
  return TRACKS.filter((t) => found.has(t));
}

/** Add the gains of a tile's resource icons to the pending list (§3.6); an unplaced tile follows §4.10. */
export function addTileGains(d: Draft, tileId: number, placed: PlacedTile | null): void {
  // Events 104/108: only one of the two resources takes effect, the player's choice.
  const first = d.pending.length;
  const group = ruleOn(d, 'onlyOneTileResourceAdvances') ? d.nextItemId : undefined;
  if (placed === null) {
    // §4.10: water without ice, energy copies the other resource, no doubling.
    const tile = tileById(tileId);
    const [a, b] = tile.terrains;
    for (const tc of tile.cells) {
      if (!tc.resource) continue;
      const track = tc.terrain === 'energy' ? (tc.terrain === a ? b : a) : tc.terrain;
      if (isTrack(track)) addItem(d, { kind: 'advance', track, steps: 1, source: 'unplacedTile' });
    }
  } else {
    for (const gain of placed.gains) {
      if (gain.kind === 'energy') addItem(d, { kind: 'energy', options: gain.options });
      else if (gain.steps > 0)
        addItem(d, { kind: 'advance', track: gain.track, steps: gain.steps, source: 'tile' });
    }
  }
  if (group !== undefined) for (const item of d.pending.slice(first)) item.group = group;
  if (placed !== null) {
    const { corp, corporation } = boardRules(d.board);
    corporation.afterTilePlaced(corp, d, effects, tileId, placed.cells);
  }
}

/** Meteor symbols of placed tiles that hold no meteorite (events 95/107). */
export function emptyMeteorSymbols(b: PlayerBoard): CellIndex[] {
  const out: CellIndex[] = [];
  for (const piece of b.pieces) {
    if (piece.kind !== 'tile') continue;
    const tile = tileById(piece.tileId);
    if (!tile.meteor) continue;
    const cell = piece.cells[tile.cells.findIndex((c) => c.meteor)];
    if (cell !== undefined && !b.meteorites.includes(cell)) out.push(cell);
  }
  return out;
}
