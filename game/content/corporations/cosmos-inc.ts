/**
 * Cosmos Inc. (§8.2, R32): a collected lifepod may rest on a free square of the tracks instead of
 * the scoring area. Trackers jump over covered squares both ways, and nothing printed under a
 * lifepod counts: its reward, its tech milestone, its medal. Civ milestones keep their printed rank.
 * Techs: diagonal rover steps (1), moving parked lifepods (2, 3, 5), free steps onto energy (4).
 */
import type { CorporationData, Track as TrackName } from '../../data/types';
import type { CellIndex, Draft, LifepodMove, LifepodSpot, PlayerBoard, SquareRef } from '../../core/types';
import { GRID, TRACKS } from '../../core/types';
import { tileById } from '../../data';
import { unlistedShape } from '../../core/present';
import { areaTerrain } from '../../rules/areas';
import {
  byTrack,
  medalAtOrBelow,
  occupiedBy,
  techOn,
  unused,
  type CorporationRules,
} from '../corporation-base';
import type { CorporationEffects, RoverStep } from '../../core/effects';

/** The pending gain that moves collected lifepods (techs 2 and 3); its label is `pending.moveLifepod`. */
const MOVE_LIFEPOD = 'moveLifepod';
const THREE_MOVES = 'repositionThreeLifepods';
const MOVE_ON_ENERGY_TILE = 'repositionLifepodOnEnergyTile';
const ONE_MOVE = 'repositionOneLifepod';
const DIAGONAL = 'roverDiagonal';
const FREE_ONTO_ENERGY = 'freeMoveOntoEnergy';

const spotOf = (col: TrackName, row: number): LifepodSpot => `${col}:${row}`;

const covered = (board: PlayerBoard, col: TrackName, row: number): boolean =>
  board.corp.parkedLifepods.includes(spotOf(col, row));

/**
 * The free track squares (trackShape `placement`): no tracker, no lifepod, not a track's top. The
 * top stays free on the rover track too: the printed placement rule names no exception, and a
 * covered top would leave the rover tracker below its ∞ for good (R5).
 */
function freeSpots(corp: CorporationData, board: PlayerBoard): LifepodSpot[] {
  const out: LifepodSpot[] = [];
  for (const col of TRACKS) {
    const top = corp.tracks[col].top;
    for (let row = 0; row < top; row++) {
      if (covered(board, col, row) || occupiedBy(board, { col, row })) continue;
      out.push(spotOf(col, row));
    }
  }
  return out;
}

/** Lifepods collected and lying in the scoring area: collected, minus those parked (R32). */
const inScoringArea = (board: PlayerBoard): number =>
  board.collected.lifepods - board.corp.parkedLifepods.length;

/** Every move of one collected lifepod to a new spot (techs 2, 3, 5): `{from, spot}` pairs. */
function lifepodMoves(corp: CorporationData, board: PlayerBoard): LifepodMove[] {
  const free = freeSpots(corp, board);
  const moves: LifepodMove[] = [];
  if (inScoringArea(board) > 0) for (const spot of free) moves.push({ from: 'area', spot });
  for (const from of new Set(board.corp.parkedLifepods)) {
    moves.push({ from, spot: 'area' });
    for (const spot of free) moves.push({ from, spot });
  }
  return moves;
}

function moveLifepod(board: PlayerBoard, move: LifepodMove): void {
  const parked = board.corp.parkedLifepods;
  if (move.from !== 'area') parked.splice(parked.indexOf(move.from), 1);
  if (move.spot !== 'area') parked.push(move.spot);
}

const offerMoves = (d: Draft, fx: CorporationEffects, count: number): void =>
  fx.addItem(d, { kind: 'corporation', gain: MOVE_LIFEPOD, count, optional: true });

/** Whether a square holds a tile, a patch or (Petra) bare energy-like terrain of energy (tech 4). */
const isEnergy = (board: PlayerBoard, cell: CellIndex): boolean => areaTerrain(board)[cell] === 'energy';

