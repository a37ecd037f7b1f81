/**
 * A dealt corporation in real Chromium (§8.2, R33): the person keeps the asymmetric corporation
 * and the asymmetric planet dealt to them, its board is drawn as its own (its name, its techs with their texts), choices on
 * the board are answered by clicking the highlighted squares, and the game against a bot reaches
 * the end screen. Screenshots at desktop and phone sizes go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { ARTIFACTS, actIfAble, hasChromium, openTable, rigPerSuite } from './support';

describe.skipIf(!hasChromium)('a dealt corporation in Chromium', () => {
  const suite = rigPerSuite();

  it('keeps the dealt corporation, draws its board, answers choices on it and plays to the end screen', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Kim', bot: 'cadet' },
      ],
      options: { boards: 'dealt' },
      seed: 'browser-corporation-1',
    };
    const started = Date.now();
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 1440, height: 900 });

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
    // Every tech's text is on the board, as its tooltip too.
    const techs = page.locator('[data-testid^="corp-0-techs-"][title]');
    await expect(techs.count()).resolves.toBeGreaterThanOrEqual(5);

    let clicks = 0;
    let boardPicks = 0;
    let shotMidgame = false;
    while (Date.now() - started < 240_000) {
      if (await page.getByTestId('scoreboard').count()) break;
      await expect(page.getByTestId('rejection').count()).resolves.toBe(0);
      // A choice the board answers (a destination, a lifepod's spot): click its first highlighted place.
      const pick = page.locator('[data-picking="yes"] .corp-pick').first();
      if (await pick.count()) {
        if (!shotMidgame) {
          await pick.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(ARTIFACTS, 'corporation-pick.png'), fullPage: true });
          shotMidgame = true;
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
        boardPicks++;
        continue;
      }
      if (await actIfAble(page, 'local-game')) clicks++;
      if (clicks === 20 && !shotMidgame) {
        await page.screenshot({ path: join(ARTIFACTS, 'corporation-midgame.png'), fullPage: true });
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`${dealt}: ${clicks} clicks, ${boardPicks} picked on the board, ${seconds.toFixed(1)} s`);
    await page.getByTestId('scoreboard').waitFor({ timeout: 1_000 });
    for (const player of ['0', '1'])
      await expect(page.getByTestId(`score-${player}-total`).textContent()).resolves.toMatch(/-?\d+/);
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
      /^Chemin Eau : pas 0 sur 23$/,
    );
    await board.screenshot({ path: join(ARTIFACTS, 'corporation-phone.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
