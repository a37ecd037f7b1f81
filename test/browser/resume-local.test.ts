/**
 * Local games survive a reload in real Chromium: a game against bots reloaded mid-round comes back
 * at the same step and plays on, leaving asks first, the home page offers it under "Resume" (and
 * can delete it), and a pass-and-play game comes back at the hand-over screen. Screenshots go to
 * artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { ARTIFACTS, actIfAble, hasChromium, openTable, rigPerSuite, step } from './support';

/** Where the table stands, as the page shows it. */
const standing = (page: Page) =>
  page.evaluate(() => {
    const game = document.querySelector('[data-testid="local-game"]');
    return {
      stateID: game?.getAttribute('data-state-id') ?? null,
      seat: game?.getAttribute('data-seat') ?? null,
      acting: game?.getAttribute('data-acting') ?? null,
      round: document.querySelector('[data-testid="round"]')?.textContent ?? null,
      handoff: document.querySelector('[data-testid="handoff"]') !== null,
    };
  });

/** Until the step on screen is written to the browser's storage (the table marks it). */
async function savedAsShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const game = document.querySelector('[data-testid="local-game"]');
      return !!game && game.getAttribute('data-saved-state-id') === game.getAttribute('data-state-id');
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Until the person must act, nothing else moves (the bots wait for them) and the step is saved. */
async function settledOnPerson(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="local-game"]')?.getAttribute('data-acting') === '0',
    undefined,
    { timeout: 30_000 },
  );
  await savedAsShown(page);
}

/**
 * Until the home page lists the saved game after Back; if it does not, the failure says where the
 * page stands (its address, what is drawn) and keeps a screenshot.
 */
async function listedAfterBack(page: Page): Promise<void> {
  try {
    await page.getByTestId('saved-game').waitFor({ timeout: 30_000 });
  } catch (error) {
    await page.screenshot({ path: join(ARTIFACTS, 'resume-back-failure.png'), fullPage: true });
    const where = await page.evaluate(() => ({
      url: location.href,
      historyLength: history.length,
      home: document.querySelector('[data-testid="home"]') !== null,
      table: document.querySelector('[data-testid="local-game"]') !== null,
      resumeList: document.querySelector('[data-testid="resume-list"]')?.textContent ?? null,
      text: document.body.innerText.slice(0, 400),
    }));
    throw new Error(`After Back the saved game is not listed: ${JSON.stringify(where)}`, { cause: error });
  }
}

describe.skipIf(!hasChromium)('local games survive a reload in Chromium', () => {
  const suite = rigPerSuite();

  it('a game against bots reloaded mid-round comes back at the same step, and is listed under Resume', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Vega', bot: 'cadet' },
        { name: 'Cadet Rigel', bot: 'cadet' },
      ],
      options: {},
      seed: 'resume-bots-1',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void (d.type() === 'confirm' && dialogs.filter((t) => t === 'confirm').length === 1
        ? d.dismiss()
        : d.accept());
    });

    // Into round 2, then some of Ada's steps within it.
    let clicksInRound2 = 0;
    for (let guard = 0; guard < 400 && clicksInRound2 < 3; guard++) {
      if ((await actIfAble(page, 'local-game')) && (await standing(page)).round === '2') clicksInRound2++;
    }
    await settledOnPerson(page);
    const before = await standing(page);
    expect(before.round).toBe('2');
    expect(page.url()).toMatch(/#\/local\?game=[\w-]+$/);

    const reloadStarted = Date.now();
    await page.reload();
    await page.getByTestId('local-game').waitFor({ timeout: 30_000 });
    await page.getByTestId('my-turn').waitFor();
    const resumeMs = Date.now() - reloadStarted;
    expect(dialogs).toContain('beforeunload');
    expect(await standing(page)).toEqual(before);
    expect(await page.getByTestId('resume-failure').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'resume-after-reload.png'), fullPage: true });

    // It plays on from there, bots included.
    expect(await actIfAble(page, 'local-game')).toBe(true);
    await settledOnPerson(page);
    const later = await standing(page);
    expect(Number(later.stateID)).toBeGreaterThan(Number(before.stateID));

    // Leaving asks first: once kept at the table, then let go.
    await page.getByTestId('home-link').click();
    expect(dialogs.filter((t) => t === 'confirm')).toHaveLength(1);
    expect(await page.getByTestId('local-game').count()).toBe(1);
    await page.getByTestId('home-link').click();
    await page.getByTestId('home').waitFor();
    const saved = page.getByTestId('saved-game');
    await saved.waitFor();
    expect(await saved.count()).toBe(1);
    await expect(saved.textContent()).resolves.toMatch(
      /Ada, Cadet Vega \(bot\), Cadet Rigel \(bot\) · round 2 · last played/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'resume-home-list.png'), fullPage: true });

    // Resumed from the list: the same step again.
    await page.getByTestId('resume-game').click();
    await page.getByTestId('my-turn').waitFor({ timeout: 30_000 });
    expect(await standing(page)).toEqual(later);

    // Back to the home page (Back loses nothing) and deleted there: the list is gone.
    await page.goBack();
    await listedAfterBack(page);
    await page.getByTestId('delete-game').click();
    await page.getByTestId('resume-list').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('home').waitFor();
    expect(await page.getByTestId('resume-list').count()).toBe(0);
    console.log(`resume after a reload at round 2 (stateID ${before.stateID}): ${resumeMs} ms`);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('pass-and-play comes back at the hand-over screen of the seat whose turn it is', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Bo', bot: null },
      ],
      options: {},
      seed: 'resume-people-1',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec));
    page.on('dialog', (d) => void d.accept());
    for (let i = 0; i < 8; i++) await step(page, 'local-game');
    // Someone's turn is on screen, revealed.
    if (await page.getByTestId('handoff').count()) await step(page, 'local-game');
    const before = await standing(page);
    expect(before.handoff).toBe(false);
    await savedAsShown(page);
    await page.reload();
    await page.getByTestId('handoff').waitFor({ timeout: 30_000 });
    const after = await standing(page);
    expect(after).toEqual({ ...before, handoff: true });
    // Nothing private of anyone shows before the seat says they hold the device.
    expect(await page.getByTestId('my-turn').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'resume-handoff.png'), fullPage: true });
    await step(page, 'local-game');
    expect(await page.getByTestId('my-turn').getAttribute('data-player')).toBe(before.seat);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
