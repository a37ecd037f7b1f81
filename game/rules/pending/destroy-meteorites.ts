/** Destroying meteorites on the planet, one square at a time, "fewer if fewer remain" (§3.4, civ cards). */
import { message } from '../../core/messages';
import { squaresHolding, takePiece, takePieceRefusal } from './collect';
import type { GainKind } from './kind';

export const destroyMeteoritesGain: GainKind<'destroyMeteorites'> = {
  choices: (_env, d) => squaresHolding(d.board.meteorites),
  apply: (_env, d, item, choice) => takePiece(d, item, d.board.meteorites, choice),
  label: (item) => message('pending.destroy', { count: item.count }),
  refusal: (_env, d, _item, choice) => takePieceRefusal(d.board.meteorites, 'meteorite', choice),
};
