/**
 * Collecting lifepods or meteorites from the planet (events 82/83, civ cards): one square at a time,
 * applied if possible (§3.4), "fewer if fewer remain": while one lies on the planet it must be
 * taken, and with none left the gain is spent.
 */
import type { CellIndex, Choice, Draft, SquareChoice } from '../../core/types';
import { message, refuse, type Reason } from '../../core/messages';
import { settleCarriedMeteorites } from '../board';
import { removeItem } from '../draft';
import { collectLifepods, collectMeteorite } from '../tracks';
import { cellOf, squareChoice, squareOf, type GainKind } from './kind';

/** The squares holding one of the pieces, each once. */
export const squaresHolding = (pieces: CellIndex[]): SquareChoice[] => [...new Set(pieces)].map(squareChoice);

/** Why a square was refused for taking a piece off the planet. */
export function takePieceRefusal(pieces: CellIndex[], item: 'lifepod' | 'meteorite', choice: Choice): Reason {
  if (choice.done)
    return pieces.length
      ? refuse('reason.pieceStillOnPlanet', { item }, '§3.4')
      : refuse('reason.notAChoice');
  const at = squareOf(choice);
  if (at === null || !pieces.includes(at)) return refuse('reason.chooseSquareHolding', { item });
  return refuse('reason.notAChoice');
}

/** Take one piece off the chosen square, and count the gain down. */
export function takePiece(
  d: Draft,
  item: { id: number; count: number },
  pieces: CellIndex[],
  choice: SquareChoice,
): void {
  pieces.splice(pieces.indexOf(cellOf(choice)), 1);
  settleCarriedMeteorites(d.board); // a meteorite a rover carried may be gone (Horizon Group)
  item.count--;
  if (item.count <= 0) removeItem(d, item.id);
}

const piecesOf = (d: Draft, item: { item: 'lifepod' | 'meteorite' }) =>
  item.item === 'lifepod' ? d.board.lifepods : d.board.meteorites;

export const collectGain: GainKind<'collect'> = {
  choices: (_env, d, item) => squaresHolding(piecesOf(d, item)),
  apply(_env, d, item, choice) {
    const cell = cellOf(choice);
    if (item.item === 'meteorite') {
      // Off the planet and counted, through the corporation's hooks (Horizon tech 3).
      item.count--;
      if (item.count <= 0) removeItem(d, item.id);
      collectMeteorite(d, cell);
    } else {
      takePiece(d, item, piecesOf(d, item), choice);
      collectLifepods(d, 1); // a spot to choose where the board has one (R32)
    }
  },
  label: (item) => message('pending.collect', { count: item.count, item: item.item }),
  refusal: (_env, d, item, choice) => takePieceRefusal(piecesOf(d, item), item.item, choice),
};
