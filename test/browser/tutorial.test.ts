/**
 * The learn-to-play course in real Chromium, played by following its own instructions: at each
 * step the test does what the coach highlights (the highlighted control, or for a tile the outline
 * on the planet, matched by turning, flipping and moving the tile with the keys), and waits for the
 * lesson to move on. The whole course in English, the first lesson in French; a wrong move is
 * refused with a reason and changes nothing; progress survives a reload. Screenshots go to
 * artifacts/ (the time each lesson took is printed).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  hasChromium,
  openTextViewIfNeeded,
  rigPerSuite,
  seriousAxeViolations,
  showPhoneTabOf,
} from './support';

const doneOf = async (page: Page) => Number(await page.getByTestId('learn-lesson').getAttribute('data-done'));

/** Squares as [x, y] from a comma list of cell indices on the 12×12 grid. */
const cellsOf = (list: string | null): [number, number][] =>
  (list ?? '')
    .split(',')
    .filter(Boolean)
    .map((c) => [Number(c) % 12, Math.floor(Number(c) / 12)]);

/** The shape of some squares, moved to the corner: equal shapes give equal texts. */
function shapeKey(cells: [number, number][]): string {
  const minX = Math.min(...cells.map(([x]) => x));
  const minY = Math.min(...cells.map(([, y]) => y));
  return cells
    .map(([x, y]) => `${x - minX}:${y - minY}`)
    .sort()
    .join(' ');
}

/** Turns, flips and moves the ghost tile with the keys until it covers the outline, then places it. */
async function placeOnOutline(page: Page): Promise<void> {
  const canvas = page.getByTestId('planet-0-canvas');
  await canvas.waitFor({ state: 'attached' });
  await showPhoneTabOf(canvas);
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="planet-0-canvas"]')?.getAttribute('data-ghost-cells'),
  );
  await canvas.focus();
  const target = cellsOf(await canvas.getAttribute('data-highlight'));
  expect(target.length).toBeGreaterThan(0);
  for (let turn = 0; turn < 8; turn++) {
    const ghost = cellsOf(await canvas.getAttribute('data-ghost-cells'));
    if (shapeKey(ghost) === shapeKey(target)) {
      const dx = Math.min(...target.map(([x]) => x)) - Math.min(...ghost.map(([x]) => x));
      const dy = Math.min(...target.map(([, y]) => y)) - Math.min(...ghost.map(([, y]) => y));
      for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
      for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
      await page.waitForFunction(
        (want) => {
          const el = document.querySelector('[data-testid="planet-0-canvas"]');
          const have = (el?.getAttribute('data-ghost-cells') ?? '').split(',').sort().join(',');
          return have === want;
        },
        (await canvas.getAttribute('data-highlight'))?.split(',').sort().join(',') ?? '',
      );
      await page.keyboard.press('Enter');
      return;
    }
    const before = await canvas.getAttribute('data-ghost-cells');
    await page.keyboard.press(turn === 3 ? 'f' : 'r');
    await page.waitForFunction(
      (prev) =>
        document.querySelector('[data-testid="planet-0-canvas"]')?.getAttribute('data-ghost-cells') !== prev,
      before,
    );
  }
  throw new Error('No orientation of the tile matches the outline.');
}

/** Whether the lesson moves past `before` within `ms`. */
async function movedOn(page: Page, before: number, ms: number): Promise<boolean> {
  return page
    .waitForFunction(
      (prev) =>
        Number(document.querySelector('[data-testid="learn-lesson"]')?.getAttribute('data-done')) > prev,
      before,
      { timeout: ms },
    )
    .then(
      () => true,
      () => false,
    );
}

