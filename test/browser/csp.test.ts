/**
 * The server's Content-Security-Policy (server/security-headers.ts) against the built client in
 * Chromium: the home page, a local table against a bot (the Pixi canvases drawn, the bot's Web
 * Worker deciding a move) and an online table (the sockets), with no CSP violation and no console
 * error, in the page or in the worker.
 */
import { describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../../server/security-headers';
import { actIfAble, hasChromium, rigPerSuite } from './support';

/** Records every `securitypolicyviolation` of the page in `window.__cspViolations`. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
  });
`;

describe.skipIf(!hasChromium)('the Content-Security-Policy in Chromium', () => {
  const suite = rigPerSuite();

  /** A page that records violations, console errors and any console line about the policy. */
  async function watchedPage(): Promise<{ page: Page; problems: string[]; workers: string[] }> {
    const page = await suite.rig.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems: string[] = [];
    const workers: string[] = [];
    const listen = (where: string) => (m: ConsoleMessage) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) {
        problems.push(`${where} console ${m.type()}: ${m.text()}`);
      }
    };
    page.on('console', listen('page'));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('worker', (worker) => {
      workers.push(worker.url());
      worker.on('console', listen(`worker ${worker.url()}`));
    });
    await page.addInitScript(RECORD_VIOLATIONS);
    return { page, problems, workers };
  }

  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

  it('serves the page with the policy, and a table against a bot runs under it', async () => {
    const { page, problems, workers } = await watchedPage();
    const response = await page.goto(`${suite.rig.server.url}/#/?seed=csp-bot`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await page.getByTestId('home').waitFor();

    await page.getByTestId('local-mode-bots').check();
    await page.getByTestId('local-players').selectOption('2');
    await page.getByTestId('local-seat-1-kind').selectOption('cadet');
    await page.getByTestId('start-local').click();
    await page.getByTestId('local-game').waitFor();

    // Pixi drew the station and the planet: @pixi/react puts the <canvas> in before Pixi starts, so
    // look at its pixels (a renderer that failed leaves it blank, and the scene falls back).
    await page.waitForFunction(
      () => {
        const drawn = (canvas: HTMLCanvasElement | null) => {
          if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const context = copy.getContext('2d');
          if (!context) return false;
          context.drawImage(canvas, 0, 0);
          const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
          const colours = new Set<number>();
          for (let i = 0; i < pixels.length && colours.size < 3; i += 4 * 97) {
            colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
          }
          return colours.size >= 3;
        };
        return (
          drawn(document.querySelector('[data-testid="station-canvas"] canvas')) &&
          drawn(document.querySelector('[data-testid^="planet-"][data-testid$="-canvas"] canvas'))
        );
      },
      undefined,
      { timeout: 30_000 },
    );

    // The bot's worker decided a move (its reason replaces "No move yet."); play along until it has.
    const reason = page.getByTestId('bot-reason-1');
    for (let guard = 0; guard < 40 && (await reason.textContent()) === 'No move yet.'; guard++) {
      await actIfAble(page, 'local-game');
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bot-reason-1"]')?.textContent !== 'No move yet.',
      undefined,
      { timeout: 30_000 },
    );
    expect(workers.some((url) => url.startsWith(`${suite.rig.server.url}/assets/bot-worker`))).toBe(true);

    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('lets an online table talk to the server over a WebSocket', async () => {
    const { page, problems } = await watchedPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${suite.rig.server.url}/#/?seed=csp-online`);
    await page.getByTestId('home').waitFor();
    await page.getByTestId('online-name').fill('Ada');
    await page.getByTestId('online-players').selectOption('1');
    await page.getByTestId('create-match').click();
    // The seat's state came from the server over socket.io: connect-src 'self' covers ws: here.
    await page.getByTestId('my-turn').waitFor();
    expect(sockets.some((url) => url.startsWith(suite.rig.server.url.replace(/^http/, 'ws')))).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
