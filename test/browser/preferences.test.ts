/**
 * Preferences in real Chromium: chosen on the table, kept across a reload and applied to it (the
 * planet drawn larger); help mode shows a text instead of acting; the key 2 opens the second seat's
 * board and Escape closes it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { ARTIFACTS, hasChromium, openTable, rigPerSuite } from './support';

const spec: LocalSpec = {
  seats: [
    { name: 'Ada', bot: null },
    { name: 'Cadet Vega', bot: 'cadet' },
  ],
  options: {},
  seed: 'preferences-1',
};

const planetWidth = (page: Page) =>
  page
    .locator('.board-mine .table-canvas-wrap.large canvas')
    .evaluate((c) => c.getBoundingClientRect().width);

describe.skipIf(!hasChromium)('preferences in Chromium', () => {
  const suite = rigPerSuite();

  it('are kept across a reload and applied; help mode and the key 2 work on the table', async () => {
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 1280, height: 720 });
    await page.getByTestId('my-turn').waitFor();
    const fitted = await planetWidth(page);

    await page.getByTestId('panel-button-preferences').click();
    await page.getByTestId('pref-board-scale').selectOption('120');
    await page.getByTestId('pref-strong-symbols').check();
    await page.reload();
    await page.getByTestId('my-turn').waitFor();
    const table = page.getByTestId('game');
    expect(await table.getAttribute('data-strong-symbols')).toBe('true');
    expect(await table.evaluate((el) => getComputedStyle(el).getPropertyValue('--board-scale'))).toBe('1.2');
    expect(await planetWidth(page)).toBeGreaterThan(fitted * 1.1);
    await page.getByTestId('panel-button-preferences').click();
    expect(await page.getByTestId('pref-board-scale').inputValue()).toBe('120');
    await page.getByTestId('drawer-close').click();

    // Help mode: a tap on the status line shows its text, a tap on a panel button opens nothing.
    await page.getByTestId('help-toggle').click();
    await page.getByTestId('status').click();
    expect(await page.getByTestId('help-sheet').textContent()).toContain('waiting for');
    await page.getByTestId('panel-button-log').click();
    expect(await page.getByTestId('panel-button-log').getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: join(ARTIFACTS, 'preferences-help-1280x720.png') });
    await page.getByTestId('help-toggle').click();
    await expect.poll(() => page.getByTestId('help-sheet').isHidden()).toBe(true);

    await page.keyboard.press('2');
    await expect
      .poll(() => page.getByTestId('board-1-more').evaluate((d) => (d as HTMLDetailsElement).open))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId('board-1-more').evaluate((d) => (d as HTMLDetailsElement).open))
      .toBe(false);
    // The focus goes back to the board's summary, never to the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    expect(errors).toEqual([]);
    await page.close();
  });
});
