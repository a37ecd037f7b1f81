/**
 * A civ card's extra tile: a tile from the depot's other stack, placed at once, its resources
 * advancing if the card says so. The list is every legal placement of both tiles, so asking about
 * one choice or whether any exists uses the list's own placement test instead of building it.
 */
import type { Choice, Draft } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { type TurnEnv, removeItem } from '../draft';
import { depotOffer, facingDepot } from '../depot';
import {
  canPlaceTile,
  legalTilePlacements,
  placementContext,
  placementRefusal,
  tileRestrictions,
  type Placement,
} from '../legality';
import { addTileGains, putTile } from '../pieces';
import { hasOnlyKeys, type GainKind } from './kind';

const offered = (env: TurnEnv, d: Draft, choice: Choice) =>
  depotOffer(env, d).find((o) => o.stack === choice.stack);

const placementOf = (choice: Choice): Placement => ({
  orientation: choice.orientation!,
  x: choice.x!,
  y: choice.y!,
});

export const extraTileGain: GainKind<'extraTile'> = {
  choices(env, d) {
    const out: Choice[] = [];
    const ctx = placementContext(d.board);
    for (const { stack, tileId } of depotOffer(env, d)) {
      for (const p of legalTilePlacements(ctx, tileId, tileRestrictions(d.rules))) out.push({ stack, ...p });
    }
    return out;
  },
  // The list names each footprint once, by its first orientation; an orientation giving the same
  // footprint is the same placement, as the placement test says.
  isListed(env, d, _item, choice) {
    const offer = offered(env, d, choice);
    if (!offer || !hasOnlyKeys(choice, ['stack', 'orientation', 'x', 'y'])) return false;
    const ctx = placementContext(d.board);
    return placementRefusal(ctx, offer.tileId, placementOf(choice), tileRestrictions(d.rules)) === null;
  },
  hasChoices(env, d) {
    const ctx = placementContext(d.board);
    return depotOffer(env, d).some((o) => canPlaceTile(ctx, o.tileId, tileRestrictions(d.rules)));
  },
  apply(env, d, item, choice) {
    const offer = offered(env, d, choice)!;
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
    if (choice.orientation === undefined || choice.x === undefined || choice.y === undefined)
      return refuse('reason.givePlacement');
    const ctx = placementContext(d.board);
    return (
      placementRefusal(ctx, offer.tileId, placementOf(choice), tileRestrictions(d.rules)) ??
      refuse('reason.notAChoice')
    );
  },
};
