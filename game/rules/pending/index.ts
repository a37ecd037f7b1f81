/**
 * The pending gains of a turn (R1): the table of the 19 kinds, each a module that lists its choices,
 * applies a listed one, labels itself and explains a refusal. Resolving accepts a choice exactly
 * when the item's list holds it (an absent choice is `{}`), and hands the kind the listed choice in
 * its own shape, so nothing decides twice.
 */
import type { Choice, ChoiceOf, Draft, PendingItem, PendingKind, TurnEnv } from '../../core/types';
import { refuse, type Message, type PendingCode, type Reason } from '../../core/messages';
import { advanceGain } from './advance';
import { boostOrPeekGain } from './boost-or-peek';
import { cardAdvanceGain } from './card-advance';
import { collectGain } from './collect';
import { destroyLineGain } from './destroy-line';
import { destroyMeteoritesGain } from './destroy-meteorites';
import { destroyPieceGain } from './destroy-piece';
import { discardObjectiveGain } from './discard-objective';
import { energyGain } from './energy';
import { eventMeteoriteGain } from './event-meteorite';
import { extraTileGain } from './extra-tile';
import { lifepodSpotGain } from './lifepod-spot';
import { corporationGain } from './corporation';
import { findListed, type GainKind, type ItemOf } from './kind';
import { patchGain } from './patch';
import { regressGain } from './regress';
import { removeStackGain } from './remove-stack';
import { roverGain } from './rover';
import { synergyGain } from './synergy';
import { teleportGain } from './teleport';

export type { GainKind } from './kind';

const KINDS: { [K in PendingKind]: GainKind<K> } = {
  advance: advanceGain,
  energy: energyGain,
  synergy: synergyGain,
  patch: patchGain,
  rover: roverGain,
  cardAdvance: cardAdvanceGain,
  collect: collectGain,
  destroyMeteorites: destroyMeteoritesGain,
  destroyLine: destroyLineGain,
  teleport: teleportGain,
  regress: regressGain,
  destroyPiece: destroyPieceGain,
  eventMeteorite: eventMeteoriteGain,
  boostOrPeek: boostOrPeekGain,
  removeStack: removeStackGain,
  discardObjective: discardObjectiveGain,
  extraTile: extraTileGain,
  lifepodSpot: lifepodSpotGain,
  corporation: corporationGain,
};

/** The module of an item's kind, typed for that item. */
const gainOf = (item: PendingItem) => KINDS[item.kind] as GainKind<PendingKind>;

/** Every way an item can be resolved now; empty means it is lost at confirmation (§3.7). */
export function itemChoices(env: TurnEnv, d: Draft, item: PendingItem): Choice[] {
  return gainOf(item).choices(env, d, item);
}

/** Whether the item has a choice now: it must be resolved before confirming (§3.7). */
export function isResolvable(env: TurnEnv, d: Draft, item: PendingItem): boolean {
  const gain = gainOf(item);
  return gain.hasChoices ? gain.hasChoices(env, d, item) : gain.choices(env, d, item).length > 0;
}

/**
 * The listed choice equal to `choice`, in the shape of the item's kind, or undefined when the
 * item's list does not hold it: the list is the check.
 */
function listedChoice<K extends PendingKind>(
  gain: GainKind<K>,
  env: TurnEnv,
  d: Draft,
  item: ItemOf<K>,
  choice: Choice,
): ChoiceOf<K> | undefined {
  return gain.listed ? gain.listed(env, d, item, choice) : findListed(gain.choices(env, d, item), choice);
}

/** The item as a player reads it on the pending list. */
export const pendingLabel = (item: PendingItem): Message<PendingCode> => gainOf(item).label(item);

/** Resolve one pending item with the player's choice (R1): why not, or null once applied. */
export function resolveItem(
  env: TurnEnv,
  d: Draft,
  itemId: number,
  choice: Choice | undefined,
): Reason | null {
  const item = d.pending.find((p) => p.id === itemId);
  if (!item) return refuse('reason.noPending', { id: itemId });
  const chosen: Choice = choice ?? {};
  // A choice arrives from the network: anything but a plain object is none of the listed ones.
  if (typeof chosen !== 'object' || Array.isArray(chosen)) return refuse('reason.notAChoice');
  const gain = gainOf(item);
  const listed = listedChoice(gain, env, d, item, chosen);
  if (listed === undefined) return gain.refusal(env, d, item, chosen);
  gain.apply(env, d, item, listed);
  return null;
}
