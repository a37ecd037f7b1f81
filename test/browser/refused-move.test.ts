/**
 * A move the server refuses, seen in Chromium. The same seat is open in two tabs, and the second
 * one's link is slow: the server's messages to it are held back. The first tab plays a step; the
 * second, which has not heard of it yet, plays the same step. The server's rules refuse the copy,
 * and the second tab says why in plain words (the rule behind a "why?"), then shows the game as
 * it stands, the first tab's step included. Skipped without /usr/bin/chromium.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, hasChromium, openHome, rigPerSuite } from './support';

describe.skipIf(!hasChromium)('a refused move in Chromium', () => {
  const suite = rigPerSuite();

  const stateID = (page: Page) => page.getByTestId('online-game').getAttribute('data-state-id');

  it('says why a step sent from a tab behind the game was not played, and shows the game as it stands', async () => {
    const context = await suite.rig.browser.newContext();
    const { page: first, errors } = await openHome(suite.rig, context);
    await first.getByTestId('online-name').fill('Dana');
    await first.getByTestId('online-players').selectOption('2');
    await first.getByTestId('online-seat-1').selectOption('cadet');
    await first.getByTestId('create-match').click();
    await first.getByTestId('my-turn').waitFor({ timeout: 60_000 });

    // The second tab of the same browser holds the same seat. Its socket's frames from the server
    // pass through here, and are held while `holding` (a slow link); frames it sends pass at once.
    const second = await context.newPage();
    await second.setViewportSize({ width: 1400, height: 1000 });
    second.on('pageerror', (e) => errors.push(e.message));
    let holding = false;
    const held: (() => void)[] = [];
    const sent: string[] = [];
    let onWebSocket = () => {};
    const upgraded = new Promise<void>((resolve) => (onWebSocket = resolve));
    await second.routeWebSocket(/\/socket\.io\//, (page) => {
      const server = page.connectToServer();
      page.onMessage((frame) => {
        // Engine.IO's "5" ends the upgrade: from then on everything goes over this socket.
        if (frame === '5') onWebSocket();
        sent.push(String(frame));
        server.send(frame);
      });
      server.onMessage((frame) => {
        if (holding) held.push(() => page.send(frame));
        else page.send(frame);
      });
    });
    await second.goto(first.url());
    await second.getByTestId('my-turn').waitFor();
    await upgraded;
    const caughtUp = async () => {
      const id = await stateID(first);
      await second.waitForFunction(
        (id) => document.querySelector('[data-testid="online-game"]')?.getAttribute('data-state-id') === id,
        id,
      );
      return id;
    };

    // Both tabs at the same state when the second's link starts holding. The Cadet plays its turn
    // meanwhile, so a step of its may reach the first tab between the two: then let it through to
    // the second too, and agree again.
    let before = await caughtUp();
    for (;;) {
      holding = true;
      if ((await stateID(first)) === before) break;
      holding = false;
      for (const deliver of held.splice(0)) deliver();
      before = await caughtUp();
    }
    // The first tab plays the turn's first step (a tile, or the round's event's choice first).
    const step = '[data-action]:not([disabled])';
    const label = await first.locator(step).first().getAttribute('aria-label');
    await first.locator(step).first().click();
    await first.waitForFunction(
      (id) => document.querySelector('[data-testid="online-game"]')?.getAttribute('data-state-id') !== id,
      before,
    );
    // The second tab has heard nothing of it, and plays the same step.
    expect(await stateID(second)).toBe(before);
    const updatesBefore = sent.filter((f) => f.includes('"update"')).length;
    await second.locator(step).first().click();
    await expect
      .poll(() => sent.filter((f) => f.includes('"update"')).length, { timeout: 15_000 })
      .toBeGreaterThan(updatesBefore);
    holding = false;
    for (const deliver of held.splice(0)) deliver();

    // Plain words, in the player's language; the rule and no engine term.
    const rejection = second.getByTestId('rejection');
    await rejection.waitFor();
    const text = (await rejection.textContent()) ?? '';
    expect(text).toMatch(
      /^Not allowed \(.+\): That was already done: your turn has changed since it was sent\./,
    );
    expect(text).not.toMatch(/stateID|reason\.|takeTile|resolve\b|undefined/);
    await second.screenshot({ path: join(ARTIFACTS, 'refused-move.png') });
    // And the game as it stands: both tabs at the same state, the first tab's step in it.
    await second.waitForFunction(
      (id) => document.querySelector('[data-testid="online-game"]')?.getAttribute('data-state-id') === id,
      await stateID(first),
    );
    if (label)
      expect(await second.locator(`[data-action][aria-label="${label}"]:not([disabled])`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
