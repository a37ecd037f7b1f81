/**
 * The real client in a real browser: Debian's Chromium driven by playwright-core. It builds the
 * client, serves it from the game server on 127.0.0.1 and plays local pass-and-play games by
 * clicking the first enabled legal-action control on each screen. Screenshots go to artifacts/.
 *
 * Without /usr/bin/chromium the tests are skipped, except in CI (CI set), where they fail:
 * `apt-get install chromium` (the CI script does it).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  MISSING_CHROMIUM,
  hasChromium,
  openHome,
  openTableAtRound,
  openTextViewIfNeeded,
  rigPerSuite,
  step as stepIn,
} from './support';

if (!hasChromium && !process.env.CI) console.warn(`Skipping the browser tests. ${MISSING_CHROMIUM}`);

describe.runIf(!hasChromium && process.env.CI)('browser tests in CI', () => {
  it('need Chromium', () => {
    throw new Error(MISSING_CHROMIUM);
  });
});

describe.skipIf(!hasChromium)('local pass-and-play in Chromium', () => {
  const suite = rigPerSuite();

  // Seeded through the home page's URL, so each run plays the same games.
  const openPage = (seed: string) => openHome(suite.rig, undefined, `#/?seed=${seed}`);
  const step = (page: Page) => stepIn(page, 'local-game');

  async function startLocal(page: Page, players: number) {
    await page.getByTestId('local-players').selectOption(String(players));
    await page.getByTestId('start-local').click();
    await page.getByTestId('local-game').waitFor();
  }

  it('plays the last rounds of a 1-player game to the end screen and shows the score breakdown', async () => {
    // Resumed at round 16 of about 20: the first rounds are clicked through in the 2-player test.
    const solo = { seats: [{ name: 'Ada', bot: null }], options: {}, seed: 'browser-solo' };
    const { page, errors } = await openTableAtRound(suite.rig, solo, 16);
    let actions = 0;
    for (let guard = 0; guard < 600; guard++) {
      if (await page.getByTestId('scoreboard').count()) break;
      // A rejection means a "legal" control was refused: the client and the engine disagree.
      expect(await page.getByTestId('rejection').count()).toBe(0);
      if ((await step(page)) === 'action') actions++;
      if (actions === 6) {
        await page.screenshot({ path: join(ARTIFACTS, 'local-1p-midgame.png'), fullPage: true });
      }
    }
    const scoreboard = page.getByTestId('scoreboard');
    await expect(scoreboard.isVisible()).resolves.toBe(true);
    for (const column of ['planet', 'tracks', 'lifepods', 'meteorites', 'civ', 'objectives', 'total']) {
      await expect(page.getByTestId(`score-0-${column}`).textContent()).resolves.toMatch(/^-?\d+$/);
    }
    // Solo: no "winner", the score against the deck's target (§7.4).
    expect(await page.getByTestId('winners').count()).toBe(0);
    await expect(page.getByTestId('solo-epilogue').textContent()).resolves.toMatch(/target \d+/);
    await page.screenshot({ path: join(ARTIFACTS, 'local-1p-end.png'), fullPage: true });
    expect(actions).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('in a 2-player game shows only the acting seat, and nobody sees another seat’s turn in progress', async () => {
    const { page, errors } = await openPage('browser-duo');
    await page.screenshot({ path: join(ARTIFACTS, 'home.png'), fullPage: true });
    await startLocal(page, 2);

    // Seat 1 (id 0) first: a hand-over screen hides everything private until they confirm.
    await expect(page.getByTestId('handoff').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('my-turn').count()).toBe(0);
    await step(page);
    const myTurn = page.getByTestId('my-turn');
    expect(await myTurn.getAttribute('data-player')).toBe('0');

    // Player 1 takes and places a tile, without confirming.
    await page.getByTestId('take-controls').waitFor();
    await step(page);
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken: .+ tile, /);
    // The placement picker: rotate and flip set the orientation; an illegal corner says why.
    const orientation = page.getByTestId('orientation');
    await page.getByTestId('orient-cw').click();
    await expect(orientation.textContent()).resolves.toBe('1');
    await page.getByTestId('orient-flip').click();
    await expect(orientation.textContent()).resolves.toBe('7');
    await openTextViewIfNeeded(page);
    await page.getByTestId('planet-0-cell-0-0').click();
    await expect(page.getByTestId('placement-note').textContent()).resolves.toMatch(
      /outside your planet or a hole in it/,
    );
    await page.locator('[data-action="place"]').nth(2).hover();
    await page.screenshot({ path: join(ARTIFACTS, 'local-2p-placement.png'), fullPage: true });
    await step(page);
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/placed/);
    await expect(page.getByTestId('board-0').textContent()).resolves.toMatch(/1 piece\(s\) placed/);

    // Hand the device to player 2 mid-round: their screen shows nothing of player 1's draft.
    await page.getByTestId('switch-1').click();
    await expect(page.getByTestId('handoff').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('taken-tile').count()).toBe(0);
    await step(page);
    expect(await myTurn.getAttribute('data-player')).toBe('1');
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/none yet/);
    await expect(page.getByTestId('board-0').textContent()).resolves.toMatch(/0 piece\(s\) placed/);
    await page.screenshot({ path: join(ARTIFACTS, 'local-2p-handover.png'), fullPage: true });

    // Play on for a few rounds; the one turn on screen always belongs to a seat that must act.
    for (let guard = 0; guard < 400; guard++) {
      const round = Number(await page.getByTestId('round').first().textContent());
      if (round >= 4 || (await page.getByTestId('scoreboard').count())) break;
      await step(page);
      const game = page.getByTestId('local-game');
      const acting = ((await game.getAttribute('data-acting')) ?? '').split(',');
      const seat = await game.getAttribute('data-seat');
      expect(acting).toContain(seat);
      expect(await page.getByTestId('my-turn').count()).toBeLessThanOrEqual(1);
      if (await myTurn.count()) expect(await myTurn.getAttribute('data-player')).toBe(seat);
      expect(await page.getByTestId('rejection').count()).toBe(0);
    }
    expect(Number(await page.getByTestId('round').first().textContent())).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: join(ARTIFACTS, 'local-2p-round4.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
