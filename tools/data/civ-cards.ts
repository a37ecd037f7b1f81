/** civ-cards.json: the 36 civ cards and their structured effects. */
import type { CivCardData, CivEffect } from '../../game/data/types';
import {
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
  rest,
  show,
  str,
  uniqueIds,
} from './reference';
import { listModule, type Output } from './output';

export const BENEFITS = ['all', 'allButSynergy', 'none'] as const;

/** Params present in the reference but not carried by CivEffect; dropped (value must be the known one). */
export const CIV_EFFECT_DROPPED: Record<string, Record<string, unknown>> = {
  destroyMeteoritesInLine: { line: 'rowOrColumn' },
};

export function numberTable(value: unknown, where: string): Record<string, number> {
  const o = obj(value, where);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, int(v, `${where}["${k}"]`, 0)]));
}

export function buildCivEffect(raw: unknown, where: string): CivEffect {
  const o0 = obj(raw, where);
  const op = str(o0.op, `${where}.op`);
  const dropped = CIV_EFFECT_DROPPED[op] ?? {};
  for (const [k, v] of Object.entries(dropped)) {
    if (k in o0 && o0[k] !== v)
      fail(`${where}.${k}`, `expected ${show(v)} (this field is not carried), got ${show(o0[k])}`);
  }
  const o = rest(o0, Object.keys(dropped));
  const keys = (...params: string[]): void => exactKeys(o, ['op', ...params], [], where);
  switch (op) {
    case 'advanceTrackers': {
      keys('count', 'stepsEach', 'distinct', 'tracks', 'benefits');
      const tracks =
        o.tracks === 'any'
          ? ('any' as const)
          : arr(o.tracks, `${where}.tracks`).map((t, i) => oneOf(t, TRACKS, `${where}.tracks[${i}]`));
      return {
        op,
        count: int(o.count, `${where}.count`, 1),
        stepsEach: int(o.stepsEach, `${where}.stepsEach`, 1),
        distinct: bool(o.distinct, `${where}.distinct`),
        tracks,
        benefits: oneOf(o.benefits, BENEFITS, `${where}.benefits`),
      };
    }
    case 'advanceAllTrackersToPosition':
      keys('position', 'benefits');
      return {
        op,
        position: int(o.position, `${where}.position`, 1),
        benefits: oneOf(o.benefits, BENEFITS, `${where}.benefits`),
      };
    case 'gainBiomassPatches':
      keys('count');
      return { op, count: int(o.count, `${where}.count`, 1) };
    case 'gainRoverMovement':
      keys('amount');
      return { op, amount: int(o.amount, `${where}.amount`, 1) };
    case 'teleportRover':
      keys('count');
      return { op, count: int(o.count, `${where}.count`, 1) };
    case 'placeExtraTileFromDepot':
      keys('advanceForResources');
      return { op, advanceForResources: bool(o.advanceForResources, `${where}.advanceForResources`) };
    case 'collectFromPlanet':
      keys('item', 'count');
      return {
        op,
        item: oneOf(o.item, ['lifepod', 'meteorite'] as const, `${where}.item`),
        count: int(o.count, `${where}.count`, 1),
      };
    case 'destroyMeteoritesInLine':
      keys();
      return { op };
    case 'destroyFromPlanet':
      keys('item', 'count');
      return {
        op,
        item: oneOf(o.item, ['meteorite'] as const, `${where}.item`),
        count: int(o.count, `${where}.count`, 1),
      };
    case 'medals':
      keys('amount');
      return { op, amount: int(o.amount, `${where}.amount`, 0) };
    case 'medalsPer':
      keys('per', 'amount');
      return { op, per: str(o.per, `${where}.per`), amount: int(o.amount, `${where}.amount`, 0) };
    case 'setLifepodValue':
      keys('medalsEach');
      return { op, medalsEach: int(o.medalsEach, `${where}.medalsEach`, 0) };
    case 'meteoriteRepoSet':
      keys('medalsPerThreeMeteorites');
      return {
        op,
        medalsPerThreeMeteorites: numberTable(
          o.medalsPerThreeMeteorites,
          `${where}.medalsPerThreeMeteorites`,
        ),
      };
    case 'commerceAgreementSet':
      keys('medalsByCount');
      return { op, medalsByCount: numberTable(o.medalsByCount, `${where}.medalsByCount`) };
    default:
      return fail(`${where}.op`, `unknown civ effect op ${show(op)}`);
  }
}

export function buildCivCards(): CivCardData[] {
  const file = 'civ-cards.json';
  const root = readReference(file);
  const cards = arr(root.cards, `${file}: cards`).map((raw, i): CivCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, ['id', 'name', 'rank', 'timing', 'effect', 'structured'], where);
    const here = `${where} (id ${show(o.id)}, ${show(o.name)})`;
    return {
      id: int(o.id, `${here}.id`, 1),
      name: str(o.name, `${here}.name`),
      rank: int(o.rank, `${here}.rank`, 1, 4),
      timing: oneOf(o.timing, ['immediate', 'endGame'] as const, `${here}.timing`),
      effect: str(o.effect, `${here}.effect`),
      structured: arr(o.structured, `${here}.structured`).map((e, j) =>
        buildCivEffect(e, `${here}.structured[${j}]`),
      ),
    };
  });
  if (cards.length !== 36) fail(`${file}: cards`, `expected 36 cards, got ${cards.length}`);
  uniqueIds(cards, (c) => c.id, `${file}: cards`);
  for (const rank of [1, 2, 3, 4]) {
    const n = cards.filter((c) => c.rank === rank).length;
    if (n !== 9) fail(`${file}: cards`, `expected 9 cards of rank ${rank}, got ${n}`);
  }
  return cards;
}

/** game/data/civ-cards.generated.ts: CIV_CARDS. */
export function civCardsOutput(): Output {
  return listModule('civ-cards.json', 'CivCardData', 'CIV_CARDS', buildCivCards(), 'The 36 civ cards.');
}
