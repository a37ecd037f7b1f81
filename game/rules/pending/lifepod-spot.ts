/**
 * A collected lifepod waiting for its spot (§8.2, R32): the scoring area, or a spot the
 * corporation offers (a free track square for Cosmos Inc., a tech slot for Jump Drive). Parked
 * lifepods still count as collected; only those in the scoring area score.
 */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { boardRules } from '../board-rules';
import type { GainKind } from './kind';

export const lifepodSpotGain: GainKind<'lifepodSpot'> = {
  choices(_env, d) {
    const { corp, corporation } = boardRules(d.board);
    const spots = corporation.lifepodSpots(corp, d.board);
    return [{ spot: 'area' as const }, ...spots.map((spot) => ({ spot }))];
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    if (choice.spot !== 'area') d.board.corp.parkedLifepods.push(choice.spot);
  },
  label: () => message('pending.lifepodSpot'),
  refusal: () => refuse('reason.chooseLifepodSpot', {}, 'R32'),
};
