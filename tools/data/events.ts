/** events.json: the 60 event cards, the deck rules, the solo target and epilogue. */
import type {
  EventCardData,
  EventColor,
  EventEffect,
  EventSoloTargetData,
  EventTracks,
  RoundRule,
} from '../../game/data/types';
import {
  EVENT_COLORS,
  type Obj,
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
  rest,
  show,
  str,
  uniqueIds,
} from './reference';
import { type Output } from './output';

export interface EventTables {
  events: EventCardData[];
  byColor: Record<EventColor, number>;
  soloOnly: Obj;
  deckRules: Record<string, string>;
  composition: Obj;
  soloTarget: EventSoloTargetData;
  soloEpilogue: Obj;
  effectVocabulary: Record<string, string>;
  roundRules: Record<string, string>;
  duplicateEffects: Obj;
}

export function stringTable(value: unknown, where: string): Record<string, string> {
  const o = obj(value, where);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, str(v, `${where}.${k}`)]));
}

/** The round rules that name nothing more than themselves (RoundRule). */
export const PLAIN_ROUND_RULES = [
  'tileMayNotTouchEdge',
  'tileMayNotCoverIce',
  'tileMayNotTouchMatchingTerrain',
  'onlyOneTileResourceAdvances',
  'noMilestoneBenefits',
  'noSynergyBoosts',
] as const satisfies readonly RoundRule['rule'][];

const eventTracks = (value: unknown, where: string): EventTracks =>
  value === 'any' ? 'any' : arr(value, where).map((t, i) => oneOf(t, TRACKS, `${where}[${i}]`));

/**
 * One structured step of an event card, checked field by field against EventEffect: its `op` must
 * be in the card file's vocabulary (and a round rule in its round rules) and one the engine types.
 */
export function buildEventEffect(
  raw: unknown,
  where: string,
  vocabulary: Record<string, string>,
  roundRules: Record<string, string>,
): EventEffect {
  const o = obj(raw, where);
  const op = str(o.op, `${where}.op`);
  if (!(op in vocabulary)) fail(`${where}.op`, `unknown event effect op ${show(op)}`);
  const keys = (required: string[], optional: string[] = []): void =>
    exactKeys(o, ['op', ...required], optional, where);
  const count = (): number => int(o.count, `${where}.count`, 1);
  const pieces = ['lifepod', 'meteorite'] as const;
  switch (op) {
    case 'advanceTracker':
      keys(['tracks', 'steps', 'benefits'], ['synergyBoost']);
      return {
        op,
        tracks: eventTracks(o.tracks, `${where}.tracks`),
        steps: int(o.steps, `${where}.steps`, 1),
        benefits: bool(o.benefits, `${where}.benefits`),
        ...('synergyBoost' in o ? { synergyBoost: bool(o.synergyBoost, `${where}.synergyBoost`) } : {}),
      };
    case 'regressTracker':
      keys(['tracks', 'steps']);
      return {
        op,
        tracks: eventTracks(o.tracks, `${where}.tracks`),
        steps: int(o.steps, `${where}.steps`, 1),
      };
    case 'choice':
      keys(['options']);
      return {
        op,
        options: arr(o.options, `${where}.options`).map((opt, i) =>
          Array.isArray(opt)
            ? opt.map((e, j) => buildEventEffect(e, `${where}.options[${i}][${j}]`, vocabulary, roundRules))
            : buildEventEffect(opt, `${where}.options[${i}]`, vocabulary, roundRules),
        ),
      };
    case 'peekNextEvent':
      keys([]);
      return { op };
    case 'gainBiomassPatch':
    case 'drawPrivateObjective':
    case 'destroyPrivateObjective':
      keys(['count']);
      return { op, count: count() };
    case 'collectFromPlanet':
    case 'destroyCollected':
      keys(['item', 'count']);
      return { op, item: oneOf(o.item, pieces, `${where}.item`), count: count() };
    case 'destroyOnPlanet':
      keys(['item', 'count'], ['onlyIfMoreThan']);
      return {
        op,
        item: oneOf(o.item, ['lifepod', 'rover'] as const, `${where}.item`),
        count: count(),
        ...('onlyIfMoreThan' in o
          ? { onlyIfMoreThan: int(o.onlyIfMoreThan, `${where}.onlyIfMoreThan`, 0) }
          : {}),
      };
    case 'addMeteorite':
      keys(['count', 'where']);
      return {
        op,
        count: count(),
        where: oneOf(o.where, ['emptyMeteoriteSymbolOnPlacedTile'] as const, `${where}.where`),
      };
    case 'gainRover':
      keys(['count', 'placement']);
      return {
        op,
        count: count(),
        placement: oneOf(o.placement, ['tilePlacedThisRound'] as const, `${where}.placement`),
      };
    case 'civPilesAdjust':
      keys(['delta', 'perRank', 'random', 'shared']);
      return {
        op,
        delta: int(o.delta, `${where}.delta`),
        perRank: bool(o.perRank, `${where}.perRank`),
        random: bool(o.random, `${where}.random`),
        shared: bool(o.shared, `${where}.shared`),
      };
    case 'rotateStation':
      keys(['to', 'shared']);
      return {
        op,
        to: oneOf(o.to, ['anyDepot'] as const, `${where}.to`),
        shared: bool(o.shared, `${where}.shared`),
      };
    case 'removeStationStack':
      keys(['chooseFrom', 'shared']);
      return {
        op,
        chooseFrom: oneOf(o.chooseFrom, ['currentDepot'] as const, `${where}.chooseFrom`),
        shared: bool(o.shared, `${where}.shared`),
      };
    case 'roundRule': {
      const rule = str(o.rule, `${where}.rule`);
      if (!(rule in roundRules)) fail(`${where}.rule`, `unknown round rule ${show(rule)}`);
      if (rule === 'roverCannotEnterTerrain') {
        keys(['rule', 'terrain']);
        return { op, rule, terrain: oneOf(o.terrain, TERRAINS, `${where}.terrain`) };
      }
      keys(['rule']);
      return { op, rule: oneOf(rule, PLAIN_ROUND_RULES, `${where}.rule`) };
    }
    default:
      return fail(
        `${where}.op`,
        `event effect op ${show(op)} is in the vocabulary but not typed (EventEffect)`,
      );
  }
}

