/**
 * The `content` area: its English file is the data's English (regenerate it with
 * `npx tsx tools/build-content-i18n.ts`), and the helper falls back to the data when a key is
 * missing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishContent } from '../../client/i18n/content-source';
import { contentText } from '../../client/i18n/content-text';
import { i18next } from '../../client/i18n';
import { CORPORATIONS, civCardById, objectiveById } from '../../game/data';
import { eventById } from '../../game/content/events';

const load = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../client/i18n/${lang}/content.json`, import.meta.url), 'utf8'),
  ) as unknown;

describe('content texts', () => {
  it('the English file equals the data (run tools/build-content-i18n.ts after changing the data)', () => {
    expect(load('en')).toEqual(englishContent());
  });

  it('show the French of a civ card, an objective and an event', () => {
    const fr = contentText(i18next.getFixedT('fr'));
    expect(fr.civName(1)).toBe("Agence d'intérim");
    expect(fr.objectiveName(37, 'neighbor')).toBe('Projet Grande Couronne');
    expect(fr.objectiveName(37, 'private')).toBe('Projet Complexe');
    expect(fr.eventText(65)).toBe(
      "Obtenez 1 Rover supplémentaire. Posez-le sur n'importe quelle case de la tuile que vous placez ce tour-ci.",
    );
    expect(fr.epilogue('Mission accomplished, good job.')).toBe('Mission réussie, bon travail.');
  });

  it('fall back to the data English when a key is missing', () => {
    const en = contentText(i18next.getFixedT('en'));
    expect(en.civText(12)).toBe(civCardById(12).effect);
    expect(en.objectiveCondition(40, 'neighbor')).toBe(objectiveById(40).neighbor.condition);
    expect(en.eventName(117)).toBe(eventById(117).name);
    const missing = contentText(
      ((key: string, opts: { defaultValue: string }) => opts.defaultValue) as never,
    );
    expect(missing.civName(12)).toBe(civCardById(12).name);
    expect(missing.techText('jump-drive', 'E')).toBe(
      'One time in the game, select a tracker and collect the rewards of all five squares on its row.',
    );
    const fr = contentText(i18next.getFixedT('fr'));
    expect(fr.epilogue('Not an epilogue')).toBe('Not an epilogue');
  });

  it('have every tech of every corporation in French, and its name as printed there (§8.2)', () => {
    const fr = contentText(i18next.getFixedT('fr'));
    for (const corp of CORPORATIONS) {
      for (const tech of corp.techs) {
        const text = fr.techText(corp.id, tech.level);
        expect(text, `${corp.id} ${tech.level}`).not.toBe(tech.text);
        expect(text.length, `${corp.id} ${tech.level}`).toBeGreaterThan(20);
      }
      expect(fr.corporationName(corp.id)).toBe(corp.extra.frenchName);
    }
    expect(fr.techText('jump-drive', 'E')).toBe(
      'Une fois dans la partie, choisissez un cube et gagnez les bonus des cinq échelons de sa ligne.',
    );
    expect(fr.corporationName('horizon-group')).toBe('Groupe Horizon');
  });
});
