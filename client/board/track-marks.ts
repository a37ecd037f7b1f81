/**
 * Every mark a track square can carry, each with a sample reward to draw it (`rewardShort`) and its
 * line in the board's key (`board:legend.<kind>`): the corporation board's key and the rules'
 * symbols both list them from here, and a test holds every reward kind in the data to this list.
 */
import type { Reward } from '../../game';

export const TRACK_MARKS: readonly { kind: Reward['kind']; sample: Reward }[] = [
  { kind: 'medal', sample: { kind: 'medal', value: 3 } },
  { kind: 'synergy', sample: { kind: 'synergy' } },
  { kind: 'civMilestone', sample: { kind: 'civMilestone', rank: 2 } },
  { kind: 'biomassMilestone', sample: { kind: 'biomassMilestone' } },
  { kind: 'roverMilestone', sample: { kind: 'roverMilestone' } },
  { kind: 'techMilestone', sample: { kind: 'techMilestone', tech: 1 } },
  { kind: 'roverMove', sample: { kind: 'roverMove', value: 2 } },
  { kind: 'advanceTrack', sample: { kind: 'advanceTrack', track: 'water' } },
  {
    kind: 'choice',
    sample: { kind: 'choice', options: [[{ kind: 'synergy' }], [{ kind: 'biomassMilestone' }]] },
  },
];
