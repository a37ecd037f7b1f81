/** Trackers moving up their tracks and the rewards of the squares they land on (§5.2, R7). */
import type { Benefits, Draft, GainSource, Track } from '../core/types';
import { addItem, gainMovement, ruleOn } from './draft';
import { corporationOf, isAtTop, trackerMoves } from './legality';

/** Claim the rewards of a square the tracker landed on (§5.2); medals are positions, not rewards. */
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
