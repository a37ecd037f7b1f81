/** The corporation board's tracks: medals reached, the next medal's distance, steps, techs, milestones. */
import { TRACKS, type PlayerBoard, type Track } from '../../core/types';
import { corporationById } from '../../data';
import { roverInBay } from '../../rules/board';
import { trackerMoves } from '../../rules/tracker-moves';
import { corpTablesOf, hookedTracksOf, straightTracks, type CorporationTables } from './corporation-tables';
import { roundsLeftOf, type EvalEnv } from './env';
import { selectionMovementValue } from './selection-movement';
import { CIV_WEIGHT, STEP_WEIGHT, TECH_WEIGHT, type WeightName } from './weights';

export function trackValue(board: PlayerBoard, env: EvalEnv, fade: number): number {
  if (!straightTracks(board.corporation)) return hookedTrackValue(board, env, fade);
  const ct = corpTablesOf(board);
  const roundsLeft = projectionRounds(board, env);
  let v = 0;
  for (const t of TRACKS) v += trackerValue(board, env, fade, t, ct, roundsLeft);
  return v + techsValue(board, env, fade, ct) + selectionMovementValue(board, env);
}

/**
 * Whether the milestone ahead still gives something: a rover milestone with no rover left in the
 * bay gives nothing (§5.10.1), so it pulls no tracker towards it (Republic's single rover).
 */
function milestoneGives(board: PlayerBoard, milestone: WeightName): boolean {
  return milestone !== 'roverPending' || roverInBay(board) !== undefined;
}

/**
 * One tracker's share of the track value: its medal, the pull of the next medal, milestone and
 * boost, its steps. A tracker just below a boost (a regression off it, say) climbs back over it
 * and claims it again (R8): that square costs less than a step elsewhere.
 */
function trackerValue(
  board: PlayerBoard,
  env: EvalEnv,
  fade: number,
  t: Track,
  ct: CorporationTables,
  roundsLeft: number,
): number {
  const w = env.w;
  const at = board.trackers[t];
  const medal = ct.medal[at.col]?.[at.row] ?? 0;
  let v = w.trackMedal * medal;
  const gain = ct.nextGain[at.col]?.[at.row] ?? 0;
  const dist = ct.nextDist[at.col]?.[at.row] ?? 0;
  if (gain > 0) v += (fade * w.nextMedal * gain) / dist;
  v += fade * w[STEP_WEIGHT[t]] * at.row;
  const milestone = ct.milestoneWeight[at.col]?.[at.row];
  if (milestone && milestoneGives(board, milestone))
    v += (fade * w.nextMilestone * w[milestone]) / (ct.milestoneDist[at.col]?.[at.row] ?? 1);
  const boost = ct.boostDist[at.col]?.[at.row] ?? 0;
  if (boost > 0) v += (fade * w.nextBoost * w.synergy) / boost;
  if (roundsLeft > 0) v += w.trackProjection * projectedMedals(env, ct, at.col, at.row, roundsLeft);
  return v;
}

/** Guess of a tracker's steps per round before it has a history: about one square every two rounds. */
const PRIOR_RATE = 0.5;
/** Rounds of that guess blended with the tracker's own history. */
const PRIOR_ROUNDS = 3;
/** Spreads of the projected steps around their mean: the medal averaged over them. */
const PROJECTION_SPREAD = [0.5, 0.75, 1, 1.25, 1.5];

/**
 * The rounds a projection runs over: those left, or 0 when the projection is off or the game ends
 * (counted once per evaluation: it reads every square of the planet).
 */
function projectionRounds(board: PlayerBoard, env: EvalEnv): number {
  return env.w.trackProjection !== 0 ? roundsLeftOf(board, env) : 0;
}

/** The squares a tracker on `row` should still climb at the middle of the spread. */
function projectedSteps(env: EvalEnv, row: number, roundsLeft: number): number {
  const rate = (row + PRIOR_ROUNDS * PRIOR_RATE) / (Math.max(1, env.round) + PRIOR_ROUNDS);
  // As the Commander's horizon: no game has 30 rounds left.
  return rate * Math.min(roundsLeft, 30);
}

/**
 * The medals a tracker should still climb to by the game's end beyond those it scores now: its
 * squares climbed so far per round (blended with a prior) carried over the rounds left, the medal
 * averaged over a spread of that projection. A step now moves the whole projection, so a tracker
 * heading for a large medal near the top (10 for water) values each step by it, where the next
 * medal alone would not.
 */
function projectedMedals(
  env: EvalEnv,
  ct: CorporationTables,
  col: Track,
  row: number,
  roundsLeft: number,
): number {
  const medals = ct.medal[col];
  if (!medals) return 0;
  const steps = projectedSteps(env, row, roundsLeft);
  const top = medals.length - 1;
  const now = medals[row] ?? 0;
  let sum = 0;
  for (const k of PROJECTION_SPREAD) sum += medals[Math.min(top, Math.floor(row + k * steps))] ?? now;
  return sum / PROJECTION_SPREAD.length - now;
}

/** The same projection along the squares a corporation's own track rules lead through. */
function projectedGain(env: EvalEnv, row: number, gains: number[], roundsLeft: number): number {
  if (gains.length === 0) return 0;
  const steps = projectedSteps(env, row, roundsLeft);
  let sum = 0;
  for (const k of PROJECTION_SPREAD) {
    const ahead = Math.min(gains.length, Math.floor(row + k * steps) - row);
    sum += ahead > 0 ? (gains[ahead - 1] as number) : 0;
  }
  return sum / PROJECTION_SPREAD.length;
}

