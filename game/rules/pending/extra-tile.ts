/**
 * A civ card's extra tile: a tile from the depot's other stack, placed at once, its resources
 * advancing if the card says so. The list is every legal placement of both tiles, so asking about
 * one choice or whether any exists uses the list's own placement test instead of building it.
 *
 * It is placed under the normal rules (§4.1), so the planet's and the round event's restrictions
 * bind it with the waivers of §4.8: each is lifted, under R10, when it alone leaves neither tile
 * the depot offers now a place. The round's own tile was judged on other tiles and another board,
 * so its waiver does not carry over.
 */
import type { Choice, ChoiceOf, Draft, TurnEnv } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { present } from '../../core/present';
import { removeItem } from '../draft';
import { depotOffer, facingDepot, offerUnderWaivers } from '../depot';
import { canPlaceTile, legalTilePlacements, placementRefusal, type Placement } from '../legality';
import { addTileGains, putTile } from '../pieces';
import { hasOnlyKeys, type GainKind } from './kind';

const offered = (env: TurnEnv, d: Draft, choice: Choice) =>
  depotOffer(env, d).find((o) => o.stack === choice.stack);

/** The round tile's waiver does not carry over: the extra tile is judged on the tiles offered now. */
const extraTileRules = offerUnderWaivers;

const placementOf = (choice: ChoiceOf<'extraTile'>): Placement => ({
  orientation: choice.orientation,
  x: choice.x,
  y: choice.y,
});

export const extraTileGain: GainKind<'extraTile'> = {
  choices(env, d) {
    const out: ChoiceOf<'extraTile'>[] = [];
    const { offer, ctx, rules } = extraTileRules(env, d);
    for (const { stack, tileId } of offer) {
      for (const p of legalTilePlacements(ctx, tileId, rules)) out.push({ stack, ...p });
    }
    return out;
  },
  // The list names each footprint once, by its first orientation; an orientation giving the same
  // footprint is the same placement, as the placement test says: it is listed as the player names it.
  listed(env, d, _item, choice) {
    const offer = offered(env, d, choice);
    if (!offer || !hasOnlyKeys(choice, ['stack', 'orientation', 'x', 'y'])) return undefined;
    const { stack, orientation, x, y } = choice;
    const placement = { stack, orientation, x, y };
    const { ctx, rules } = extraTileRules(env, d);
    return placementRefusal(ctx, offer.tileId, placementOf(placement), rules) === null
      ? placement
      : undefined;
  },
  hasChoices(env, d) {
    const { offer, ctx, rules } = extraTileRules(env, d);
    return offer.some((o) => canPlaceTile(ctx, o.tileId, rules));
  },
  apply(env, d, item, choice) {
    // Listed only for a stack the depot offers.
    const offer = present(offered(env, d, choice), `tile in the ${choice.stack} stack`);
    removeItem(d, item.id);
    d.extraTaken.push({
      depot: facingDepot(env.state, env.player),
      stack: offer.stack,
      tileId: offer.tileId,
    });
    const placed = putTile(d, offer.tileId, placementOf(choice), env.state.round);
    if (item.advance) addTileGains(d, offer.tileId, placed);
  },
  label: () => message('pending.depotTile'),
  refusal(env, d, _item, choice) {
    const offer = offered(env, d, choice);
    if (!offer) return refuse('reason.chooseStackWithTile');
    const { orientation, x, y } = choice;
    if (orientation === undefined || x === undefined || y === undefined)
      return refuse('reason.givePlacement');
    const { ctx, rules } = extraTileRules(env, d);
    return placementRefusal(ctx, offer.tileId, { orientation, x, y }, rules) ?? refuse('reason.notAChoice');
  },
};
