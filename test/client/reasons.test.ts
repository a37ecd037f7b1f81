/**
 * The catalogue of the engine's sentences (client/i18n/en/reasons.json): every reason and log line
 * the engine's source can produce has a template there, so none reaches a French player untranslated;
 * matching renders the French, values included, and leaves unknown text as it is.
 */
import { describe, expect, it } from 'vitest';
import catalogue from '../../game/messages/en.json';
import { i18next } from '../../client/i18n';
import { translateLog, translateReason } from '../../client/reasons';
import { engineStrings } from './engine-strings';

/** Returned strings that are not sentences for players: the stage names of `awaiting`. */
const NOT_SENTENCES = new Set(['objectives', 'rotate', 'build']);

const shape = (template: string) => template.replace(/{{\s*\w+\s*}}/g, '{}');
const shapes = (group: keyof typeof catalogue) =>
  new Set(Object.values(catalogue[group] as Record<string, string>).map(shape));

describe('engine reasons catalogue', () => {
  const found = engineStrings();

  it('finds the engine sentences', () => {
    expect(found.filter((s) => s.kind === 'reason').length).toBeGreaterThan(80);
    expect(found.filter((s) => s.kind === 'log').length).toBeGreaterThan(5);
  });

  it('has a template for every reason the engine returns', () => {
    const known = new Set([...shapes('reason'), ...shapes('pending')]);
    const missing = found
      .filter((s) => s.kind === 'reason' && !NOT_SENTENCES.has(s.shape) && !known.has(s.shape))
      .map((s) => `${s.file}:${s.line} ${s.shape}`);
    expect(missing, 'add these to client/i18n/{en,fr}/reasons.json').toEqual([]);
  });

  it('has a template for every line the engine writes to the log', () => {
    const known = shapes('log');
    const missing = found
      .filter((s) => s.kind === 'log' && !known.has(s.shape))
      .map((s) => `${s.file}:${s.line} ${s.shape}`);
    expect(missing, 'add these to the log group of client/i18n/{en,fr}/reasons.json').toEqual([]);
  });

  it('renders reasons in French, values included', () => {
    const fr = i18next.getFixedT('fr');
    expect(translateReason('(4, 6) is already covered (§4.1).', fr)).toBe(
      '(4, 6) est déjà recouverte (§4.1).',
    );
    expect(translateReason('Your water tracker cannot advance: it is at the top (§5.3).', fr)).toBe(
      'Votre cube Eau ne peut pas avancer : il est en haut de sa piste (§5.3).',
    );
    expect(translateReason('Choose one of civ, tech to move down.', fr)).toBe(
      'Choisissez le cube à faire reculer parmi : Civ, Tech.',
    );
    expect(translateReason('Resolve your pending gains first: synergy boost, water +2 (§3.7).', fr)).toBe(
      "Résolvez d'abord vos gains en attente : bonus de Synergie, Eau +2 (§3.7).",
    );
    expect(translateReason('Something new.', fr)).toBe('Something new.');
    const en = i18next.getFixedT('en');
    expect(translateReason('Take a tile from your depot first (§3.5).', en)).toBe(
      'Take a tile from your depot first (§3.5).',
    );
  });

  it('renders log lines in French, civ card names included', () => {
    const fr = i18next.getFixedT('fr');
    expect(translateLog('took Temp Agency', fr)).toBe("a pris Agence d'intérim");
    expect(translateLog('took a rank 2 End Game card', fr)).toBe('a pris une carte Fin de partie de rang 2');
    expect(translateLog('placed tile 12', fr)).toBe('a placé la tuile 12');
  });
});
