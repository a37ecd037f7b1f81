/** `npm run tune` as a user runs it: paired comparisons of the bots' settings, the objectives' tally, its errors. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRun } from '../../tools/tune-compare';
import { lastJsonLine, run } from './support';

describe('npm run tune -- --compare (docs/bots.md)', () => {
  /** The Pilot's variants against the committed weights on one deal of the seed `cmp`. */
  const compare = (variants: string) =>
    run('tune.ts', ['--compare', variants, '--games', '1', '--workers', '1', '--seed', 'cmp']);

  it('plays the Pilot with the committed weights and with the named ones changed on the same deals; several variants, separated by ";", each against one play of the committed weights', () => {
    // The variants leave out the Pilot's race of its last rounds (most of a game's time): two
    // games of the three are quick.
    const r = compare('lookahead2=0.4,endgameRounds=0;plans=4,endgameRounds=0');
    expect(r.status, r.stderr).toBe(0);
    const reports = r.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            compare: string;
            games: number;
            seed: string;
            committed: number;
            changed: number;
            meanDiff: number;
          },
      );
    expect(reports.map((x) => x.compare)).toEqual([
      'lookahead2=0.4,endgameRounds=0',
      'plans=4,endgameRounds=0',
    ]);
    expect(reports[0]?.committed).toBe(reports[1]?.committed);
    for (const report of reports) {
      expect(report).toMatchObject({ games: 1, seed: 'cmp' });
      expect(report.meanDiff).toBeCloseTo(report.changed - report.committed, 1);
    }
  }, 120_000);

  /** The comparison a command line asks for, as the tool reads it before any worker starts. */
  const comparison = (
    compare: string | undefined,
    more: { level?: string; samples?: string; budget?: string; rival?: string; players?: string } = {},
  ) => compareRun({ compare, level: 'pilot', samples: '12', budget: undefined, ...more });

  it('refuses a weight it does not know, or a value that is not a number, before playing', () => {
    for (const bad of ['lookahaed=1', 'lookahead2=', 'lookahead2=much'])
      expect(() => comparison(bad), bad).toThrow('--compare takes weight=number pairs');
    expect(comparison('lookahead2=0.4;plans=4').variants.map((v) => v.weights.plans)).toEqual([16, 4]);
  });

  it('with --level commander plays the Commander at a fixed number of worlds, its search settings changeable too', () => {
    const r = run('tune.ts', [
      '--level',
      'commander',
      '--samples',
      '1',
      '--compare',
      'commander.horizon=1',
      '--games',
      '1',
      '--workers',
      '1',
      '--seed',
      'cmpc',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const report = lastJsonLine(r.stdout);
    expect(report).toMatchObject({
      compare: 'commander.horizon=1',
      level: 'commander',
      samples: 1,
      games: 1,
    });
    expect(r.stderr).toContain('(Commander, 1 worlds)');
  }, 120_000);

  it('with --budget gives the Commander wall-clock time per decision, as in play, and says so; the time may be compared; --rival pilot seats the Pilot against it and counts its lead', () => {
    const r = run('tune.ts', [
      ...['--level', 'commander', '--budget', '20', '--compare', 'commander.horizon=1,commander.ms=30'],
      ...['--players', '2', '--rival', 'pilot', '--games', '1', '--workers', '1', '--seed', 'cmpb'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const report = lastJsonLine(r.stdout);
    expect(report).toMatchObject({
      compare: 'commander.horizon=1,commander.ms=30',
      level: 'commander',
      budgetMs: 20,
      players: 2,
      rival: 'pilot',
    });
    expect(report).not.toHaveProperty('samples');
    // A game's figure is the Commander's lead: won when above zero.
    expect(report.wins).toEqual([report.committed > 0 ? 1 : 0, report.changed > 0 ? 1 : 0]);
    expect(r.stderr).toContain('(Commander, 20 ms), its lead over the Pilot in 2-player games');
  }, 120_000);

  it('refuses an unknown level, a bad number of worlds or budget, a search setting the Pilot does not have, or a rival that cannot be', () => {
    const cases: [Parameters<typeof comparison>, string][] = [
      [['lookahead2=1', { level: 'cadet' }], '--level is pilot or commander'],
      [['commander.horizon=3', { level: 'commander', samples: '0' }], '--samples must be'],
      [['commander.horizon=3', {}], '--compare takes weight=number pairs'],
      [['commander.horizon=3', { level: 'commander', budget: '5' }], '--budget must be'],
      [['lookahead2=1', { budget: '1000' }], '--budget is for --level commander'],
      [
        ['commander.horizon=deep', { level: 'commander' }],
        "or the Commander's commander.candidates, commander.plans, commander.horizon",
      ],
      [['plans=4', { rival: 'cadet', players: '2' }], '--rival is pilot (got "cadet")'],
      [['plans=4', { rival: 'pilot' }], '--rival pilot needs --players 2 to 4 (got "1")'],
      [[undefined, { rival: 'pilot', players: '2' }], '--rival is for --compare'],
    ];
    for (const [args, message] of cases) expect(() => comparison(...args), args[0]).toThrow(message);
    // The tool itself prints the reason and exits with 2, having played nothing.
    const r = run('tune.ts', [
      '--level',
      'cadet',
      '--compare',
      'lookahead2=1',
      '--games',
      '1',
      '--workers',
      '1',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('tune: --level is pilot or commander (got "cadet")\n');
    expect(r.stdout).toBe('');
  }, 30_000);
});

describe('npm run tune -- --objectives (docs/bots.md, "Private objectives")', () => {
  it("tallies the objectives the Pilot keeps and meets in its own solo games, each card's odds smoothed toward the mean, and writes nothing without --write", () => {
    const odds = readFileSync('game/bots/objective-odds.json', 'utf8');
    const r = run('tune.ts', ['--objectives', '--games', '2', '--workers', '1', '--seed', 'odds']);
    expect(r.status, r.stderr).toBe(0);
    const report = lastJsonLine(r.stdout);
    // Solo: four dealt, three kept (§7.4); an event may add one more.
    expect(report.kept).toBeGreaterThanOrEqual(6);
    expect(report.met).toBeLessThanOrEqual(report.kept);
    const values = Object.values(report.odds) as number[];
    expect(Object.keys(report.odds)).toHaveLength(28);
    const mean = report.met / report.kept;
    // A card never kept gets the mean rate; every rate lies between 0 and 1.
    expect(values.filter((v) => Math.abs(v - mean) < 1e-3).length).toBeGreaterThanOrEqual(28 - report.kept);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(readFileSync('game/bots/objective-odds.json', 'utf8')).toBe(odds);
  }, 120_000);
});
