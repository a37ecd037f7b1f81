/**
 * The replay viewer in real Chromium: a record file opens at its end screen, steps and round jumps
 * by buttons and keys, one player's own view or everyone's, the log leading to its moments, the
 * address keeps the position (a reload or a link shows the same moment), the Commander's review of
 * a player runs, names the costly turns and is kept, and an online match that is not over shows
 * nothing of it; a file that is not a record is refused and a forged one stops at its first illegal
 * move. Screenshots go to artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MatchRecord } from '../../game';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { Timeline } from '../../client/replay/timeline';
import { ARTIFACTS, hasChromium, rigPerSuite, seriousAxeViolations } from './support';
import { scratchDir } from '../support/scratch-dir';

const atOf = async (page: Page) => Number(await page.getByTestId('replay').getAttribute('data-at'));

async function waitAt(page: Page, at: number): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="replay"]')?.getAttribute('data-at') === String(want),
    at,
  );
}

describe.skipIf(!hasChromium)('the replay viewer in Chromium', () => {
  const suite = rigPerSuite();

  /** A page on the viewer with `record` opened as a file, recording page and console errors. */
  async function openRecordFile(record: MatchRecord) {
    const file = join(scratchDir('replay'), 'record.json');
    writeFileSync(file, JSON.stringify(record));
    const page = await suite.rig.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(`${suite.rig.server.url}/#/replay`);
    await page.getByTestId('replay-file').setInputFiles(file);
    return { page, errors, file };
  }

  it('opens a record file and moves through it by buttons, keys and the address', async () => {
    const { record } = playGame({ numPlayers: 2, seed: 'replay-browser-1' });
    const { page, errors } = await openRecordFile(record);
    await page.getByTestId('replay').waitFor();
    const length = Number(await page.getByTestId('replay').getAttribute('data-length'));
    expect(length).toBe(record.moves.length);
    // It opens at the end: the end screen, every planet.
    await page.getByTestId('end-screen').waitFor();
    expect(page.url()).toMatch(/at=end$/);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-end.png'), fullPage: true });

    await page.getByTestId('replay-start').click();
    await waitAt(page, 0);
    await page.getByTestId('replay-forward').click();
    await waitAt(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitAt(page, 2);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="replay"]')?.getAttribute('data-at')) > 2,
    );
    const roundStart = await atOf(page);
    await expect(page.getByTestId('replay-position').textContent()).resolves.toMatch(
      /^Move \d+ of \d+ · round \d+/,
    );
    await page.keyboard.press('PageUp');
    await page.waitForFunction(
      (was) => Number(document.querySelector('[data-testid="replay"]')?.getAttribute('data-at')) < was,
      roundStart,
    );
    await page.keyboard.press('End');
    await waitAt(page, length);
    await page.keyboard.press('Home');
    await waitAt(page, 0);
    await page.keyboard.press('ArrowLeft');
    await waitAt(page, 0);
    // The scrub bar goes anywhere; the address follows.
    await page.getByTestId('replay-scrub').fill('40');
    await waitAt(page, 40);
    expect(page.url()).toMatch(/at=40$/);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-move-40.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // One player at a time: their own view of the round, with nothing to act on; then everyone.
    await page.getByTestId('replay-watch').selectOption('0');
    await page.getByTestId('my-turn').waitFor();
    expect(await page.locator('[data-action]:not([disabled])').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-watch-seat.png'), fullPage: true });
    await page.getByTestId('replay-watch').selectOption('');
    await page.getByTestId('spectator-view').waitFor();
    // The log is the whole game's, in step with the position; an entry leads to its moment.
    const timeline = new Timeline(record);
    await page.getByTestId('panel-button-log').click();
    expect(
      await page.locator('[data-testid="log"] li[aria-current="step"]').getAttribute('data-testid'),
    ).toBe(`log-entry-${timeline.logEntriesAt(40) - 1}`);
    await page.getByTestId('log-go-0').click();
    await waitAt(page, timeline.positionOfEntry(0));
    await page.keyboard.press('Escape');
    // Play moves on by itself, and pauses.
    await page.getByTestId('replay-scrub').fill('40');
    await waitAt(page, 40);
    await page.getByTestId('replay-speed').selectOption('4');
    await page.getByTestId('replay-play').click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="replay"]')?.getAttribute('data-at')) > 41,
    );
    await page.getByTestId('replay-play').click();
    expect(await page.getByTestId('replay-play').getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("runs the Commander's review of a player in a worker, marks the costly turns and keeps it", async () => {
    const { record } = playGame({
      numPlayers: 1,
      seed: 'replay-review-1',
      setupData: {},
      bots: [BOTS.cadet as BotFn],
    });
    const { page, errors, file } = await openRecordFile(record);
    await page.getByTestId('replay-review').waitFor();
    await page.getByTestId('review-worlds').selectOption('3');
    await page.getByTestId('review-start').click();
    await page.getByTestId('review-summary').waitFor({ timeout: 150_000 });
    await expect(page.getByTestId('review-summary').textContent()).resolves.toMatch(
      /cost about \d+\.\d medals in all/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'replay-review.png'), fullPage: true });
    const costly = page.getByTestId('review-costly');
    if (await costly.count()) {
      // The costliest turn is a link to its moment, marked on the scrub bar too.
      const round = await costly.first().getAttribute('data-round');
      await page.getByTestId('replay-start').click();
      await waitAt(page, 0);
      await page.getByTestId(`review-show-${round}`).click();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="replay"]')?.getAttribute('data-at')) > 0,
      );
      await expect(page.getByTestId('replay-position').textContent()).resolves.toContain(`round ${round}`);
      expect(await page.getByTestId(`review-mark-${round}`).count()).toBe(1);
    } else await page.getByTestId('review-clean').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Kept in this browser: the same game opened again shows the review without running it.
    await page.reload();
    await page.getByTestId('replay-file').setInputFiles(file);
    await page.getByTestId('review-worlds').selectOption('3');
    await page.getByTestId('review-summary').waitFor();
    expect(await page.getByTestId('review-running').count()).toBe(0);
    // In French, the viewer and the review speak French.
    await page.getByTestId('language-fr').click();
    await expect(page.getByTestId('review-summary').textContent()).resolves.toMatch(
      /ont coûté environ \d+\.\d médailles en tout/,
    );
    await expect(page.getByTestId('replay-position').textContent()).resolves.toMatch(/^La fin|^Coup/);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('refuses a file that is not a record, and names the first illegal move of a forged one', async () => {
    const { record } = playGame({ numPlayers: 2, seed: 'replay-browser-2' });
    const dir = scratchDir('bad');
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"format": "planet-unknown-match", "moves": [');
    const forged = join(dir, 'forged.json');
    const moves = record.moves.map((m, i) => (i === 5 ? { ...m, player: m.player === '0' ? '1' : '0' } : m));
    writeFileSync(forged, JSON.stringify({ ...record, moves }));
    const page = await suite.rig.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${suite.rig.server.url}/#/replay`);
    await page.getByTestId('replay-file').setInputFiles(notJson);
    await expect(page.getByTestId('replay-file-error').textContent()).resolves.toMatch(/not a game record/);
    // The page stays usable: a forged record opens, stopped at its first illegal move, named.
    await page.getByTestId('replay-file').setInputFiles(forged);
    await page.getByTestId('replay').waitFor();
    await expect(page.getByTestId('replay-damaged').textContent()).resolves.toMatch(/stops at move \d+/);
    expect(Number(await page.getByTestId('replay').getAttribute('data-length'))).toBeLessThan(moves.length);
    await page.close();
  }, 60_000);

  it('shows nothing of an online match that is not over', async () => {
    const res = await fetch(`${suite.rig.server.url}/games/planet-unknown/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ numPlayers: 2 }),
    });
    const { matchID } = (await res.json()) as { matchID: string };
    const page = await suite.rig.browser.newPage();
    await page.goto(`${suite.rig.server.url}/#/replay/${matchID}?at=3`);
    await expect(page.getByTestId('replay-failure').textContent()).resolves.toMatch(/not over/);
    expect(await page.getByTestId('replay').count()).toBe(0);
    await page.close();
  });
});
