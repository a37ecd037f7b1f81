/**
 * A player's turn as they build it (§3.5–§3.8): the private draft, the pending list of gains (R1),
 * the movement pool (R2) and the resolution of every kind of gain. Each step is validated in full
 * before anything changes, so a rejected step leaves the state as it was.
 */
import {
  TRACKS,
  type Benefits,
  type CellIndex,
  type Choice,
  type Draft,
  type GainSource,
  type GameState,
  type PendingItem,
  type PlayerBoard,
  type PlayerID,
  type RoundRule,
  type StackSide,
  type Track,
  type TurnKind,
} from '../core/types';
import { civCardById, planetById, tileById } from '../data';
import type { Terrain } from '../data/types';
import { areaContaining } from './areas';
import { cellIndex, cellX, cellY, cloneBoard, gridNeighbours, planetGeometry } from './board';
import {
  canAdvance,
  canPlaceTile,
  corporationOf,
  forbiddenRoverTerrain,
  corporationHooks,
  isAtTop,
  legalPatchCells,
  legalTilePlacements,
  patchError,
  placementCells,
  placementContext,
  roverPathError,
  tilePlacementError,
  tileRestrictions,
  trackerMoves,
  type Placement,
} from './legality';

/**
 * A deep copy of plain game data (objects, arrays, primitives: what the state is made of). About
 * six times faster than a JSON round trip on a whole state; the server copies the state per move.
 */
export function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // Most arrays here hold numbers (cells, tracks): copied whole, then objects replaced.
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const item = out[i] as unknown;
      if (item !== null && typeof item === 'object') out[i] = clone(item);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const item = (value as Record<string, unknown>)[key];
    out[key] = item !== null && typeof item === 'object' ? clone(item) : item;
  }
  return out as T;
}

export function cloneDraft(d: Draft): Draft {
  return {
    ...d,
    board: cloneBoard(d.board),
    taken: d.taken && { ...d.taken },
    pending: d.pending.map((item) =>
      item.kind === 'cardAdvance'
        ? { ...item, tracks: item.tracks.slice(), chosen: item.chosen.slice() }
        : { ...item },
    ) as PendingItem[],
    civRanks: d.civRanks.slice(),
    extraTaken: d.extraTaken.map((t) => ({ ...t })),
    rules: d.rules.map((r) => ({ ...r })),
  };
}

export function newDraft(board: PlayerBoard, rules: RoundRule[] = []): Draft {
  return {
    rules: rules.map((r) => ({ ...r })),
    restrictionWaived: false,
    removedStack: null,
    peek: false,
    discardObjective: null,
    drawObjectives: 0,
    board: cloneBoard(board),
    taken: null,
    placed: false,
    unplaceable: false,
    pending: [],
    movement: 0,
    civRanks: [],
    extraTaken: [],
    nextItemId: 1,
  };
}

type NewItem = PendingItem extends infer T ? (T extends PendingItem ? Omit<T, 'id'> : never) : never;

export function addItem(d: Draft, item: NewItem): void {
  d.pending.push({ ...item, id: d.nextItemId++ } as PendingItem);
}

/** Rover movement joins the turn's pool, as the corporation's techs count it (R6). */
export function gainMovement(d: Draft, amount: number): void {
  if (amount <= 0) return;
  d.movement += corporationHooks(d.board).movementGain(amount);
}

/** Claim the rewards of a square the tracker landed on (§5.2); medals are positions, not rewards. */
const ruleOn = (d: Draft, rule: RoundRule['rule']): boolean => d.rules.some((r) => r.rule === rule);

