/** A civ card's tracker advances: `count` picks among its tracks, different ones if it says so (§5.7). */
import { message, refuse } from '../../core/messages';
import { removeItem } from '../draft';
import { canAdvance, isAtTop } from '../tracker-moves';
import { advance } from '../tracks';
import type { GainKind } from './kind';

export const cardAdvanceGain: GainKind<'cardAdvance'> = {
  choices: (_env, d, item) =>
    item.tracks
      .filter((t) => !(item.distinct && item.chosen.includes(t)) && canAdvance(d.board, t))
      .map((track) => ({ track })),
  apply(_env, d, item, choice) {
    const { track } = choice;
    item.chosen.push(track);
    if (item.chosen.length >= item.count) removeItem(d, item.id);
    advance(d, track, item.stepsEach, item.benefits, 'card');
  },
  label: (item) => message('pending.advance', { count: item.count - item.chosen.length }),
  refusal(_env, d, item, choice) {
    const track = choice.track;
    if (track === undefined || !item.tracks.includes(track))
      return refuse('reason.chooseOneOf', { options: item.tracks });
    if (item.distinct && item.chosen.includes(track)) return refuse('reason.alreadyMoved', { track });
    if (!canAdvance(d.board, track))
      return isAtTop(d.board, track)
        ? refuse('reason.topCannotPick', { track })
        : refuse('reason.trackBlocked', { track }, '§8.2');
    return refuse('reason.notAChoice');
  },
};
