/**
 * Online play in Chromium: two browser profiles create and join a match through the home page,
 * play several rounds over the server's sockets (each seeing the other connected), and a reload
 * resumes the seat from the stored credentials; a spectator sees every planet and the station. A
 * second match seats one of the server's bots; another is played against a bot to its end and
 * replayed at its start, a middle round and its end, with the match's scores.
 * A third: a player renames their seat, the game is played to its end (from Node, over the same
 * seats), both press "Play again" and land in the same next match, where one leaves (and finds the
 * finished match on the home page, over, to replay) and the other hands the empty seat, then their
 * own, to bots.
 * Skipped without /usr/bin/chromium (local-game.test.ts fails in CI instead).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  hasChromium,
  openHome,
  openTextViewIfNeeded,
  playSeatsFromNode,
  rigPerSuite,
  seriousAxeViolations,
  untilSomethingToDo,
} from './support';

interface StoredSeat {
  playerID: string;
  credentials: string;
  playerName: string;
}

/** Under the presence route's 5 s poll: the seats line is refreshed when connections change. */
const PRESENCE_AT_ONCE = 3_000;

describe.skipIf(!hasChromium)('online match in Chromium', () => {
  const suite = rigPerSuite();

  /**
   * Click the first enabled legal-action control and wait for the server's next state. The wait is
   * generous: on a busy machine a round trip through the server can take seconds.
   */
  async function step(page: Page) {
    const game = page.getByTestId('online-game');
    const before = await game.getAttribute('data-state-id');
    await openTextViewIfNeeded(page);
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
      if (!acted) await untilSomethingToDo(pages[0]!, 'online-game');
    }
    throw new Error(`Round ${target} was not reached.`);
  }

  it('two players create, join and play several rounds; presence and invite link; a reload resumes the seat', async () => {
    const { page: ada, errors: adaErrors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await ada.getByTestId('online-name').fill('Ada');
    await ada.getByTestId('online-players').selectOption('2');
    await ada.screenshot({ path: join(ARTIFACTS, 'online-home.png'), fullPage: true });
    await ada.getByTestId('create-match').click();
    await ada.getByTestId('my-turn').waitFor();
    const matchID = decodeURIComponent(ada.url().split('#/match/')[1] ?? '');
    expect(matchID).not.toBe('');
    // The seats line is right from the first second, not at the next poll of the presence route.
    await waitState(ada, 0, 'online', PRESENCE_AT_ONCE);
    expect(await ada.getByTestId('invite-link').inputValue()).toBe(
      `${suite.rig.server.url}/#/match/${matchID}`,
    );
    // While a seat is free, the invite link and the seats come first, on the first screen.
    const top = await ada.getByTestId('online-top').boundingBox();
    const table = await ada.getByTestId('game').boundingBox();
    expect(top && table && top.y < table.y).toBe(true);
    const invite = await ada.getByTestId('invite-link').boundingBox();
    expect(invite && invite.y + invite.height <= 1000).toBe(true);
    await expect(ada.getByTestId('online-top').getByTestId('presence-1').count()).resolves.toBe(1);
    await ada.screenshot({ path: join(ARTIFACTS, 'online-invite-top.png') });

    const { page: bob, errors: bobErrors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await bob.getByTestId('online-name').fill('Bob');
    await bob.getByTestId(`match-${matchID}`).getByRole('button', { name: 'Join seat 2' }).click();
    await bob.getByTestId('my-turn').waitFor();
    expect(await bob.getByTestId('online-game').getAttribute('data-seat')).toBe('1');
    await expect(ada.getByTestId('status').textContent()).resolves.toMatch(/Bob \(building their turn\)/);
    // Presence comes from the server's sockets: each sees the other connected.
    await waitState(ada, 1, 'online', PRESENCE_AT_ONCE);
    await expect(ada.getByTestId('presence-1').textContent()).resolves.toMatch(/Bob/);
    // Every seat is taken: the invite and the seats go below the table.
    await ada.getByTestId('online-top').waitFor({ state: 'detached' });
    // The match is full: the lobby no longer offers it.
    const { page: cy } = await openHome(suite.rig);
    await cy.locator('[data-testid="match-list"], [data-testid="no-matches"]').first().waitFor();
    expect(await cy.getByTestId(`match-${matchID}`).count()).toBe(0);
    await cy.close();
    // A spectator (a browser without a seat) sees both planets and the station, large, and
    // nothing of the turns being built.
    const { page: watcher, errors: watcherErrors } = await openHome(
      suite.rig,
      await suite.rig.browser.newContext(),
    );
    await watcher.goto(`${suite.rig.server.url}/#/match/${matchID}`);
    await watcher.getByTestId('spectator-view').waitFor();
    for (const seat of ['0', '1']) await watcher.getByTestId(`seat-planet-card-${seat}`).waitFor();
    await watcher.getByTestId('station-canvas').waitFor();
    expect(await watcher.getByTestId('my-turn').count()).toBe(0);
    const planet = await watcher.getByTestId('seat-planet-card-0').boundingBox();
    expect(planet && planet.width >= 200, 'a planet drawn large for the spectator').toBe(true);
    await watcher.screenshot({ path: join(ARTIFACTS, 'online-spectator.png') });
    expect(await seriousAxeViolations(watcher)).toEqual([]);
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

    // Ada reloads: Bob sees her leave and, as soon as her socket is back, connected again (from
    // the server's match data, not at the next poll of the presence route).
    await waitState(bob, 0, 'online', PRESENCE_AT_ONCE);
    await bob.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStates: string[] }).seenStates = seen;
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="presence-0"]')?.getAttribute('data-state');
        if (state && seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await ada.reload();
    await ada.getByTestId('my-turn').waitFor();
    await waitState(ada, 0, 'online', PRESENCE_AT_ONCE);
    // Counted from Ada's return, under the presence route's 5 s poll: no stale "not connected".
    await waitState(bob, 0, 'online', PRESENCE_AT_ONCE);
    const seenByBob = await bob.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
    expect(seenByBob.at(-1) ?? 'online').toBe('online');
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
    // The spectator saw the rounds close, the planets filling, as the players did.
    await watcher.waitForFunction(
      (r) => Number(document.querySelector('[data-testid="round"]')?.textContent) >= r,
      await round(ada),
    );
    await watcher.close();
    expect([...adaErrors, ...bobErrors, ...watcherErrors]).toEqual([]);
  }, 420_000);

  it('a link to a match the server does not know says so', async () => {
    const { page } = await openHome(suite.rig);
    await page.goto(`${suite.rig.server.url}/#/match/no-such-match`);
    await expect(page.getByTestId('match-missing').textContent()).resolves.toMatch(/no match no-such-match/);
    await page.close();
  }, 60_000);

  it('a player creates a match with a bot seat on the server and plays rounds against it', async () => {
    const { page, errors } = await openHome(
      suite.rig,
      await suite.rig.browser.newContext({ viewport: { width: 390, height: 844 } }),
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
    await page.getByTestId('my-turn').waitFor({ timeout: 60_000 }); // the server's bot worker may still be starting
    await page.waitForFunction(
      () => document.querySelector('[data-testid="presence-1"]')?.getAttribute('data-state') === 'bot',
      undefined,
      { timeout: 15_000 },
    );
    await playUntilRound([page], 3);
    expect(await round(page)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(ARTIFACTS, 'online-bot-390.png'), fullPage: true });
    // The table fits a phone too: nothing wider than the screen.
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  }, 300_000);

  /** Wait until the element with this test id says something matching `text`. */
  async function waitText(page: Page, testid: string, text: RegExp, timeout = 15_000) {
    await page.waitForFunction(
      ([id, source]) =>
        new RegExp(source).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
      [testid, text.source] as const,
      { timeout },
    );
  }
  const waitState = (page: Page, seat: number, state: string, timeout = 15_000) =>
    page.waitForFunction(
      ([id, want]) =>
        document.querySelector(`[data-testid="presence-${id}"]`)?.getAttribute('data-state') === want,
      [seat, state] as const,
      { timeout },
    );
  const matchOf = (page: Page) => decodeURIComponent(page.url().split('#/match/')[1] ?? '');
  /** The seat this browser profile holds in a match, from its localStorage (client/online/lobby.ts). */
  const storedSeat = (page: Page, matchID: string) =>
    page.evaluate(
      (id) =>
        (JSON.parse(localStorage.getItem('planet-unknown:seats') ?? '{}') as Record<string, StoredSeat>)[id],
      matchID,
    );

  /** Play every seat to the end from Node, as the same seats: the pages only watch. */
  const playToTheEnd = (matchID: string, seats: StoredSeat[]) =>
    playSeatsFromNode(suite.rig.server.url, matchID, seats);

  it('an online match against a server bot, played to its end, replays at its start, a middle round and its end', async () => {
    const { page, errors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await page.getByTestId('online-name').fill('Dana');
    await page.getByTestId('online-players').selectOption('2');
    await page.getByTestId('online-seat-1').selectOption('cadet');
    await page.getByTestId('create-match').click();
    await page.getByTestId('my-turn').waitFor({ timeout: 60_000 });
    const matchID = matchOf(page);
    await playToTheEnd(matchID, [(await storedSeat(page, matchID)) as StoredSeat]);
    await page.getByTestId('scoreboard').waitFor({ timeout: 60_000 });
    const totals = async () =>
      Promise.all(['0', '1'].map((p) => page.getByTestId(`score-${p}-total`).first().textContent()));
    const played = await totals();
    // The replay, from the end screen's link: the same end, then its start and a middle round.
    await page.getByTestId('replay-link').click();
    await page.getByTestId('replay').waitFor();
    await page.getByTestId('end-screen').waitFor();
    expect(await totals()).toEqual(played);
    await page.keyboard.press('Home');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay"]')?.getAttribute('data-at') === '0',
    );
    for (let i = 0; i < 10; i++) await page.keyboard.press('PageDown');
    await expect(page.getByTestId('replay-position').textContent()).resolves.toMatch(/round (1[01])\b/);
    await page.screenshot({ path: join(ARTIFACTS, 'online-bot-replay-middle.png') });
    await page.keyboard.press('End');
    await page.getByTestId('end-screen').waitFor();
    expect(await totals()).toEqual(played);
    expect(errors).toEqual([]);
  }, 300_000);

  it('a player renames their seat; both play again into the same next match; a left seat and then a seat handed over go to bots', async () => {
    const { page: ada, errors: adaErrors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await ada.getByTestId('online-name').fill('Ada');
    await ada.getByTestId('online-players').selectOption('2');
    await ada.getByTestId('create-match').click();
    await ada.getByTestId('my-turn').waitFor();
    const matchID = matchOf(ada);
    const { page: bob, errors: bobErrors } = await openHome(suite.rig, await suite.rig.browser.newContext());
    await bob.getByTestId('online-name').fill('Bob');
    await bob.getByTestId(`match-${matchID}`).getByRole('button', { name: 'Join seat 2' }).click();
    await bob.getByTestId('my-turn').waitFor();
    await waitText(ada, 'presence-1', /Bob/);

    // Bob renames his seat: Ada sees the new name from the match metadata, in the seats and the status.
    await bob.getByTestId('rename-input').fill('Bobby');
    await bob.getByTestId('rename-seat').click();
    await waitText(bob, 'rename-status', /Renamed to Bobby/);
    await waitText(bob, 'seat-role', /You play Bobby/);
    await waitText(ada, 'presence-1', /Bobby/);
    await waitText(ada, 'status', /Bobby \(building their turn\)/);
    const seats = [await storedSeat(ada, matchID), await storedSeat(bob, matchID)] as StoredSeat[];
    expect(seats.map((s) => s.playerName)).toEqual(['Ada', 'Bobby']);

    await playToTheEnd(matchID, seats);
    await ada.getByTestId('scoreboard').waitFor({ timeout: 60_000 });
    await bob.getByTestId('scoreboard').waitFor({ timeout: 60_000 });
    // A finished match: the seat can no longer be left or handed to a bot.
    expect(await ada.getByTestId('leave-seat').count()).toBe(0);
    // The end is the end: the breakdowns by objective, civ card and track; no turn or score so far.
    for (const table of ['by-objective', 'by-civ', 'by-track'])
      expect(await bob.getByTestId(table).count()).toBe(1);
    expect(await bob.getByTestId('my-turn').count()).toBe(0);
    expect(await bob.getByTestId('panel-button-score').count()).toBe(0);
    await bob.screenshot({ path: join(ARTIFACTS, 'online-end.png'), fullPage: true });

    // Ada presses "Play again" first and lands in the next match, in her seat; Bob lands in the same one.
    await ada.getByTestId('play-again').click();
    await ada.waitForFunction((old) => !window.location.hash.endsWith(old), encodeURIComponent(matchID));
    await ada.getByTestId('my-turn').waitFor();
    const next = matchOf(ada);
    expect(next).not.toBe(matchID);
    expect(await ada.getByTestId('online-game').getAttribute('data-seat')).toBe('0');
    await bob.getByTestId('play-again').click();
    await bob.waitForFunction((old) => !window.location.hash.endsWith(old), encodeURIComponent(matchID));
    await bob.getByTestId('my-turn').waitFor();
    expect(matchOf(bob)).toBe(next);
    expect(await bob.getByTestId('online-game').getAttribute('data-seat')).toBe('1');
    await waitText(ada, 'presence-1', /Bobby/);

    // Bob leaves for good (after a confirmation he first cancels): back home, the seat forgotten.
    await bob.getByTestId('leave-seat').click();
    await bob.getByTestId('cancel-seat-action').click();
    expect(await bob.getByTestId('seat-confirm').count()).toBe(0);
    await bob.getByTestId('leave-seat').click();
    await bob.getByTestId('confirm-seat-action').click();
    await bob.getByTestId('home').waitFor();
    expect(await storedSeat(bob, next)).toBeUndefined();
    // Home, the finished match is listed as over, with its result, and replays from there.
    const finished = bob.locator(`[data-testid="held-match"][data-match-id="${matchID}"]`);
    await finished.getByTestId('held-match-result').waitFor();
    await expect(finished.getByTestId('held-match-result').textContent()).resolves.toMatch(
      /^over: winners? .+ \(.*Bobby \d+/,
    );
    await finished.getByTestId('replay-match').click();
    await bob.getByTestId('replay').waitFor();
    await bob.getByTestId('end-screen').waitFor();

    // The seat stays empty until Ada hands it to a bot.
    await waitState(ada, 1, 'open');
    await ada.getByTestId('empty-seat-bot-level').selectOption('cadet');
    await ada.getByTestId('seat-to-bot-1').click();
    await waitState(ada, 1, 'bot');

    // Ada hands her own seat to a bot too, and goes on watching.
    await ada.getByTestId('hand-to-bot').click();
    await ada.getByTestId('my-seat-bot-level').selectOption('pilot');
    // The seat controls speak in words, never in translation keys.
    const confirmText = (await ada.getByTestId('seat-confirm').textContent()) ?? '';
    expect(confirmText).toMatch(/Bot level.*Pilot/);
    expect(confirmText).not.toMatch(/online\.|botLevels?\./);
    await ada.getByTestId('confirm-seat-action').click();
    await waitText(ada, 'seat-role', /You are watching/);
    await waitText(ada, 'seat-notice', /Pilot bot/);
    await waitState(ada, 0, 'bot');
    expect(await storedSeat(ada, next)).toBeUndefined();
    expect([...adaErrors, ...bobErrors]).toEqual([]);
  }, 420_000);
});
