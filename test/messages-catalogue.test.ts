/**
 * The wording of the engine's refusals, in one place. Rule tests assert which refusal an action
 * meets by its code and rule (`{ code: 'reason.mustTouch', rule: '§4.4' }`, see test/support/why.ts),
 * never by its English sentence; this file checks that every code has its text in English and in
 * French, renders each one once with sample values, and keeps the rendered sentences in a snapshot
 * (test/__snapshots__/messages-catalogue.test.ts.snap), so a change of wording is reviewed here
 * and nowhere else (`npx vitest run test/messages-catalogue.test.ts -u` after changing a text).
 */
import { describe, expect, it } from 'vitest';
import en from '../game/messages/en.json';
import fr from '../game/messages/fr.json';
import {
  explainMessage,
  formatMessage,
  message,
  type MessageCatalogue,
  type MessageCode,
  type MessageValue,
} from '../game/core/messages';

const catalogues: Record<'en' | 'fr', MessageCatalogue> = { en, fr };
const placeholders = (text: string): string[] =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] as string).sort();

/** A value for each placeholder a refusal names, as the engine gives it (words by their catalogue key). */
const SAMPLE: Record<string, MessageValue> = {
  action: 'fly',
  player: '7',
  move: 'fly',
  detail: 'timeout',
  x: 3,
  y: 4,
  fromX: 3,
  fromY: 5,
  terrain: 'water',
  terrain2: 'biomass',
  rover: 2,
  need: 4,
  have: 3,
  keep: 1,
  cards: [12, 31],
  rank: 1,
  id: 9,
  tracks: ['civ', 'water'],
  track: 'tech',
  options: ['civ', 'water'],
  item: 'lifepod',
  line: 'row',
  steps: 2,
  stack: 'large',
  items: [message('pending.regress', { tracks: ['rover', 'civ'], steps: 1 })],
  planet: 'k-273',
  planets: ['arashi', 'gaia'],
  corporation: 'acme',
  corporations: ['republic', 'makeshift'],
};

const reasonCodes = Object.keys(en.reason).map((key) => `reason.${key}` as MessageCode);

function sample(code: MessageCode): ReturnType<typeof message> {
  const key = code.slice('reason.'.length) as keyof typeof en.reason;
  const names = placeholders(en.reason[key]);
  const values = Object.fromEntries(names.map((name) => [name, SAMPLE[name] as MessageValue]));
  return names.length ? message(code, values) : message(code);
}

describe('the message catalogues', () => {
  it('have the same groups and keys in English and French, every text non-empty', () => {
    for (const [group, texts] of Object.entries(en)) {
      const french = (fr as Record<string, Record<string, unknown>>)[group];
      expect(Object.keys(french ?? {}).sort(), group).toEqual(Object.keys(texts).sort());
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text === 'string') {
          expect(text.trim(), `en ${group}.${key}`).not.toBe('');
          expect(String(french?.[key]).trim(), `fr ${group}.${key}`).not.toBe('');
        }
      }
    }
  });

  it('name the same values in both languages', () => {
    for (const [group, texts] of Object.entries(en)) {
      if (group === 'value') continue;
      const french = (fr as unknown as Record<string, Record<string, string>>)[group] ?? {};
      for (const [key, text] of Object.entries(texts as Record<string, string>))
        expect(placeholders(french[key] ?? ''), `${group}.${key}`).toEqual(placeholders(text));
    }
  });
});

describe('every refusal, rendered once with sample values', () => {
  it('has a value for each name it shows', () => {
    for (const code of reasonCodes)
      for (const name of placeholders(en.reason[code.slice(7) as keyof typeof en.reason]))
        expect(SAMPLE, `${code} shows {{${name}}}`).toHaveProperty(name);
  });

  it.each(reasonCodes)('%s', (code) => {
    const m = sample(code);
    const rendered = Object.fromEntries(
      (['en', 'fr'] as const).map((lang) => [lang, formatMessage(m, catalogues[lang])]),
    );
    for (const [lang, text] of Object.entries(rendered)) {
      expect(text, `${lang}: every value shown`).not.toMatch(/{{|}}|undefined|\[object/);
      expect(text, `${lang}: a text, not the code`).not.toBe(code);
    }
    expect(rendered).toMatchSnapshot();
  });

  it('shows words from the language of the catalogue: a track, a stack, a piece', () => {
    const m = message('reason.cannotMoveDown', { track: 'water', steps: 2 });
    expect(formatMessage(m, en)).toContain(en.value.track.water);
    expect(formatMessage(m, fr)).toContain(fr.value.track.water);
    expect(formatMessage(message('reason.stackEmpty', { stack: 'large' }), fr)).toContain(
      fr.value.stack.large,
    );
    expect(formatMessage(message('reason.pieceStillOnPlanet', { item: 'lifepod' }), fr)).toContain(
      fr.value.item.lifepod,
    );
  });

  it('gives its rule behind the sentence, before the final stop, as tests and tools print it', () => {
    expect(explainMessage(message('reason.mustTouch', undefined, '§4.4'))).toBe(
      'The tile must touch a tile or patch already on your planet (§4.4).',
    );
    expect(explainMessage(message('reason.moveNotNow', { move: 'fly' }, 'R1'))).toBe(
      '"fly" is not a move you can make now (R1)',
    );
    expect(formatMessage(message('reason.mustTouch', undefined, '§4.4'))).not.toContain('§4.4');
  });
});
