/**
 * Per corporation, computed once: for every track square, the medal a tracker there scores, how
 * far the next better medal and the next milestone lie along the squares the tracker would advance
 * through, and what that milestone is worth. The path is the rules' own (`trackerMoves`, the
 * corporation's `nextSquares`), so winding or branching tracks are followed as the engine moves a
 * tracker; the tables assume, like the engine's first choice, that the next square depends on the
 * square only.
 */
import { TRACKS, type PlayerBoard, type SquareRef, type Track } from '../../core/types';
import { corporationById } from '../../data';
import type { CorporationData } from '../../data/types';
import { trackerMoves } from '../../rules/legality';
import { trackMedal } from '../../rules/scoring';
import { CIV_WEIGHT, TECH_WEIGHT, type WeightName } from './weights';

export interface CorporationTables {
  corp: CorporationData;
  /** medal[col][row]: the medal a tracker there scores (§5.6). */
  medal: Record<string, number[]>;
  /** Squares to the next better medal along the track, and the medals gained there, per square. */
  nextGain: Record<string, number[]>;
  nextDist: Record<string, number[]>;
  /** The next milestone along the track from each square: squares away, and its weight. */
  milestoneDist: Record<string, number[]>;
  milestoneWeight: Record<string, (WeightName | null)[]>;
  techRows: number[];
}

const corporationTables = new Map<string, CorporationTables>();

/** The weight that scores a milestone reward, or null for a square without one. */
function milestoneOf(corp: CorporationData, square: SquareRef): WeightName | null {
  for (const r of corp.tracks[square.col].levels[square.row]?.rewards ?? []) {
    if (r.kind === 'civMilestone') return CIV_WEIGHT[r.rank] ?? 'civRank4';
    if (r.kind === 'techMilestone') {
      const weight = TECH_WEIGHT[Number(r.tech) - 1];
      if (weight) return weight;
    }
    if (r.kind === 'biomassMilestone') return 'patch';
    if (r.kind === 'roverMilestone') return 'roverPending';
  }
  return null;
}

/**
 * The squares a tracker standing on `from` passes through when it advances to the end (or to
 * `until`), as the rules move it: the first of the squares they offer, as the engine takes it.
 * The board is not modified: the tracker moves on a copy of its trackers.
 */
export function pathFrom(board: PlayerBoard, track: Track, from: SquareRef, until?: SquareRef): SquareRef[] {
  const walker: PlayerBoard = { ...board, trackers: { ...board.trackers, [track]: from } };
  const path: SquareRef[] = [];
  for (let guard = 0; guard < 64; guard++) {
    const next = trackerMoves(walker, track)[0];
    if (!next) break;
    path.push(next);
    if (until && next.col === until.col && next.row === until.row) break;
    walker.trackers[track] = next;
  }
  return path;
}

/** The tables of the board's corporation (built on the first board that asks, then cached). */
export function corpTablesOf(board: PlayerBoard): CorporationTables {
  const cached = corporationTables.get(board.corporation);
  if (cached) return cached;
  const corp = corporationById(board.corporation);
  const medal: Record<string, number[]> = {};
  const nextGain: Record<string, number[]> = {};
  const nextDist: Record<string, number[]> = {};
  const milestoneDist: Record<string, number[]> = {};
  const milestoneWeight: Record<string, (WeightName | null)[]> = {};
  for (const col of TRACKS) {
    const rows = corp.tracks[col].levels.length;
    medal[col] = Array.from({ length: rows }, (_, row) => trackMedal(corp, { col, row }));
  }
  for (const col of TRACKS) {
    const gain: number[] = [];
    const dist: number[] = [];
    const mDist: number[] = [];
    const mWeight: (WeightName | null)[] = [];
    for (let row = 0; row < corp.tracks[col].levels.length; row++) {
      const here = medal[col]?.[row] ?? 0;
      const path = pathFrom(board, col, { col, row });
      const better = path.findIndex((s) => (medal[s.col]?.[s.row] ?? 0) > here);
      const to = path[better];
      gain.push(to ? (medal[to.col]?.[to.row] ?? 0) - here : 0);
      dist.push(to ? better + 1 : 0);
      let found: WeightName | null = null;
      let d = 0;
      for (let k = 0; k < path.length && !found; k++) {
        found = milestoneOf(corp, path[k] as SquareRef);
        d = k + 1;
      }
      mDist.push(found ? d : 0);
      mWeight.push(found);
    }
    nextGain[col] = gain;
    nextDist[col] = dist;
    milestoneDist[col] = mDist;
    milestoneWeight[col] = mWeight;
  }
  const tables: CorporationTables = {
    corp,
    medal,
    nextGain,
    nextDist,
    milestoneDist,
    milestoneWeight,
    techRows: corp.techUnlock.milestoneRows ?? [],
  };
  corporationTables.set(board.corporation, tables);
  return tables;
}
