// @vitest-environment jsdom
/**
 * The table's aids: help mode (on touch, tapping something shows its help text instead of acting)
 * and the keys 1–6 (open that seat's board; Escape closes it), announced for screen readers.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action, GameState } from '../../game';
import { GameView } from '../../client/table/GameView';
import { helpTextOf } from '../../client/prefs/table-aids';
import { seatKeyOf } from '../../client/prefs/keys';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

const dom = domPerTest('en');
const names = { '0': 'Ada', '1': 'Bea', '2': 'Cyd' };

function show(send: (a: Action) => void = () => {}, G: GameState = scenario({ players: 3 }).start().state) {
  dom.render(<GameView G={G} player="0" names={names} send={send} />);
}
const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('Nothing to click');
  act(() => (el as HTMLElement).click());
};
const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
const sheet = () => dom.byTestId('help-sheet');
const announced = () => dom.byTestId('announcer')?.textContent ?? '';

describe('help mode', () => {
  it('finds the help text of the element tapped or the nearest around it: data-help first, then title', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div title="outer"><button data-help="The station" title="short"><span id="inner">x</span></button>' +
      '<span id="plain">y</span></div><p id="none">z</p>';
    expect(helpTextOf(root.querySelector('#inner'), root)).toBe('The station');
    expect(helpTextOf(root.querySelector('#plain'), root)).toBe('outer');
    expect(helpTextOf(root.querySelector('#none'), root)).toBeNull();
    root.title = 'outside the table';
    expect(helpTextOf(root.querySelector('#none'), root)).toBe('outside the table');
  });

  it('while on, a tap shows the help text instead of acting; off again, taps act', () => {
    const send = vi.fn();
    show(send);
    expect(sheet()?.hidden).toBe(true);
    click(dom.byTestId('help-toggle'));
    expect(dom.byTestId('help-toggle')?.getAttribute('aria-pressed')).toBe('true');
    expect(sheet()?.hidden).toBe(false);
    expect(sheet()?.textContent).toContain('Help mode is on');

    // The status line has a title: tapping it shows it.
    const status = dom.byTestId('status') as HTMLElement;
    click(status);
    expect(sheet()?.textContent).toContain(status.title);
    expect(announced()).toBe(status.title);

    // A panel button has no help: nothing opens, the sheet says so.
    const log = dom.byTestId('panel-button-log');
    click(log);
    expect(log?.getAttribute('aria-expanded')).toBe('false');
    expect(sheet()?.textContent).toContain('Nothing to explain here');

    // Taking a tile is not sent either; the turn's buttons explain themselves.
    click(dom.host.querySelector('[data-testid="controls"] button'));
    click(dom.byTestId('confirm'));
    expect(sheet()?.textContent).toContain('Confirm: ends your turn.');
    expect(send).not.toHaveBeenCalled();

    click(dom.byTestId('help-off'));
    expect(dom.byTestId('help-toggle')?.getAttribute('aria-pressed')).toBe('false');
    expect(sheet()?.hidden).toBe(true);
    click(log);
    expect(log?.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('the keys 1 to 6', () => {
  it('are the keys 1 to 6 alone, never while typing or with a modifier', () => {
    const input = document.createElement('input');
    expect(
      seatKeyOf({ key: '3', ctrlKey: false, metaKey: false, altKey: false, target: document.body }),
    ).toBe(2);
    expect(
      seatKeyOf({ key: '7', ctrlKey: false, metaKey: false, altKey: false, target: document.body }),
    ).toBeNull();
    expect(
      seatKeyOf({ key: '3', ctrlKey: true, metaKey: false, altKey: false, target: document.body }),
    ).toBeNull();
    expect(seatKeyOf({ key: '3', ctrlKey: false, metaKey: false, altKey: false, target: input })).toBeNull();
  });

  it("open another seat's board, say so, and Escape closes it; your own number brings your board", () => {
    show();
    const bea = dom.byTestId('board-1-more') as HTMLDetailsElement;
    const cyd = dom.byTestId('board-2-more') as HTMLDetailsElement;
    expect(bea.open).toBe(false);
    press('2');
    expect(bea.open).toBe(true);
    expect(bea.contains(document.activeElement)).toBe(true);
    expect(announced()).toBe("Bea's board is open. Escape closes it.");

    press('3');
    expect([bea.open, cyd.open]).toEqual([false, true]);
    press('Escape');
    expect(cyd.open).toBe(false);
    expect(document.activeElement).toBe(cyd.querySelector('summary'));

    press('1');
    expect(document.activeElement).toBe(
      dom.host.querySelector('[data-testid="my-turn"] [data-testid="board-0"]'),
    );
    expect(announced()).toBe('Your board, Ada.');

    // A seat the table does not have, or a key typed in a field, does nothing.
    press('5');
    const field = document.createElement('input');
    dom.host.append(field);
    press('2', {}, field);
    expect(bea.open).toBe(false);
  });
});
