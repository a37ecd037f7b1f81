/**
 * Play across days in Chromium: the home page's list of this browser's online matches (one whose
 * decision is yours first, with the time left on your clock; one waiting for a player to join, then
 * changing by itself once they do); a turn notice while the page is hidden (the tab's title and
 * icon, and one system notification per decision, permission granted to the context, the
 * preference turned on from its own click); the table chat between two browser profiles (an HTML
 * payload shows as text, the unread count, a reload keeps what was said, French, mute); the clocks
 * on the table. Seats are played from Node where the test needs a move, as the same seats.
 * Skipped without /usr/bin/chromium (local-game.test.ts fails in CI instead).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS,
  hasChromium,
  openHome,
  playSeatsFromNode,
  rigPerSuite,
  seriousAxeViolations,
  untilSeatMayAct,
} from './support';

interface Seat {
  playerID: string;
  credentials: string;
  playerName: string;
}

const GAME = 'planet-unknown';

describe.skipIf(!hasChromium)('play across days in Chromium', () => {
  const suite = rigPerSuite();
  const url = () => suite.rig.server.url;

  async function post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${url()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }
  const create = async (body: Record<string, unknown>) =>
    ((await post(`/games/${GAME}/create`, body)) as { matchID: string }).matchID;
  const takeSeat = async (matchID: string, playerID: string, playerName: string): Promise<Seat> => {
    const r = (await post(`/games/${GAME}/${matchID}/join`, { playerID, playerName })) as {
      playerCredentials: string;
    };
    return { playerID, credentials: r.playerCredentials, playerName };
  };
  const status = async (matchID: string) =>
    (
      (await (await fetch(`${url()}/games/${GAME}/status?ids=${matchID}`)).json()) as {
        matches: { owing?: string[]; round?: number }[];
      }
    ).matches[0];

  /** Give a browser profile its seats (as the lobby keeps them: client/online/lobby.ts). */
  async function hold(context: BrowserContext, seats: Record<string, Seat>): Promise<void> {
    await context.addInitScript((held) => {
      if (!localStorage.getItem('planet-unknown:seats'))
        localStorage.setItem('planet-unknown:seats', JSON.stringify(held));
    }, seats);
  }

  /** Play seats from Node until the round `until` accepts (the page only watches). */
  const playFromNode = (matchID: string, seats: Seat[], until: (round: number) => boolean) =>
    playSeatsFromNode(url(), matchID, seats, (G) => until(G.round), 120_000);

  it('my games: your turn first with your clock, a match waiting for a player, and the list follows the server', async () => {
    // A clocked match against a bot, where the decision is soon yours; a match with a free seat.
    const yours = await create({
      numPlayers: 2,
      setupData: { bots: { 1: 'cadet' }, timeControl: { roundSeconds: 3600 } },
    });
    const yourSeat = await takeSeat(yours, '0', 'Ada');
    const waiting = await create({ numPlayers: 2 });
    const waitingSeat = await takeSeat(waiting, '0', 'Ada');
    // The bot moves first; the server then owes seat 0's clock a decision.
    await untilSeatMayAct(url(), yours, yourSeat);
    expect((await status(yours))?.owing).toContain('0');
    const context = await suite.rig.browser.newContext();
    await hold(context, { [yours]: yourSeat, [waiting]: waitingSeat });
    const { page, errors } = await openHome(suite.rig, context);
    const rows = page.getByTestId('held-match');
    await page
      .locator(`[data-testid="held-match"][data-match-id="${yours}"][data-state="yourTurn"]`)
      .waitFor();
    // Your turn comes first, with the time left on your clock.
    expect(await rows.first().getAttribute('data-match-id')).toBe(yours);
    await expect(rows.first().getByTestId('held-match-state').textContent()).resolves.toMatch(
      /your turn · (59 min|1 h 00 min|\d+:\d\d) left on your clock|your turn · \d+ h \d+ min left/,
    );
    const other = page.locator(`[data-testid="held-match"][data-match-id="${waiting}"]`);
    await expect(other.getByTestId('held-match-state').textContent()).resolves.toBe(
      'waiting for 1 player to join',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'my-games.png') });

    // Someone joins the waiting match: the list says so by itself (it asks the server again).
    await takeSeat(waiting, '1', 'Bob');
    await page
      .locator(`[data-testid="held-match"][data-match-id="${waiting}"]:not([data-state="seating"])`)
      .waitFor({ timeout: 40_000 });
    // One click opens the match.
    await rows.first().getByTestId('open-match').click();
    await page.getByTestId('online-game').waitFor();
    await page.getByTestId('clock-strip').waitFor();
    await page.getByTestId('clock-0').waitFor();
    expect(await page.getByTestId('clock-0').getAttribute('class')).toMatch(/yours/);
    await page.screenshot({ path: join(ARTIFACTS, 'clocks-table.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a decision that becomes yours while the page is hidden: the tab and one notification per decision', async () => {
    const matchID = await create({ numPlayers: 2 });
    const ada = await takeSeat(matchID, '0', 'Ada');
    const bob = await takeSeat(matchID, '1', 'Bob');
    const context = await suite.rig.browser.newContext();
    await context.grantPermissions(['notifications'], { origin: url() });
    await hold(context, { [matchID]: ada });
    // Notifications as the page makes them (a headless browser shows none).
    await context.addInitScript(() => {
      const shown: { title: string; tag?: string; body?: string }[] = [];
      (window as unknown as { shownNotices: typeof shown }).shownNotices = shown;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, tag: options?.tag, body: options?.body });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    });
    const { page, errors } = await openHome(suite.rig, context);
    // The preference, turned on from its own click (the permission is asked there).
    await page.getByTestId('home-preferences').locator('summary').click();
    await page.getByTestId('pref-notifications').check();
    await expect(page.getByTestId('pref-notifications').isChecked()).resolves.toBe(true);
    await page.goto(`${url()}/#/match/${matchID}`);
    await page.getByTestId('online-game').waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="online-game"]')?.getAttribute('data-state-id')) >= 0,
    );
    const plainTitle = await page.title();
    // The page is hidden (another tab in front).
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Both seats play round 1 from Node; round 2's turn is a new decision of Ada's.
    await playFromNode(matchID, [ada, bob], (round) => round >= 2);
    await page.waitForFunction(() => document.title.startsWith('●'), undefined, { timeout: 30_000 });
    const notices = () =>
      page.evaluate(
        () =>
          (window as unknown as { shownNotices: { title: string; tag?: string; body?: string }[] })
            .shownNotices,
      );
    await page.waitForFunction(
      () => (window as unknown as { shownNotices: unknown[] }).shownNotices.length > 0,
    );
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg/);
    const first = await notices();
    expect(first[0]).toMatchObject({ title: 'Your turn: Planet Unknown', tag: `planet-unknown:${matchID}` });
    // Another round: at most one more notice, under the same tag (it replaces the last one).
    await playFromNode(matchID, [ada, bob], (round) => round >= 3);
    await page.waitForFunction(
      () => (window as unknown as { shownNotices: unknown[] }).shownNotices.length >= 2,
      undefined,
      {
        timeout: 30_000,
      },
    );
    // One notice per decision of Ada's: her turn each round, and at most a civ card pick besides.
    const all = await notices();
    const perRound = new Map<string, number>();
    for (const n of all) perRound.set(n.body ?? '', (perRound.get(n.body ?? '') ?? 0) + 1);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perRound.values())).toBeLessThanOrEqual(2);
    expect(new Set(all.map((n) => n.tag))).toEqual(new Set([`planet-unknown:${matchID}`]));
    // Seen again: the tab is as it was.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { get: () => false, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction((title) => document.title === title, plainTitle);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('table chat between two profiles: text stays text, unread count, kept over a reload, French, mute', async () => {
    const matchID = await create({ numPlayers: 2 });
    const ada = await takeSeat(matchID, '0', 'Ada');
    const bob = await takeSeat(matchID, '1', 'Bob');
    const adaContext = await suite.rig.browser.newContext();
    await hold(adaContext, { [matchID]: ada });
    const bobContext = await suite.rig.browser.newContext();
    await hold(bobContext, { [matchID]: bob });
    const open = async (context: BrowserContext) => {
      const opened = await openHome(suite.rig, context);
      await opened.page.goto(`${url()}/#/match/${matchID}`);
      await opened.page.getByTestId('online-game').waitFor();
      await opened.page.getByTestId('connection').filter({ hasText: 'Connected' }).waitFor();
      return opened;
    };
    const { page: adaPage, errors: adaErrors } = await open(adaContext);
    const { page: bobPage, errors: bobErrors } = await open(bobContext);
    const openChat = async (page: Page) => {
      await page.getByTestId('panel-button-chat').click();
      await page.getByTestId('chat-panel').waitFor();
    };

    await openChat(adaPage);
    const payload = '<b>bold?</b><img src=x onerror="window.hacked=1"> good luck';
    // Keyboard only: the field, the message, Enter.
    await adaPage.getByTestId('chat-input').focus();
    await adaPage.keyboard.type(payload);
    await adaPage.keyboard.press('Enter');
    await adaPage.getByTestId('chat-line').filter({ hasText: 'good luck' }).waitFor();

    // Bob has not opened the chat: its button counts the unread message.
    await bobPage.getByTestId('chat-unread').waitFor();
    await expect(bobPage.getByTestId('chat-unread').textContent()).resolves.toContain('1');
    await openChat(bobPage);
    const line = bobPage.getByTestId('chat-line').first();
    await expect(line.locator('.chat-text').textContent()).resolves.toBe(payload);
    expect(
      await bobPage.locator('[data-testid="chat-lines"] b, [data-testid="chat-lines"] img').count(),
    ).toBe(0);
    expect(await bobPage.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect(bobPage.getByTestId('chat-unread').count()).resolves.toBe(0);
    // The lines are a polite live region.
    expect(await bobPage.getByTestId('chat-lines').getAttribute('aria-live')).toBe('polite');
    expect(await seriousAxeViolations(bobPage)).toEqual([]);
    await bobPage.screenshot({ path: join(ARTIFACTS, 'chat.png') });

    // After a reload, in French, what was said is still there; Bob answers.
    await bobPage.evaluate(() => localStorage.setItem('pu.language', 'fr'));
    await bobPage.reload();
    await bobPage.getByTestId('online-game').waitFor();
    await bobPage.getByTestId('panel-button-chat').click();
    await bobPage.getByRole('heading', { name: 'Discussion' }).waitFor();
    await bobPage.getByTestId('chat-line').filter({ hasText: 'good luck' }).waitFor();
    await bobPage.getByTestId('chat-input').fill('Merci, à toi aussi');
    await bobPage.getByTestId('chat-send').click();
    await adaPage.getByTestId('chat-line').filter({ hasText: 'Merci' }).waitFor();

    // Ada mutes Bob: his lines are hidden, and said to be.
    await adaPage.getByTestId('chat-mute-1').check();
    await expect(adaPage.getByTestId('chat-line').count()).resolves.toBe(1);
    await expect(adaPage.getByTestId('chat-panel').textContent()).resolves.toContain(
      '1 message from a muted player is hidden',
    );
    expect(adaErrors).toEqual([]);
    expect(bobErrors).toEqual([]);
    await Promise.all([adaContext.close(), bobContext.close()]);
  }, 180_000);
});
