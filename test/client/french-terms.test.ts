/**
 * The French texts name the game's pieces with the words of the 2023 French rulebook (a lifepod is a
 * « Module de survie », a patch a « bloc Biomasse », a tracker a « cube », a milestone a « palier »…),
 * so that the words players read on screen are the ones printed in their box. This list of variants
 * that crept in before keeps them from coming back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const clientDir = new URL('../../client/i18n/fr/', import.meta.url);
const sources: Array<[string, URL]> = [
  ...readdirSync(clientDir)
    .filter((f) => f.endsWith('.json'))
    .map((f): [string, URL] => [`client/i18n/fr/${f}`, new URL(f, clientDir)]),
  ['game/messages/fr.json', new URL('../../game/messages/fr.json', import.meta.url)],
];

function texts(obj: unknown, prefix: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof obj === 'string') out.push([prefix, obj]);
  else if (obj && typeof obj === 'object')
    for (const [k, v] of Object.entries(obj)) texts(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Every French text, placeholders taken out (their names are code, not French). */
const frenchTexts = sources.flatMap(([name, url]) =>
  texts(JSON.parse(readFileSync(url, 'utf8')), '', []).map(
    ([key, text]) => [`${name} ${key}`, text.replace(/{{[^}]*}}/g, '{{}}')] as const,
  ),
);

/** A variant, and the rulebook's word to write instead. */
const forbidden: Array<[RegExp, string]> = [
  [/capsule/i, 'Module de survie'],
  [/\b(une|la|cette|quelle) modules? de survie/i, 'un / le / ce Module de survie (masculin)'],
  [/modules? de survie (récupér|collect|pos|détruit|plac)ée/i, 'Module de survie récupéré (masculin)'],
  [/\bmodules? de survie/u, 'Module de survie (majuscule)'],
  [/parcelle|\bpatch/i, 'bloc Biomasse'],
  [/marqueur/i, 'cube'],
  [/jalon/i, 'palier'],
  [/civilisation/i, 'Civ'],
  [/(?<!bonus de )synergie/i, 'bonus de Synergie'],
  [/zone de (score|décompte)/i, 'zone de stockage'],
  [/collect(é|er)/i, 'récupérer'],
  [/plateau de corporation/i, 'plateau Corporation'],
  [/faces? symétriques?/i, 'face identique'],
  [/quadrant/i, 'quartier'],
  [/rangée/i, 'ligne (du plateau Corporation)'],
  [/\b(lifepods?|trackers?|milestones?|meteorites?|boosts?)\b/i, 'the French word (no English)'],
];

describe('French texts use the words of the French rulebook', () => {
  for (const [variant, word] of forbidden)
    it(`never ${String(variant)}: write « ${word} »`, () => {
      const found = frenchTexts
        .filter(([, text]) => variant.test(text))
        .map(([where, text]) => `${where}: ${text}`);
      expect(found).toEqual([]);
    });

  it('use one kind of apostrophe, the straight one most texts use', () => {
    expect(frenchTexts.filter(([, text]) => text.includes('’')).map(([where]) => where)).toEqual([]);
  });

  it('put a space before : ; ? and !', () => {
    const tight = frenchTexts
      .filter(([, text]) => /[^\s(][:;?!](?!\S)/u.test(text))
      .map(([where, text]) => `${where}: ${text}`);
    expect(tight).toEqual([]);
  });

  it('quote with « » rather than straight double quotes', () => {
    expect(frenchTexts.filter(([, text]) => text.includes('"')).map(([where]) => where)).toEqual([]);
  });
});
