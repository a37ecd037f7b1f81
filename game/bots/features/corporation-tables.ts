/**
 * Per corporation, computed once: for every track square, the medal a tracker there scores, how
 * far the next better medal and the next milestone lie along the squares the tracker would advance
 * through, and what that milestone is worth. The path is the rules' own (`trackerMoves`, the
 * corporation's `nextSquares`), so winding or branching tracks are followed as the engine moves a
 * tracker; the tables assume, like the engine's first choice, that the next square depends on the
 * square only.
 */
import { boardRules } from '../../rules/board-rules';
import { TRACKS, type PlayerBoard, type SquareRef, type Track } from '../../core/types';
import { baseCorporationRules } from '../../content/corporation-base';
import { corporationRules } from '../../content/corporations';
import { corporationById } from '../../data';
import type { CorporationData } from '../../data/types';
import { trackerMoves } from '../../rules/tracker-moves';
import { trackMedal } from '../../rules/scoring';
import { CIV_WEIGHT, TECH_WEIGHT, type WeightName } from './weights';

/**
 * Whether the corporation moves trackers straight up their columns and scores each by the nearest
 * medal at or below it (§5.6), as the base rules do: then the per-square tables below hold. Asked
 * each time (cheap), so a rule replaced at run time is seen.
 */
export function straightTracks(id: string): boolean {
  const rules = corporationRules(id);
  return (
    rules.nextSquares === baseCorporationRules.nextSquares &&
    rules.medalsByTrack === baseCorporationRules.medalsByTrack &&
    rules.techActive === baseCorporationRules.techActive
  );
}

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
  /** Squares to the next synergy boost along the track, per square (0: none ahead). */
  boostDist: Record<string, number[]>;
  techRows: number[];
}

const corporationTables = new Map<string, CorporationTables>();

/** The weight that scores a milestone reward, or null for a square without one. */
export function milestoneOf(corp: CorporationData, square: SquareRef): WeightName | null {
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
  const boostDist: Record<string, number[]> = {};
  for (const col of TRACKS) {
    const rows = corp.tracks[col].levels.length;
    medal[col] = Array.from({ length: rows }, (_, row) => trackMedal(corp, { col, row }));
  }
  for (const col of TRACKS) {
    const gain: number[] = [];
    const dist: number[] = [];
    const mDist: number[] = [];
    const mWeight: (WeightName | null)[] = [];
    const bDist: number[] = [];
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
      // -1 (none ahead) becomes 0.
      const boost = path.findIndex((sq) =>
        (corp.tracks[sq.col].levels[sq.row]?.rewards ?? []).some((r) => r.kind === 'synergy'),
      );
      bDist.push(boost + 1);
    }
    boostDist[col] = bDist;
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
    boostDist,
    techRows: corp.techUnlock.milestoneRows ?? [],
  };
  corporationTables.set(board.corporation, tables);
  return tables;
}

// ---------------------------------------------------------------- corporations with their own tracks

/**
 * What the trackers of a board whose corporation bends the track rules (Oasis's water path,
 * Wormhole's boxes, Makeshift's shared columns, Cosmos's covered squares, Jump Drive's slots) are
 * worth, read through the corporation's hooks only: the medals they score now (`trackMedals`),
 * and per tracker the next gain of medals and the next milestone along the squares the rules
 * would move it through (`nextSquares`), with the other trackers where they stand.
 */
export interface HookedTracks {
  medals: number;
  /** Per track: medals gained at the first square along the path that raises the total, and how far. */
  nextGain: Record<Track, number>;
  nextDist: Record<Track, number>;
  milestone: Record<Track, WeightName | null>;
  milestoneDist: Record<Track, number>;
  /** Indexes (corporations.json `techs`) of the techs available now. */
  activeTechs: number[];
  /** Squares the trackers will jump over in their next few advances (Cosmos's covered squares). */
  skips: number;
  /** Per track: the medals gained after 1, 2, … advances along the path (as far as it goes). */
  gainsAhead: Record<Track, number[]>;
}

