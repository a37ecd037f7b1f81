/**
 * Makeshift (§8.2, R24): trackers keep their colour but may climb diagonally onto a neighbouring
 * column, and with tech 3 slide sideways; no two trackers share a square. A tracker claims what is
 * printed where it lands, the tech column's highest tracker sets the tech level, and each tracker
 * scores the medals of the column it stands in.
 */
import type { CorporationData } from '../../data/types';
import type { PlayerBoard, SquareRef, Track } from '../../core/types';
import { TRACKS } from '../../core/types';
import {
  baseCorporationRules,
  byTrack,
  medalAtOrBelow,
  occupiedBy,
  printedRewards,
  techOn,
  unused,
  type CorporationRules,
} from '../corporation-base';

/** The columns from left to right, as the board prints them (corporations.json `trackShape`). */
function columnOrder(corp: CorporationData): Track[] {
  const shape = corp.extra.trackShape;
  return shape?.kind === 'makeshiftDiagonal' ? shape.columnOrder : [...TRACKS];
}

/** The columns beside a column; the two outer ones touch with tech 1. */
function neighbourColumns(corp: CorporationData, board: PlayerBoard, col: Track): Track[] {
  const order = columnOrder(corp);
  const at = order.indexOf(col);
  const out: Track[] = [];
  const before = at > 0 ? order[at - 1] : undefined;
  const after = at < order.length - 1 ? order[at + 1] : undefined;
  if (before !== undefined) out.push(before);
  if (after !== undefined) out.push(after);
  const first = order[0];
  const last = order[order.length - 1];
  if (first !== undefined && last !== undefined && techOn(corp, board, 'civTechAdjacent')) {
    if (col === first) out.push(last);
    else if (col === last) out.push(first);
  }
  return out;
}

/** The highest row a tracker stands on in a column, or -1 when none stands there. */
export function columnLevel(board: PlayerBoard, col: Track): number {
  let level = -1;
  for (const t of TRACKS) if (board.trackers[t].col === col) level = Math.max(level, board.trackers[t].row);
  return level;
}

const trackersOn = (board: PlayerBoard, col: Track): number =>
  TRACKS.filter((t) => board.trackers[t].col === col).length;

/** One square down the tracker's column, unless another tracker stands there (§5.4, R24). */
function previousSquare(board: PlayerBoard, track: Track): SquareRef | null {
  const at = board.trackers[track];
  const down = { col: at.col, row: at.row - 1 };
  return down.row >= 0 && occupiedBy(board, down, track) === null ? down : null;
}

const ROVER_BONUS = 'roverMovePlusOneIfCrowded';
const LOWER_TRACKER = 'regressAnyTracker';

export const makeshift: Partial<CorporationRules> = {
  // Straight up first, so that an effect taking "the" next square keeps the tracker in its column.
  // A tracker on its column's top is done: the sideways slide of tech 3 replaces a climb, and at the
  // top of the rover column a rover tile pays the ∞ instead (R5).
  nextSquares(corp, board, track) {
    const at = board.trackers[track];
    if (at.row >= corp.tracks[at.col].top) return [];
    const free = (square: SquareRef) =>
      square.row <= corp.tracks[square.col].top && occupiedBy(board, square, track) === null;
    const out: SquareRef[] = [];
    const up = { col: at.col, row: at.row + 1 };
    if (free(up)) out.push(up);
    const beside = neighbourColumns(corp, board, at.col);
    for (const col of beside) {
      const diagonal = { col, row: at.row + 1 };
      if (free(diagonal)) out.push(diagonal);
    }
    if (techOn(corp, board, 'lateralShift')) {
      for (const col of beside) {
        const sideways = { col, row: at.row };
        if (free(sideways)) out.push(sideways);
      }
    }
    return out;
  },
  previousSquare: (_corp, board, track) => previousSquare(board, track),
  rewardsAt(corp, board, _track, square) {
    const printed = printedRewards(corp, square);
    // Tech 2: the tracker has already landed, so it counts among the trackers on the rover column.
    if (square.col !== 'rover' || !techOn(corp, board, ROVER_BONUS) || trackersOn(board, 'rover') < 2)
      return printed;
    return printed.map((r) => (r.kind === 'roverMove' ? { ...r, value: r.value + 1 } : r));
  },
  // Tech 2 also raises the 3∞: the top square's movement is the number under the rover tracker, and
  // the 2023 rulebook adds the +1 to that number whenever rover movement is gained (its glossary's
  // "+X déplacement de Rover"), as Flux's rover upgrade does (§5.10.2, §8.2).
  topMovement(corp, board) {
    const printed = baseCorporationRules.topMovement(corp, board);
    const crowded = techOn(corp, board, ROVER_BONUS) && trackersOn(board, 'rover') >= 2;
    return printed > 0 && crowded ? printed + 1 : printed;
  },
  techActive(corp, board, index) {
    const row = corp.techUnlock.milestoneRows?.[index];
    return row !== undefined && columnLevel(board, 'tech') >= row;
  },
  medalsByTrack(corp, board) {
    // R24: with tech 5 every tracker scores as the highest tracker of its own column.
    const asHighest = techOn(corp, board, 'scoreAsHighestOnTrack');
    return byTrack((t) => {
      const at = board.trackers[t];
      return medalAtOrBelow(corp, asHighest ? { col: at.col, row: columnLevel(board, at.col) } : at);
    });
  },
  abilities(corp, _env, d) {
    const board = d.board;
    if (!techOn(corp, board, LOWER_TRACKER) || !unused(board, LOWER_TRACKER, 'round')) return [];
    const choices = TRACKS.filter((t) => previousSquare(board, t) !== null).map((track) => ({ track }));
    return [{ ability: LOWER_TRACKER, choices, once: 'round' }];
  },
  useAbility(_corp, _env, d, fx, ability, choice) {
    if (ability === LOWER_TRACKER && 'track' in choice) fx.regress(d, choice.track);
  },
};
