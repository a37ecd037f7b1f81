/**
 * The drawn game table in real Chromium: the planet and station canvases render, a tile is placed
 * with the keyboard alone (R, arrows, Enter), an illegal spot says why, and the commander's station
 * turns with ↻ before the rotation is sent. Screenshots go to artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, hasChromium, openHome, rigPerSuite } from './support';

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

describe.skipIf(!hasChromium)('the drawn table in Chromium', () => {
  const suite = rigPerSuite();

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
    await page.waitForTimeout(300);
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
      /column 0, row 0.*does not fit\. .*not a square of the planet/,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('placement-note').textContent()).resolves.toMatch(
      /not a square of the planet/,
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
    await page.waitForTimeout(500);
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
      // The viewer's depot is drawn at the bottom: its tiles' buttons sit in the lower half.
      const [box, canvasBox] = [await tile.boundingBox(), await station.locator('canvas').boundingBox()];
      expect(box && canvasBox && box.y > canvasBox.y + canvasBox.height / 2).toBe(true);
      await page.waitForTimeout(300);
      await station.screenshot({ path: join(ARTIFACTS, `table-station-take-${width}x${height}.png`) });
      await page.screenshot({ path: join(ARTIFACTS, `table-take-${width}x${height}.png`) });
      // A click elsewhere on the station, by someone not turning it, turns nothing and refuses nothing.
      const rotation = await station.getAttribute('data-rotation');
      await page.mouse.click(canvasBox!.x + canvasBox!.width / 2, canvasBox!.y + canvasBox!.height * 0.12);
      await expect(page.getByTestId('station-message').count()).resolves.toBe(0);
      await expect(station.getAttribute('data-rotation')).resolves.toBe(rotation);
      const name = await tile.getAttribute('aria-label');
      expect(name).toMatch(/^Take the (small|large) tile: \w+ and \w+, \w+-shaped$/);
      if (way === 'station') {
        await tile.click();
      } else {
        const button = page.getByTestId('take-controls').locator('button[data-action="takeTile"]').first();
        await button.focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.getByTestId('taken-tile').textContent()).resolves.toMatch(/^Tile taken: tile #\d+/);
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
      new RegExp(`you would face depot ${top}\\.|is not one you may choose`),
    );
    await page.waitForTimeout(600);
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
    await page.waitForTimeout(600);
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