function claim(d: Draft, col: Track, row: number, benefits: Benefits): void {
  if (benefits === 'none') return;
  const rewards = corporationOf(d.board).tracks[col].levels[row]?.rewards ?? [];
  // Events 109/123 stop milestone rewards, 122 synergy boosts; movement and medals still count.
  const noMilestones = ruleOn(d, 'noMilestoneBenefits');
  const noSynergy = ruleOn(d, 'noSynergyBoosts');
  for (const r of rewards) {
    if (
      noMilestones &&
      (r.kind === 'civMilestone' || r.kind === 'biomassMilestone' || r.kind === 'roverMilestone')
    )
      continue;
    if (noSynergy && r.kind === 'synergy') continue;
    switch (r.kind) {
      case 'medal':
      case 'techMilestone': // a tech is on while the tracker stands on or above it (§5.11)
        break;
      case 'synergy':
        if (benefits === 'all') addItem(d, { kind: 'synergy' });
        break;
      case 'civMilestone':
        d.civRanks.push(r.rank); // picked at the end of the round (R3)
        break;
      case 'biomassMilestone':
        addItem(d, { kind: 'patch' });
        break;
      case 'roverMilestone':
        addItem(d, { kind: 'rover' });
        break;
      case 'roverMove':
        gainMovement(d, r.value);
        break;
      case 'advanceTrack':
        addItem(d, { kind: 'advance', track: r.track, steps: 1, source: 'track' });
        break;
      case 'choice':
        throw new Error('Reward choices belong to corporations that are not playable yet.');
    }
  }
}

/** Advance one square and claim it (§5.2); at the top only the rover's ∞ pays, for placed tiles (R5). */
export function advanceOnce(d: Draft, track: Track, benefits: Benefits, source: GainSource): boolean {
  const moves = trackerMoves(d.board, track);
  const to = moves[0];
  if (!to) {
    if (track === 'rover' && source === 'tile' && isAtTop(d.board, 'rover')) {
      gainMovement(d, corporationOf(d.board).tracks.rover.topMovement ?? 0);
    }
    return false;
  }
  d.board.trackers[track] = { col: to.col, row: to.row };
  claim(d, to.col, to.row, benefits);
  return true;
}

/** A multi-square advance claims every square landed on, one at a time (R7). */
export function advance(d: Draft, track: Track, steps: number, benefits: Benefits, source: GainSource): void {
  for (let s = 0; s < steps; s++) {
    if (!advanceOnce(d, track, benefits, source)) {
      // The rover's ∞ pays once per placed tile, not once per step.
      break;
    }
  }
}

// ---------------------------------------------------------------- placing pieces

function collectAt(b: PlayerBoard, cell: CellIndex): void {
  const pods = b.lifepods.filter((c) => c === cell).length;
  if (pods) {
    b.lifepods = b.lifepods.filter((c) => c !== cell);
    b.collected.lifepods += pods;
  }
  const rocks = b.meteorites.filter((c) => c === cell).length;
  if (rocks) {
    b.meteorites = b.meteorites.filter((c) => c !== cell);
    b.collected.meteorites += rocks;
  }
}

/** A piece destroys the lifepods and rovers it covers (§4.5). */
function destroyUnder(b: PlayerBoard, cells: CellIndex[]): void {
  b.lifepods = b.lifepods.filter((c) => !cells.includes(c));
  for (const r of b.rovers) {
    if (r.cell !== null && cells.includes(r.cell)) {
      r.cell = null;
      r.destroyed = true;
    }
  }
}

export function putTile(d: Draft, tileId: number, p: Placement, round: number): CellIndex[] {
  const tile = tileById(tileId);
  const cells = placementCells(tile.shape, p);
  const b = d.board;
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
  destroyUnder(b, cells);
  // The meteorite lands as part of the placement, before any gain (§4.6); tech 5 is immune.
  const meteorAt = tile.cells.findIndex((tc) => tc.meteor);
  const meteorCell = cells[meteorAt];
  if (tile.meteor && meteorCell !== undefined && corporationHooks(b).meteoritesLand())
    b.meteorites.push(meteorCell);
  return cells;
}

