// @vitest-environment jsdom
/**
 * The rules at hand: every section has its text in English and French, the search finds sections
 * by any word (accents aside), and every rule reference the engine gives a refusal leads to the
 * section that explains it (the "why?" links there).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { RULES_SECTIONS, sectionOfRule } from '../../client/rules/sections';
import { RulesPanel } from '../../client/rules/RulesPanel';
import en from '../../client/i18n/en/rules.json';
import fr from '../../client/i18n/fr/rules.json';
import { domPerTest } from './dom';

/** Every rule reference written in game/ (`'§4.4'`, `'R10'`…). */
function engineRuleReferences(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/'(§[0-9.]+|R[0-9]+)'/g))
          if (m[1]) found.add(m[1]);
    }
  };
  walk(join(import.meta.dirname, '../../game'));
  return [...found].sort();
}

describe('the rules panel (learn to play: the rules at hand)', () => {
  it('has every section in both languages', () => {
    for (const { id } of RULES_SECTIONS) {
      for (const texts of [en, fr]) {
        const section = (texts.sections as Record<string, { title: string; text: string }>)[id];
        expect(section?.title, id).toBeTruthy();
        expect(section?.text.length, id).toBeGreaterThan(80);
      }
    }
    expect(Object.keys(fr.sections).sort()).toEqual(Object.keys(en.sections).sort());
  });

  it('leads every rule the engine cites to a section', () => {
    const references = engineRuleReferences();
    expect(references.length).toBeGreaterThan(20);
    for (const rule of references) expect(sectionOfRule(rule), rule).not.toBeNull();
    expect(sectionOfRule('§4.4')?.id).toBe('placing');
    expect(sectionOfRule('§5.10.2')?.id).toBe('rovers');
    expect(sectionOfRule('§4.7')?.id).toBe('water');
    expect(sectionOfRule('R10')?.id).toBe('placing');
    expect(sectionOfRule('R3')?.id).toBe('civ');
  });

  describe('in French', () => {
    const dom = domPerTest('fr');
    it('finds a section by a word typed without its accents', () => {
      dom.render(<RulesPanel />);
      expect(dom.host.querySelectorAll('section.rules-section')).toHaveLength(RULES_SECTIONS.length);
      const search = dom.byTestId('rules-search') as HTMLInputElement;
      act(() => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setValue?.call(search, 'energie glace');
        search.dispatchEvent(new Event('input', { bubbles: true }));
      });
      const ids = [...dom.host.querySelectorAll('section.rules-section')].map((s) => s.id);
      expect(ids).toContain('rules-energy');
      expect(ids.length).toBeLessThan(RULES_SECTIONS.length);
      expect(dom.byTestId('rules-count')?.textContent).toMatch(/section\(s\) correspondent/);
    });
  });
});
