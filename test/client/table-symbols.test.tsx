// @vitest-environment jsdom
/**
 * No symbol on the table without a text (learn to play): every mark a corporation's track square
 * prints (every reward kind in the data, choices and paths included), every terrain and every
 * drawing of the planet has its words in English and in French, and the rules' key to the symbols
 * draws each one with them.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CORPORATIONS, TERRAINS, type Reward } from '../../game';
import { TRACK_MARKS } from '../../client/board/track-marks';
import { RulesPanel } from '../../client/rules/RulesPanel';
import { domPerTest } from './dom';

/** Every reward a corporation board prints: on its squares, in its choices, along Oasis's path. */
function printedRewards(): Reward[] {
  const out: Reward[] = [];
  const add = (r: Reward) => {
    out.push(r);
    if (r.kind === 'choice') r.options.flat().forEach(add);
  };
  for (const corp of CORPORATIONS) {
    for (const track of Object.values(corp.tracks))
      for (const level of track.levels) level.rewards.forEach(add);
    const shape = corp.extra.trackShape;
    if (shape?.kind === 'oasisWaterPath') for (const step of shape.path) step.benefits.forEach(add);
    if (shape?.kind === 'wormholeChoiceBoxes')
      for (const box of shape.positions) box.options.flat().forEach(add);
  }
  return out;
}

const PLANET_SYMBOLS = ['ice', 'lifepod', 'meteorite', 'rover', 'hole', 'complete', 'cancelled'];
const BOARD_KEYS = [
  ...TRACK_MARKS.map((m) => `legend.${m.kind}`),
  'legend.path',
  'legend.box',
  'legend.lifepod',
];

describe('every symbol on the table has a text in both languages', () => {
  it('lists a mark for every kind of reward the corporation boards print', () => {
    const kinds = new Set(printedRewards().map((r) => r.kind));
    expect(kinds.size).toBeGreaterThan(5);
    const listed = new Set(TRACK_MARKS.map((m) => m.kind));
    for (const kind of kinds) expect(listed.has(kind), kind).toBe(true);
  });

  for (const language of ['en', 'fr'] as const) {
    it(`has the words of every mark, terrain and planet drawing in ${language}`, () => {
      const t = i18next.getFixedT(language);
      const words = (key: string, ns: string) => {
        const text = t(key, { ns, track: 'X' });
        expect(text, `${ns}:${key} in ${language}`).not.toBe(key);
        expect(text.trim(), `${ns}:${key} in ${language}`).not.toBe('');
        return text;
      };
      for (const key of BOARD_KEYS) words(key, 'board');
      for (const terrain of TERRAINS) words(`terrain.${terrain}`, 'table');
      for (const symbol of PLANET_SYMBOLS) words(`legend.${symbol}`, 'table');
      words('resourceIcon', 'table');
      // French words are French: no key is left in English.
      if (language === 'fr')
        for (const key of BOARD_KEYS)
          expect(t(key, { ns: 'board', track: 'X' }), key).not.toBe(
            i18next.getFixedT('en')(key, { ns: 'board', track: 'X' }),
          );
    });
  }

  describe('the rules draw each symbol with its words', () => {
    const dom = domPerTest('fr');
    it('in the rules’ key, every track mark and planet drawing is drawn beside its text', () => {
      dom.render(<RulesPanel section="symbols" />);
      const key = dom.byTestId('rules-symbols');
      expect(key).not.toBeNull();
      for (const { kind } of TRACK_MARKS) {
        const item = key?.querySelector(`[data-symbol="${kind}"]`);
        expect(item?.querySelector('.rules-mark')?.textContent, kind).toBeTruthy();
        expect(item?.textContent?.length, kind).toBeGreaterThan(8);
      }
      for (const symbol of PLANET_SYMBOLS)
        expect(key?.querySelector(`[data-symbol="${symbol}"] svg`), symbol).not.toBeNull();
      expect(key?.textContent).toMatch(/Glace/);
    });
  });
});
