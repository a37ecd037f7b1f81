/**
 * Pass-and-play for three people in real Chromium, with private objectives on: between private
 * turns a hand-over screen shows nothing private, and each person's screens never show another
 * person's objectives, civ offer or turn in progress.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objectiveById } from '../../game/data';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { ARTIFACTS, hasChromium, openTable, rigPerSuite, step } from './support';

const PRIVATE_TEST_IDS = ['my-turn', 'objective-offer', 'civ-offer', 'taken-tile', 'hint-panel'];

describe.skipIf(!hasChromium)('pass-and-play in Chromium', () => {
  const suite = rigPerSuite();

  const seatOf = (page: Page) => page.getByTestId('local-game').getAttribute('data-seat');

  /** The hand-over screen names the next person and shows none of anybody's private parts. */
  async function expectCleanHandOver(page: Page, name: string) {
    await expect(page.getByTestId('handoff').textContent()).resolves.toContain(`Pass the device to ${name}`);
    for (const id of PRIVATE_TEST_IDS) expect(await page.getByTestId(id).count(), id).toBe(0);
  }

  it('never shows one person’s secrets on another person’s screens', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Bea', bot: null },
        { name: 'Cy', bot: null },
      ],
      options: { privateObjectives: true },
      seed: 'browser-pass-1',
    };
    const names = spec.seats.map((s) => s.name);
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width: 390, height: 900 });

    // Objectives first: everyone keeps some of the cards dealt to them, in private.
    const offered: Record<string, string[]> = {};
    for (const [i, name] of names.entries()) {
      await expectCleanHandOver(page, name);
      await page.screenshot({ path: join(ARTIFACTS, `pass-handoff-${i}.png`) });
      await page.getByTestId('handoff-ready').click();
      expect(await seatOf(page)).toBe(String(i));
      await expect(page.getByTestId('my-turn').getAttribute('data-player')).resolves.toBe(String(i));
      const ids = await page
        .getByTestId('objective-offer')
        .locator('input[data-testid^="objective-"]')
        .evaluateAll((els) =>
          els.map((e) => Number(e.getAttribute('data-testid')?.slice('objective-'.length))),
        );
      expect(ids.length).toBeGreaterThan(0);
      offered[String(i)] = ids.map((id) => objectiveById(id).private.name);
      // Nobody else's cards on this screen.
      const text = (await page.locator('body').textContent()) ?? '';
      for (const [other, cards] of Object.entries(offered))
        if (other !== String(i))
          for (const card of cards) expect(text, `${name} sees ${card}`).not.toContain(card);
      if (i === 0) await page.screenshot({ path: join(ARTIFACTS, 'pass-objectives.png'), fullPage: true });
      await page.getByTestId('keep-objectives').click();
    }

    // Play on: on every screen, only the person on screen has anything private showing.
    const seen = new Set<string>();
    for (let guard = 0; guard < 300; guard++) {
      const round = Number(await page.getByTestId('round').first().textContent());
      if (round >= 2 || (await page.getByTestId('scoreboard').count())) break;
      if (await page.getByTestId('handoff').count()) {
        const seat = Number(await seatOf(page));
        await expectCleanHandOver(page, names[seat] as string);
      } else {
        const seat = (await seatOf(page)) as string;
        seen.add(seat);
        await expect(page.getByTestId('my-turn').getAttribute('data-player')).resolves.toBe(seat);
        const text = (await page.locator('body').textContent()) ?? '';
        for (const [other, cards] of Object.entries(offered))
          if (other !== seat) for (const card of cards) expect(text).not.toContain(card);
        expect(await page.getByTestId('rejection').count()).toBe(0);
      }
      await step(page, 'local-game');
    }
    expect(seen).toEqual(new Set(['0', '1', '2']));
    expect(Number(await page.getByTestId('round').first().textContent())).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: join(ARTIFACTS, 'pass-round2.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);

  it('keeps a turn in progress hidden when the device goes to someone else mid-round', async () => {
    const spec: LocalSpec = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Bea', bot: null },
      ],
      options: {},
      seed: 'browser-pass-2',
    };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec));
    await page.getByTestId('handoff-ready').click();
    // Ada takes a tile, then lets Bea play first.
    await page.getByTestId('take-controls').waitFor();
    await step(page, 'local-game');
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken: .+ tile, /);
    await page.getByTestId('switch-1').click();
    await expectCleanHandOver(page, 'Bea');
    await page.getByTestId('handoff-ready').click();
    await expect(page.getByTestId('my-turn').getAttribute('data-player')).resolves.toBe('1');
    // Bea's screen: no tile taken by her, and Ada's board shows nothing of Ada's draft.
    expect(await page.getByTestId('taken-tile').textContent()).toBe('Tile taken: none yet');
    await expect(page.getByTestId('board-0').textContent()).resolves.toMatch(/0 piece\(s\) placed/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
