/** Events 95/107: a meteorite lands on an empty meteor symbol of a tile; optional with some techs (§7.3.2). */
import type { ChoiceOf } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { destroyUnder, emptyMeteorSymbols } from '../pieces';
import { cellOf, squareChoice, type GainKind } from './kind';

export const eventMeteoriteGain: GainKind<'eventMeteorite'> = {
  choices(_env, d, item) {
    const out: ChoiceOf<'eventMeteorite'>[] = emptyMeteorSymbols(d.board).map(squareChoice);
    if (out.length && item.optional) out.push({ done: true });
    return out;
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    if ('done' in choice) return;
    const c = cellOf(choice);
    d.board.meteorites.push(c);
    destroyUnder(d.board, [c]); // a rover there is destroyed (§4.5)
  },
  label: () => message('pending.meteorStrike'),
  refusal(_env, _d, item, choice) {
    if (choice.done && !item.optional) return refuse('reason.meteoriteMustLand', {}, '§7.3.2');
    return refuse('reason.chooseMeteorSymbol');
  },
};
