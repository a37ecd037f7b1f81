// @vitest-environment jsdom
/**
 * The panel buttons of the table's head line: all in one row when it has room; when it has not (a
 * phone), the last panels fold into a "More" menu, as few as needed, the "?" staying in the row; a
 * panel opened from the menu closes the menu and gives the focus back to "More" later. jsdom lays
 * nothing out, so each button is given a width from its label.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PanelButtons, type PanelButton } from '../../client/table/PanelButtons';
import { domPerTest } from './dom';

const dom = domPerTest('en');

const PANELS: PanelButton[] = [
  { id: 'score', label: 'Score' },
  { id: 'objectives', label: 'Objectives' },
  { id: 'rules', label: 'Planet rules' },
  { id: 'log', label: 'Log' },
  { id: 'bots', label: 'Bots' },
  { id: 'preferences', label: 'Preferences' },
];

/** Ten pixels a character: the row's content is as wide as the labels it shows ("More" without its menu). */
function contentWidth(row: Element): number {
  let width = 0;
  for (const child of row.children) {
    const label = child.classList.contains('panel-more') ? child.firstElementChild : child;
    width += (label?.textContent?.length ?? 0) * 10;
  }
  return width;
}

let rowWidth = 1000;
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('panel-buttons') ? contentWidth(this) : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('panel-buttons') ? rowWidth : 0;
    },
  });
});
afterEach(() => {
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  rowWidth = 1000;
});

function render(toggled: Array<[string, HTMLElement]> = []) {
  dom.render(
    <PanelButtons
      panels={PANELS}
      open={null}
      toggle={(id, returnTo) => toggled.push([id, returnTo])}
      help={<button type="button">?</button>}
    />,
  );
}

const rowLabels = () =>
  [...(dom.host.querySelector('.panel-buttons')?.children ?? [])].map((c) =>
    c.classList.contains('panel-more') ? c.firstElementChild?.textContent : c.textContent,
  );

describe('the panel buttons', () => {
  it('are all in the row when it has room, with no "More"', () => {
    render();
    expect(rowLabels()).toEqual(['Score', 'Objectives', 'Planet rules', 'Log', 'Bots', 'Preferences', '?']);
    expect(dom.byTestId('panel-more')).toBeNull();
  });

  it('fold the last panels into "More" when the row is too narrow, no more than needed', () => {
    rowWidth = 300;
    render();
    // 50 + 100 + 60 ("More ▾") + 10 ("?") fits in 300; with "Planet rules" too it would not.
    expect(rowLabels()).toEqual(['Score', 'Objectives', 'More ▾', '?']);
    const more = dom.byTestId('panel-more');
    expect(more?.getAttribute('aria-label')).toBe('More panels');
    expect(more?.getAttribute('aria-expanded')).toBe('false');
    const menu = dom.byTestId('panel-more-menu');
    expect(menu?.hidden).toBe(true);
    expect([...(menu?.querySelectorAll('button') ?? [])].map((b) => b.dataset.testid)).toEqual([
      'panel-button-rules',
      'panel-button-log',
      'panel-button-bots',
      'panel-button-preferences',
    ]);
  });

  it('open a folded panel from the menu, which closes; the focus is to come back to "More"', () => {
    rowWidth = 300;
    const toggled: Array<[string, HTMLElement]> = [];
    render(toggled);
    const more = dom.byTestId('panel-more');
    act(() => more?.click());
    expect(more?.getAttribute('aria-expanded')).toBe('true');
    expect(dom.byTestId('panel-more-menu')?.hidden).toBe(false);
    act(() => dom.byTestId('panel-button-preferences')?.click());
    expect(toggled).toEqual([['preferences', more]]);
    expect(dom.byTestId('panel-more-menu')?.hidden).toBe(true);
    // A panel in the row gives the focus back to its own button.
    act(() => dom.byTestId('panel-button-score')?.click());
    expect(toggled[1]).toEqual(['score', dom.byTestId('panel-button-score')]);
  });

  it('close the menu on Escape, the focus back on "More", and on a press outside it', () => {
    rowWidth = 300;
    render();
    const more = dom.byTestId('panel-more');
    act(() => more?.click());
    const log = dom.byTestId('panel-button-log');
    act(() => {
      log?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dom.byTestId('panel-more-menu')?.hidden).toBe(true);
    expect(document.activeElement).toBe(more);
    act(() => more?.click());
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(dom.byTestId('panel-more-menu')?.hidden).toBe(true);
  });
});
