/**
 * The table's layout in Chromium, second pass: at 1280×720 and 1440×900 each decision in front of
 * the player (the boards, the objectives, the station's turn, the take, the placing, each gain, a
 * civ card pick) is whole in view without scrolling, and so is the take on a phone; a refusal
 * shows in view where the player acted, Confirm says what is missing until the turn can be
 * confirmed; a drawer leaves the head line and the station usable and Escape closes it wherever the
 * focus is; on a 390×844 phone the names of controls match their words and every scrolling box is
 * reachable by keyboard (axe). Screenshots go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { stageOf } from '../../game/engine';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import type { SavedLocalGame } from '../../client/local/saved-games';
import { ARTIFACTS, hasChromium, injectAxe, openHome, openTable, rigPerSuite } from './support';

/** Boards chosen freely (the longest choice), against two bots. */
const SPEC: LocalSpec = {
  seats: [
    { name: 'Ada', bot: null },
    { name: 'Cadet Vega', bot: 'cadet' },
    { name: 'Cadet Lyra', bot: 'cadet' },
  ],
  options: { boards: 'free' },
  seed: 'table-layout',
};

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

/**
 * What keeps `target` from being whole in view: out of the window, cut by a box that clips or
 * scrolls, or in a box scrolled away from its start. An empty list when it is whole in view.
 */
function outOfView(target: Locator): Promise<string[]> {
  return target.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const problems: string[] = [];
    if (box.height === 0) problems.push('not shown');
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
      problems.push(`outside the window: ${Math.round(box.top)}–${Math.round(box.bottom)}`);
    for (let p = node.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const style = getComputedStyle(p);
      // A box that lends its children to its parent's layout (display: contents) clips nothing.
      if (style.display === 'contents') continue;
      if (!/auto|scroll|hidden|clip/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      const clip = p.getBoundingClientRect();
      const name = `${p.tagName.toLowerCase()}.${p.className}`;
      if (p.scrollTop > 0) problems.push(`${name} scrolled by ${p.scrollTop}px`);
      if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)
        problems.push(
          `cut by ${name}: ${Math.round(box.top)}–${Math.round(box.bottom)} in ${Math.round(clip.top)}–${Math.round(clip.bottom)}`,
        );
    }
    return problems;
  });
}

async function expectInView(page: Page, testid: string, where: string): Promise<void> {
  const target = page.getByTestId(testid);
  await target.waitFor();
  expect(await outOfView(target), `${where}: ${testid}`).toEqual([]);
}

const stateId = (page: Page) => page.getByTestId('local-game').getAttribute('data-state-id');

/** Click `control` and wait until the table's state moves on. */
async function act(page: Page, control: Locator): Promise<void> {
  const before = await stateId(page);
  await control.click();
  await page.waitForFunction(
    (prev) => document.querySelector('[data-testid="local-game"]')?.getAttribute('data-state-id') !== prev,
    before,
  );
}

/** From the boards to the take: each decision whole in view on the way. */
async function toTake(page: Page, where: string): Promise<void> {
  await expectInView(page, 'board-offer', `${where} boards`);
  await page.screenshot({ path: join(ARTIFACTS, `layout-boards-${where}.png`) });
  await act(page, page.getByTestId('choose-board'));
  for (let guard = 0; guard < 10; guard++) {
    const next = page
      .getByTestId('objective-offer')
      .or(page.getByTestId('rotate-controls'))
      .or(page.getByTestId('take-controls'));
    await next.first().waitFor({ timeout: 20_000 });
    if (await page.getByTestId('take-controls').count()) return;
    if (await page.getByTestId('objective-offer').count()) {
      await expectInView(page, 'objective-offer', `${where} objectives`);
      await act(page, page.getByTestId('keep-objectives'));
    } else {
      await expectInView(page, 'rotate-controls', `${where} station's turn`);
      await act(page, page.getByTestId('station-confirm'));
    }
  }
  throw new Error('No take after the start.');
}

