/**
 * Online play in Chromium: two browser profiles create and join a match through the lobby, play
 * round 1 over the server's sockets, and a reload resumes the seat from the stored credentials.
 * Skipped without /usr/bin/chromium (local-game.test.ts fails in CI instead).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, hasChromium, openHome, startRig, step as stepIn, type Rig } from './support';

describe.skipIf(!hasChromium)('online match in Chromium', () => {
  let rig: Rig;

  beforeAll(async () => {
    rig = await startRig();
  }, 90_000);

  afterAll(async () => {
    await rig?.close();
  });

  const step = (page: Page) => stepIn(page, 'online-game');
  const round = async (page: Page) => Number(await page.getByTestId('round').first().textContent());

  /** Play one seat's round: every legal control in turn until the turn is confirmed. */
  async function playRound(page: Page) {
    for (let guard = 0; guard < 60; guard++) {
      if (!(await page.locator('[data-action]:not([disabled])').count())) return;
      await step(page);
    }
    throw new Error('The round did not end.');
  }

  it('two players create, join and play a round; a reload resumes the seat', async () => {
    const { page: ada, errors: adaErrors } = await openHome(rig, await rig.browser.newContext());
    await ada.getByTestId('online-name').fill('Ada');
    await ada.getByTestId('online-players').selectOption('2');
    await ada.getByTestId('create-match').click();
    await ada.getByTestId('my-turn').waitFor();
    const matchID = decodeURIComponent(ada.url().split('#/match/')[1] ?? '');
    expect(matchID).not.toBe('');

    const { page: bob, errors: bobErrors } = await openHome(rig, await rig.browser.newContext());
    await bob.getByTestId('online-name').fill('Bob');
    await bob.getByTestId(`match-${matchID}`).getByRole('button', { name: 'Join seat 2' }).click();
    await bob.getByTestId('my-turn').waitFor();
    expect(await bob.getByTestId('online-game').getAttribute('data-seat')).toBe('1');
    await expect(ada.getByTestId('status').textContent()).resolves.toMatch(/Bob \(build\)/);

    // Ada builds her turn; Bob sees nothing of it until the round closes.
    await playRound(ada);
    await expect(ada.getByTestId('status').textContent()).resolves.toMatch(/waiting for Bob/);
    await expect(bob.getByTestId('board-0').textContent()).resolves.toMatch(/0 piece\(s\) placed/);
    await playRound(bob);
    await bob.waitForFunction(() => document.querySelector('[data-testid="round"]')?.textContent === '2');
    await ada.waitForFunction(() => document.querySelector('[data-testid="round"]')?.textContent === '2');
    await expect(bob.getByTestId('board-0').textContent()).resolves.toMatch(/1 piece\(s\) placed/);
    await bob.screenshot({ path: join(ARTIFACTS, 'online-round2.png'), fullPage: true });

    await ada.reload();
    await ada.getByTestId('my-turn').waitFor();
    expect(await ada.getByTestId('my-turn').getAttribute('data-player')).toBe('0');
    expect(await round(ada)).toBe(2);
    expect([...adaErrors, ...bobErrors]).toEqual([]);
  }, 60_000);
});
