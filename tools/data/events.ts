/** events.json: the 60 event cards, the deck rules, the solo target and epilogue. */
import type { EventCardData, EventColor, EventEffectData, EventSoloTargetData } from '../../game/data/types';
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

  const checkEffect = (raw: unknown, where: string): EventEffectData => {
    const o = obj(raw, where);
    const op = str(o.op, `${where}.op`);
    if (!(op in effectVocabulary)) fail(`${where}.op`, `unknown event effect op ${show(op)}`);
    if (op === 'roundRule') {
      const rule = str(o.rule, `${where}.rule`);
      if (!(rule in roundRules)) fail(`${where}.rule`, `unknown round rule ${show(rule)}`);
      if ('terrain' in o) oneOf(o.terrain, TERRAINS, `${where}.terrain`);
    }
    if (op === 'choice') {
      arr(o.options, `${where}.options`).forEach((opt, i) => {
        const list = Array.isArray(opt) ? opt : [opt];
        list.forEach((e, j) => checkEffect(e, `${where}.options[${i}]${Array.isArray(opt) ? `[${j}]` : ''}`));
      });
    }
    if ('tracks' in o && o.tracks !== 'any') {
      arr(o.tracks, `${where}.tracks`).forEach((t, i) => oneOf(t, TRACKS, `${where}.tracks[${i}]`));
    }
    return o as EventEffectData;
  };

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
