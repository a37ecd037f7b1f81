/**
 * Horizon Group (§8.2, R13): four rovers that carry meteorites instead of collecting them. A rover
 * reaching a meteorite picks it up (one each); the meteorite stays on the planet on its rover's
 * square, spoiling its row and column, until the rover enters a square with a rover resource icon,
 * where it is collected. Lifepods are collected as usual.
 */
import type { CellIndex, Draft, PlayerBoard } from '../../core/types';
import { tileById } from '../../data';
import type { CorporationData } from '../../data/types';
import { collectLifepodsAt, techOn, unused, type CorporationRules } from '../corporation-base';
import type { AbilityOffer, CorporationEffects } from '../../core/effects';

const ROVER_TILES_IGNORE_ADJACENCY = 'roverTilesIgnoreAdjacency';
const MOVE_PER_CARRIED = 'movePerCarriedMeteorite';
const PATCH_PER_METEORITE = 'biomassOnMeteoriteCollect';
const DESTROY_IN_WATER = 'destroyMeteoriteInWater';
const ADVANCE_ROVER_TRACKER = 'advanceRoverTracker';

const roverCell = (board: PlayerBoard, rover: number): CellIndex | null =>
  board.rovers.find((r) => r.id === rover)?.cell ?? null;

/** Meteorites on a square that no rover standing there carries. */
function looseMeteoritesAt(board: PlayerBoard, cell: CellIndex): number {
  const lying = board.meteorites.filter((c) => c === cell).length;
  const carried = board.corp.carrying.filter((id) => roverCell(board, id) === cell).length;
  return lying - carried;
}

/** The rover's meteorite reaches a rover resource: off the planet and counted (§5.10.4). */
function deliver(d: Draft, fx: CorporationEffects, rover: number, cell: CellIndex): void {
  d.board.corp.carrying = d.board.corp.carrying.filter((id) => id !== rover);
  fx.collectMeteorite(d, cell);
}

/** The rover's meteorite leaves the planet without being collected (tech 4, R13). */
function discard(board: PlayerBoard, rover: number): void {
  const cell = roverCell(board, rover);
  board.corp.carrying = board.corp.carrying.filter((id) => id !== rover);
  const at = cell === null ? -1 : board.meteorites.indexOf(cell);
  if (at >= 0) board.meteorites.splice(at, 1);
}

/** Tech 4 works on every water square a carrying rover passes through or stops on (§8.2). */
const mayDestroyOn = (corp: CorporationData, board: PlayerBoard, rover: number, cell: CellIndex): boolean =>
  board.terrain[cell] === 'water' &&
  board.corp.carrying.includes(rover) &&
  techOn(corp, board, DESTROY_IN_WATER);

/** Carrying rovers standing on water terrain: each may drop its meteorite there (tech 4). */
const carriersInWater = (corp: CorporationData, board: PlayerBoard): number[] =>
  board.corp.carrying.filter((id) => {
    const cell = roverCell(board, id);
    return cell !== null && mayDestroyOn(corp, board, id, cell);
  });

const hasRoverTerrain = (tileId: number): boolean =>
  tileById(tileId).cells.some((c) => c.terrain === 'rover');

export const horizonGroup: Partial<CorporationRules> = {
  // Tech 1, as the glossary reads it: only the touching rule is lifted, every other check stays.
  placementIgnoresAdjacency: (corp, board, tileId) =>
    tileId !== null && techOn(corp, board, ROVER_TILES_IGNORE_ADJACENCY) && hasRoverTerrain(tileId),

  roverEnters(_corp, d, fx, rover, cell) {
    collectLifepodsAt(d, fx, cell);
    const b = d.board;
    const onRoverIcon = b.icon[cell] === 'rover';
    if (b.corp.carrying.includes(rover) && onRoverIcon) deliver(d, fx, rover, cell);
    // An empty-handed rover picks up a meteorite lying loose here, and delivers it at once on a
    // rover icon. A rover already carrying one passes over others: meteorites are alike, so
    // swapping would change nothing.
    while (!b.corp.carrying.includes(rover) && looseMeteoritesAt(b, cell) > 0) {
      b.corp.carrying.push(rover);
      if (!onRoverIcon) break;
      deliver(d, fx, rover, cell);
    }
  },

  roverChoiceAt: mayDestroyOn,

  roverMoved(_corp, d, rover, from, to) {
    const b = d.board;
    if (!b.corp.carrying.includes(rover)) return;
    const at = b.meteorites.indexOf(from);
    if (at >= 0) b.meteorites[at] = to;
  },

  // Tech 2 (R11): counted as the round starts, into that turn's pool.
  startOfRoundMovement: (corp, board) =>
    techOn(corp, board, MOVE_PER_CARRIED) ? board.corp.carrying.length : 0,

  afterMeteoriteCollected(corp, d, fx) {
    if (techOn(corp, d.board, PATCH_PER_METEORITE)) fx.addItem(d, { kind: 'patch' });
  },

  abilities(corp, _env, d) {
    const b = d.board;
    const offers: AbilityOffer[] = [];
    if (techOn(corp, b, DESTROY_IN_WATER))
      offers.push({
        ability: DESTROY_IN_WATER,
        choices: carriersInWater(corp, b).map((rover) => ({ rover })),
      });
    if (
      techOn(corp, b, ADVANCE_ROVER_TRACKER) &&
      unused(b, ADVANCE_ROVER_TRACKER, 'round') &&
      canClimb(corp, b)
    )
      offers.push({ ability: ADVANCE_ROVER_TRACKER, choices: [{}], once: 'round' });
    return offers;
  },

  useAbility(_corp, _env, d, fx, ability, choice) {
    if (ability === DESTROY_IN_WATER && 'rover' in choice) discard(d.board, choice.rover);
    // Tech 5 claims the square reached like any advance (§5.2).
    if (ability === ADVANCE_ROVER_TRACKER) fx.advance(d, 'rover', 1, 'all', 'track');
  },

  // R13, §6.2 step 4: meteorites still carried once the End Game cards are resolved (an advance of
  // step 3 may still have walked a rover to a rover icon) leave the planet uncollected.
  endGameCleanup(_corp, board) {
    for (const rover of [...board.corp.carrying]) discard(board, rover);
  },
};

/** The rover tracker has a square above it (at the top only a rover tile's ∞ pays, R5). */
const canClimb = (corp: CorporationData, board: PlayerBoard): boolean =>
  board.trackers.rover.row < corp.tracks[board.trackers.rover.col].top;
