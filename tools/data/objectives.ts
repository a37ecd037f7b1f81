/** objectives.json: the shared and private objective cards. */
import type { NeighborMeasure, ObjectiveCardData, PrivateCheck } from '../../game/data/types';
import {
  TERRAINS,
  TRACKS,
  arr,
  bool,
  exactKeys,
  fail,
  int,
  obj,
  oneOf,
  readReference,
  requireKeys,
  show,
  str,
  uniqueIds,
} from './reference';
import { listModule, type Output } from './output';

export const ITEMS = ['lifepod', 'meteorite'] as const;

export function buildMeasure(raw: unknown, where: string): NeighborMeasure {
  const o = obj(raw, where);
  const type = str(o.type, `${where}.type`);
  const keys = (...params: string[]): void => exactKeys(o, ['type', ...params], [], where);
  switch (type) {
    case 'resourceIconsOnEdge':
    case 'resourceIconsOnPlanet':
      keys('resource');
      return { type, resource: oneOf(o.resource, TERRAINS, `${where}.resource`) };
    case 'largestTerrainArea':
    case 'terrainAreaCount':
      keys('terrain');
      return { type, terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`) };
    case 'tracksAtMaximum':
      keys();
      return { type };
    case 'collectedCount':
      keys('item');
      return { type, item: oneOf(o.item, ITEMS, `${where}.item`) };
    default:
      return fail(`${where}.type`, `unknown neighbor measure ${show(type)}`);
  }
}

export function buildCheck(raw: unknown, where: string): PrivateCheck {
  const o = obj(raw, where);
  const type = str(o.type, `${where}.type`);
  const keys = (...params: string[]): void => exactKeys(o, ['type', ...params], [], where);
  switch (type) {
    case 'terrainRectangle':
      keys('terrain', 'width', 'height', 'eitherOrientation');
      return {
        type,
        terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`),
        width: int(o.width, `${where}.width`, 1, 12),
        height: int(o.height, `${where}.height`, 1, 12),
        eitherOrientation: bool(o.eitherOrientation, `${where}.eitherOrientation`),
      };
    case 'terrainAreaWithResourceIcons':
      keys('terrain', 'minIcons');
      return {
        type,
        terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`),
        minIcons: int(o.minIcons, `${where}.minIcons`, 1),
      };
    case 'trackAtMaximum':
      keys('track');
      return { type, track: oneOf(o.track, TRACKS, `${where}.track`) };
    case 'resourceIconsAtMost':
      keys('resource', 'max');
      return {
        type,
        resource: oneOf(o.resource, TERRAINS, `${where}.resource`),
        max: int(o.max, `${where}.max`, 0),
      };
    case 'collectedAtLeast':
      keys('item', 'min');
      return { type, item: oneOf(o.item, ITEMS, `${where}.item`), min: int(o.min, `${where}.min`, 1) };
    case 'collectedMoreThan':
      keys('more', 'than');
      return {
        type,
        more: oneOf(o.more, ITEMS, `${where}.more`),
        than: oneOf(o.than, ITEMS, `${where}.than`),
      };
    case 'allPlanetSquaresCovered':
      keys('kind');
      return { type, kind: oneOf(o.kind, ['ice', 'land'] as const, `${where}.kind`) };
    default:
      return fail(`${where}.type`, `unknown private check ${show(type)}`);
  }
}

export function buildObjectives(): ObjectiveCardData[] {
  const file = 'objectives.json';
  const root = readReference(file);
  const cards = arr(root.cards, `${file}: cards`).map((raw, i): ObjectiveCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, ['id', 'neighbor', 'private'], where);
    const here = `${where} (id ${show(o.id)})`;
    const n = obj(o.neighbor, `${here}.neighbor`);
    requireKeys(n, ['name', 'condition', 'measure', 'direction', 'win', 'tie'], `${here}.neighbor`);
    const p = obj(o.private, `${here}.private`);
    requireKeys(p, ['name', 'condition', 'check', 'medals'], `${here}.private`);
    return {
      id: int(o.id, `${here}.id`, 1),
      neighbor: {
        name: str(n.name, `${here}.neighbor.name`),
        condition: str(n.condition, `${here}.neighbor.condition`),
        measure: buildMeasure(n.measure, `${here}.neighbor.measure`),
        direction: oneOf(n.direction, ['most', 'fewest'] as const, `${here}.neighbor.direction`),
        win: int(n.win, `${here}.neighbor.win`, 0),
        tie: int(n.tie, `${here}.neighbor.tie`, 0),
      },
      private: {
        name: str(p.name, `${here}.private.name`),
        condition: str(p.condition, `${here}.private.condition`),
        check: buildCheck(p.check, `${here}.private.check`),
        medals: int(p.medals, `${here}.private.medals`, 0),
      },
    };
  });
  if (cards.length !== 28) fail(`${file}: cards`, `expected 28 cards, got ${cards.length}`);
  uniqueIds(cards, (c) => c.id, `${file}: cards`);
  return cards;
}

/** game/data/objectives.generated.ts: OBJECTIVES. */
export function objectivesOutput(): Output {
  return listModule(
    'objectives.json',
    'ObjectiveCardData',
    'OBJECTIVES',
    buildObjectives(),
    'The 28 objective cards (neighbor and private faces).',
  );
}
