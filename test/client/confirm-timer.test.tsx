// @vitest-environment jsdom
/**
 * The confirm timer: off by default; when on, a complete turn confirms by itself after the chosen
 * seconds, counting down on the Confirm button; a step starts the count again, a key, a tap or Stop
 * stops it; never while gains wait or while a civ or end-game step still has a choice to make.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action, TurnKind } from '../../game';
import { TurnButtons } from '../../client/actions/TurnButtons';
import { mayAutoConfirm } from '../../client/prefs/confirm-timer';
import { resetPreferences, setPreference } from '../../client/prefs/preferences';
import { domPerTest } from './dom';

const dom = domPerTest('en');
const CONFIRM: Action[] = [{ type: 'confirm' }, { type: 'undo' }, { type: 'restart' }];

beforeEach(() => {
  vi.useFakeTimers();
  resetPreferences();
});
afterEach(() => {
  vi.useRealTimers();
  act(resetPreferences);
});

function table(
  send: (a: Action) => void,
  over: { steps?: number; kind?: TurnKind; pending?: number; actions?: Action[] } = {},
) {
  dom.render(
    <TurnButtons
      steps={over.steps ?? 3}
      canTakeBack
      actions={over.actions ?? CONFIRM}
      send={send}
      kind={over.kind ?? 'round'}
      pending={over.pending ?? 0}
    />,
  );
}
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const countdown = () => dom.byTestId('confirm-countdown')?.textContent?.trim() ?? null;

describe('the confirm timer', () => {
  it('is off by default: a complete turn waits for the player', () => {
    const send = vi.fn();
    table(send);
    wait(60_000);
    expect(countdown()).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('counts down on the Confirm button and confirms after the chosen seconds', () => {
    setPreference('confirmTimer', 5);
    const send = vi.fn();
    table(send);
    expect(countdown()).toBe('5\u00a0s');
    wait(3000);
    expect(countdown()).toBe('2\u00a0s');
    expect(send).not.toHaveBeenCalled();
    wait(2000);
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'confirm' });
    expect(countdown()).toBeNull();
  });

  it('starts again from the top on a new step', () => {
    setPreference('confirmTimer', 5);
    const send = vi.fn();
    table(send, { steps: 3 });
    wait(4000);
    table(send, { steps: 4 });
    expect(countdown()).toBe('5\u00a0s');
    wait(4000);
    expect(send).not.toHaveBeenCalled();
    wait(1000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('stops when the player presses a key, touches the page, or presses Stop', () => {
    setPreference('confirmTimer', 10);
    const send = vi.fn();
    for (const stop of [
      () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })),
      () => void window.dispatchEvent(new Event('pointerdown')),
      () => dom.byTestId('confirm-timer-stop')?.click(),
    ]) {
      table(send, { steps: 1 });
      table(send, { steps: 2 }); // a new step: a fresh count
      expect(countdown()).toBe('10\u00a0s');
      act(stop);
      expect(countdown()).toBeNull();
      wait(20_000);
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('never runs while the turn cannot be confirmed or gains wait', () => {
    setPreference('confirmTimer', 5);
    const send = vi.fn();
    table(send, { actions: [{ type: 'undo' }, { type: 'restart' }] });
    wait(10_000);
    table(send, { pending: 1 });
    wait(10_000);
    expect(countdown()).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('in a civ or end-game step, runs only when confirming is all that is left', () => {
    const pick: Action = { type: 'pickCiv', card: 0 };
    expect(mayAutoConfirm('civ', 0, [...CONFIRM, pick])).toBe(false);
    expect(mayAutoConfirm('endgame', 0, [...CONFIRM, { type: 'resolve', item: 0 }])).toBe(false);
    expect(mayAutoConfirm('civ', 0, CONFIRM)).toBe(true);
    expect(mayAutoConfirm('round', 0, CONFIRM)).toBe(true);
    expect(mayAutoConfirm('round', 0, [{ type: 'undo' }])).toBe(false);
    setPreference('confirmTimer', 5);
    const send = vi.fn();
    table(send, { kind: 'civ', actions: [...CONFIRM, pick] });
    wait(10_000);
    expect(send).not.toHaveBeenCalled();
  });
});
