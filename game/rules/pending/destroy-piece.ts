/** An event destroys a piece on the planet: a lifepod (113) or a rover (111). */
import { message, refuse } from '../../core/messages';
import { roverById, settleCarriedMeteorites } from '../board';
import { removeItem } from '../draft';
import { squaresHolding } from './collect';
import { cellOf, squareOf, type GainKind } from './kind';

export const destroyPieceGain: GainKind<'destroyPiece'> = {
  choices: (_env, d, item) =>
    item.item === 'lifepod'
      ? squaresHolding(d.board.lifepods)
      : d.board.rovers.filter((r) => r.cell !== null).map((r) => ({ rover: r.id })),
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    // The list offers rovers for a rover item and squares for a lifepod item.
    if ('rover' in choice) {
      const rover = roverById(d.board, choice.rover);
      rover.cell = null;
      rover.destroyed = true;
      settleCarriedMeteorites(d.board); // its meteorite stays where it lay, carried by no one
    } else {
      d.board.lifepods.splice(d.board.lifepods.indexOf(cellOf(choice)), 1);
    }
  },
  label: (item) => message('pending.destroyPiece', { item: item.item }),
  refusal(_env, d, item, choice) {
    if (item.item === 'rover') {
      const listed = d.board.rovers.some((r) => r.id === choice.rover && r.cell !== null);
      return listed ? refuse('reason.notAChoice') : refuse('reason.chooseRover');
    }
    const at = squareOf(choice);
    return at !== null && d.board.lifepods.includes(at)
      ? refuse('reason.notAChoice')
      : refuse('reason.chooseLifepod');
  },
};
