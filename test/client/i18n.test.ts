/**
 * English and French cover the same texts, with the same placeholders, in every area of the client
 * and in the engine's message catalogues (game/messages). Which codes the engine may use is checked
 * by the compiler: a code is a key of the English catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../client/i18n';
import { STAGES } from '../../game/rules/round';

const dir = new URL('../../client/i18n/', import.meta.url);
const areas = (lang: string) => readdirSync(new URL(`${lang}/`, dir)).filter((f) => f.endsWith('.json'));
const load = (lang: string, file: string) =>
  JSON.parse(readFileSync(new URL(`${lang}/${file}`, dir), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object')
      Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../game/messages/${lang}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('translations', () => {
  it('have the same areas in English and French', () => {
    expect(areas('fr').sort()).toEqual(areas('en').sort());
  });
  for (const file of areas('en')) {
    it(`${file}: every English text has a French one with the same placeholders`, () => {
      const en = flatten(load('en', file));
      const fr = flatten(load('fr', file));
      expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(placeholders(fr[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
        expect((fr[key] ?? '').trim(), key).not.toBe('');
      }
    });
  }

  it("the engine's messages: every code has an English and a French text with the same placeholders", () => {
    const en = flatten(catalogue('en'));
    const fr = flatten(catalogue('fr'));
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(placeholders(fr[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
      expect((fr[key] ?? '').trim(), key).not.toBe('');
    }
  });

  it("the engine's messages keep rule references out of their texts (they go behind a why?)", () => {
    for (const lang of ['en', 'fr']) {
      const withRule = Object.entries(flatten(catalogue(lang))).filter(([, text]) =>
        /§\s*\d|\(R\d+\)/.test(text),
      );
      expect(withRule, lang).toEqual([]);
    }
  });

  it('the client keeps rule references out of what it shows (they go behind a why?)', () => {
    for (const lang of ['en', 'fr'])
      for (const file of areas(lang)) {
        const withRule = Object.entries(flatten(load(lang, file))).filter(([, text]) =>
          /§\s*\d|\(R\d+\)/.test(text),
        );
        expect(withRule, `${lang}/${file}`).toEqual([]);
      }
  });

  it('names every stage a player can be waiting in, in both languages', () => {
    for (const lang of ['en', 'fr'] as const)
      for (const stage of STAGES) {
        expect(i18next.t(`pages:table.stage.${stage}`, { lng: lang }), `${lang} ${stage}`).not.toMatch(
          /stage\./,
        );
        expect(i18next.t(`turn:stage.${stage}`, { lng: lang }), `${lang} ${stage}`).not.toMatch(/stage\./);
      }
  });
});
