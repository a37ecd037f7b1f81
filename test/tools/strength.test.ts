/** `npm run strength` as a user runs it: its figures per level and board, its pairing, its errors. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_CORPORATIONS } from '../../game/content/corporations';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { SYMMETRIC_PLANET } from '../../game/data';
import { scratchDir } from '../support/scratch-dir';
import { seatBoardError } from '../../game/sim';
import { lastJsonLine, run, strengthRandom } from './support';

describe('npm run strength: per corporation (§8.2)', () => {
  it("--corporation each: each level's solo figures for every playable corporation, on the same seeds", () => {
    const r = strengthRandom(1, '--corporation', 'each', '--json');
    expect(r.status, r.stderr).toBe(0);
    const report = lastJsonLine(r.stdout);
    expect(Object.keys(report.soloByCorporation)).toEqual([...PLAYABLE_CORPORATIONS]);
    for (const byLevel of Object.values(report.soloByCorporation) as Record<string, { games: number }>[])
      expect(byLevel.random).toMatchObject({ games: 1, avg: expect.any(Number), target: expect.any(Number) });
    expect(report.solo.random.games).toBe(PLAYABLE_CORPORATIONS.length);
    expect(report.notes.boards).toMatch(/each playable corporation/);
    // Where the medals came from (§6.3): the parts add up to the average, objectives as met/kept.
    const parts = report.soloParts.random;
    const sum = ['planet', 'tracks', 'lifepods', 'meteorites', 'civ', 'objectives'].reduce(
      (s, k) => s + parts[k],
      0,
    );
    expect(sum).toBeCloseTo(report.solo.random.avg, 0);
    expect(parts.privateMet).toMatch(/^\d+\/\d+$/);
    // The same by kind of objective: the kinds' counts add up to the whole.
    const byKind = Object.values(parts.privateByKind as Record<string, string>).map((f) =>
      f.split('/').map(Number),
    );
    expect(byKind.length).toBeGreaterThan(0);
    expect(
      `${byKind.reduce((s, [m]) => s + (m ?? 0), 0)}/${byKind.reduce((s, [, k]) => s + (k ?? 0), 0)}`,
    ).toBe(parts.privateMet);
    expect(parts.uncovered).toBeGreaterThan(0);
    expect(parts).toMatchObject({
      linesDone: expect.any(Number),
      linesCancelled: expect.any(Number),
      meteoritesLeft: expect.any(Number),
    });
  }, 60_000);

  it('--corporation ID plays that corporation only; an unknown id is refused with the ids', () => {
    const corporation = PLAYABLE_CORPORATIONS[PLAYABLE_CORPORATIONS.length - 1] as string;
    const r = strengthRandom(1, '--corporation', corporation);
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(lastJsonLine(r.stdout).soloByCorporation)).toEqual([corporation]);
    expect(r.stdout).toMatch(new RegExp(`^${corporation} +random +1 `, 'm'));
    expect(r.stdout).toMatch(/^solo, by part +planet .* bare squares +lines +cancelled +meteorites left$/m);
    const bad = run('strength.ts', ['--corporation', 'acme']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `strength: unknown corporation "acme" (playable: ${PLAYABLE_CORPORATIONS.join(', ')}, or each)\n`,
    );
  }, 60_000);
});

describe('npm run strength: per planet (R33)', () => {
  it("--planet each: each level's solo figures for every playable planet, on the same seeds; an unknown id is refused", () => {
    const r = strengthRandom(1, '--planet', 'each', '--json');
    // strength refuses an unknown id as sim does, by the same check (its exit is tested above).
    expect(r.status, r.stderr).toBe(0);
    const report = lastJsonLine(r.stdout);
    expect(Object.keys(report.soloByPlanet)).toEqual([...PLAYABLE_PLANETS]);
    for (const byLevel of Object.values(report.soloByPlanet) as Record<string, { games: number }>[])
      expect(byLevel.random).toMatchObject({ games: 1, avg: expect.any(Number), target: expect.any(Number) });
    expect(report.solo.random.games).toBe(PLAYABLE_PLANETS.length);
    expect(report.soloByCorporation).toBeUndefined();
    expect(report.notes.boards).toMatch(/each playable planet/);
    expect(seatBoardError('planet', 'vulcan', 'each')).toBe(
      `unknown planet "vulcan" (playable: ${PLAYABLE_PLANETS.join(', ')}, or each)`,
    );
  }, 60_000);
});

describe('npm run strength -- --against: a run paired with an earlier one', () => {
  it('pairs each level with the earlier report on the deals both played, over all and per board; a file that is no report is refused', () => {
    const dir = scratchDir('strength-against');
    const then = strengthRandom(2, '--planet', SYMMETRIC_PLANET, '--json');
    expect(then.status, then.stderr).toBe(0);
    const earlier = join(dir, 'then.json');
    writeFileSync(earlier, then.stdout);
    const deals = lastJsonLine(then.stdout).soloDeals.random as Record<string, number>;
    expect(Object.keys(deals)).toEqual([`1-solo-0|${SYMMETRIC_PLANET}|`, `1-solo-1|${SYMMETRIC_PLANET}|`]);
    // One deal more than then: only the two both played are paired. The same deals, the same scores.
    const now = strengthRandom(3, '--planet', SYMMETRIC_PLANET, '--json', '--against', earlier);
    expect(now.status, now.stderr).toBe(0);
    expect(lastJsonLine(now.stdout).againstEarlier).toEqual([
      { level: 'random', board: 'all', games: 2, meanDiff: 0, ci95: [0, 0] },
      { level: 'random', board: SYMMETRIC_PLANET, games: 2, meanDiff: 0, ci95: [0, 0] },
    ]);
    const notReport = join(dir, 'notes.txt');
    writeFileSync(notReport, 'a note\n');
    const bad = strengthRandom(1, '--against', notReport);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `strength: --against ${notReport}: its last line is not a report of npm run strength -- --json\n`,
    );
  }, 60_000);
});
