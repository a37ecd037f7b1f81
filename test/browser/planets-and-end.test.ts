/**
 * Seeing the other planets, choosing boards on sight, and where a game leads, in real Chromium:
 * another player's planet opens large over the table by a click on its thumbnail and by its seat's
 * key; dealt boards preview the planet and the corporation selected before they are chosen; a
 * finished local game (its moves played by bots in Node, then resumed from the browser's storage)
 * shows every planet, Play again / New game / Home, and stays in the home page's finished games; the
 * home page says what the game is and offers its ways in within the first screen, wide and on a phone.
 * No critical or serious axe finding on these screens. Screenshots go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playGame } from '../../game/sim';
import { decodeLocalSpec, localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import type { SavedLocalGame } from '../../client/local/saved-games';
import { ARTIFACTS, hasChromium, injectAxe, openHome, openTable, rigPerSuite } from './support';

/** Critical and serious axe findings on the page (or inside `include`). */
async function seriousAxe(page: Page, include?: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            c: unknown,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(sel ? { include: [sel] } : document);
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, include ?? null);
}

const inViewport = (page: Page, testid: string) =>
  page.getByTestId(testid).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });

describe.skipIf(!hasChromium)('other planets, board previews, the end screen and the home page', () => {
  const suite = rigPerSuite();

  it('opens another player’s planet large by a click and by its key; previews dealt boards', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Vega', bot: 'cadet' },
        { name: 'Cadet Rigel', bot: 'cadet' },
      ],
      options: { boards: 'dealt' },
      seed: 'planets-large-1',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 1440, height: 900 });
    await page.getByTestId('board-offer').waitFor({ timeout: 20_000 });

    // The board choice: the seat's own planet and corporation board follow the selection.
    const planets = page.locator('[data-testid="board-planets"] input[type=radio]');
    const corps = page.locator('[data-testid="board-corporations"] input[type=radio]');
    expect(await planets.count()).toBe(2);
    const own = page.locator('[data-testid="board-0"]:not(.board-compact)');
    const firstPlanet = await own.getAttribute('data-planet');
    const other = (await planets.nth(1).getAttribute('data-testid'))!.replace(/^board-/, '');
    await planets.nth(1).check();
    await expect.poll(() => own.getAttribute('data-planet')).toBe(other);
    expect(other).not.toBe(firstPlanet);
    await expect(page.getByTestId('board-preview-note').textContent()).resolves.toContain('not chosen yet');
    const corpShown = () => page.getByTestId('corp-0').getAttribute('data-corporation');
    const before = await corpShown();
    await corps.nth(1).check();
    await expect.poll(corpShown).not.toBe(before);
    await page.screenshot({ path: join(ARTIFACTS, 'board-choice-preview.png') });
    await planets.nth(0).check();
    await expect.poll(() => own.getAttribute('data-planet')).toBe(firstPlanet);

    // Another player's planet, large: by a click on the thumbnail…
    await page.getByTestId('board-1-thumb').click();
    const more1 = page.getByTestId('board-1-more');
    await expect.poll(() => more1.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const canvas1 = page.locator('[data-testid="board-1-more"] [data-testid="planet-1-canvas"]');
    await canvas1.waitFor();
    const box = await canvas1.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(
      await page.locator('[data-testid="board-1-more"] [data-testid^="corp-1"]').count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'other-planet-large.png') });
    expect(await seriousAxe(page, '[data-testid="board-1-more"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => more1.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

    // …and by its seat's key (seat 3: key 3).
    await page.keyboard.press('3');
    const more2 = page.getByTestId('board-2-more');
    await expect.poll(() => more2.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.locator('[data-testid="board-2-more"] [data-testid="planet-2-canvas"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => more2.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('a finished game shows every planet and leads on: Play again, New game, Home, the finished list', async () => {
    // The game's moves, played by bots in Node, saved as the browser would have saved them.
    const spec: LocalSpec & { seed: string } = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Vega', bot: 'cadet' },
      ],
      options: {},
      seed: 'end-duo-1',
    };
    const played = playGame({ numPlayers: 2, seed: spec.seed, setupData: spec.options });
    const saved: SavedLocalGame = {
      id: 'finished-end-duo-1',
      spec,
      moves: played.record.moves,
      startedAt: 1,
      updatedAt: 2,
      round: played.state.round,
    };
    const { page, errors } = await openHome(suite.rig, undefined, '#/');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(
      (game) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('planet-unknown', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('local-games');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('local-games', 'readwrite');
            tx.objectStore('local-games').put(game, game.id);
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      saved,
    );
    await page.goto(`${suite.rig.server.url}/#/local?game=${saved.id}`);
    await page.getByTestId('end-screen').waitFor({ timeout: 90_000 });

    // Every planet: the seat's own first, then the others'.
    await expect(page.locator('[data-testid="all-planets"] .all-planets-seat').count()).resolves.toBe(2);
    await page.getByTestId('board-0').waitFor();
    await page.getByTestId('seat-board-1').waitFor();
    await expect(page.getByTestId('seat-planet-card-1').textContent()).resolves.toMatch(/\d+ points?/);
    await page.screenshot({ path: join(ARTIFACTS, 'end-screen-planets.png') });
    await page.getByTestId('end-actions').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'end-screen-actions.png') });
    expect(await seriousAxe(page, '[data-testid="end-screen"]')).toEqual([]);

    // Play again: the same seats and options, a new seed.
    const again = await page.getByTestId('play-again').getAttribute('href');
    const next = decodeLocalSpec(new URLSearchParams(again!.split('?')[1]).get('spec')!);
    expect('error' in next).toBe(false);
    expect((next as LocalSpec).seats).toEqual(spec.seats);
    expect((next as LocalSpec).options).toEqual(spec.options);
    expect((next as LocalSpec).seed).not.toBe(spec.seed);

    // New game: the home page with the local settings in view…
    await page.getByTestId('new-game').click();
    await page.getByTestId('home').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('local-title');
    // …where the game is listed with its result under Finished games, and not under Resume.
    const finished = page.getByTestId('finished-game');
    await finished.waitFor();
    await expect(finished.textContent()).resolves.toMatch(/Ada, Cadet Vega \(bot\) · winners? .*\d/);
    expect(await page.locator(`[data-testid="saved-game"][data-game-id="${saved.id}"]`).count()).toBe(0);
    await page.getByTestId('finished-list').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'home-finished.png') });

    // It replays from the list, opening at its end.
    await page.getByTestId('replay-finished').click();
    await page.getByTestId('replay').waitFor();
    await page.getByTestId('end-screen').waitFor();
    expect(Number(await page.getByTestId('replay').getAttribute('data-length'))).toBe(saved.moves.length);
    await page.goBack();
    await page.getByTestId('home').waitFor();

    // Its end opens again from the list; Home leads back.
    await page.getByTestId('open-finished').click();
    await page.getByTestId('end-screen').waitFor({ timeout: 90_000 });
    await page.getByTestId('end-home').click();
    await page.getByTestId('home').waitFor();
    await page.getByTestId('delete-finished').click();
    await page.getByTestId('finished-list').waitFor({ state: 'detached' });

    // Play again starts the next table.
    await page.goto(`${suite.rig.server.url}/${again}`);
    await page.getByTestId('local-game').waitFor();
    await page.getByTestId('board-0').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('end-screen').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const)
    it(`the home page says what the game is and offers its ways in at ${width}×${height}`, async () => {
      const { page, errors } = await openHome(suite.rig);
      await page.setViewportSize({ width, height });
      await page.getByTestId('planet-picture').waitFor();
      for (const entry of ['entry-learn', 'entry-bots', 'entry-online'])
        expect(await inViewport(page, entry), entry).toBe(true);
      await expect(page.getByTestId('entry-learn').getAttribute('href')).resolves.toBe('#/learn');
      await page.screenshot({ path: join(ARTIFACTS, `home-${width}.png`) });
      expect(await seriousAxe(page)).toEqual([]);
      // Play online brings the online settings into view.
      await page.getByTestId('entry-online').click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('online-title');
      // Play against a bot: one click to a table.
      await page.getByTestId('entry-bots').click();
      await page.getByTestId('local-game').waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
});
