/**
 * Online play in Chromium: two browser profiles create and join a match through the home page,
 * play several rounds over the server's sockets (each seeing the other connected), and a reload
 * resumes the seat from the stored credentials. A second match seats one of the server's bots.
 * Skipped without /usr/bin/chromium (local-game.test.ts fails in CI instead).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, hasChromium, openHome, startRig, type Rig } from './support';

describe.skipIf(!hasChromium)('online match in Chromium', () => {
  let rig: Rig;

  beforeAll(async () => {
    rig = await startRig();
  }, 90_000);

  afterAll(async () => {
    await rig?.close();
  });

  /**
   * Click the first enabled legal-action control and wait for the server's next state. The wait is
   * generous: on a busy machine a round trip through the server can take seconds.
   */
  async function step(page: Page) {
    const game = page.getByTestId('online-game');
    const before = await game.getAttribute('data-state-id');
    await page.locator('[data-action]:not([disabled])').first().click({ timeout: 30_000 });
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="online-game"]')?.getAttribute('data-state-id') !== prev,
      before,
      { timeout: 30_000 },
    );
  }
  const round = async (page: Page) => Number(await page.getByTestId('round').first().textContent());
  const hasAction = async (page: Page) => (await page.locator('[data-action]:not([disabled])').count()) > 0;
  const over = async (page: Page) => (await page.getByTestId('scoreboard').count()) > 0;

  /** Play one seat's part of a round: every legal control in turn until the turn is confirmed. */
  async function playRound(page: Page) {
    for (let guard = 0; guard < 60; guard++) {
      if (!(await hasAction(page))) return;
      await step(page);
    }
    throw new Error('The round did not end.');
  }

  /** Everyone acts whenever they can (turns are simultaneous) until `target` round or the end. */
  async function playUntilRound(pages: Page[], target: number) {
    for (let guard = 0; guard < 600; guard++) {
      if (await over(pages[0]!)) return;
      if ((await round(pages[0]!)) >= target) return;
      let acted = false;
      for (const page of pages) {
        if (await hasAction(page)) {
          await step(page);
          acted = true;
        }
      }
      // Nobody can act: the server (or its bot) is moving the table on.
      if (!acted) await pages[0]!.waitForTimeout(200);
    }
    throw new Error(`Round ${target} was not reached.`);
  }

  it('two players create, join and play several rounds; presence and invite link; a reload resumes the seat', async () => {
    const { page: ada, errors: adaErrors } = await openHome(rig, await rig.browser.newContext());
    await ada.getByTestId('online-name').fill('Ada');
    await ada.getByTestId('online-players').selectOption('2');
    await ada.screenshot({ path: join(ARTIFACTS, 'online-home.png'), fullPage: true });
    await ada.getByTestId('create-match').click();
    await ada.getByTestId('my-turn').waitFor();
    const matchID = decodeURIComponent(ada.url().split('#/match/')[1] ?? '');
    expect(matchID).not.toBe('');
    expect(await ada.getByTestId('invite-link').inputValue()).toBe(`${rig.server.url}/#/match/${matchID}`);

    const { page: bob, errors: bobErrors } = await openHome(rig, await rig.browser.newContext());
    await bob.getByTestId('online-name').fill('Bob');
    await bob.getByTestId(`match-${matchID}`).getByRole('button', { name: 'Join seat 2' }).click();
    await bob.getByTestId('my-turn').waitFor();
    expect(await bob.getByTestId('online-game').getAttribute('data-seat')).toBe('1');
    await expect(ada.getByTestId('status').textContent()).resolves.toMatch(/Bob \(building their turn\)/);
    // Presence comes from the server's sockets: each sees the other connected.
    await ada.waitForFunction(
      () => document.querySelector('[data-testid="presence-1"]')?.getAttribute('data-state') === 'online',
      undefined,
      { timeout: 15_000 },
    );
    await expect(ada.getByTestId('presence-1').textContent()).resolves.toMatch(/Bob/);
    await expect(bob.getByTestId('connection').textContent()).resolves.toMatch(/Connected/);

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

    // More full rounds over the sockets, both players moving at once.
    await playUntilRound([ada, bob], 4);
    expect((await round(ada)) >= 4 || (await over(ada))).toBe(true);
    await bob.waitForFunction(
      (r) => Number(document.querySelector('[data-testid="round"]')?.textContent) >= r,
      await round(ada),
    );
    await expect(bob.getByTestId('board-0').textContent()).resolves.toMatch(/[3-9] piece\(s\) placed/);
    await ada.screenshot({ path: join(ARTIFACTS, 'online-round4.png'), fullPage: true });

    // The same table in French, from the header's switch.
    await ada.getByTestId('language-fr').click();
    await expect(ada.getByTestId('status').textContent()).resolves.toMatch(/Manche/);
    await ada.getByTestId('language-en').click();
    expect([...adaErrors, ...bobErrors]).toEqual([]);
  }, 420_000);

  it('a link to a match the server does not know says so', async () => {
    const { page } = await openHome(rig);
    await page.goto(`${rig.server.url}/#/match/no-such-match`);
    await expect(page.getByTestId('match-missing').textContent()).resolves.toMatch(/no match no-such-match/);
    await page.close();
  }, 60_000);

  it('a player creates a match with a bot seat on the server and plays rounds against it', async () => {
    const { page, errors } = await openHome(
      rig,
      await rig.browser.newContext({ viewport: { width: 390, height: 844 } }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // The home page is usable at phone width: nothing wider than the screen.
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'home-390.png'), fullPage: true });
    await page.getByTestId('online-name').fill('Cleo');
    await page.getByTestId('online-players').selectOption('2');
    await page.getByTestId('online-seat-1').selectOption('cadet');
    await page.getByTestId('online-events').selectOption('standard');
    await page.getByTestId('create-match').click();
    await page.getByTestId('my-turn').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="presence-1"]')?.getAttribute('data-state') === 'bot',
      undefined,
      { timeout: 15_000 },
    );
    await playUntilRound([page], 3);
    expect(await round(page)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(ARTIFACTS, 'online-bot-390.png'), fullPage: true });
    console.info(`table at 390 px: ${await overflow()} px wider than the screen`);
    expect(errors).toEqual([]);
  }, 300_000);
});
