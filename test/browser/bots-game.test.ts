/**
 * One person against three bots in real Chromium, in a game's last rounds: the bots play in a Web
 * Worker, their reasons show in the bots panel, the Hint button suggests a move in words, and the
 * game reaches the end screen with the record on offer. Screenshots go to artifacts/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../game/match';
import { replay } from '../../game/replay';
import type { LocalSpec } from '../../client/local/setup-spec';
import { ARTIFACTS, actIfAble, hasChromium, openTableAtRound, rigPerSuite } from './support';

describe.skipIf(!hasChromium)('a local table against bots in Chromium', () => {
  const suite = rigPerSuite();

  it('plays one person against three bots to the end screen', async () => {
    const spec: LocalSpec & { seed: string } = {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Cadet Kim', bot: 'cadet' },
        { name: 'Pilot Lou', bot: 'pilot' },
        { name: 'Cadet Max', bot: 'cadet' },
      ],
      options: {},
      seed: 'browser-bots-1',
    };
    const started = Date.now();
    // Resumed at round 18 of about 21 (the rounds before played headless): the bots' last rounds,
    // the hint and the end screen are what this test is about.
    const { page, errors } = await openTableAtRound(suite.rig, spec, 18);

    await expect(page.getByTestId('seat-on-screen').textContent()).resolves.toBe('Ada');
    await expect(page.getByTestId('bot-panel').textContent()).resolves.toMatch(/Pilot Lou \(Pilot\)/);

    let clicks = 0;
    let hinted = false;
    let sawThinking = false;
    // One look at the page per step: the page is busy while bots play, every question costs.
    const look = () =>
      page.evaluate(() => {
        const has = (id: string) => document.querySelector(`[data-testid="${id}"]`) !== null;
        return {
          over: has('scoreboard'),
          handoff: has('handoff'),
          rejection: has('rejection'),
          thinking: document.querySelector('[data-thinking="yes"]') !== null,
          taking: has('take-controls'),
        };
      });
    while (Date.now() - started < 280_000) {
      const seen = await look();
      if (seen.over) break;
      // One person and bots: no hand-over screen, ever; and no move of the person is refused.
      expect(seen.handoff).toBe(false);
      expect(seen.rejection).toBe(false);
      sawThinking ||= seen.thinking;
      if (!hinted && seen.taking) {
        await page.getByTestId('hint-button').click();
        const suggestion = page.getByTestId('hint-action');
        await suggestion.waitFor({ timeout: 10_000 });
        await expect(suggestion.textContent()).resolves.toMatch(
          /^Suggested: take the tile on top of the (small|large) stack/,
        );
        await expect(page.getByTestId('hint-reason').textContent()).resolves.toMatch(/^Why: it .+/);
        await page.screenshot({ path: join(ARTIFACTS, 'bots-hint.png'), fullPage: true });
        hinted = true;
      }
      if (await actIfAble(page, 'local-game')) clicks++;
      if (clicks === 8) await page.screenshot({ path: join(ARTIFACTS, 'bots-midgame.png'), fullPage: true });
    }
    const seconds = (Date.now() - started) / 1000;
    const round = await page.getByTestId('round').first().textContent();
    console.log(`one person and three bots: ${clicks} clicks, round ${round}, ${seconds.toFixed(1)} s`);
    if (!(await page.getByTestId('scoreboard').count())) {
      await page.screenshot({ path: join(ARTIFACTS, 'bots-unfinished.png'), fullPage: true });
      console.log(await page.getByTestId('bot-panel').textContent());
    }
    await page.getByTestId('scoreboard').waitFor({ timeout: 1_000 });

    expect(hinted).toBe(true);
    expect(sawThinking).toBe(true);
    expect(page.workers().some((w) => /bot-worker/.test(w.url()))).toBe(true);
    for (const bot of ['1', '2', '3'])
      await expect(page.getByTestId(`bot-reason-${bot}`).textContent()).resolves.toMatch(/^Last move: \S+/);
    for (const player of ['0', '1', '2', '3'])
      await expect(page.getByTestId(`score-${player}-total`).textContent()).resolves.toMatch(/-?\d+/);
    // The record offered at the end replays to the same scores.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-record').click(),
    ]);
    const record = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as MatchRecord;
    expect(record).toMatchObject({ numPlayers: 4, seed: spec.seed });
    const replayed = replay(record);
    expect(replayed.failure).toBeNull();
    for (const score of replayed.state.result?.scores ?? [])
      await expect(page.getByTestId(`score-${score.player}-total`).textContent()).resolves.toBe(
        String(score.total),
      );
    await page.screenshot({ path: join(ARTIFACTS, 'bots-end.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 330_000);
});
