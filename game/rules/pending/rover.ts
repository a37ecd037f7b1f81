/** A rover milestone: a rover from the bay onto a square of the last tile placed (§5.10.1; event 65). */
import type { Draft, TurnEnv } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { present } from '../../core/present';
import { roverInBay } from '../board';
import { removeItem } from '../draft';
import { roverEnters } from '../pieces';
import { cellOf, squareChoice, type ItemOf, type GainKind } from './kind';

/** The tile a rover milestone lands on: the last one placed, or this round's for event 65. */
function landingTile(env: TurnEnv, d: Draft, item: ItemOf<'rover'>) {
  const piece = d.board.lastTile === null ? null : d.board.pieces[d.board.lastTile];
  if (!piece) return null;
  if (item.thisRoundTile && (!d.placed || d.unplaceable || piece.round !== env.state.round)) return null;
  return piece;
}

export const roverGain: GainKind<'rover'> = {
  choices(env, d, item) {
    const piece = landingTile(env, d, item);
    if (!piece || !roverInBay(d.board)) return [];
    return piece.cells.map(squareChoice);
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    // Listed only while a rover waits in the bay.
    const rover = present(roverInBay(d.board), 'rover in the bay');
    const cell = cellOf(choice);
    rover.cell = cell;
    roverEnters(d, rover.id, cell);
  },
  label: () => message('pending.rover'),
  refusal(env, d, item) {
    if (!landingTile(env, d, item))
      return item.thisRoundTile
        ? refuse('reason.roverPlaceTileFirst')
        : refuse('reason.roverNoTile', {}, '§5.10.1');
    if (!roverInBay(d.board)) return refuse('reason.bayEmpty', {}, '§5.10.1');
    return refuse('reason.roverOnLastTile', {}, '§5.10.1');
  },
};
