/** Neighbor objectives (§7.1) against the other players' public boards. */
import type { PlayerBoard } from '../../core/types';
import { neighborValue } from '../../rules/objectives';
import type { EvalEnv } from './env';

export function objectiveValue(board: PlayerBoard, env: EvalEnv): number {
  if (env.objectives.length === 0) return 0;
  const w = env.w;
  let v = 0;
  for (const o of env.objectives) {
    const mine = neighborValue(o.card, board, o.ctx);
    const sign = o.card.neighbor.direction === 'most' ? 1 : -1;
    for (const other of o.others) {
      const diff = sign * (mine - other);
      if (env.final) v += diff > 0 ? o.card.neighbor.win : diff === 0 ? o.card.neighbor.tie : 0;
      else v += (w.objective * o.card.neighbor.win) / (1 + Math.exp(-w.objectiveSharp * diff));
    }
  }
  return v;
}
