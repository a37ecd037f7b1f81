/**
 * The steps of a player's turn (§3.5–§3.8): taking the round's tile, placing it, moving rovers and
 * confirming. Resolving pending gains is in ./pending. Each step is refused with a reason, or
 * applied in full to the draft; the engine works on a copy, so a refused step changes nothing.
 */
import { boardRules } from './board-rules';
import type { Draft, StackSide, TurnEnv } from '../core/types';
import { refuse, type Reason } from '../core/messages';
import { present } from '../core/present';
import { activeTileRules, depotOffer, facingDepot, offerUnderWaivers } from './depot';
import { canPlaceTile, placementContext, placementRefusal, type Placement } from './legality';
import { forbiddenRoverTerrain, roverPath } from './rover-steps';
import { isResolvable, pendingLabel } from './pending';
import { addTileGains, putTile, roverEnters } from './pieces';
import { roverById } from './board';
import { effects } from './tracks';
import { tileById } from '../data';

/** A stack the player may take now, its tile, whether that tile fits, and whether R10 lifted the event's restriction. */
export interface TileOption {
  stack: StackSide;
  tileId: number;
  /** False when neither tile fits: the tile is then set aside (§4.10). */
  fits: boolean;
  /** The event's restriction is lifted this turn (R10, §4.8). */
  waived: boolean;
  /** The planet's restriction is lifted this turn (R10, §4.8; Pajitnov's own fallback, R18). */
  planetWaived: boolean;
}

/** The items of this round's event still to resolve before taking a tile (§3.4); event 65's rover waits for the tile. */
const openEventItems = (env: TurnEnv, d: Draft) =>
  d.pending.filter((p) => !p.thisRoundTile && isResolvable(env, d, p));

/**
 * What the depot offers the player now, with the test of a tile fitting under the round's rules
 * after R10's waiver, answered lazily: taking one stack rarely needs to know about the other.
 */
function takeableDepot(env: TurnEnv, d: Draft) {
  if (env.kind !== 'round' || d.taken || openEventItems(env, d).length) return null;
  // R10, per source: the planet's or the event's restriction is lifted when it leaves no tile placeable.
  const { offer, waivers, ctx, rules } = offerUnderWaivers(env, d);
  const known = new Map<number, boolean>();
  const fits = (tileId: number): boolean => {
    let answer = known.get(tileId);
    if (answer === undefined) known.set(tileId, (answer = canPlaceTile(ctx, tileId, rules)));
    return answer;
  };
  return { offer, waivers, fits };
}

/** The listing's test for one stack: it is offered, and its tile fits or no offered tile does (§4.9). */
function takeOption(
  depot: NonNullable<ReturnType<typeof takeableDepot>>,
  stack: StackSide,
): TileOption | null {
  const chosen = depot.offer.find((o) => o.stack === stack);
  if (!chosen) return null;
  const fits = depot.fits(chosen.tileId);
  if (!fits && depot.offer.some((o) => depot.fits(o.tileId))) return null;
  return {
    stack,
    tileId: chosen.tileId,
    fits,
    waived: depot.waivers.event,
    planetWaived: depot.waivers.planet,
  };
}

/**
 * The stacks the player may take from now (§3.5, §4.9, R4, R10): the one decider of taking a
 * tile. A tile that fits must be taken over one that does not.
 */
export function takeTileOptions(env: TurnEnv, d: Draft): TileOption[] {
  const depot = takeableDepot(env, d);
  if (!depot) return [];
  return depot.offer.flatMap((o) => takeOption(depot, o.stack) ?? []);
}

/** Why the stack may not be taken now: it explains, `takeTileOptions` decides. */
export function takeTileRefusal(env: TurnEnv, d: Draft, stack: StackSide): Reason {
  if (env.kind !== 'round') return refuse('reason.takenDuringRound');
  if (d.taken) return refuse('reason.alreadyTook', { stack: d.taken.stack }, 'R4');
  if (stack !== 'small' && stack !== 'large') return refuse('reason.chooseStack');
  const open = openEventItems(env, d);
  if (open.length) return refuse('reason.resolveEventFirst', { items: open.map(pendingLabel) }, '§3.4');
  if (!depotOffer(env, d).some((o) => o.stack === stack))
    return refuse('reason.stackEmpty', { stack }, '§3.5');
  return refuse('reason.mustTakePlaceable', { stack }, '§4.9');
}

