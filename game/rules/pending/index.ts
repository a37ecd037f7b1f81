/**
 * The pending gains of a turn (R1): the table of the 17 kinds, each a module that lists its choices,
 * applies a listed one, labels itself and explains a refusal. Resolving accepts a choice exactly
 * when the item's list holds it (an absent choice is `{}`), so nothing decides twice.
 */
import type { Choice, Draft, PendingItem, PendingKind } from '../../core/types';
import { refuse, type Message, type PendingCode, type Reason } from '../../core/messages';
import type { TurnEnv } from '../draft';
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
import { sameChoice, type GainKind } from './kind';
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
  return gainOf(item).choices(env, d, item as never);
}

/** Whether the item has a choice now: it must be resolved before confirming (§3.7). */
export function isResolvable(env: TurnEnv, d: Draft, item: PendingItem): boolean {
  const gain = gainOf(item);
  return gain.hasChoices
    ? gain.hasChoices(env, d, item as never)
    : gain.choices(env, d, item as never).length > 0;
}

/** Whether the choice is one of the item's listed choices. */
export function isListedChoice(env: TurnEnv, d: Draft, item: PendingItem, choice: Choice): boolean {
  const gain = gainOf(item);
  if (gain.isListed) return gain.isListed(env, d, item as never, choice);
  return gain.choices(env, d, item as never).some((listed) => sameChoice(listed, choice));
}

/** The item as a player reads it on the pending list. */
export const pendingLabel = (item: PendingItem): Message<PendingCode> => gainOf(item).label(item as never);

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
  if (!isListedChoice(env, d, item, chosen)) return gain.refusal(env, d, item as never, chosen);
  gain.apply(env, d, item as never, chosen);
  return null;
}