/** Advances ahead in which a jumped square counts as a free advance. */
const SKIP_LOOKAHEAD = 4;

const PATH_LOOKAHEAD = 8;
/** Advances followed for the medals a tracker is heading for (a track is 15 squares or so). */
const GAINS_LOOKAHEAD = 16;
const MAX_CACHED = 20000;
const hookedCache = new Map<string, HookedTracks>();

/** The board's parts the track rules may read: trackers, parked lifepods, the flux token. */
function trackKey(board: PlayerBoard): string {
  let key = board.corporation;
  for (const t of TRACKS) key += `|${board.trackers[t].col}${board.trackers[t].row}`;
  return `${key}|${board.corp.parkedLifepods.join(',')}|${board.corp.fluxTrack ?? ''}`;
}

export function hookedTracksOf(board: PlayerBoard): HookedTracks {
  const key = trackKey(board);
  const cached = hookedCache.get(key);
  if (cached) return cached;
  const { corp, corporation: rules } = boardRules(board);
  const medals = rules.trackMedals(corp, board);
  const nextGain = {} as Record<Track, number>;
  const nextDist = {} as Record<Track, number>;
  const milestone = {} as Record<Track, WeightName | null>;
  const milestoneDist = {} as Record<Track, number>;
  const gainsAhead = {} as Record<Track, number[]>;
  let skips = 0;
  for (const t of TRACKS) {
    nextGain[t] = 0;
    nextDist[t] = 0;
    milestone[t] = null;
    milestoneDist[t] = 0;
    const gains: number[] = (gainsAhead[t] = []);
    const walker: PlayerBoard = { ...board, trackers: { ...board.trackers } };
    for (let step = 1; step <= GAINS_LOOKAHEAD; step++) {
      const next = trackerMoves(walker, t)[0];
      if (!next) break;
      const from = walker.trackers[t];
      if (step <= SKIP_LOOKAHEAD && board.corp.parkedLifepods.length && next.col === from.col)
        for (let row = from.row + 1; row < next.row; row++)
          if (board.corp.parkedLifepods.includes(`${from.col}:${row}`)) skips++;
      walker.trackers[t] = next;
      gains.push(rules.trackMedals(corp, walker) - medals);
      if (step > PATH_LOOKAHEAD) continue;
      if (!milestone[t]) {
        const m = milestoneOf(corp, next);
        if (m) {
          milestone[t] = m;
          milestoneDist[t] = step;
        }
      }
      if (nextDist[t] === 0) {
        const gain = gains[step - 1] as number;
        if (gain > 0) {
          nextGain[t] = gain;
          nextDist[t] = step;
        }
      }
    }
  }
  const activeTechs: number[] = [];
  corp.techs.forEach((_tech, k) => {
    if (rules.techActive(corp, board, k)) activeTechs.push(k);
  });
  const out: HookedTracks = {
    medals,
    nextGain,
    nextDist,
    milestone,
    milestoneDist,
    activeTechs,
    skips,
    gainsAhead,
  };
  if (hookedCache.size >= MAX_CACHED) hookedCache.clear();
  hookedCache.set(key, out);
  return out;
}

/**
 * The medals one tracker scores on such a board: the total now less the total with that tracker
 * taken back to where its regressions end (the rules' `previousSquare`).
 */
export function trackerMedals(board: PlayerBoard, track: Track): number {
  const corp = corporationById(board.corporation);
  if (straightTracks(corp.id)) return trackMedal(corp, board.trackers[track]);
  const rules = boardRules(board).corporation;
  const walker: PlayerBoard = { ...board, trackers: { ...board.trackers } };
  for (let guard = 0; guard < 64; guard++) {
    const back = rules.previousSquare(corp, walker, track);
    if (!back) break;
    walker.trackers[track] = back;
  }
  return rules.trackMedals(corp, board) - rules.trackMedals(corp, walker);
}