export function takeTile(env: TurnEnv, d: Draft, stack: StackSide): Reason | null {
  // The listing's own test, for this stack alone.
  const depot = takeableDepot(env, d);
  const option = depot && takeOption(depot, stack);
  if (!option) return takeTileRefusal(env, d, stack);
  d.restrictionWaived = option.waived;
  d.planetRestrictionWaived = option.planetWaived;
  d.taken = { depot: facingDepot(env.state, env.player), stack, tileId: option.tileId };
  const { corp, corporation } = boardRules(d.board);
  corporation.onTileTaken(corp, d, effects, option.tileId); // Republic tech 1
  if (!option.fits) {
    // §4.10: neither tile fits. The tile leaves the game; its resources still advance.
    d.placed = true;
    d.unplaceable = true;
    addTileGains(d, option.tileId, null);
  }
  return null;
}

/** The tile taken this round and waiting to be placed, or null: the one test of "a tile to place now". */
export const tileToPlace = (env: TurnEnv, d: Draft): number | null =>
  env.kind === 'round' && d.taken && !d.placed ? d.taken.tileId : null;

export function placeTile(env: TurnEnv, d: Draft, p: Placement): Reason | null {
  const tileId = tileToPlace(env, d);
  if (tileId === null) {
    // Explains only: tileToPlace has decided.
    if (env.kind !== 'round') return refuse('reason.noTileToPlace');
    if (!d.taken) return refuse('reason.takeTileFirst', {}, '§3.5');
    return d.unplaceable
      ? refuse('reason.tileSetAside', {}, '§4.10')
      : refuse('reason.tileAlreadyPlaced', {}, 'R4');
  }
  if (!p || typeof p !== 'object') return refuse('reason.givePlacement');
  const tile = tileById(tileId);
  const why = placementRefusal(
    placementContext(d.board, d.planetRestrictionWaived),
    tile.id,
    p,
    activeTileRules(d),
  );
  if (why) return why;
  const placed = putTile(d, tile.id, { orientation: p.orientation, x: p.x, y: p.y }, env.state.round);
  d.placed = true;
  addTileGains(d, tile.id, placed);
  return null;
}

export function moveRover(d: Draft, rover: number, path: [number, number][]): Reason | null {
  const steps = roverPath(d.board, rover, path, d.movement, forbiddenRoverTerrain(d.rules));
  if (!Array.isArray(steps)) return steps;
  const r = roverById(d.board, rover); // the path was read for this rover
  const { corp, corporation: rules } = boardRules(d.board);
  for (const step of steps) {
    const from = present(r.cell, 'square of the moving rover');
    r.cell = step.cell;
    d.movement -= step.cost;
    if (step.ability && !d.board.corp.usedThisRound.includes(step.ability))
      d.board.corp.usedThisRound.push(step.ability);
    rules.roverMoved(corp, d, r.id, from, step.cell);
    roverEnters(d, r.id, step.cell); // every square entered; a jump enters only where it lands (§5.10.4)
  }
  return null;
}

/** Why the player cannot confirm yet, or null (§3.7, §3.8): the one decider of confirming. */
export function confirmRefusal(env: TurnEnv, d: Draft): Reason | null {
  if (env.kind === 'round' && !d.taken) return refuse('reason.takeTileFirst', {}, '§3.5');
  if (env.kind === 'round' && !d.placed) return refuse('reason.placeBeforeConfirm', {}, '§3.8');
  const open = d.pending.filter((item) => isResolvable(env, d, item));
  if (open.length) return refuse('reason.resolvePendingFirst', { items: open.map(pendingLabel) }, '§3.7');
  return null;
}
