/**
 * Placing a tile on the drawn planet in real Chromium: a click pins the ghost and a ring of controls
 * appears around it, inside the planet and apart from each other; the ring turns the tile and ✓
 * places it; a log entry chosen shows its squares on the planet, Escape clears them. On a 390×844
 * touch screen a tile is placed by two taps. Screenshots go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { GRID } from '../../game';
import {
  ARTIFACTS,
  hasChromium,
  openTextViewIfNeeded,
  rigPerSuite,
  injectAxe,
  throughTheStart,
  untilSomethingToDo,
} from './support';

/** axe-core's critical and serious findings on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(d: Document): Promise<{ violations: { id: string; impact?: string }[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  });
}

const SPEC: LocalSpec = {
  seats: [
    { name: 'Ada', bot: null },
    { name: 'Cadet Vega', bot: 'cadet' },
  ],
  options: {},
  seed: 'placing-ring',
};

/** Through the start (boards, objectives, the commander's rotation), then take the first tile offered. */
async function takeATile(page: Page): Promise<Locator> {
  await throughTheStart(page);
  await page.locator('[data-action="takeTile"]:not([disabled])').first().click();
  const planet = page.getByTestId('planet-0-canvas');
  await planet.locator('canvas').waitFor({ timeout: 15_000 });
  await planet.locator('canvas').scrollIntoViewIfNeeded();
  return planet;
}

/** The page position of the middle of square `cell` of the drawn planet (its margin is 0.3 squares, 13.2 in all). */
async function squareCentre(planet: Locator, cell: number): Promise<{ x: number; y: number }> {
  const box = await planet.locator('canvas').boundingBox();
  if (!box) throw new Error('The planet is not drawn.');
  const side = box.width / 13.2;
  return {
    x: box.x + side * (0.3 + (cell % GRID) + 0.5),
    y: box.y + side * (0.3 + Math.floor(cell / GRID) + 0.5),
  };
}

/** A square of the ghost, as it stands (it starts on a legal spot). */
async function aGhostSquare(planet: Locator): Promise<number> {
  const cells = (await planet.getAttribute('data-ghost-cells'))?.split(',').map(Number) ?? [];
  expect(cells.length).toBeGreaterThan(0);
  return cells[0] as number;
}

const piecesPlaced = async (page: Page) =>
  Number(/(\d+) piece\(s\) placed/.exec((await page.getByTestId('board-0').textContent()) ?? '')?.[1]);

describe.skipIf(!hasChromium)('placing a tile on the drawn planet', () => {
  const suite = rigPerSuite();

  it('pins the ghost with a click, turns and places it with the ring, and shows a log entry’s squares', async () => {
    const page = await suite.rig.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.rig.server.url}/${localSpecHref(SPEC)}`);
    const planet = await takeATile(page);
    const status = page.getByTestId('ghost-status');
    const start = await status.textContent();
    expect(start).toMatch(/: fits$/);

    // A click on the ghost pins it where it stands, and the ring shows around it.
    const at = await squareCentre(planet, await aGhostSquare(planet));
    await page.mouse.move(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await expect(planet.getAttribute('data-pinned')).resolves.toBe('true');
    await expect(status.textContent()).resolves.toBe(start);
    const ring = page.getByTestId('planet-0-ring');
    await ring.waitFor();
    const canvas = await planet.locator('canvas').boundingBox();
    const buttons = await ring.locator('button').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('aria-label'),
          left: r.left,
          top: r.top,
          right: r.right,
          bottom: r.bottom,
        };
      }),
    );
    expect(buttons.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Rotate left', 'Rotate right', 'Flip', 'Move up', 'Place here']),
    );
    for (const [i, b] of buttons.entries()) {
      expect(b.left >= canvas!.x - 0.5 && b.right <= canvas!.x + canvas!.width + 0.5, b.name ?? '').toBe(
        true,
      );
      expect(b.top >= canvas!.y - 0.5 && b.bottom <= canvas!.y + canvas!.height + 0.5, b.name ?? '').toBe(
        true,
      );
      for (const o of buttons.slice(i + 1))
        expect(
          b.right <= o.left || o.right <= b.left || b.bottom <= o.top || o.bottom <= b.top,
          `${b.name} / ${o.name}`,
        ).toBe(true);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'placing-ring-1440x900.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // The ring turns the tile a quarter and back; the mouse moving off no longer carries a pinned ghost.
    await page.getByTestId('ring-rotateCW').click();
    await expect(status.textContent()).resolves.toMatch(/rotated 90°/);
    await page.getByTestId('ring-rotateCCW').click();
    await expect(status.textContent()).resolves.toBe(start);
    await page.getByTestId('ring-place').click();
    await page.waitForFunction(() =>
      /1 piece\(s\) placed/.test(document.querySelector('[data-testid="board-0"]')?.textContent ?? ''),
    );
    await expect(page.getByTestId('planet-0-ring').count()).resolves.toBe(0);

    // Finish the turn (its gains, Confirm) until the log has an entry with squares.
    const entry = page.locator('[data-testid="log"] button.log-entry').first();
    for (let guard = 0; !(await entry.count()); guard++) {
      if (guard > 60) throw new Error('No log entry with squares after the turn.');
      await openTextViewIfNeeded(page);
      const control = page.locator('[data-action]:not([disabled])').first();
      if (await control.count()) await control.click({ timeout: 5_000 }).catch(() => {});
      else await untilSomethingToDo(page, 'local-game');
    }
    await page.getByTestId('panel-button-log').click();
    await expect(entry.textContent()).resolves.toMatch(/\+\d/);
    await entry.click();
    await expect(entry.getAttribute('aria-pressed')).resolves.toBe('true');
    const shown = page.locator('[data-highlight]');
    await expect(shown.count()).resolves.toBe(1);
    expect(await shown.getAttribute('data-highlight')).toMatch(/^\d+(,\d+)+$/);
    await page.screenshot({ path: join(ARTIFACTS, 'placing-log-highlight-1440x900.png') });
    await page.keyboard.press('Escape');
    await expect(shown.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('places a tile with two taps on a 390×844 touch screen', async () => {
    const context = await suite.rig.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.rig.server.url}/${localSpecHref({ ...SPEC, seed: 'placing-taps' })}`);
    const planet = await takeATile(page);
    const at = await squareCentre(planet, await aGhostSquare(planet));
    await page.touchscreen.tap(at.x, at.y);
    await expect(planet.getAttribute('data-pinned')).resolves.toBe('true');
    await page.getByTestId('planet-0-ring').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'placing-ring-390x844.png') });
    expect(await piecesPlaced(page)).toBe(0);
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction(() =>
      /1 piece\(s\) placed/.test(document.querySelector('[data-testid="board-0"]')?.textContent ?? ''),
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 45_000);
});