function putPatch(d: Draft, cell: CellIndex, round: number): void {
  const b = d.board;
  b.pieces.push({ kind: 'patch', cells: [cell], round });
  b.terrain[cell] = 'biomass';
  b.icon[cell] = null;
  b.pieceAt[cell] = b.pieces.length - 1;
  destroyUnder(b, [cell]);
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

/** The gains of a tile's two resource icons (§3.6, §5.2); an unplaced tile follows §4.10. */
export function addTileGains(d: Draft, tileId: number, cells: CellIndex[] | null): void {
  const tile = tileById(tileId);
  const [a, b] = tile.terrains;
  // Events 104/108: only one of the two resources takes effect, the player's choice.
  const first = d.pending.length;
  const group = ruleOn(d, 'onlyOneTileResourceAdvances') ? d.nextItemId : undefined;
  for (const [k, tc] of tile.cells.entries()) {
    if (!tc.resource) continue;
    const other = tc.terrain === a ? b : a;
    if (cells === null) {
      // §4.10: water without ice, energy copies the other resource, no doubling.
      const track = tc.terrain === 'energy' ? other : tc.terrain;
      if (isTrack(track)) addItem(d, { kind: 'advance', track, steps: 1, source: 'unplacedTile' });
      continue;
    }
    if (tc.terrain === 'water') {
      const geometry = planetGeometry(planetById(d.board.planet));
      const onIce = tile.cells.some((w, j) => w.terrain === 'water' && geometry.isIce[cells[j] ?? -1]);
      if (!onIce) continue; // §4.7, §5.8
      const steps = corporationHooks(d.board).waterStepsOnIce();
      addItem(d, { kind: 'advance', track: 'water', steps, source: 'tile' });
    } else if (tc.terrain === 'energy') {
      const cell = cells[k];
      if (cell !== undefined) addItem(d, { kind: 'energy', options: energyOptions(d.board, cell, other) });
    } else {
      addItem(d, { kind: 'advance', track: tc.terrain, steps: 1, source: 'tile' });
    }
  }
  if (group !== undefined) for (const item of d.pending.slice(first)) item.group = group;
}

// ---------------------------------------------------------------- the depot

export interface TurnEnv {
  state: GameState;
  player: PlayerID;
  kind: TurnKind;
}

export function facingDepot(state: GameState, player: PlayerID): number {
  const index = state.playerIDs.indexOf(player);
  const position = state.positions[index] ?? 0;
  return (((position - state.station.rotation) % 6) + 6) % 6;
}

/** The tiles a player may take from their depot now: the visible tops, minus what this draft took. */
export function depotOffer(env: TurnEnv, d: Draft): { stack: StackSide; tileId: number }[] {
  const depot = env.state.station.depots[facingDepot(env.state, env.player)];
  if (!depot) return [];
  const out: { stack: StackSide; tileId: number }[] = [];
  for (const stack of ['small', 'large'] as const) {
    const top = depot[stack].top;
    if (top === null) continue;
    // A second tile from the same stack is hidden until the end of the step (R4): one take per stack.
    if (d.taken?.stack === stack || d.extraTaken.some((t) => t.stack === stack)) continue;
    if (d.removedStack === stack) continue; // event 116 took it out of the station
    out.push({ stack, tileId: top });
  }
  return out;
}

// ---------------------------------------------------------------- resolving pending items

const coordsOf = (choice: Choice | undefined): [number, number] | null =>
  choice && Number.isInteger(choice.x) && Number.isInteger(choice.y)
    ? [choice.x as number, choice.y as number]
    : null;

const trackName = (t: unknown): t is Track =>
  typeof t === 'string' && (TRACKS as readonly string[]).includes(t);

/** Every way an item can be resolved now; empty means it is lost at confirmation (§3.7). */
export function itemChoices(env: TurnEnv, d: Draft, item: PendingItem): Choice[] {
  const b = d.board;
  switch (item.kind) {
    case 'advance':
      return [{}];
    case 'energy':
      return item.options.filter((t) => canAdvance(b, t)).map((track) => ({ track }));
    case 'synergy':
      return TRACKS.filter((t) => canAdvance(b, t)).map((track) => ({ track }));
    case 'patch': {
      const out: Choice[] = legalPatchCells(placementContext(b)).map((c) => ({ x: cellX(c), y: cellY(c) }));
      if (corporationHooks(b).mayStoreBiomass() && env.kind !== 'endgame') out.push({ store: true });
      return out;
    }
    case 'rover': {
      const piece = roverLandingTile(env, d, item);
      if (!piece || !b.rovers.some((r) => r.cell === null && !r.destroyed)) return [];
      return piece.cells.map((c) => ({ x: cellX(c), y: cellY(c) }));
    }
    case 'cardAdvance':
      return item.tracks
        .filter((t) => !(item.distinct && item.chosen.includes(t)) && canAdvance(b, t))
        .map((track) => ({ track }));
    case 'collect':
    case 'destroyMeteorites': {
      // Applied if possible (§3.4): while a target is left one must be taken; "fewer if fewer
      // remain", so with none left the gain is spent.
      const targets = [
        ...new Set(item.kind === 'collect' && item.item === 'lifepod' ? b.lifepods : b.meteorites),
      ];
      return targets.map((c) => ({ x: cellX(c), y: cellY(c) }) as Choice);
    }
    case 'destroyLine': {
      const out: Choice[] = [];
      const rows = new Set(b.meteorites.map(cellY));
      const cols = new Set(b.meteorites.map(cellX));
      for (const index of [...rows].sort((p, q) => p - q)) out.push({ line: 'row', index });
      for (const index of [...cols].sort((p, q) => p - q)) out.push({ line: 'column', index });
      return out;
    }
    case 'teleport': {
      const geometry = planetGeometry(planetById(b.planet));
      const forbidden = forbiddenRoverTerrain(d.rules);
      const out: Choice[] = [];
      // Rovers may share a square, after a teleport too (R9); a jump goes somewhere else.
      for (const r of b.rovers) {
        if (r.cell === null) continue;
        for (const c of geometry.squares)
          if (c !== r.cell && (forbidden === null || b.terrain[c] !== forbidden))
            out.push({ rover: r.id, x: cellX(c), y: cellY(c) });
      }
      return out;
    }
    case 'regress': {
      const steps = regressSteps(b, item);
      return steps === 0
        ? []
        : item.tracks.filter((t) => b.trackers[t].row >= steps).map((track) => ({ track }));
    }
    case 'destroyPiece':
      return item.item === 'lifepod'
        ? [...new Set(b.lifepods)].map((c) => ({ x: cellX(c), y: cellY(c) }))
        : b.rovers.filter((r) => r.cell !== null).map((r) => ({ rover: r.id }));
    case 'eventMeteorite': {
      const out: Choice[] = emptyMeteorSymbols(b).map((c) => ({ x: cellX(c), y: cellY(c) }));
      if (out.length && item.optional) out.push({ done: true });
      return out;
    }
    case 'boostOrPeek':
      return [{ option: 'boost' }, { option: 'peek' }];
    case 'removeStack':
      return [{ stack: 'small' }, { stack: 'large' }];
    case 'discardObjective':
      return (env.state.private[env.player]?.objectives ?? []).map((card) => ({ card }));
    case 'extraTile': {
      const out: Choice[] = [];
      const ctx = placementContext(b);
      for (const { stack, tileId } of depotOffer(env, d)) {
        for (const p of legalTilePlacements(ctx, tileId, tileRestrictions(d.rules)))
          out.push({ stack, ...p });
      }
      return out;
    }
  }
}

export const isResolvable = (env: TurnEnv, d: Draft, item: PendingItem): boolean =>
  itemChoices(env, d, item).length > 0;

/** Drop a resolved item, and the alternatives of its group (events 104/108). */
function removeItem(d: Draft, id: number): void {
  const group = d.pending.find((p) => p.id === id)?.group;
  d.pending = d.pending.filter((p) => p.id !== id && (group === undefined || p.group !== group));
}

/** The tile a rover milestone lands on: the last one placed, or this round's for event 65. */
function roverLandingTile(env: TurnEnv, d: Draft, item: PendingItem) {
  const piece = d.board.lastTile === null ? null : d.board.pieces[d.board.lastTile];
  if (!piece) return null;
  if (item.thisRoundTile && (!d.placed || d.unplaceable || piece.round !== env.state.round)) return null;
  return piece;
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

/** How far a regression goes: the full amount if some tracker can drop it, else the most any can (§5.4). */
function regressSteps(b: PlayerBoard, item: { tracks: Track[]; steps: number }): number {
  const most = Math.max(0, ...item.tracks.map((t) => b.trackers[t].row));
  return Math.min(item.steps, most);
}

/** Resolve one pending item with the player's choice (R1). Returns why not, or null once applied. */
export function resolveItem(
  env: TurnEnv,
  d: Draft,
  itemId: number,
  choice: Choice | undefined,
): string | null {
  const item = d.pending.find((p) => p.id === itemId);
  if (!item) return `There is no pending gain #${itemId}.`;
  const b = d.board;
  const round = env.state.round;
  switch (item.kind) {
    case 'advance': {
      removeItem(d, item.id);
      advance(d, item.track, item.steps, 'all', item.source);
      return null;
    }
    case 'energy':
    case 'synergy': {
      const track = choice?.track;
      const allowed = item.kind === 'energy' ? item.options : TRACKS;
      if (!trackName(track) || !allowed.includes(track))
        return item.kind === 'energy'
          ? `Energy may advance ${item.options.join(', ')} here: the tile's other resource or a terrain touching its energy area (§5.12).`
          : 'Choose one of civ, water, biomass, rover or tech for the synergy boost (§5.5).';
      if (!canAdvance(b, track)) return `Your ${track} tracker cannot advance: it is at the top (§5.3).`;
      removeItem(d, item.id);
      advanceOnce(d, track, 'all', item.kind);
      return null;
    }
    case 'patch': {
      if (choice?.store) {
        if (!corporationHooks(b).mayStoreBiomass()) return 'Storing a patch needs tech 2 (§5.9).';
        if (env.kind === 'endgame')
          return 'Stored patches must be placed now, at the end of the game (§6.2).';
        removeItem(d, item.id);
        b.storedPatches++;
        return null;
      }
      const xy = coordsOf(choice);
      if (!xy) return 'Say where the patch goes (x and y).';
      const why = patchError(placementContext(b), xy[0], xy[1]);
      if (why) return why;
      removeItem(d, item.id);
      putPatch(d, cellIndex(xy[0], xy[1]), round);
      return null;
    }
    case 'rover': {
      const piece = roverLandingTile(env, d, item);
      if (!piece)
        return item.thisRoundTile
          ? 'This rover lands on the tile you place this round: place it first (event 65).'
          : 'You have placed no tile yet, so the rover has nowhere to land (§5.10.1).';
      const rover = b.rovers.find((r) => r.cell === null && !r.destroyed);
      if (!rover) return 'Your rover bay is empty (§5.10.1).';
      const xy = coordsOf(choice);
      if (!xy || !piece.cells.includes(cellIndex(xy[0], xy[1])))
        return 'The rover goes on a square of the last tile you placed (§5.10.1).';
      removeItem(d, item.id);
      rover.cell = cellIndex(xy[0], xy[1]);
      collectAt(b, rover.cell);
      return null;
    }
    case 'cardAdvance': {
      const track = choice?.track;
      if (!trackName(track) || !item.tracks.includes(track))
        return `Choose one of ${item.tracks.join(', ')}.`;
      if (item.distinct && item.chosen.includes(track))
        return `This card moves different trackers: ${track} already moved.`;
      if (!canAdvance(b, track)) return `Your ${track} tracker is at the top and cannot be picked.`;
      item.chosen.push(track);
      if (item.chosen.length >= item.count) removeItem(d, item.id);
      advance(d, track, item.stepsEach, item.benefits, 'card');
      return null;
    }
    case 'collect':
    case 'destroyMeteorites': {
      const xy = coordsOf(choice);
      const meteorites = item.kind === 'destroyMeteorites' || item.item === 'meteorite';
      const list = meteorites ? b.meteorites : b.lifepods;
      const noun = meteorites ? 'meteorite' : 'lifepod';
      if (choice?.done) {
        // Applied if possible (§3.4): stopping is no choice while a target is left.
        if (list.length > 0) return `A ${noun} still lies on your planet: this gain cannot stop yet.`;
        removeItem(d, item.id);
        return null;
      }
      if (!xy || !list.includes(cellIndex(xy[0], xy[1]))) return `Choose a square holding a ${noun}.`;
      const c = cellIndex(xy[0], xy[1]);
      const at = list.indexOf(c);
      list.splice(at, 1);
      if (item.kind === 'collect') b.collected[item.item === 'lifepod' ? 'lifepods' : 'meteorites']++;
      item.count--;
      if (item.count <= 0) removeItem(d, item.id);
      return null;
    }
    case 'destroyLine': {
      const line = choice?.line;
      const index = choice?.index;
      if ((line !== 'row' && line !== 'column') || !Number.isInteger(index))
        return 'Choose a row or a column.';
      const inLine = (c: CellIndex) => (line === 'row' ? cellY(c) : cellX(c)) === index;
      if (!b.meteorites.some(inLine)) return `That ${line} holds no meteorite.`;
      removeItem(d, item.id);
      b.meteorites = b.meteorites.filter((c) => !inLine(c));
      return null;
    }
    case 'teleport': {
      const rover = b.rovers.find((r) => r.id === choice?.rover && r.cell !== null);
      if (!rover) return 'Choose one of your rovers on the planet.';
      const xy = coordsOf(choice);
      const geometry = planetGeometry(planetById(b.planet));
      if (
        !xy ||
        xy[0] < 0 ||
        xy[1] < 0 ||
        xy[0] > 11 ||
        xy[1] > 11 ||
        !geometry.isSquare[cellIndex(xy[0], xy[1])]
      )
        return 'The rover must land on a square of your planet.';
      const c = cellIndex(xy[0], xy[1]);
      if (rover.cell === c) return 'This rover already stands there: choose another square.';
      const forbidden = forbiddenRoverTerrain(d.rules);
      if (forbidden !== null && b.terrain[c] === forbidden)
        return `This round's event forbids rovers on ${forbidden} terrain.`;
      removeItem(d, item.id);
      rover.cell = c;
      collectAt(b, c);
      return null;
    }
    case 'regress': {
      const steps = regressSteps(b, item);
      const track = choice?.track;
      if (!trackName(track) || !item.tracks.includes(track))
        return `Choose one of ${item.tracks.join(', ')} to move down.`;
      if (steps === 0 || b.trackers[track].row < steps)
        return `Your ${track} tracker cannot move down ${steps} square(s) (§5.4).`;
      removeItem(d, item.id);
      b.trackers[track] = { ...b.trackers[track], row: b.trackers[track].row - steps };
      return null;
    }
    case 'destroyPiece': {
      if (item.item === 'rover') {
        const rover = b.rovers.find((r) => r.id === choice?.rover && r.cell !== null);
        if (!rover) return 'Choose one of your rovers on the planet.';
        removeItem(d, item.id);
        rover.cell = null;
        rover.destroyed = true;
        return null;
      }
      const xy = coordsOf(choice);
      if (!xy || !b.lifepods.includes(cellIndex(xy[0], xy[1]))) return 'Choose a square holding a lifepod.';
      removeItem(d, item.id);
      b.lifepods.splice(b.lifepods.indexOf(cellIndex(xy[0], xy[1])), 1);
      return null;
    }
    case 'eventMeteorite': {
      if (choice?.done) {
        if (!item.optional) return 'The meteorite must land (§7.3.2).';
        removeItem(d, item.id);
        return null;
      }
      const xy = coordsOf(choice);
      const c = xy ? cellIndex(xy[0], xy[1]) : -1;
      if (!emptyMeteorSymbols(b).includes(c)) return 'Choose an empty meteor symbol on one of your tiles.';
      removeItem(d, item.id);
      b.meteorites.push(c);
      destroyUnder(b, [c]); // a rover there is destroyed (§4.5)
      return null;
    }
    case 'boostOrPeek': {
      if (choice?.option !== 'boost' && choice?.option !== 'peek')
        return 'Choose a synergy boost or a look at the next event.';
      removeItem(d, item.id);
      if (choice.option === 'boost') addItem(d, { kind: 'synergy' });
      else d.peek = true; // shown after confirming (R4, §3.8)
      return null;
    }
    case 'removeStack': {
      if (choice?.stack !== 'small' && choice?.stack !== 'large')
        return 'Choose the small or the large stack.';
      if (d.taken) return 'The stack is chosen before taking a tile.';
      removeItem(d, item.id);
      d.removedStack = choice.stack;
      return null;
    }
    case 'discardObjective': {
      const mine = env.state.private[env.player]?.objectives ?? [];
      if (typeof choice?.card !== 'number' || !mine.includes(choice.card))
        return 'Choose one of your objectives.';
      removeItem(d, item.id);
      d.discardObjective = choice.card;
      return null;
    }
    case 'extraTile': {
      const offer = depotOffer(env, d).find((o) => o.stack === choice?.stack);
      if (!offer) return 'Choose the small or large stack of your depot that still shows a tile.';
      const p = { orientation: choice?.orientation ?? -1, x: choice?.x ?? -1, y: choice?.y ?? -1 };
      const why = tilePlacementError(placementContext(b), offer.tileId, p, tileRestrictions(d.rules));
      if (why) return why;
      removeItem(d, item.id);
      d.extraTaken.push({
        depot: facingDepot(env.state, env.player),
        stack: offer.stack,
        tileId: offer.tileId,
      });
      const cells = putTile(d, offer.tileId, p, round);
      if (item.advance) addTileGains(d, offer.tileId, cells);
      return null;
    }
  }
}

// ---------------------------------------------------------------- civ card effects

/** Pending items and immediate changes of a civ card's effects at this moment (§5.7, civ-cards.json). */
export function addCardEffects(d: Draft, cardId: number, when: 'immediate' | 'endGame'): void {
  const card = civCardById(cardId);
  if (card.timing !== when) return;
  for (const e of card.structured) {
    switch (e.op) {
      case 'advanceTrackers':
        addItem(d, {
          kind: 'cardAdvance',
          count: e.count,
          stepsEach: e.stepsEach,
          distinct: e.distinct,
          tracks: e.tracks === 'any' ? [...TRACKS] : e.tracks,
          benefits: e.benefits,
          chosen: [],
        });
        break;
      case 'advanceAllTrackersToPosition':
        // Each step's order only matters through the gains it adds, which join the pending list (R1).
        for (const t of TRACKS) {
          while (d.board.trackers[t].row < e.position && advanceOnce(d, t, e.benefits, 'card')) {
            /* one square at a time (R7) */
          }
        }
        break;
      case 'gainBiomassPatches':
        for (let k = 0; k < e.count; k++) addItem(d, { kind: 'patch' });
        break;
      case 'gainRoverMovement':
        gainMovement(d, e.amount);
        break;
      case 'teleportRover':
        for (let k = 0; k < e.count; k++) addItem(d, { kind: 'teleport' });
        break;
      case 'placeExtraTileFromDepot':
        addItem(d, { kind: 'extraTile', advance: e.advanceForResources });
        break;
      case 'collectFromPlanet':
        if (e.item === 'lifepod') addItem(d, { kind: 'collect', item: 'lifepod', count: e.count });
        break;
      case 'destroyMeteoritesInLine':
        addItem(d, { kind: 'destroyLine' });
        break;
      case 'destroyFromPlanet':
        addItem(d, { kind: 'destroyMeteorites', count: e.count });
        break;
      default:
        break; // scoring effects (§6.3 C, D) are read at the end
    }
  }
}

// ---------------------------------------------------------------- taking and placing the round's tile

/** Whether the stack may be taken (§3.5, §4.9): an error, or the tile and how it may be placed. */
export function takeTileCheck(
  env: TurnEnv,
  d: Draft,
  stack: StackSide,
): { error: string } | { tileId: number; fits: boolean; waived: boolean } {
  if (env.kind !== 'round') return { error: 'Tiles are taken during the round, not now.' };
  if (d.taken)
    return { error: `You already took the ${d.taken.stack} tile this turn; undo to choose the other (R4).` };
  if (stack !== 'small' && stack !== 'large') return { error: 'Choose the small or the large stack.' };
  // The event is resolved before anyone takes a tile (§3.4); event 65's rover waits for the tile.
  const eventOpen = d.pending.filter((p) => !p.thisRoundTile && isResolvable(env, d, p));
  if (eventOpen.length)
    return {
      error: `Resolve this round's event first: ${eventOpen.map(describeItem).join(', ')} (§3.4).`,
    };
  const offer = depotOffer(env, d);
  const chosen = offer.find((o) => o.stack === stack);
  if (!chosen) return { error: `The ${stack} stack of your depot is empty (§3.5).` };
  const ctx = placementContext(d.board);
  const restrictions = tileRestrictions(d.rules);
  // R10: the event's restriction is lifted when it alone leaves no tile of the depot placeable.
  let waived = false;
  if (restrictions.length && !offer.some((o) => canPlaceTile(ctx, o.tileId, restrictions)))
    waived = offer.some((o) => canPlaceTile(ctx, o.tileId));
  const rules = waived ? [] : restrictions;
  const fits = (tileId: number) => canPlaceTile(ctx, tileId, rules);
  const chosenFits = fits(chosen.tileId);
  if (!chosenFits && offer.some((o) => fits(o.tileId)))
    return {
      error: `The ${stack} tile fits nowhere on your planet, and the other one does: you must take a tile you can place (§4.9).`,
    };
  return { tileId: chosen.tileId, fits: chosenFits, waived };
}

export function takeTile(env: TurnEnv, d: Draft, stack: StackSide): string | null {
  const check = takeTileCheck(env, d, stack);
  if ('error' in check) return check.error;
  d.restrictionWaived = check.waived;
  d.taken = { depot: facingDepot(env.state, env.player), stack, tileId: check.tileId };
  if (!check.fits) {
    // §4.10: neither tile fits. The tile leaves the game; its resources still advance.
    d.placed = true;
    d.unplaceable = true;
    addTileGains(d, check.tileId, null);
  }
  return null;
}

/** The round's tile restrictions in force for this draft, after the waiver (R10). */
export const activeTileRules = (d: Draft): RoundRule[] =>
  d.restrictionWaived ? [] : tileRestrictions(d.rules);

export function placeTile(env: TurnEnv, d: Draft, p: Placement): string | null {
  if (env.kind !== 'round') return 'There is no tile to place now.';
  if (!d.taken) return 'Take a tile from your depot first (§3.5).';
  if (d.placed)
    return d.unplaceable
      ? 'Your tile fits nowhere; it was set aside (§4.10).'
      : 'Your tile is already placed; undo to move it (R4).';
  if (!p || typeof p !== 'object') return 'Give the orientation (0–7) and the top-left corner (x, y).';
  const tile = tileById(d.taken.tileId);
  const why = tilePlacementError(placementContext(d.board), tile.id, p, activeTileRules(d));
  if (why) return why;
  const cells = putTile(d, tile.id, { orientation: p.orientation, x: p.x, y: p.y }, env.state.round);
  d.placed = true;
  addTileGains(d, tile.id, cells);
  return null;
}

export function moveRover(d: Draft, rover: number, path: [number, number][]): string | null {
  const why = roverPathError(d.board, rover, path, d.movement, forbiddenRoverTerrain(d.rules));
  if (why) return why;
  const r = d.board.rovers.find((v) => v.id === rover);
  if (!r) return `You have no rover ${rover}.`;
  for (const [x, y] of path) {
    r.cell = cellIndex(x, y);
    collectAt(d.board, r.cell); // every square entered (§5.10.4)
  }
  d.movement -= path.length;
  return null;
}

/** Why the player cannot confirm yet, or null (§3.8). */
export function confirmError(env: TurnEnv, d: Draft): string | null {
  if (env.kind === 'round' && !d.taken) return 'Take a tile from your depot first (§3.5).';
  if (env.kind === 'round' && !d.placed) return 'Place your tile before confirming (§3.8).';
  const open = d.pending.filter((item) => isResolvable(env, d, item));
  if (open.length) return `Resolve your pending gains first: ${open.map(describeItem).join(', ')} (§3.7).`;
  return null;
}

export function describeItem(item: PendingItem): string {
  switch (item.kind) {
    case 'advance':
      return item.steps > 1 ? `${item.track} +${item.steps}` : `${item.track} +1`;
    case 'energy':
      return `energy (${item.options.join('/')})`;
    case 'synergy':
      return 'synergy boost';
    case 'patch':
      return 'biomass patch';
    case 'rover':
      return 'rover placement';
    case 'cardAdvance':
      return `advance ${item.count - item.chosen.length} tracker(s)`;
    case 'collect':
      return `collect up to ${item.count} lifepod(s)`;
    case 'destroyMeteorites':
      return `destroy up to ${item.count} meteorite(s)`;
    case 'destroyLine':
      return 'clear a row or column of meteorites';
    case 'teleport':
      return 'teleport a rover';
    case 'extraTile':
      return 'place a tile from your depot';
    case 'regress':
      return `move ${item.tracks.join('/')} down ${item.steps}`;
    case 'destroyPiece':
      return `destroy a ${item.item}`;
    case 'eventMeteorite':
      return 'meteor strike';
    case 'boostOrPeek':
      return 'synergy boost or peek at the next event';
    case 'removeStack':
      return 'remove a stack from the station';
    case 'discardObjective':
      return 'discard an objective';
  }
}
