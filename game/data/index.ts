/**
 * The component data (hand-written entry point). The *.generated.ts modules are produced from
 * assets/reference/*.json by `npm run data`; test/data.test.ts checks they still agree.
 */
import { CIV_CARDS } from './civ-cards.generated';
import { CORPORATIONS } from './corporations.generated';
import { OBJECTIVES } from './objectives.generated';
import { PLANETS } from './planets.generated';
import { SHAPES, TILES } from './tiles.generated';
import type {
  CivCardData,
  CorporationData,
  ObjectiveCardData,
  PlanetData,
  ShapeData,
  TileData,
} from './types';

export type * from './types';
export { SHAPES, TILES, STATION } from './tiles.generated';
export { PLANETS } from './planets.generated';
export { CORPORATIONS } from './corporations.generated';
export { CIV_CARDS } from './civ-cards.generated';
export { OBJECTIVES } from './objectives.generated';
export {
  EVENTS,
  EVENT_COUNTS_BY_COLOR,
  EVENT_SOLO_ONLY,
  EVENT_DECK_RULES,
  EVENT_DECK_COMPOSITION,
  EVENT_SOLO_TARGET,
  EVENT_SOLO_EPILOGUE,
  EVENT_EFFECT_VOCABULARY,
  EVENT_ROUND_RULES,
  EVENT_DUPLICATE_EFFECTS,
} from './events.generated';

/** The symmetric planet (the identical front side of every planet board). */
export const SYMMETRIC_PLANET = 'ksb-4156';
/** The symmetric corporation (the neutral back side of every corporation board). */
export const SYMMETRIC_CORPORATION = 'universal-coalition';

function indexBy<K, T>(items: readonly T[], key: (item: T) => K): ReadonlyMap<K, T> {
  return new Map(items.map((item) => [key(item), item]));
}

const SHAPE_BY_ID = indexBy(SHAPES, (s) => s.id);
const TILE_BY_ID = indexBy(TILES, (t) => t.id);
const PLANET_BY_ID = indexBy(PLANETS, (p) => p.id);
const CORPORATION_BY_ID = indexBy(CORPORATIONS, (c) => c.id);
const CIV_CARD_BY_ID = indexBy(CIV_CARDS, (c) => c.id);
const OBJECTIVE_BY_ID = indexBy(OBJECTIVES, (o) => o.id);

/** `known` is only computed for the error message: lookups sit on the engine's hot paths. */
function lookup<K, T>(map: ReadonlyMap<K, T>, id: K, what: string, known: () => string): T {
  const item = map.get(id);
  if (item === undefined) throw new Error(`Unknown ${what} id ${JSON.stringify(id)} (known: ${known()})`);
  return item;
}

function range(map: ReadonlyMap<number, unknown>): string {
  const ids = [...map.keys()];
  return `${Math.min(...ids)}..${Math.max(...ids)}`;
}

export function shapeById(id: number): ShapeData {
  return lookup(SHAPE_BY_ID, id, 'shape', () => range(SHAPE_BY_ID));
}

export function tileById(id: number): TileData {
  return lookup(TILE_BY_ID, id, 'tile', () => range(TILE_BY_ID));
}

export function planetById(id: string): PlanetData {
  return lookup(PLANET_BY_ID, id, 'planet', () => [...PLANET_BY_ID.keys()].join(', '));
}

export function corporationById(id: string): CorporationData {
  return lookup(CORPORATION_BY_ID, id, 'corporation', () => [...CORPORATION_BY_ID.keys()].join(', '));
}

export function civCardById(id: number): CivCardData {
  return lookup(CIV_CARD_BY_ID, id, 'civ card', () => range(CIV_CARD_BY_ID));
}

export function objectiveById(id: number): ObjectiveCardData {
  return lookup(OBJECTIVE_BY_ID, id, 'objective', () => range(OBJECTIVE_BY_ID));
}
