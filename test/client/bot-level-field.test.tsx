// @vitest-environment jsdom
/**
 * The bot level picker of the online seat controls shows words in both languages, never the keys
 * of its texts (it once read them from the wrong area and showed `online.seat.botLevel`).
 */
import { describe, expect, it } from 'vitest';
import { BotLevelField } from '../../client/online/BotLevelField';
import { domPerTest } from './dom';

describe('the bot level picker', () => {
  describe('in English', () => {
    const dom = domPerTest('en');
    it('labels the field and names every level', () => {
      dom.render(<BotLevelField value="cadet" onChange={() => {}} testId="level" />);
      const text = dom.host.textContent ?? '';
      expect(text).toContain('Bot level');
      expect([...dom.host.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'Cadet',
        'Pilot',
        'Commander',
      ]);
      expect(text).not.toMatch(/online\.|botLevels\./);
    });
  });
  describe('in French', () => {
    const dom = domPerTest('fr');
    it('labels the field and names every level', () => {
      dom.render(<BotLevelField value="pilot" onChange={() => {}} testId="level" />);
      expect(dom.host.textContent ?? '').not.toMatch(/online\.|botLevels\./);
      expect(dom.host.querySelector('label span')?.textContent).not.toBe('Bot level');
    });
  });
});
