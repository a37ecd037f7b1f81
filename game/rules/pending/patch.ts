/** A biomass patch: on a square where a patch may go (§5.9), or stored with tech 2 outside the end game. */
import { message, refuse } from '../../core/messages';
import type { ChoiceOf, Draft, TurnEnv } from '../../core/types';
import { removeItem } from '../draft';
import { corporationHooks } from '../board-rules';
import { legalPatchCells, patchError, placementContext } from '../legality';
import { putPatch } from '../pieces';
import { cellOf, hasOnlyKeys, squareChoice, type GainKind } from './kind';

/** Tech 2 stores a patch instead of placing it, except at the end of the game (§5.9, §6.2). */
const mayStore = (env: TurnEnv, d: Draft): boolean =>
  corporationHooks(d.board).mayStoreBiomass() && env.kind !== 'endgame';

export const patchGain: GainKind<'patch'> = {
  choices(env, d) {
    const cells = legalPatchCells(placementContext(d.board), env.kind === 'endgame');
    const out: ChoiceOf<'patch'>[] = cells.map(squareChoice);
    if (mayStore(env, d)) out.push({ store: true });
    return out;
  },
  // legalPatchCells and patchError test the same conditions: one square is asked without the list.
  listed(env, d, _item, choice) {
    if (hasOnlyKeys(choice, ['store']))
      return choice.store === true && mayStore(env, d) ? { store: true } : undefined;
    if (!hasOnlyKeys(choice, ['x', 'y'])) return undefined;
    const { x, y } = choice;
    return patchError(placementContext(d.board), x, y, env.kind === 'endgame') === null
      ? { x, y }
      : undefined;
  },
  apply(env, d, item, choice) {
    removeItem(d, item.id);
    if ('store' in choice) d.board.storedPatches++;
    else putPatch(d, cellOf(choice), env.state.round);
  },
  label: () => message('pending.patch'),
  refusal(env, d, _item, choice) {
    if (choice.store) {
      if (!corporationHooks(d.board).mayStoreBiomass()) return refuse('reason.storeNeedsTech', {}, '§5.9');
      if (env.kind === 'endgame') return refuse('reason.placeStoredNow', {}, '§6.2');
      return refuse('reason.notAChoice');
    }
    if (choice.x === undefined || choice.y === undefined) return refuse('reason.sayWherePatch');
    return (
      patchError(placementContext(d.board), choice.x, choice.y, env.kind === 'endgame') ??
      refuse('reason.notAChoice')
    );
  },
};
