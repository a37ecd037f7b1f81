/**
 * A tracker advance from a tile, a track square or an unplaced tile (§5.2, §4.10). Nothing to
 * choose on a straight track; where the tracker can go to several squares (§8.2: Makeshift's
 * diagonals, Wormhole's boxes) the player names one, one step at a time (R7).
 */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { trackerMoves } from '../tracker-moves';
import { advance, advanceOnce, needsDestination } from '../tracks';
import type { GainKind } from './kind';

export const advanceGain: GainKind<'advance'> = {
  choices(_env, d, item) {
    const moves = trackerMoves(d.board, item.track);
    return moves.length > 1 ? moves.map((m) => ({ col: m.col, row: m.row })) : [{}];
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    const benefits = item.benefits ?? 'all';
    if (!('col' in choice) || !needsDestination(d, item.track)) {
      advance(d, item.track, item.steps, benefits, item.source);
      return;
    }
    advanceOnce(d, item.track, benefits, item.source, { col: choice.col, row: choice.row });
    if (item.steps > 1) advance(d, item.track, item.steps - 1, benefits, item.source);
  },
  label: (item) =>
    item.steps > 1
      ? message('pending.advanceSteps', { track: item.track, steps: item.steps })
      : message('pending.advanceOne', { track: item.track }),
  refusal: (_env, d, item) =>
    trackerMoves(d.board, item.track).length > 1
      ? refuse('reason.chooseDestination', { track: item.track }, '§8.2')
      : refuse('reason.noChoiceNeeded'),
};
