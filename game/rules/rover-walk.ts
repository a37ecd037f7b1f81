/**
 * A walk offered as one path (§5.10.3) stops where its rover has a choice to make on the way: a move
 * is one action, so a player clicking a far square would otherwise pass a square where a power
 * works "passing through" (Horizon tech 4 on water, §8.2). The walk is played on a copy, square by
 * square, so meteorites picked up or delivered on the way count as they would.
 */
import { boardRules } from './board-rules';
import type { Draft } from '../core/types';
import { cloneDraft } from './draft';
import { moveRover } from './turn';

/**
 * How many squares of `path` to walk before stopping for a choice (the whole path when none
 * comes up before its last square, or when the path is not a legal walk, which the move refuses).
 */
export function walkBeforeChoice(d: Draft, rover: number, path: [number, number][]): number {
  const { corp, corporation: rules } = boardRules(d.board);
  const walker = cloneDraft(d);
  for (let k = 0; k < path.length - 1; k++) {
    const step = path[k];
    if (step === undefined || moveRover(walker, rover, [step]) !== null) return path.length;
    const cell = walker.board.rovers.find((r) => r.id === rover)?.cell ?? null;
    if (cell !== null && rules.roverChoiceAt(corp, walker.board, rover, cell)) return k + 1;
  }
  return path.length;
}