/** Does what the coach asks once, and waits for the lesson to move on. */
async function followOnce(page: Page): Promise<void> {
  const coach = page.getByTestId('learn-coach');
  const expected = JSON.parse((await coach.getAttribute('data-expect')) ?? 'null') as { type: string } | null;
  if (!expected) throw new Error('The coach expects nothing.');
  const before = await doneOf(page);
  if (expected.type === 'placeTile') await placeOnOutline(page);
  else {
    await openTextViewIfNeeded(page);
    if (expected.type === 'keepObjectives')
      for (const box of await page.locator('input.learn-target:not(:checked)').all()) await box.check();
    const target = page.locator('.learn-target:not(input)').first();
    await target.waitFor({ state: 'attached', timeout: 10_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: join(ARTIFACTS, 'learn-stuck.png'), fullPage: true });
      throw new Error(
        `Nothing highlighted for ${JSON.stringify(expected)} (see artifacts/learn-stuck.png): ${String(err)}`,
      );
    });
    await showPhoneTabOf(target);
    await target.scrollIntoViewIfNeeded();
    await target.click();
    // A click the page was not ready for (a control redrawn under the pointer) is given again
    // from the keyboard, as a person would press it again.
    if (!(await movedOn(page, before, 5_000))) {
      await target.focus();
      await page.keyboard.press('Enter');
    }
  }
  try {
    await page.waitForFunction(
      (prev) =>
        Number(document.querySelector('[data-testid="learn-lesson"]')?.getAttribute('data-done')) > prev,
      before,
      { timeout: 10_000 },
    );
  } catch (err) {
    await page.screenshot({ path: join(ARTIFACTS, 'learn-stuck.png'), fullPage: true });
    const notice = await page
      .getByTestId('learn-notice')
      .textContent()
      .catch(() => null);
    throw new Error(
      `The lesson did not move on after ${JSON.stringify(expected)} (notice: ${notice}; see artifacts/learn-stuck.png): ${String(err)}`,
    );
  }
}

async function playLesson(page: Page, id: number): Promise<number> {
  const started = Date.now();
  // The lesson the "next lesson" link leads to: until the page shows it, the last one is still there.
  await page.locator(`[data-testid="learn-lesson"][data-lesson="${id}"]`).waitFor();
  expect(await page.getByTestId('learn-lesson').getAttribute('data-lesson')).toBe(String(id));
  for (let guard = 0; guard < 40; guard++) {
    if ((await page.getByTestId('learn-coach').getAttribute('data-finished')) === 'true') break;
    await followOnce(page);
  }
  await page.getByTestId('learn-done').waitFor();
  return Date.now() - started;
}

describe.skipIf(!hasChromium)('learn to play in Chromium', () => {
  const suite = rigPerSuite();

  it('plays the whole course in English by following its own instructions', async () => {
    const page = await suite.rig.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(m.text());
    });
    await page.goto(`${suite.rig.server.url}/#/learn`);
    await page.getByTestId('learn-course').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'learn-course.png'), fullPage: true });
    await page.getByTestId('lesson-1').locator('a').click();

    // A wrong move is refused with words, and changes nothing.
    await page.getByTestId('learn-coach').waitFor();
    await page.getByTestId('learn-instruction').waitFor();
    const times: string[] = [];
    for (let id = 1; id <= 5; id++) {
      if (id === 1) {
        // Lesson 1 starts with the objectives: keeping none is not what it asks.
        await page.getByTestId('keep-objectives').waitFor();
      }
      const ms = await playLesson(page, id);
      times.push(`lesson ${id}: ${(ms / 1000).toFixed(1)} s`);
      await page.screenshot({ path: join(ARTIFACTS, `learn-lesson-${id}-done.png`), fullPage: true });
      if (id < 5) await page.getByTestId('learn-next').click();
    }
    // The last lesson ends on the final score, and leads to a game against the bots.
    await page.getByTestId('end-screen').waitFor();
    await page.getByTestId('learn-play-bots').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    console.log(`course played by following it, 1440×900: ${times.join(', ')}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('refuses a move the lesson does not teach, keeps progress over a reload, and speaks French', async () => {
    const page = await suite.rig.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${suite.rig.server.url}/#/learn/1`);
    await page.getByTestId('language-fr').click();
    await page.getByTestId('learn-instruction').waitFor();
    await expect(page.getByTestId('learn-instruction').textContent()).resolves.toMatch(/objectif/i);
    await followOnce(page); // the objectives
    // Lesson 1 teaches the small tile: the large one is refused, in French, and nothing moves.
    await page.getByTestId('take-large').click();
    await expect(page.getByTestId('learn-notice').textContent()).resolves.toMatch(/^Pas celui-ci/);
    expect(await doneOf(page)).toBe(1);
    await page.reload();
    await page.getByTestId('learn-instruction').waitFor();
    expect(await doneOf(page)).toBe(1);
    await playLesson(page, 1);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-lesson-1-fr.png'), fullPage: true });
    // Replaying the last move goes back one step.
    await page.getByTestId('learn-replay-step').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="learn-coach"]')?.getAttribute('data-finished') === 'false',
    );
    await page.close();
  }, 120_000);
  it('teaches the first lesson on a phone (390×844, touch)', async () => {
    const context = await suite.rig.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.rig.server.url}/#/learn/1`);
    await page.getByTestId('learn-instruction').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'learn-phone-start.png') });
    const ms = await playLesson(page, 1);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-phone-lesson-1-done.png') });
    console.log(`lesson 1 played by following it, 390×844: ${(ms / 1000).toFixed(1)} s`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
