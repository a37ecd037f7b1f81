// @vitest-environment jsdom
/**
 * Sounds are off by default, synthesized (no files), and never play before the player has touched
 * the page or pressed a key, even when turned on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPreferences, setPreference } from '../../client/prefs/preferences';
import { playBlip } from '../../client/prefs/sounds';

/** A stand-in AudioContext that counts the notes started. */
function fakeAudio() {
  const started: number[] = [];
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume() {}
    createGain() {
      return {
        gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect: (to: unknown) => to,
      };
    }
    createOscillator() {
      const oscillator = {
        type: '',
        frequency: { value: 0 },
        connect: (to: unknown) => to,
        start: () => started.push(oscillator.frequency.value),
        stop() {},
      };
      return oscillator;
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetPreferences();
});

describe('sounds', () => {
  it('play nothing before a user gesture, nor while they are off; then a short blip', () => {
    const started = fakeAudio();
    setPreference('sounds', true);
    expect(playBlip('turn')).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    setPreference('sounds', false);
    expect(playBlip('turn')).toBe(false);
    expect(started).toEqual([]);
    setPreference('sounds', true);
    expect(playBlip('turn')).toBe(true);
    expect(playBlip('place')).toBe(true);
    expect(started).toEqual([660, 880, 330]);
  });
});