export const EVENT_CORE = [
  'id',
  'printedNumber',
  'name',
  'color',
  'soloOnly',
  'effect',
  'structured',
] as const;

export function buildEvents(): EventTables {
  const file = 'events.json';
  const root = readReference(file);
  const effectVocabulary = stringTable(root.effectVocabulary, `${file}: effectVocabulary`);
  const roundRules = stringTable(root.roundRules, `${file}: roundRules`);

  const checkEffect = (raw: unknown, where: string): EventEffect =>
    buildEventEffect(raw, where, effectVocabulary, roundRules);

  const events = arr(root.cards, `${file}: cards`).map((raw, i): EventCardData => {
    const where = `${file}: cards[${i}]`;
    const o = obj(raw, where);
    requireKeys(o, EVENT_CORE, where);
    const here = `${where} (id ${show(o.id)})`;
    const id = int(o.id, `${here}.id`, 1);
    const printedNumber = int(o.printedNumber, `${here}.printedNumber`, 1);
    if (printedNumber !== id - 64)
      fail(`${here}.printedNumber`, `expected id - 64 = ${id - 64}, got ${printedNumber}`);
    return {
      id,
      printedNumber,
      name: str(o.name, `${here}.name`),
      color: oneOf(o.color, EVENT_COLORS, `${here}.color`),
      soloOnly: bool(o.soloOnly, `${here}.soloOnly`),
      effect: str(o.effect, `${here}.effect`),
      structured: arr(o.structured, `${here}.structured`).map((e, j) =>
        checkEffect(e, `${here}.structured[${j}]`),
      ),
      extra: rest(o, EVENT_CORE),
    };
  });
  if (events.length !== 60) fail(`${file}: cards`, `expected 60 cards, got ${events.length}`);
  uniqueIds(events, (e) => e.id, `${file}: cards`);

  const byColorRaw = obj(root.byColor, `${file}: byColor`);
  exactKeys(byColorRaw, EVENT_COLORS, [], `${file}: byColor`);
  const byColor = Object.fromEntries(
    EVENT_COLORS.map((c) => [c, int(byColorRaw[c], `${file}: byColor.${c}`, 0)]),
  ) as Record<EventColor, number>;
  for (const c of EVENT_COLORS) {
    const n = events.filter((e) => e.color === c).length;
    if (n !== byColor[c]) fail(`${file}: byColor.${c}`, `says ${byColor[c]} but ${n} cards are ${c}`);
  }

  const soloOnly = obj(root.soloOnly, `${file}: soloOnly`);
  const soloIds = arr(soloOnly.ids, `${file}: soloOnly.ids`).map((id, i) =>
    int(id, `${file}: soloOnly.ids[${i}]`),
  );
  const flagged = events.filter((e) => e.soloOnly).map((e) => e.id);
  if (show([...soloIds].sort((a, b) => a - b)) !== show(flagged.sort((a, b) => a - b))) {
    fail(
      `${file}: soloOnly.ids`,
      `${show(soloIds)} does not match the cards flagged soloOnly ${show(flagged)}`,
    );
  }

  const soloTargetRaw = obj(root.soloTarget, `${file}: soloTarget`);
  int(soloTargetRaw.base, `${file}: soloTarget.base`);
  arr(soloTargetRaw.adjustmentByCount, `${file}: soloTarget.adjustmentByCount`).forEach((row, i) => {
    const w = `${file}: soloTarget.adjustmentByCount[${i}]`;
    const r = obj(row, w);
    exactKeys(r, ['cards', 'red', 'orange', 'green'], [], w);
    str(r.cards, `${w}.cards`);
    for (const c of EVENT_COLORS) int(r[c], `${w}.${c}`);
  });

  return {
    events,
    byColor,
    soloOnly,
    deckRules: stringTable(root.deckRules, `${file}: deckRules`),
    composition: obj(root.implementationComposition, `${file}: implementationComposition`),
    soloTarget: soloTargetRaw as EventSoloTargetData,
    soloEpilogue: obj(root.soloEpilogue, `${file}: soloEpilogue`),
    effectVocabulary,
    roundRules,
    duplicateEffects: obj(root.duplicateEffects, `${file}: duplicateEffects`),
  };
}

