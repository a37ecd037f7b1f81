/**
 * Every player, every input, in Chromium: axe-core audits the home page, a local table before and
 * during a placement, an online match and the end screen (no critical or serious violation; the
 * rest is printed), and a keyboard player's round never drops the focus on the page body. The
 * planet's squares are one tab stop with the arrows inside, the drawn planet is a tab stop only
 * while a ghost is up, and the live region speaks the turn. The end screen comes from a solo game
 * played in Node and resumed from the browser's saved games.
 * Skipped without /usr/bin/chromium (local-game.test.ts fails in CI instead).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playGame } from '../../game/sim';
import type { SavedLocalGame } from '../../client/local/saved-games';
import { ARTIFACTS, hasChromium, openHome, openTextViewIfNeeded, rigPerSuite, injectAxe } from './support';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core over the whole page: the serious and critical violations, the rest printed. */
async function audit(page: Page, where: string): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(c: Document): Promise<{ violations: unknown[] }> } }).axe
      .run;
    return (await run(document)).violations;
  });
  const described = (violations as AxeViolation[]).map(
    (v) =>
      `${where}: ${v.impact ?? 'unknown'} ${v.id} (${v.help}) at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
  const minor = described.filter(
    (_, i) => !/critical|serious/.test(String((violations as AxeViolation[])[i]?.impact)),
  );
  if (minor.length) console.log(minor.join('\n'));
  return described.filter((d) => !minor.includes(d));
}

/** Where the focus is, for messages: the element's test id, tag and name. */
const focusDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? ''} ${el.getAttribute('aria-label') ?? el.textContent ?? ''}`.slice(
      0,
      120,
    );
  });

/** Until the focus has settled somewhere other than the page body (a few frames after a step). */
async function focusKept(page: Page, after: string): Promise<void> {
  try {
    await page.waitForFunction(
      () => document.activeElement !== null && document.activeElement !== document.body,
      undefined,
      { timeout: 3_000 },
    );
  } catch {
    throw new Error(`The focus fell to the page body after ${after}.`);
  }
}

const stateId = (page: Page) => page.getByTestId('local-game').getAttribute('data-state-id');

describe.skipIf(!hasChromium)('accessibility in Chromium', () => {
  const suite = rigPerSuite();

  it('a keyboard round: audits before and during the placement, the focus never on the body, one tab stop for the squares', async () => {
    const { page, errors } = await openHome(suite.rig, undefined, '#/?seed=a11y-round');
    expect(await audit(page, 'home')).toEqual([]);

    await page.getByTestId('local-players').selectOption('1');
    await page.getByTestId('start-local').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('my-turn').waitFor();
    await focusKept(page, 'Start');
    expect(await audit(page, 'table')).toEqual([]);
    // No ghost yet: the drawn planet is no tab stop, since its keys would do nothing.
    expect(await page.locator('.table-canvas-wrap[tabindex]').count()).toBe(0);

    const steps: string[] = [];
    let audited = false;
    for (let guard = 0; guard < 80; guard++) {
      if ((await page.getByTestId('round').first().textContent()) === '3') break;
      const before = await stateId(page);
      const canvas = page.locator('.table-canvas-wrap[tabindex="0"]');
      let what: string;
      if (await canvas.count()) {
        // A ghost is up: the planet is one tab stop in the text view, arrows inside.
        if (!audited) {
          expect(await audit(page, 'placement')).toEqual([]);
          await page.locator('details.planet-text summary').first().click();
          const grid = page.getByTestId('planet-0');
          expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);
          expect(await grid.locator('button').count()).toBeGreaterThan(100);
          await grid.locator('button[tabindex="0"]').focus();
          const from = await focusDescription(page);
          await page.keyboard.press('ArrowRight');
          expect(await focusDescription(page)).not.toBe(from);
          expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);
          await page.keyboard.press('Home');
          await page.keyboard.press('Control+End');
          expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);
          expect(await audit(page, 'placement with the squares')).toEqual([]);
          // Moved by keys and back to a spot that fits: once it rests, what it would gain is said.
          await canvas.focus();
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowLeft');
          await page.waitForFunction(
            () => /would give/.test(document.querySelector('[data-testid="announcer"]')?.textContent ?? ''),
            undefined,
            { timeout: 5_000 },
          );
          audited = true;
        }
        // The keyboard places: Enter on the drawn planet puts the tile where the ghost stands.
        await canvas.focus();
        await page.keyboard.press('Enter');
        what = 'place';
      } else {
        await openTextViewIfNeeded(page);
        const control = page.locator('[data-action]:not([disabled]):not([aria-disabled="true"])').first();
        await control.waitFor({ timeout: 10_000 });
        what = (await control.getAttribute('data-action')) ?? 'a control';
        await control.focus();
        await page.keyboard.press('Enter');
      }
      await page.waitForFunction(
        (prev) =>
          document.querySelector('[data-testid="local-game"]')?.getAttribute('data-state-id') !== prev,
        before,
        { timeout: 10_000 },
      );
      await focusKept(page, what);
      steps.push(`${what} → ${await focusDescription(page)}`);
    }
    console.log(`focus after each step:\n${steps.join('\n')}`);
    expect(audited).toBe(true);
    expect(steps.length).toBeGreaterThan(3);
    // The live region said the new round.
    await expect(page.getByTestId('announcer').textContent()).resolves.toMatch(/Round 3 begins/);
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-round3.png') });

    // 200% zoom on a 1440×900 screen: the planet leaves room for its status and the turn bar.
    await page.setViewportSize({ width: 720, height: 450 });
    const planetHeight = await page
      .getByTestId('planet-0-canvas')
      .locator('canvas')
      .evaluate((c) => c.getBoundingClientRect().height);
    expect(planetHeight).toBeLessThanOrEqual(450 - 150);
    await page.getByTestId('planet-0-canvas').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-zoom-200.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('an online match passes the audit', async () => {
    const { page, errors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await page.getByTestId('online-name').fill('Ada');
    await page.getByTestId('online-players').selectOption('2');
    await page.getByTestId('create-match').click();
    await page.getByTestId('my-turn').waitFor();
    await focusKept(page, 'creating the match');
    expect(await audit(page, 'online match')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('the end screen passes the audit', async () => {
    const seed = 'a11y-end';
    const { record } = playGame({ numPlayers: 1, seed, setupData: {} });
    const saved: SavedLocalGame = {
      id: 'a11y-end-game',
      spec: { seats: [{ name: 'Ada', bot: null }], options: {}, seed },
      moves: record.moves,
      startedAt: 1,
      updatedAt: 2,
      round: 1,
    };
    const { page, errors } = await openHome(suite.rig);
    await page.evaluate(async (game) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('planet-unknown', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('local-games');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('no IndexedDB'));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('local-games', 'readwrite');
        tx.objectStore('local-games').put(game, game.id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('not written'));
      });
      db.close();
    }, saved);
    await page.goto(`${suite.rig.server.url}/#/local?game=${saved.id}`);
    await page.getByTestId('scoreboard').waitFor({ timeout: 40_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-end.png') });
    expect(await audit(page, 'end screen')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
