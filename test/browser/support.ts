/**
 * Shared set-up of the browser tests: Debian's Chromium through playwright-core, the client built
 * once for the project (global-setup.ts) served by the game server on 127.0.0.1, and a step that
 * clicks the first legal control.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/app';
import type { GameState } from '../../game/core/types';
import { createRng } from '../../game/core/prng';
import { legalActions } from '../../game/engine';
import { SeatClient } from '../../server/seat-client';
import { playGame } from '../../game/sim';
import { botFunction } from '../../game/bots';
import { savedGameHref } from '../../client/routes';
import type { LocalSpec } from '../../client/local/setup-spec';
import type { SavedLocalGame } from '../../client/local/saved-games';

/** Debian's Chromium; CHROMIUM_PATH overrides it (e.g. to check the missing-browser behaviour). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ROOT = resolve(import.meta.dirname, '../..');
export const ARTIFACTS = join(ROOT, 'artifacts');
export const MISSING_CHROMIUM = `${CHROMIUM} is missing: install it with \`apt-get install chromium\` to run the browser tests.`;
export const hasChromium = existsSync(CHROMIUM);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page, for an audit. Evaluated through the browser's debugging protocol: the
 * pages' Content-Security-Policy (no inline script) would refuse it as a script tag, as it should.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(AXE_SOURCE);
}

/** axe-core over the page (injected first): the ids of its critical and serious violations. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(d: Document): Promise<{ violations: { id: string; impact?: string | null }[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  });
}

/** STACK §6: root needs --no-sandbox; the rest keeps Chromium off the (closed) network. */
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Rig {
  server: RunningServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Serve the client the browser project built (global-setup.ts), launch Chromium. */
export async function startRig(): Promise<Rig> {
  const work = mkdtempSync(join(tmpdir(), 'pu-browser-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(work, 'data'),
    staticDir: inject('clientDist'),
    // The server's bots act without the pause that lets people follow them (300 ms a decision):
    // a game against one would otherwise spend half a minute waiting.
    bots: { delayMs: 0 },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** One rig for the tests of a `describe`: started before them, closed after. Read `.rig` in tests. */
export function rigPerSuite(): { readonly rig: Rig } {
  let rig: Rig | undefined;
  beforeAll(async () => {
    rig = await startRig();
  }, 90_000);
  afterAll(async () => {
    await rig?.close();
  });
  return {
    get rig() {
      if (!rig) throw new Error('The rig is not started yet.');
      return rig;
    },
  };
}

/** A page on the home screen (`hash`, e.g. `#/?seed=x`) that records console and page errors (the favicon 404 aside). */
export async function openHome(
  rig: Rig,
  context?: BrowserContext,
  hash = '',
): Promise<{ page: Page; errors: string[] }> {
  const page = await (context ?? rig.browser).newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text() + m.location().url)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${rig.server.url}/${hash}`);
  await page.getByTestId('home').waitFor();
  return { page, errors };
}

/**
 * The planet is drawn once, on the canvas; its squares as buttons are in the planet's text view,
 * behind a toggle. Open it when a legal-action control is only there (a placement's corners).
 */
export async function openTextViewIfNeeded(page: Page): Promise<void> {
  const closed = page
    .locator('details.planet-text:not([open])')
    .filter({ has: page.locator('[data-action]') });
  if (await closed.count()) {
    await showPhoneTabOf(closed.first());
    await closed.first().locator('summary').click();
  }
}

/**
 * On a phone the table shows one section at a time: open the tab whose section holds `target`
 * if it is hidden in another one (nothing to do on a wide table, where every section is shown).
 */
export async function showPhoneTabOf(target: Locator): Promise<void> {
  const tab = await target.evaluate((el) => {
    const tabs = document.querySelector('.phone-tabs');
    if (!tabs || !tabs.checkVisibility() || el.checkVisibility()) return null;
    if (el.closest('.others-panel')) return 'players';
    if (el.closest('.corp-board')) return 'board';
    if (el.closest('.turn-column > .station')) return 'station';
    return 'planet';
  });
  if (tab) await target.page().getByTestId(`phone-tab-${tab}`).click();
}

/**
 * One step: confirm a hand-over if one is shown, else click the first enabled legal-action control
 * (for a placement, the first highlighted legal corner) and wait until the state moves on.
 * `container` is the test id of the element carrying `data-state-id`.
 */
export async function step(page: Page, container: string): Promise<'handoff' | 'action'> {
  const handoff = page.getByTestId('handoff-ready');
  if (await handoff.count()) {
    await handoff.click();
    await page.getByTestId('my-turn').waitFor();
    return 'handoff';
  }
  const before = await page.getByTestId(container).getAttribute('data-state-id');
  await openTextViewIfNeeded(page);
  const control = page.locator('[data-action]:not([disabled])').first();
  try {
    // Attached, perhaps in a phone tab not shown yet (opened below).
    await control.waitFor({ state: 'attached', timeout: 10_000 });
  } catch (err) {
    await page.screenshot({ path: join(ARTIFACTS, 'stuck.png'), fullPage: true });
    throw new Error(`No enabled legal-action control on screen (see artifacts/stuck.png): ${String(err)}`);
  }
  await showPhoneTabOf(control);
  await control.click();
  await page.waitForFunction(
    ([id, prev]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state-id') !== prev,
    [container, before] as const,
    { timeout: 5_000 },
  );
  return 'action';
}

/** A page on a local table (`hash`, e.g. `localSpecHref(spec)`), recording console and page errors. */
export async function openTable(
  rig: Rig,
  hash: string,
  viewport = { width: 1400, height: 1000 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await rig.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text() + m.location().url)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${rig.server.url}/${hash}`);
  await page.getByTestId('local-game').waitFor();
  return { page, errors };
}

/**
 * A local table resumed at the start of `round`, as after a reload: the rounds before it are played
 * headless by Cadets in every seat and put in the browser's storage as a saved game, so a test of a
 * game's last rounds and its end screen does not click through the whole game first. The page
 * replays those moves (client/local/resume-game.ts), then the table plays on as it would have.
 */
export async function openTableAtRound(
  rig: Rig,
  spec: LocalSpec & { seed: string },
  round: number,
  viewport = { width: 1400, height: 1000 },
): Promise<{ page: Page; errors: string[] }> {
  const { record, state } = playGame({
    numPlayers: spec.seats.length,
    seed: spec.seed,
    setupData: spec.options,
    bots: spec.seats.map(() => botFunction('cadet')),
    stopWhen: (s) => s.round >= round,
  });
  if (state.round !== round) throw new Error(`The game ended before round ${round}.`);
  const saved: SavedLocalGame = {
    id: `at-round-${round}-${spec.seed}`,
    spec,
    moves: record.moves,
    startedAt: Date.now(),
    updatedAt: Date.now(),
    round,
  };
  const { page, errors } = await openHome(rig, undefined, '');
  await page.setViewportSize(viewport);
  // The store as client/local/saved-games.ts opens it (created here if the home page has not yet).
  await page.evaluate(
    (game) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('planet-unknown', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('local-games');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open.'));
        open.onsuccess = () => {
          const put = open.result
            .transaction('local-games', 'readwrite')
            .objectStore('local-games')
            .put(game, game.id);
          put.onsuccess = () => {
            open.result.close();
            resolve();
          };
          put.onerror = () => reject(put.error ?? new Error('IndexedDB refused the game.'));
        };
      }),
    saved,
  );
  await page.goto(`${rig.server.url}/${savedGameHref(saved.id)}`);
  await page.getByTestId('local-game').waitFor({ timeout: 30_000 });
  if (await page.getByTestId('resume-failure').count())
    throw new Error(
      `The saved game did not resume: ${await page.getByTestId('resume-failure').textContent()}`,
    );
  return { page, errors };
}

/**
 * Until the page is still: no canvas animating (client/table/pixi/on-demand.tsx), no finite CSS
 * animation or transition running, then two frames drawn.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('canvas[data-animating="yes"]') === null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * A local table through the start's decisions (boards, objectives, the commander's rotation) to
 * its first tile to take, waiting each time for the game to move on (this seat's step or a bot's).
 */
export async function throughTheStart(page: Page): Promise<void> {
  const game = page.getByTestId('local-game');
  for (let guard = 0; !(await page.getByTestId('take-controls').count()); guard++) {
    if (guard > 40) throw new Error('No tile to take after the start.');
    const before = await game.getAttribute('data-state-id');
    for (const id of ['choose-board', 'keep-objectives', 'station-confirm']) {
      const control = page.getByTestId(id);
      if (await control.count()) await control.click();
    }
    await page.waitForFunction(
      (prev) =>
        document.querySelector('[data-testid="take-controls"]') !== null ||
        document.querySelector('[data-testid="local-game"]')?.getAttribute('data-state-id') !== prev,
      before,
      { timeout: 15_000 },
    );
  }
}

/**
 * Nothing to click (bots or the server are busy): wait until a legal-action control comes or the
 * state (`data-state-id` on `container`, `before` by default as it is now) moves on, for up to
 * 15 s; the caller looks again and keeps its own deadline.
 */
export async function untilSomethingToDo(
  page: Page,
  container: string,
  before?: string | null,
): Promise<void> {
  const prev =
    before === undefined ? await page.getByTestId(container).getAttribute('data-state-id') : before;
  await page
    .waitForFunction(
      ([id, was]) =>
        document.querySelector('[data-action]:not([disabled])') !== null ||
        document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state-id') !== was,
      [container, prev] as const,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

/**
 * Click the first enabled legal-action control if there is one and wait until the state moves
 * on; otherwise (bots or the server are busy) wait until a control comes or the state moves on.
 * Says whether it clicked.
 */
export async function actIfAble(page: Page, container: string): Promise<boolean> {
  await openTextViewIfNeeded(page);
  const control = page.locator('[data-action]:not([disabled])').first();
  const before = await page.getByTestId(container).getAttribute('data-state-id');
  if (!(await control.count())) {
    await untilSomethingToDo(page, container, before);
    return false;
  }
  try {
    await showPhoneTabOf(control);
    await control.click({ timeout: 10_000 });
  } catch {
    return false; // The control went away under the click (a bot's move re-rendered the table).
  }
  await page.waitForFunction(
    ([id, prev]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state-id') !== prev,
    [container, before] as const,
    { timeout: 15_000 },
  );
  return true;
}

/** A seat as a browser profile keeps it (client/online/lobby.ts). */
export interface HeldSeat {
  playerID: string;
  credentials: string;
  playerName?: string;
}

/**
 * Connect as these seats (their credentials) over the server's sockets and run `step` on every
 * state the server sends them (or a seat's move settling), until it returns true. The loop never
 * sleeps on a timer: each event wakes it.
 */
async function withSeats(
  server: string,
  matchID: string,
  seats: readonly HeldSeat[],
  step: (clients: SeatClient[]) => boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  let wake: () => void = () => {};
  const woken = () => new Promise<'woken'>((resolve) => (wake = () => resolve('woken')));
  const clients = seats.map(
    (s) =>
      new SeatClient({
        server,
        matchID,
        playerID: s.playerID,
        credentials: s.credentials,
        onState: () => wake(),
        onSync: () => wake(),
      }),
  );
  let next = woken();
  for (const c of clients) c.start();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>(
    (resolve) => (timer = setTimeout(() => resolve('expired'), timeoutMs)),
  );
  try {
    while (!step(clients)) {
      if ((await Promise.race([next, expired])) === 'expired')
        throw new Error(`${what} did not come in time.`);
      next = woken();
    }
  } finally {
    clearTimeout(timer);
    for (const c of clients) c.stop();
  }
}

/**
 * Play seats of an online match from Node with random legal moves, as the same seats, until `done`
 * says so of the first seat's state (by default: every seat's game is over). Much faster than
 * clicking; the pages only watch.
 */
export async function playSeatsFromNode(
  server: string,
  matchID: string,
  seats: readonly HeldSeat[],
  done?: (G: GameState) => boolean,
  timeoutMs = 240_000,
): Promise<void> {
  const rng = createRng(`node-${matchID}`);
  await withSeats(
    server,
    matchID,
    seats,
    (clients) => {
      const G = clients[0]?.state?.G as GameState | undefined;
      if (done ? G && done(G) : clients.every((c) => c.over)) return true;
      clients.forEach((c, i) => {
        if (!c.canAct()) return;
        const legal = legalActions(c.state!.G as GameState, seats[i]!.playerID);
        if (legal.length) c.send(rng.pick(legal));
      });
      return false;
    },
    timeoutMs,
    'The state the test plays towards',
  );
}

/** Wait, connected as this seat, until the server's state asks it for a decision. */
export async function untilSeatMayAct(
  server: string,
  matchID: string,
  seat: HeldSeat,
  timeoutMs = 30_000,
): Promise<void> {
  await withSeats(
    server,
    matchID,
    [seat],
    (clients) => clients[0]?.canAct() ?? false,
    timeoutMs,
    `Seat ${seat.playerID}'s decision`,
  );
}