/** game/data/events.generated.ts: the event cards, the deck rules, the solo target and epilogue. */
export function eventsOutput(): Output {
  const events = buildEvents();
  return {
    file: 'events.generated.ts',
    source: 'events.json',
    types: ['EventCardData', 'EventColor', 'EventSoloTargetData'],
    constants: [
      {
        name: 'EVENTS',
        type: 'readonly EventCardData[]',
        value: events.events,
        doc: 'The 60 event cards (ids 65-124).',
      },
      {
        name: 'EVENT_COUNTS_BY_COLOR',
        type: 'Readonly<Record<EventColor, number>>',
        value: events.byColor,
        doc: 'Cards per colour pile.',
      },
      {
        name: 'EVENT_SOLO_ONLY',
        type: 'Readonly<{ ids: number[]; poolsWithoutSoloCards: Record<EventColor, number>; [k: string]: unknown }>',
        value: events.soloOnly,
        doc: 'Solo-only cards (removed from the piles in multiplayer) and the pile sizes without them.',
      },
      {
        name: 'EVENT_DECK_RULES',
        type: 'Readonly<Record<string, string>>',
        value: events.deckRules,
        doc: 'How the 20-card event deck is built and used (deckRules).',
      },
      {
        name: 'EVENT_DECK_COMPOSITION',
        type: 'Readonly<Record<string, unknown>>',
        value: events.composition,
        doc: 'How the reference implementation picks the colour mix (implementationComposition), with its known bug.',
      },
      {
        name: 'EVENT_SOLO_TARGET',
        type: 'Readonly<EventSoloTargetData>',
        value: events.soloTarget,
        doc: 'Solo target score table.',
      },
      {
        name: 'EVENT_SOLO_EPILOGUE',
        type: 'Readonly<Record<string, unknown>>',
        value: events.soloEpilogue,
        doc: 'Solo result bands by margin over the target.',
      },
      {
        name: 'EVENT_EFFECT_VOCABULARY',
        type: 'Readonly<Record<string, string>>',
        value: events.effectVocabulary,
        doc: 'Meaning of each `op` of EventCardData.structured.',
      },
      {
        name: 'EVENT_ROUND_RULES',
        type: 'Readonly<Record<string, string>>',
        value: events.roundRules,
        doc: "Round-rule vocabulary: the `rule` values of `{ op: 'roundRule' }` effects.",
      },
      {
        name: 'EVENT_DUPLICATE_EFFECTS',
        type: 'Readonly<Record<string, unknown>>',
        value: events.duplicateEffects,
        doc: 'Pairs of cards with identical effects.',
      },
    ],
  };
}
