/** Clearing every meteorite of one row or column that holds one (civ card). */
import type { CellIndex, Choice, ChoiceOf } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { cellX, cellY, settleCarriedMeteorites } from '../board';
import { removeItem } from '../draft';
import type { GainKind } from './kind';

const inLine = (choice: Choice) => (c: CellIndex) =>
  (choice.line === 'row' ? cellY(c) : cellX(c)) === choice.index;

export const destroyLineGain: GainKind<'destroyLine'> = {
  choices(_env, d) {
    const meteorites = d.board.meteorites;
    const rows = [...new Set(meteorites.map(cellY))].sort((p, q) => p - q);
    const cols = [...new Set(meteorites.map(cellX))].sort((p, q) => p - q);
    return [
      ...rows.map((index): ChoiceOf<'destroyLine'> => ({ line: 'row', index })),
      ...cols.map((index): ChoiceOf<'destroyLine'> => ({ line: 'column', index })),
    ];
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    const hit = inLine(choice);
    d.board.meteorites = d.board.meteorites.filter((c) => !hit(c));
    settleCarriedMeteorites(d.board);
  },
  label: () => message('pending.clearLine'),
  refusal(_env, d, _item, choice) {
    if ((choice.line !== 'row' && choice.line !== 'column') || !Number.isInteger(choice.index))
      return refuse('reason.chooseLine');
    if (!d.board.meteorites.some(inLine(choice)))
      return refuse('reason.lineNoMeteorite', { line: choice.line });
    return refuse('reason.notAChoice');
  },
};