/** Writes a local game into the page's browser storage, as the table saves one. */
function putSavedGame(page: Page, game: SavedLocalGame): Promise<void> {
  return page.evaluate(async (game) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('planet-unknown', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('local-games');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('no IndexedDB'));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('local-games', 'readwrite');
      tx.objectStore('local-games').put(game, game.id);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('not written'));
    });
    db.close();
  }, game);
}

describe.skipIf(!hasChromium)('the table layout in Chromium', () => {
  const suite = rigPerSuite();

  it('shows each decision whole, without scrolling, a refusal in view and what Confirm lacks (1280×720, 1440×900)', async () => {
    for (const viewport of VIEWPORTS) {
      const where = `${viewport.width}x${viewport.height}`;
      const { page, errors } = await openTable(suite.rig, localSpecHref(SPEC), viewport);
      await toTake(page, where);
      await expectInView(page, 'take-controls', `${where} take`);
      await page.screenshot({ path: join(ARTIFACTS, `layout-take-${where}.png`) });

      // Confirm is not ready and says why; pressed anyway, the refusal is in view, the take too.
      await expect(page.getByTestId('confirm').getAttribute('data-action')).resolves.toBeNull();
      await expect(page.getByTestId('confirm-missing').textContent()).resolves.toMatch(/^Not ready: \S/);
      await expectInView(page, 'confirm-missing', `${where} not ready`);
      await page.getByTestId('confirm').click();
      await page.getByTestId('rejection').waitFor();
      await expectInView(page, 'rejection', `${where} refusal`);
      await expectInView(page, 'take-controls', `${where} take beside the refusal`);
      // The refusal is under the station, not over it.
      const station = await page.getByTestId('station-canvas').boundingBox();
      const refusal = await page.getByTestId('rejection').boundingBox();
      expect(
        station && refusal && refusal.y >= station.y + station.height,
        `${where}: refusal under the station`,
      ).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, `layout-refusal-${where}.png`) });

      // Take a tile and place it where the ghost starts (a legal corner): then each gain in turn.
      await act(page, page.getByTestId('take-controls').locator('[data-action="takeTile"]').first());
      // Placing: the placement controls are whole beside the planet, the station small above them.
      await expectInView(page, 'placement-picker', `${where} placing`);
      await page.screenshot({ path: join(ARTIFACTS, `layout-placing-${where}.png`) });
      await page.getByTestId('planet-0-canvas').focus();
      const before = await stateId(page);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (prev) =>
          document.querySelector('[data-testid="local-game"]')?.getAttribute('data-state-id') !== prev,
        before,
      );
      await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/placed/);
      for (let gain = 0; gain < 8; gain++) {
        const control = page.getByTestId('pending').locator('[data-action]:not([disabled])').first();
        if (!(await control.count())) break;
        await expectInView(page, 'pending-gains', `${where} gain ${gain + 1}`);
        if (gain === 0) await page.screenshot({ path: join(ARTIFACTS, `layout-gains-${where}.png`) });
        await act(page, control);
      }
      // Ready: Confirm looks ready and no longer says anything is missing.
      if (await page.locator('[data-testid="confirm"][data-action="confirm"]').count())
        await expect(page.getByTestId('confirm-missing').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('opens a drawer beside the station and the head line, and Escape closes it wherever the focus is', async () => {
    const viewport = VIEWPORTS[0];
    const { page, errors } = await openTable(suite.rig, localSpecHref(SPEC), viewport);
    await toTake(page, 'drawer');
    await page.getByTestId('panel-button-log').click();
    await page.getByTestId('panel-log').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'layout-drawer-1280x720.png') });
    // What is under the centre of each control the player needs is that control, not the drawer.
    const tile = page.getByTestId('station-canvas').locator('button[data-action="takeTile"]').first();
    for (const control of [tile, page.getByTestId('panel-button-score'), page.getByTestId('confirm')]) {
      const hit = await control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top === el || el.contains(top);
      });
      expect(hit, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBe(true);
    }
    // Escape with the focus on the page's body closes it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await page.getByTestId('table-drawer').waitFor({ state: 'hidden' });
    // Open again, the station's tile takes a tile through the open drawer's side; Escape still closes it.
    await page.getByTestId('panel-button-log').click();
    await page.getByTestId('panel-log').waitFor();
    await act(page, tile);
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken/);
    await page.keyboard.press('Escape');
    await page.getByTestId('table-drawer').waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('a civ card pick is whole in view at 1280×720', async () => {
    // Played in Node up to Ada's first civ card pick (§5.7), then resumed from the browser's storage.
    const seed = 'layout-civ';
    let moves = -1;
    let played = 0;
    const { record } = playGame({
      numPlayers: 2,
      seed,
      setupData: {},
      bots: [BOTS.pilot as BotFn, BOTS.cadet as BotFn],
      onAction: (state) => {
        played++;
        if (moves < 0 && stageOf(state, '0') === 'civ' && state.private['0']?.civOffer) moves = played;
      },
    });
    expect(moves, 'a civ card pick for Ada in the game').toBeGreaterThan(0);
    const saved: SavedLocalGame = {
      id: 'layout-civ-game',
      spec: {
        seats: [
          { name: 'Ada', bot: null },
          { name: 'Cadet Vega', bot: 'cadet' },
        ],
        options: {},
        seed,
      },
      moves: record.moves.slice(0, moves),
      startedAt: 1,
      updatedAt: 2,
      round: 1,
    };
    const home = await openHome(suite.rig);
    await home.page.setViewportSize({ width: 1280, height: 720 });
    await putSavedGame(home.page, saved);
    await home.page.goto(`${suite.rig.server.url}/#/local?game=${saved.id}`);
    await expectInView(home.page, 'civ-offer', '1280x720 civ card pick');
    await home.page.screenshot({ path: join(ARTIFACTS, 'layout-civ-1280x720.png') });
    expect(home.errors).toEqual([]);
    await home.page.close();
  }, 120_000);

  it('on a 390×844 phone, names match the words shown and scrolling boxes are reachable (axe), at the table and the end', async () => {
    const rules = ['label-content-name-mismatch', 'scrollable-region-focusable'];
    const audit = async (page: Page) => {
      await injectAxe(page);
      const violations = await page.evaluate(async (values) => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                c: Document,
                o: unknown,
              ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document, { runOnly: { type: 'rule', values } });
        return result.violations.map(
          (v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }, rules);
      return violations;
    };
    const viewport = { width: 390, height: 844 };
    const { page, errors } = await openTable(suite.rig, localSpecHref(SPEC), viewport);
    await page.getByTestId('board-offer').waitFor();
    expect(await audit(page), 'boards').toEqual([]);
    await act(page, page.getByTestId('choose-board'));
    await page.getByTestId('take-controls').or(page.getByTestId('rotate-controls')).first().waitFor();
    expect(await audit(page), 'turn').toEqual([]);
    // Taking on a phone: the two tiles are whole under the station, above the tabs.
    if (await page.getByTestId('take-controls').count())
      await expectInView(page, 'take-controls', 'phone take');
    // The planet's caption is whole (its name, its corporation), not cut short.
    const cut = await page
      .getByTestId('my-turn')
      .locator('.my-area > .board > .small')
      .evaluateAll((all) =>
        all.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'layout-phone-390x844.png') });
    expect(errors).toEqual([]);
    await page.close();

    // The end screen: a solo game played in Node, resumed from the browser's saved games.
    const seed = 'layout-end';
    const { record } = playGame({ numPlayers: 1, seed, setupData: {} });
    const saved: SavedLocalGame = {
      id: 'layout-end-game',
      spec: { seats: [{ name: 'Ada', bot: null }], options: {}, seed },
      moves: record.moves,
      startedAt: 1,
      updatedAt: 2,
      round: 1,
    };
    const home = await openHome(suite.rig);
    await home.page.setViewportSize(viewport);
    await putSavedGame(home.page, saved);
    await home.page.goto(`${suite.rig.server.url}/#/local?game=${saved.id}`);
    await home.page.getByTestId('scoreboard').waitFor({ timeout: 40_000 });
    expect(await audit(home.page), 'end').toEqual([]);
    await home.page.screenshot({ path: join(ARTIFACTS, 'layout-end-390x844.png'), fullPage: true });
    expect(home.errors).toEqual([]);
    await home.page.close();
  }, 120_000);
});
