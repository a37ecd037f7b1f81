// @vitest-environment jsdom
/**
 * The preferences kept in the browser: defaults (animations off when the device asks for reduced
 * motion), a stored value that is not allowed falls back to its default, a bad change throws and
 * changes nothing, and the panel's controls set and keep them.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  animationFactor,
  getPreferences,
  type Preferences,
  resetPreferences,
  setPreference,
  STORAGE_KEY,
  tablePreferenceAttributes,
  usePreferences,
} from '../../client/prefs/preferences';
import { PreferencesPanel } from '../../client/prefs/PreferencesPanel';
import { domPerTest } from './dom';

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  localStorage.clear();
  reducedMotion(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(resetPreferences);
});

describe('the preferences store', () => {
  it('starts from the defaults: normal animations, everything else off, full board size', () => {
    expect(getPreferences()).toEqual({
      boardScale: 100,
      animationSpeed: 'normal',
      confirmTimer: 0,
      sounds: false,
      strongSymbols: false,
      turnNotifications: false,
    } satisfies Preferences);
  });

  it('turns animations off by default when the device asks for reduced motion, until the player chooses', () => {
    reducedMotion(true);
    expect(getPreferences().animationSpeed).toBe('off');
    setPreference('animationSpeed', 'fast');
    expect(getPreferences().animationSpeed).toBe('fast');
  });

  it('keeps what is set in localStorage, and only what the player chose', () => {
    setPreference('boardScale', 120);
    setPreference('sounds', true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({ boardScale: 120, sounds: true });
    expect(getPreferences()).toMatchObject({ boardScale: 120, sounds: true, confirmTimer: 0 });
    resetPreferences();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(getPreferences().boardScale).toBe(100);
  });

  it('falls back to the default for each stored value that is not allowed', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        boardScale: 500,
        animationSpeed: 'warp',
        confirmTimer: 7,
        sounds: 'yes',
        strongSymbols: true,
      }),
    );
    expect(getPreferences()).toEqual({
      boardScale: 100,
      animationSpeed: 'normal',
      confirmTimer: 0,
      sounds: false,
      strongSymbols: true,
      turnNotifications: false,
    });
    for (const text of ['not json', '[1,2]', 'null', '42']) {
      localStorage.setItem(STORAGE_KEY, text);
      expect(getPreferences().boardScale, text).toBe(100);
    }
  });

  it('refuses a bad change with a clear error and changes nothing', () => {
    setPreference('confirmTimer', 10);
    expect(() => setPreference('confirmTimer', 3 as never)).toThrow(/"confirmTimer" cannot be 3/);
    expect(() => setPreference('volume' as never, 1 as never)).toThrow(/Unknown preference "volume"/);
    expect(getPreferences().confirmTimer).toBe(10);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({ confirmTimer: 10 });
  });

  it('gives one snapshot object until something changes (as React requires)', () => {
    const first = getPreferences();
    expect(getPreferences()).toBe(first);
    setPreference('strongSymbols', true);
    expect(getPreferences()).not.toBe(first);
  });

  it('scales animations: none, normal, half as long', () => {
    expect(['off', 'normal', 'fast'].map((s) => animationFactor({ animationSpeed: s as never }))).toEqual([
      0, 1, 0.5,
    ]);
  });

  it("gives the table's root the board scale as a CSS variable and the symbols and motion as attributes", () => {
    setPreference('boardScale', 80);
    expect(tablePreferenceAttributes(getPreferences())).toEqual({
      style: { '--board-scale': '0.8' },
      'data-animation': 'normal',
      'data-strong-symbols': 'false',
    });
  });
});

describe('the preferences panel', () => {
  const dom = domPerTest('en');

  function Shown() {
    const prefs = usePreferences();
    return <output data-testid="shown">{JSON.stringify(prefs)}</output>;
  }

  it('labels every control, sets each preference at once and keeps it', () => {
    dom.render(
      <>
        <PreferencesPanel />
        <Shown />
      </>,
    );
    for (const control of dom.host.querySelectorAll('select, input'))
      expect(control.closest('label')?.textContent?.trim(), control.outerHTML).toBeTruthy();
    const select = (id: string, value: string) => {
      const el = dom.byTestId(id) as HTMLSelectElement;
      act(() => {
        el.value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    select('pref-board-scale', '130');
    select('pref-animation-speed', 'fast');
    select('pref-confirm-timer', '5');
    act(() => dom.byTestId('pref-strong-symbols')?.click());
    expect(JSON.parse(dom.byTestId('shown')?.textContent ?? '')).toEqual({
      boardScale: 130,
      animationSpeed: 'fast',
      confirmTimer: 5,
      sounds: false,
      strongSymbols: true,
      turnNotifications: false,
    });
    expect((dom.byTestId('pref-confirm-timer') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'After 5 seconds',
    );
    act(() => dom.byTestId('pref-reset')?.click());
    expect(JSON.parse(dom.byTestId('shown')?.textContent ?? '').boardScale).toBe(100);
  });
});
