/**
 * The drawn game table in real Chromium: the whole table fits one screen from 1280×720 up, in English
 * and French, with the turn bar on one line (and on a phone one section at a time in tabs above the
 * turn's buttons, the page never scrolling), the planet and station canvases render,
 * a tile is placed with the keyboard alone (R, arrows, Enter), an illegal spot says why, and the
 * commander's station turns with ↻ before the rotation is sent. Screenshots go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import {
  ARTIFACTS,
  hasChromium,
  openHome,
  openTable,
  rigPerSuite,
  settled,
  throughTheStart,
} from './support';

/** A PNG of one colour compresses to a few hundred bytes; a drawn planet is far larger. */
const DRAWN_PNG_BYTES = 6_000;

async function startLocal(page: Page, players: number) {
  await page.getByTestId('local-players').selectOption(String(players));
  await page.getByTestId('start-local').click();
  await page.getByTestId('local-game').waitFor();
  const handoff = page.getByTestId('handoff-ready');
  if (await handoff.count()) await handoff.click();
  await page.getByTestId('my-turn').waitFor();
}

/** A solo game with boards free, and a 4-seat game against bots with asymmetric corporations. */
const FIT_TABLES: [string, LocalSpec][] = [
  ['solo', { seats: [{ name: 'Ada', bot: null }], options: { boards: 'free' }, seed: 'table-fit-solo' }],
  [
    'bots',
    {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Vega', bot: 'cadet' },
        { name: 'Cadet Lyra', bot: 'cadet' },
        { name: 'Cadet Rigel', bot: 'cadet' },
      ],
      options: { seats: [{ corporation: 'oasis-ultd' }, { corporation: 'wormhole-corp' }] },
      seed: 'table-fit-bots',
    },
  ],
];

type Box = { x: number; y: number; width: number; height: number };

/**
 * The turn bar is one row: its buttons side by side, no higher than one button (its border and
 * padding aside), every button's words whole, all inside the window.
 */