function stepCost(corp: CorporationData, board: PlayerBoard, to: CellIndex): number {
  return techOn(corp, board, FREE_ONTO_ENERGY) && isEnergy(board, to) ? 0 : 1;
}

const DIAGONALS = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

export const cosmosInc: Partial<CorporationRules> = {
  nextSquares(corp, board, track) {
    const at = board.trackers[track];
    const top = corp.tracks[at.col].top;
    let row = at.row + 1;
    while (row <= top && covered(board, at.col, row)) row++; // a lifepod is jumped over
    return row <= top ? [{ col: at.col, row }] : [];
  },
  previousSquare(_corp, board, track): SquareRef | null {
    const at = board.trackers[track];
    let row = at.row - 1;
    while (row >= 0 && covered(board, at.col, row)) row--;
    return row >= 0 ? { col: at.col, row } : null;
  },
  medalsByTrack(corp, board) {
    // A covered medal does not count; the next uncovered one below does (trackShape `coveredMedal`).
    return byTrack((t) => {
      const at = board.trackers[t];
      return medalAtOrBelow(corp, at, (row) => covered(board, at.col, row));
    });
  },
  techActive(corp, board, index) {
    // Techs keep their printed milestones: covering tech 2 does not shift tech 3 (`coveredTech`).
    const row = corp.techUnlock.milestoneRows?.[index];
    return row !== undefined && board.trackers.tech.row >= row && !covered(board, 'tech', row);
  },
  lifepodSpots: freeSpots,

  extraRoverSteps(corp, board, from) {
    if (!techOn(corp, board, DIAGONAL)) return [];
    // Steps, not jumps: the planet judges each from the square left (Tartarus's chasm corners).
    const x = from % GRID;
    const y = Math.floor(from / GRID);
    const steps: RoverStep[] = [];
    for (const [dx, dy] of DIAGONALS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= GRID || ny >= GRID) continue;
      const cell = ny * GRID + nx;
      steps.push({ cell, cost: stepCost(corp, board, cell) });
    }
    return steps;
  },
  stepCost: (corp, board, _from, to) => stepCost(corp, board, to),

  afterTilePlaced(corp, d, fx, tileId) {
    if (!techOn(corp, d.board, MOVE_ON_ENERGY_TILE)) return;
    const energyIcon = tileById(tileId).cells.some((c) => c.resource && c.terrain === 'energy');
    if (energyIcon) offerMoves(d, fx, 1);
  },

  abilities(corp, _env, d) {
    const board = d.board;
    const moves = lifepodMoves(corp, board);
    if (moves.length === 0) return [];
    const offers = [];
    // Once per game, while the tech is on (designer FAQ): up to three moves.
    if (techOn(corp, board, THREE_MOVES) && unused(board, THREE_MOVES, 'game'))
      offers.push({ ability: THREE_MOVES, choices: [{}], once: 'game' as const });
    if (techOn(corp, board, ONE_MOVE) && unused(board, ONE_MOVE, 'round'))
      offers.push({ ability: ONE_MOVE, choices: moves, once: 'round' as const });
    return offers;
  },
  useAbility(_corp, _env, d, fx, ability, choice) {
    if (ability === THREE_MOVES) offerMoves(d, fx, 3);
    else if ('from' in choice) moveLifepod(d.board, choice);
    else unlistedShape(ability, choice);
  },
  gainChoices(corp, _env, d) {
    return [...lifepodMoves(corp, d.board), { done: true as const }];
  },
  applyGain(_corp, _env, d, fx, item, choice) {
    if ('done' in choice) {
      fx.removeItem(d, item.id);
      return;
    }
    if (!('from' in choice)) return unlistedShape(item.gain, choice);
    moveLifepod(d.board, choice);
    item.count--;
    if (item.count <= 0) fx.removeItem(d, item.id);
  },
};
