/** What a turn still holds besides the board: pending gains and civ milestones reached. */
import type { PlayerBoard } from '../../core/types';
import { roverInBay } from '../../rules/board';
import type { EvalEnv, TurnExtras } from './env';
import { CIV_WEIGHT } from './weights';

export function extrasValue(board: PlayerBoard, env: EvalEnv, fade: number, extras?: TurnExtras): number {
  if (!extras) return 0;
  const w = env.w;
  let v = 0;
  for (const item of extras.pending ?? []) {
    switch (item.kind) {
      case 'synergy':
        v += w.synergy;
        break;
      case 'patch':
        v += w.patch;
        break;
      case 'rover':
        if (roverInBay(board)) v += w.roverPending * fade;
        break;
      case 'energy':
      case 'advance':
        v += w.energy;
        break;
      case 'regress':
        // A tracker must go down (an event, Republic's civ milestones): an advance lost.
        v -= w.energy;
        break;
      default:
        v += w.cardItem;
    }
  }
  for (const rank of extras.civRanks ?? []) v += w[CIV_WEIGHT[rank] ?? 'civRank4'];
  return v;
}
