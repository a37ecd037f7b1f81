/**
 * Corporation rules: the data in corporations.json plus, where a board bends a rule, a small object
 * of hooks over the shared base (§8.2, `./corporation-base.ts`). The track model is a board of
 * squares (column × row): a tracker stands on a square and its corporation says where it may go
 * next and what landing there gives, so winding paths (Oasis), boxes (Wormhole), diagonal moves
 * (Makeshift), covered squares (Cosmos) and tech slots (Jump Drive) are hooks, not special cases of
 * the core.
 *
 * Each corporation lives in `./corporations/<id>.ts` as a `Partial<CorporationRules>`; this module
 * only lists them.
 */
import { createRegistry } from './registry';
import { baseCorporationRules, setCorporationLookup, type CorporationRules } from './corporation-base';
import { universalCoalition } from './corporations/universal-coalition';
import { republic } from './corporations/republic';
import { wormholeCorp } from './corporations/wormhole-corp';
import { cosmosInc } from './corporations/cosmos-inc';
import { horizonGroup } from './corporations/horizon-group';
import { jumpDrive } from './corporations/jump-drive';
import { oasisUltd } from './corporations/oasis-ultd';
import { makeshift } from './corporations/makeshift';
import { fluxIndustries } from './corporations/flux-industries';

/** Corporations playable so far, each with the hooks that differ from the base. */
const RULES: Record<string, Partial<CorporationRules> | null> = {
  'universal-coalition': universalCoalition,
  republic,
  'wormhole-corp': wormholeCorp,
  'cosmos-inc': cosmosInc,
  'horizon-group': horizonGroup,
  'jump-drive': jumpDrive,
  'oasis-ultd': oasisUltd,
  makeshift,
  'flux-industries': fluxIndustries,
};

const PLAYABLE = Object.fromEntries(
  Object.entries(RULES).filter((entry): entry is [string, Partial<CorporationRules>] => entry[1] !== null),
);

const registry = createRegistry<CorporationRules>('Corporation', baseCorporationRules, PLAYABLE);

/** Ids of the corporations that can be played (a board still being built exports null). */
export const PLAYABLE_CORPORATIONS: readonly string[] = registry.ids;

export const corporationRules = (id: string): CorporationRules => registry.get(id);

setCorporationLookup(corporationRules);