/**
 * Where a tracker on `row` may end the game: its squares per round so far (blended with a prior)
 * carried over the rounds left, at a spread of rates; null when no round is left.
 */
export function projectedRows(board: PlayerBoard, env: EvalEnv, row: number): number[] | null {
  const roundsLeft = roundsLeftOf(board, env);
  if (!(roundsLeft > 0)) return null;
  const steps = projectedSteps(env, row, roundsLeft);
  return PROJECTION_SPREAD.map((k) => Math.floor(row + k * steps));
}

/** A tech of a corporation other than Universal Coalition's: their mean weight (tuned on its five). */
const AVERAGE_TECH = (w: EvalEnv['w']): number =>
  TECH_WEIGHT.reduce((sum, name) => sum + w[name], 0) / TECH_WEIGHT.length;

/**
 * The track value of a corporation with its own track rules (§8.2), read through its hooks: the
 * medals scored now, each tracker's pull towards its next medal and milestone along the squares
 * the rules offer, its steps, and the techs available now (however they unlock).
 */
function hookedTrackValue(board: PlayerBoard, env: EvalEnv, fade: number): number {
  const w = env.w;
  const h = hookedTracksOf(board);
  const roundsLeft = projectionRounds(board, env);
  let v = w.trackMedal * h.medals;
  for (const t of TRACKS) {
    if (h.nextGain[t] > 0) v += (fade * w.nextMedal * h.nextGain[t]) / h.nextDist[t];
    v += fade * w[STEP_WEIGHT[t]] * board.trackers[t].row;
    const milestone = h.milestone[t];
    if (milestone && milestoneGives(board, milestone))
      v += (fade * w.nextMilestone * w[milestone]) / (h.milestoneDist[t] || 1);
    if (roundsLeft > 0)
      v += w.trackProjection * projectedGain(env, board.trackers[t].row, h.gainsAhead[t], roundsLeft);
  }
  // A square the tracker will jump over is an advance for free: worth what an energy gain is.
  v += fade * w.energy * h.skips;
  return v + fade * h.activeTechs.length * AVERAGE_TECH(w) + selectionMovementValue(board, env);
}

/** The techs the tech tracker has unlocked (§5.11). */
function techsValue(board: PlayerBoard, env: EvalEnv, fade: number, ct: CorporationTables): number {
  const w = env.w;
  const techRow = board.trackers.tech.row;
  let v = 0;
  for (let k = 0; k < ct.techRows.length && k < TECH_WEIGHT.length; k++) {
    if (techRow >= (ct.techRows[k] ?? 99)) v += fade * w[TECH_WEIGHT[k] as WeightName];
  }
  return v;
}

/** The part of the track value one tracker moves: its own, and the techs' for the tech tracker. */
function shareOf(
  board: PlayerBoard,
  env: EvalEnv,
  fade: number,
  track: Track,
  ct: CorporationTables,
  roundsLeft: number,
): number {
  // The movement from taking tiles may hang on any tracker (Republic: the rover's square, tech 1).
  const own = trackerValue(board, env, fade, track, ct, roundsLeft) + selectionMovementValue(board, env);
  return track === 'tech' ? own + techsValue(board, env, fade, ct) : own;
}

/** Rough worth of the rewards on a track square (§5.2): boosts, milestones, movement. */
function squareRewards(board: PlayerBoard, env: EvalEnv, fade: number, col: Track, row: number): number {
  const w = env.w;
  let v = 0;
  for (const r of corporationById(board.corporation).tracks[col].levels[row]?.rewards ?? []) {
    switch (r.kind) {
      case 'synergy':
        v += w.synergy;
        break;
      case 'civMilestone':
        v += w[CIV_WEIGHT[r.rank] ?? 'civRank4'];
        break;
      case 'biomassMilestone':
        v += w.patch;
        break;
      case 'roverMilestone':
        if (roverInBay(board)) v += w.roverPending * fade;
        break;
      case 'roverMove':
        if (board.rovers.some((x) => x.cell !== null && !x.destroyed)) v += w.movement * r.value * fade;
        break;
      default:
        break;
    }
  }
  return v;
}

/**
 * What advancing one tracker by `steps` squares is worth, without applying it: the change in
 * track value plus the rewards claimed on the way (for ranking placements cheaply).
 */
export function advanceWorth(
  board: PlayerBoard,
  env: EvalEnv,
  fade: number,
  track: Track,
  steps = 1,
): number {
  const at = board.trackers[track];
  const straight = straightTracks(board.corporation);
  const ct = straight ? corpTablesOf(board) : null;
  // Moving a tracker leaves the planet as it is: the rounds left are counted once for both shares.
  const roundsLeft = ct ? projectionRounds(board, env) : 0;
  // With its own track rules a move may change what the other trackers score (shared or blocked squares).
  const share = () =>
    ct ? shareOf(board, env, fade, track, ct, roundsLeft) : hookedTrackValue(board, env, fade);
  const before = share();
  let rewards = 0;
  // Square by square as the rules advance a tracker (§5.2, R7), on the board itself, then put back.
  try {
    for (let s = 0; s < steps; s++) {
      const next = trackerMoves(board, track)[0];
      if (!next) break;
      rewards += squareRewards(board, env, fade, next.col, next.row);
      board.trackers[track] = next;
    }
    if (board.trackers[track] === at) return 0;
    return share() - before + rewards;
  } finally {
    board.trackers[track] = at;
  }
}