async function expectOneLineTurnBar(page: Page, where: string, viewport: { width: number; height: number }) {
  const bar = await page.getByTestId('turn-buttons').boundingBox();
  const buttons = page.getByTestId('turn-buttons').locator('button');
  const boxes = await Promise.all((await buttons.all()).map((b) => b.boundingBox()));
  expect(boxes.length, where).toBe(3);
  const tallest = Math.max(...boxes.map((b) => b?.height ?? 0));
  expect(bar && bar.height <= tallest + 2, `${where}: turn bar ${JSON.stringify(bar)}`).toBe(true);
  for (const box of boxes) {
    expect(box && Math.abs(box.y - (boxes[0]?.y ?? 0)) < 1, `${where}: buttons on one line`).toBe(true);
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${where}: inside`).toBe(true);
  }
  // Nothing is cut: each button's words fit inside it.
  const cut = await buttons.evaluateAll((all) =>
    all.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
  );
  expect(cut, where).toEqual([]);
}

async function boxes(page: Page): Promise<Record<'planet' | 'station' | 'confirm', Box | null>> {
  return {
    planet: await page.getByTestId('planet-0-canvas').locator('canvas').boundingBox(),
    station: await page.getByTestId('station-canvas').locator('canvas').boundingBox(),
    confirm: await page.getByTestId('confirm').boundingBox(),
  };
}

describe.skipIf(!hasChromium)('the drawn table in Chromium', () => {
  const suite = rigPerSuite();

  it('fits the whole table in the window at 1440×900 and 1280×720 (French too), the turn bar on one line; taking a tile moves neither the planet nor Confirm, the station steps aside', async () => {
    const runs = [
      ...FIT_TABLES.flatMap(([name, spec]) =>
        (
          [
            [1440, 900],
            [1280, 720],
          ] as const
        ).map(([width, height]) => ({ name, spec, width, height, lang: 'en' })),
      ),
      {
        name: 'bots-fr',
        spec: (FIT_TABLES[1] as [string, LocalSpec])[1],
        width: 1280,
        height: 720,
        lang: 'fr',
      },
    ];
    for (const { name, spec, width, height, lang } of runs) {
      const { page, errors } = await openTable(suite.rig, localSpecHref(spec), { width, height });
      if (lang === 'fr') await page.getByTestId('language-fr').click();
      await throughTheStart(page);
      await page.getByTestId('planet-0-canvas').locator('canvas').waitFor({ timeout: 15_000 });
      await settled(page);
      // The page itself does not scroll, and neither does the area under the site's header.
      const scroll = await page.evaluate(() => {
        const main = document.querySelector('main') as HTMLElement;
        return {
          page: (document.scrollingElement as Element).scrollHeight,
          main: main.scrollHeight - main.clientHeight,
          inner: window.innerHeight,
        };
      });
      expect(scroll.page, `${name} ${width}×${height}`).toBeLessThanOrEqual(scroll.inner + 1);
      expect(scroll.main, `${name} ${width}×${height}`).toBeLessThanOrEqual(1);
      const before = await boxes(page);
      for (const [part, box] of Object.entries(before)) {
        expect(box, `${name} ${width}×${height}: ${part}`).not.toBeNull();
        const { x, y, width: w, height: h } = box as Box;
        expect(
          x >= 0 && y >= 0 && x + w <= width + 0.5 && y + h <= height + 0.5,
          `${part} ${JSON.stringify(box)}`,
        ).toBe(true);
      }
      // The planet is the largest thing on screen.
      expect((before.planet as Box).width).toBeGreaterThanOrEqual((before.station as Box).width);
      await expectOneLineTurnBar(page, `${name} ${width}×${height}`, { width, height });
      await page.screenshot({ path: join(ARTIFACTS, `table-fit-${name}-${width}x${height}.png`) });
      await page.locator('[data-action="takeTile"]:not([disabled])').first().click();
      await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(
        lang === 'fr' ? /^Tuile prise/ : /^Tile taken/,
      );
      await settled(page);
      // The planet, where the tile goes now, and Confirm stay put; the station, done with, gets
      // small to leave the placement controls their room.
      const placing = await boxes(page);
      expect({ planet: placing.planet, confirm: placing.confirm }).toEqual({
        planet: before.planet,
        confirm: before.confirm,
      });
      expect((placing.station as Box).width).toBeLessThan((before.station as Box).width);
      await expectOneLineTurnBar(page, `${name} ${width}×${height} placing`, { width, height });
      await page.screenshot({ path: join(ARTIFACTS, `table-fit-${name}-${width}x${height}-placing.png`) });
      // A panel opens in a drawer over the table, not below it; Escape closes it.
      await page.getByTestId('panel-button-log').click();
      await page.getByTestId('log').waitFor();
      expect(
        await page.evaluate(() => (document.scrollingElement as Element).scrollHeight),
      ).toBeLessThanOrEqual(height + 1);
      await page.keyboard.press('Escape');
      await page.getByTestId('table-drawer').waitFor({ state: 'hidden' });
      expect(await boxes(page)).toEqual(placing);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 150_000);

  it('on a 390×844 phone fits its head lines, shows one section at a time in tabs above the turn’s buttons, and never scrolls', async () => {
    const [, spec] = FIT_TABLES[1] as [string, LocalSpec];
    const viewport = { width: 390, height: 844 };
    const { page, errors } = await openTable(suite.rig, localSpecHref(spec), viewport);
    await throughTheStart(page);
    const selected = (tab: string) => page.getByTestId(`phone-tab-${tab}`).getAttribute('aria-selected');
    const pageScrolls = () =>
      page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);
    /** The tabs sit right above the bar, the bar at the bottom, the turn's buttons in reach. */
    const expectBarAtTheBottom = async (where: string) => {
      const [tabs, bar, confirm] = await Promise.all(
        ['phone-tabs', 'turn-bar', 'confirm'].map((id) => page.getByTestId(id).boundingBox()),
      );
      expect(tabs && bar && tabs.y + tabs.height <= bar.y + 1, `${where}: tabs above the bar`).toBe(true);
      expect(bar && Math.abs(bar.y + bar.height - viewport.height) <= 1, `${where}: bar at the bottom`).toBe(
        true,
      );
      expect(confirm && confirm.y > 700 && confirm.y + confirm.height <= viewport.height, where).toBe(true);
    };
    // The head lines fit, in either language: the game's name whole, no panel button off screen or
    // scrolled out of sight; those without room are one tap away under "More".
    for (const lang of ['fr', 'en'] as const) {
      await page.getByTestId(`language-${lang}`).click();
      await expect(page.getByTestId('panel-more').textContent()).resolves.toMatch(
        lang === 'fr' ? /^Plus/ : /^More/,
      );
      const head = await page.evaluate(() => {
        const brand = document.querySelector('.top .brand') as HTMLElement;
        const row = document.querySelector('.panel-buttons') as HTMLElement;
        const offScreen = [...row.querySelectorAll(':scope > button, :scope > .panel-more > button')]
          .filter((b) => b.getBoundingClientRect().left < 0 || b.getBoundingClientRect().right > innerWidth)
          .map((b) => b.textContent);
        return {
          brandCut: brand.scrollWidth > brand.clientWidth,
          rowScrolls: row.scrollWidth > row.clientWidth,
          offScreen,
        };
      });
      expect(head, lang).toEqual({ brandCut: false, rowScrolls: false, offScreen: [] });
      await page.getByTestId('panel-more').click();
      await page.getByTestId('panel-button-preferences').click();
      await page.getByTestId('panel-preferences').waitFor();
      await expect(page.getByTestId('panel-more-menu').isHidden()).resolves.toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, `table-phone-preferences-${lang}-390x844.png`) });
      await page.getByTestId('drawer-close').click();
    }
    // A tile to take: the Station tab is open, the Planet's section hidden, the page does not scroll.
    await expect(selected('station')).resolves.toBe('true');
    await expect(page.getByTestId('station-canvas').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('planet-0-canvas').isVisible()).resolves.toBe(false);
    await expect(pageScrolls()).resolves.toBe(false);
    await expectBarAtTheBottom('station');
    await expectOneLineTurnBar(page, 'phone', viewport);
    await page.screenshot({ path: join(ARTIFACTS, 'table-fit-phone-390x844.png') });
    // Looking elsewhere, the Station tab is marked as the one that needs you.
    await page.getByTestId('phone-tab-board').click();
    // Waiting for what the tab shows: a busy machine may take a moment to render it.
    await page.getByTestId('corp-0').waitFor({ state: 'visible', timeout: 10_000 });
    await expect(page.getByTestId('phone-tab-station').getAttribute('data-attention')).resolves.toBe('true');
    await page.getByTestId('phone-tab-players').click();
    await page.getByTestId('others-panel').waitFor({ state: 'visible', timeout: 10_000 });
    await expect(pageScrolls()).resolves.toBe(false);
    await page.getByTestId('phone-tab-station').click();
    // A tile taken on the station: the Planet tab opens by itself, the planet whole inside the window.
    await page.getByTestId('station-canvas').locator('button[data-action="takeTile"]').first().click();
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken/);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="phone-tab-planet"]')?.getAttribute('aria-selected') === 'true',
    );
    await page
      .getByTestId('planet-0-canvas')
      .locator('canvas')
      .waitFor({ state: 'visible', timeout: 10_000 });
    const planet = await page.getByTestId('planet-0-canvas').locator('canvas').boundingBox();
    const tabs = await page.getByTestId('phone-tabs').boundingBox();
    expect(planet && tabs && planet.y >= 0 && planet.y + planet.height <= tabs.y, 'planet in view').toBe(
      true,
    );
    expect(planet && planet.width >= 300, 'planet as wide as the screen').toBe(true);
    await expect(pageScrolls()).resolves.toBe(false);
    await expectBarAtTheBottom('planet');
    await page.screenshot({ path: join(ARTIFACTS, 'table-phone-planet-390x844.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('draws the planet, places a tile with the keyboard and explains an illegal spot', async () => {
    const { page, errors } = await openHome(suite.rig, undefined, '#/?seed=table-keys');
    await startLocal(page, 2);
    await page.getByTestId('take-controls').waitFor();
    await page.locator('[data-action="takeTile"]:not([disabled])').first().click();

    const canvasWrap = page.getByTestId('planet-0-canvas');
    await canvasWrap.locator('canvas').waitFor({ timeout: 15_000 });
    const status = page.getByTestId('ghost-status');
    await expect(status.textContent()).resolves.toMatch(/: fits$/);
    // Let the first frames draw before taking the picture.
    await settled(page);
    const shot = await canvasWrap.locator('canvas').screenshot({ path: join(ARTIFACTS, 'table-planet.png') });
    expect(shot.byteLength).toBeGreaterThan(DRAWN_PNG_BYTES);

    // The ghost starts on a legal corner; the preview says what the tile would do.
    await expect(page.getByTestId('ghost-preview').textContent()).resolves.toMatch(/If you place it here/);
    await canvasWrap.focus();
    const start = await status.textContent();

    // Into the top-left corner, off the planet: the reason comes from the engine.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
    }
    await expect(status.textContent()).resolves.toMatch(
      /column 0, row 0.*does not fit\. .*outside your planet or a hole in it/,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('placement-note').textContent()).resolves.toMatch(
      /outside your planet or a hole in it/,
    );
    await expect(page.getByTestId('board-0').textContent()).resolves.toMatch(/0 piece\(s\) placed/);

    // R turns the ghost a quarter; four turns bring it back.
    await page.keyboard.press('r');
    await expect(status.textContent()).resolves.toMatch(/rotated 90°/);
    for (let i = 0; i < 3; i++) await page.keyboard.press('r');
    await expect(status.textContent()).resolves.toMatch(/rotated 0°/);

    // Back to where it started with the arrows, then Enter places it.
    const [, column, row] = /column (\d+), row (\d+)/.exec(start ?? '') ?? [];
    for (let i = 0; i < Number(column); i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < Number(row); i++) await page.keyboard.press('ArrowDown');
    await expect(status.textContent()).resolves.toBe(start);
    await page.screenshot({ path: join(ARTIFACTS, 'table-ghost.png'), fullPage: true });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/placed/);
    await expect(page.getByTestId('board-0').textContent()).resolves.toMatch(/1 piece\(s\) placed/);
    await settled(page);
    await canvasWrap.locator('canvas').screenshot({ path: join(ARTIFACTS, 'table-placed.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('takes a tile by clicking it on the drawn station (1440×900) or with the keys in the picker (390×844)', async () => {
    for (const [width, height, way] of [
      [1440, 900, 'station'],
      [390, 844, 'picker'],
    ] as const) {
      const { page, errors } = await openHome(suite.rig, undefined, '#/?seed=table-take');
      await page.setViewportSize({ width, height });
      await startLocal(page, 2);
      const station = page.getByTestId('station-canvas');
      await station.locator('canvas').waitFor({ timeout: 15_000 });
      const tile = station.locator('button[data-action="takeTile"]').first();
      await tile.waitFor();
      // The viewer's depot is drawn at the bottom: its tiles' buttons sit in the lower half, once
      // the drawing has turned the viewer's depot round (it animates there).
      const inLowerHalf = async () => {
        const [box, canvasBox] = [await tile.boundingBox(), await station.locator('canvas').boundingBox()];
        return Boolean(box && canvasBox && box.y > canvasBox.y + canvasBox.height / 2);
      };
      await expect.poll(inLowerHalf, { timeout: 15_000 }).toBe(true);
      const canvasBox = await station.locator('canvas').boundingBox();
      await settled(page);
      await station.screenshot({ path: join(ARTIFACTS, `table-station-take-${width}x${height}.png`) });
      await page.screenshot({ path: join(ARTIFACTS, `table-take-${width}x${height}.png`) });
      // A click elsewhere on the station, by someone not turning it, turns nothing and refuses nothing.
      const rotation = await station.getAttribute('data-rotation');
      await page.mouse.click(canvasBox!.x + canvasBox!.width / 2, canvasBox!.y + canvasBox!.height * 0.12);
      await expect(page.getByTestId('station-message').count()).resolves.toBe(0);
      await expect(station.getAttribute('data-rotation')).resolves.toBe(rotation);
      const name = await tile.getAttribute('aria-label');
      expect(name).toMatch(/^Take the (small|large) tile: \w+ and \w+, [\w ×]+$/);
      if (way === 'station') {
        await tile.click();
      } else {
        const button = page.getByTestId('take-controls').locator('button[data-action="takeTile"]').first();
        await button.focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken: .+ tile, /);
      await expect(page.getByTestId('take-controls').count()).resolves.toBe(0);
      // Focus goes on to the planet, where the tile is placed, not to the page body.
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'planet-0-canvas',
      );
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 90_000);

  it('brings the clicked depot round to the commander, in a large preview', async () => {
    const { page, errors } = await openHome(suite.rig, undefined, '#/?seed=table-station');
    await page.setViewportSize({ width: 1440, height: 900 });
    await startLocal(page, 3);
    await page.getByTestId('rotate-controls').waitFor();
    const station = page.getByTestId('station-canvas');
    const canvas = station.locator('canvas');
    await canvas.waitFor({ timeout: 15_000 });
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(400);
    // The depot drawn at the top, across the station from the commander.
    const rotation = Number(await station.getAttribute('data-rotation'));
    const viewTurn = Number(await station.getAttribute('data-view-turn'));
    const top = (((-viewTurn - rotation) % 6) + 12) % 6;
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height * 0.12);
    await expect(page.getByTestId('station-proposed').textContent()).resolves.toMatch(
      new RegExp(`you would face depot ${top}\\.|may not be turned this way`),
    );
    await settled(page);
    await station.screenshot({ path: join(ARTIFACTS, 'table-station-commander.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('turns the drawn station with ↻ before the commander sends the rotation', async () => {
    const { page, errors } = await openHome(suite.rig, undefined, '#/?seed=table-station');
    await startLocal(page, 3);
    await page.getByTestId('rotate-controls').waitFor();
    const station = page.getByTestId('station-canvas');
    await station.locator('canvas').waitFor({ timeout: 15_000 });
    const before = Number(await station.getAttribute('data-rotation'));
    await page.getByTestId('station-cw').click();
    await expect(station.getAttribute('data-rotation')).resolves.toBe(String((before + 1) % 6));
    await settled(page);
    const shot = await station.locator('canvas').screenshot({ path: join(ARTIFACTS, 'table-station.png') });
    expect(shot.byteLength).toBeGreaterThan(DRAWN_PNG_BYTES);
    // Nothing is sent until the commander confirms.
    await expect(page.getByTestId('station-rotation').textContent()).resolves.toBe(String(before));
    await page.getByTestId('station-confirm').click();
    const handoff = page.getByTestId('handoff-ready');
    await page.getByTestId('handoff').or(page.getByTestId('take-controls')).first().waitFor();
    if (await handoff.count()) await handoff.click();
    await expect(page.getByTestId('station-rotation').textContent()).resolves.toBe(String((before + 1) % 6));
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
