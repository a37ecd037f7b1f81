/**
 * A dealt corporation in real Chromium (§8.2, R33): the person keeps the asymmetric corporation
 * and the asymmetric planet dealt to them, the table plays that planet, the corporation's board is
 * drawn as its own (its name, its techs with their texts), choices on the board are answered by
 * clicking the highlighted squares, and a game on these boards reaches the end screen.
 * Screenshots at desktop and phone sizes go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { planetById } from '../../game';
import type { Page } from 'playwright-core';
import { ARTIFACTS, actIfAble, hasChromium, openTable, openTableAtRound, rigPerSuite } from './support';

describe.skipIf(!hasChromium)('a dealt corporation in Chromium', () => {
  const suite = rigPerSuite();

  /**
   * Clicks through the table until `done` holds after a step or the game ends: a choice on the
   * corporation board is answered by its first highlighted place, anything else by the first legal
   * control. Says how many steps were each. The first choice on the board is shot to `pickShot`.
   */
  async function playOn(
    page: Page,
    done: (progress: { clicks: number; boardPicks: number }) => boolean,
    pickShot: string,
  ) {
    const progress = { clicks: 0, boardPicks: 0 };
    // However long the machine takes (the test's own timeout is the bound); the step cap only stops
    // a game that no longer moves.
    for (let step = 0; step < 5000 && !done(progress); step++) {
      // One look at the page per step: the game over, a refusal shown, a choice on the board.
      const seen = await page.evaluate(() => ({
        over: document.querySelector('[data-testid="scoreboard"]') !== null,
        rejected: document.querySelector('[data-testid="rejection"]')?.textContent ?? null,
        pick: document.querySelector('[data-picking="yes"] .corp-pick') !== null,
      }));
      if (seen.over) break;
      expect(seen.rejected).toBeNull();
      // A choice the board answers (a destination, a lifepod's spot): click its first highlighted place.
      const pick = page.locator('[data-picking="yes"] .corp-pick').first();
      if (seen.pick) {
        if (progress.boardPicks === 0) {
          await pick.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(ARTIFACTS, pickShot), fullPage: true });
        }
        const before = await page.getByTestId('local-game').getAttribute('data-state-id');
        const selectsLifepod = (await pick.getAttribute('data-pick')) === 'from';
        await pick.click();
        // Picking a lifepod to move only selects it: the state moves on with its destination.
        if (!selectsLifepod)
          await page.waitForFunction(
            ([prev]) =>
              document.querySelector('[data-testid="local-game"]')?.getAttribute('data-state-id') !== prev,
            [before] as const,
            { timeout: 15_000 },
          );
        progress.boardPicks++;
        continue;
      }
      if (await actIfAble(page, 'local-game')) progress.clicks++;
    }
    return progress;
  }

  it('keeps the dealt corporation and planet, draws its board and answers a choice on it', async () => {
    const spec: LocalSpec = {
      // This seed deals Makeshift, whose trackers may advance diagonally: the square reached is
      // picked on its board (§8.2), and Tartarus.
      seats: [{ name: 'Ada', bot: null }],
      options: { boards: 'dealt' },
      seed: 'browser-corporation-6',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 1440, height: 900 });
    // No animations to wait for (the station's turn, the tiles' moves): the game is played quickly.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // R33: the dealt corporation or its symmetric side; Ada keeps the asymmetric one.
    await page.getByTestId('board-offer').waitFor();
    const offered = await page
      .locator('[data-testid^="corporation-"]')
      .evaluateAll((inputs) =>
        inputs.map((i) => i.getAttribute('data-testid')?.slice('corporation-'.length)),
      );
    const dealt = offered.find((id) => id !== 'universal-coalition');
    expect(dealt, `offered: ${offered.join(', ')}`).toBeTruthy();
    await page.getByTestId(`corporation-${dealt}`).check();
    // And the dealt planet rather than KSB-4156 (R33, §8.1): the game is played on both asymmetric sides.
    const planets = await page
      .locator('[data-testid="board-planets"] [data-testid^="board-"]')
      .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-testid')?.slice('board-'.length)));
    const dealtPlanet = planets.find((id) => id !== 'ksb-4156');
    expect(dealtPlanet, `offered: ${planets.join(', ')}`).toBeTruthy();
    await page.getByTestId(`board-${dealtPlanet}`).check();
    await page.getByTestId('choose-board').click();

    const board = page.getByTestId('corp-0');
    await board.waitFor({ timeout: 15_000 });
    await expect(board.getAttribute('data-corporation')).resolves.toBe(dealt);
    // The table plays the planet kept, by its name under the seat's heading.
    const planetBoard = page.getByTestId('board-0');
    await expect(planetBoard.getAttribute('data-planet')).resolves.toBe(dealtPlanet);
    await expect(planetBoard.locator('.small').first().textContent()).resolves.toContain(
      planetById(String(dealtPlanet)).name,
    );
    // Every tech's text is on the board, as its tooltip too.
    const techs = page.locator('[data-testid^="corp-0-techs-"][title]');
    await expect(techs.count()).resolves.toBeGreaterThanOrEqual(5);

    // Played until a choice is on the board, then that choice answered there.
    const { boardPicks } = await playOn(page, (p) => p.boardPicks > 0, 'corporation-pick.png');
    expect(boardPicks).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('plays the last rounds of a Makeshift game on Tartarus to the end screen, answering choices on its board', async () => {
    // The same boards as above, set rather than dealt, resumed at round 14 of about 20.
    const spec = {
      seats: [{ name: 'Ada', bot: null }],
      options: { seats: [{ corporation: 'makeshift', planet: 'tartarus' }] },
      seed: 'browser-corporation-6',
    };
    const started = Date.now();
    const { page, errors } = await openTableAtRound(suite.rig, spec, 14, { width: 1440, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByTestId('corp-0').getAttribute('data-corporation')).resolves.toBe('makeshift');
    const { clicks, boardPicks } = await playOn(page, () => false, 'corporation-pick-late.png');
    const seconds = (Date.now() - started) / 1000;
    console.log(`makeshift: ${clicks} clicks, ${boardPicks} picked on the board, ${seconds.toFixed(1)} s`);
    // At least one choice was answered on the corporation board itself.
    expect(boardPicks).toBeGreaterThan(0);
    await page.getByTestId('scoreboard').waitFor();
    await expect(page.getByTestId('score-0-total').textContent()).resolves.toMatch(/-?\d+/);
    await page.screenshot({ path: join(ARTIFACTS, 'corporation-end.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('draws a corporation board readable on a phone, in French', async () => {
    const spec: LocalSpec = {
      seats: [{ name: 'Ada', bot: null }],
      options: { seats: [{ corporation: 'oasis-ultd' }] },
      seed: 'browser-corporation-2',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 390, height: 844 });
    await page.getByTestId('language-fr').click();
    // On a phone the board is one tab away (Planète · Station · Plateau · Joueurs).
    await expect(page.getByTestId('phone-tab-board').textContent()).resolves.toMatch(/Plateau/);
    await page.getByTestId('phone-tab-board').click();
    const board = page.getByTestId('corp-0');
    await board.waitFor();
    await board.scrollIntoViewIfNeeded();
    // The board fits the phone's width: no square is cut off at the right.
    const width = await board.evaluate((el) => el.getBoundingClientRect().right);
    expect(width).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('corp-0-path').textContent()).resolves.toMatch(
      /^Chemin Eau\u202f: pas 0 sur 23$/,
    );
    await board.screenshot({ path: join(ARTIFACTS, 'corporation-phone.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
