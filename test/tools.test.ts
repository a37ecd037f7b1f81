/** The headless tools as a user runs them: their output format and their errors. */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { servicesMissing } from './server/services';
import { PLAYABLE_CORPORATIONS } from '../game/content/corporations';
import { PLAYABLE_PLANETS } from '../game/content/planets';
import { SYMMETRIC_PLANET } from '../game/data';
import { scratchDir } from './support/scratch-dir';
import { loadOptions } from '../tools/load-options';
import { simOptions } from '../tools/sim-options';
import { compareRun } from '../tools/tune-compare';
import { seatBoardError } from '../game/sim';
import { trainOptions } from '../tools/train-options';
import { toolArgs } from './support/tool-args';

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, toolArgs(script, args), { encoding: 'utf8' });
/** A tool run without waiting for it, so that several run side by side (each is a process). */
const runAsync = (script: string, args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      toolArgs(script, args),
      { encoding: 'utf8' },
      (_err, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
/** The figures a tool prints last: one JSON line on stdout. */
const lastJsonLine = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop() as string);

/** Solo games of the Random level only, no duels: the strength tool at its quickest, with `more` flags. */
const strengthRandom = (games: number, ...more: string[]) =>
  run('strength.ts', ['--games', String(games), '--levels', 'random', '--duels', '', ...more]);

describe('npm run sim', () => {
  it('--json prints one summary per game and line, and --records saves replayable records', () => {
    const dir = scratchDir('sim');
    const out = execFileSync(
      process.execPath,
      toolArgs('sim.ts', [
        '--players',
        '3',
        '--bots',
        'random',
        '--games',
        '3',
        '--seed',
        '7',
        '--json',
        '--records',
        dir,
      ]),
      {
        encoding: 'utf8',
      },
    );
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(
        expect.arrayContaining(['seed', 'players', 'rounds', 'endReason', 'scores']),
      );
      expect(line.players).toBe(3);
      for (const s of line.scores) {
        expect(Object.keys(s.breakdown).sort()).toEqual([
          'civ',
          'lifepods',
          'meteorites',
          'objectives',
          'planet',
          'tracks',
        ]);
        expect(s.total).toBe(Object.values(s.breakdown as Record<string, number>).reduce((a, b) => a + b, 0));
      }
    }
    expect(readdirSync(dir)).toHaveLength(3);
    const replayed = run('replay.ts', [join(dir, '7-0.json')]);
    expect(replayed.status).toBe(0);
    const summary = JSON.parse(replayed.stdout);
    expect(summary.scores).toEqual(lines[0].scores);
    expect(summary.rounds).toBe(lines[0].rounds);
  }, 60_000);

  it('refuses bad arguments clearly', () => {
    // The options are checked before any game, by the function the tool calls first.
    expect(() => simOptions(['--bots', 'genius'])).toThrow(/unknown bot level "genius"/);
    expect(() => simOptions(['--players', '2', '--bots', 'pilot,cadet,cadet'])).toThrow(
      /--bots takes one level for all seats or one per seat/,
    );
    expect(() => simOptions(['--games', '0'])).toThrow(/--games must be a positive whole number/);
    expect(() => simOptions(['--no-such-option'])).toThrow(/Unknown option '--no-such-option'/);
    // The tool itself prints the reason and exits with 2.
    const r = run('sim.ts', ['--players', '9']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('sim: --players must be 1 to 6\n');
  }, 30_000);
});

describe('npm run sim: the optional modules (§7)', () => {
  /** The §7.4 table: adjustment per colour by its count, rows 0–2, 3–6, 7–10, 11–14, 15+. */
  const ADJUST = { red: [0, -5, -7, -9, -11], orange: [0, -1, -2, -3, -4], green: [0, 3, 6, 9, 12] };
  const row = (count: number) => [3, 7, 11, 15].filter((floor) => count >= floor).length;
  const soloTarget = (mix: { green: number; orange: number; red: number }) =>
    60 + ADJUST.red[row(mix.red)]! + ADJUST.orange[row(mix.orange)]! + ADJUST.green[row(mix.green)]!;

  const sim = (args: string[]) => {
    const r = run('sim.ts', ['--json', ...args]);
    expect(r.status, r.stderr).toBe(0);
    return r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  };

  it('--events standard in solo: each line carries the deck 7/7/6, the §7.4 target 59, the margin and the epilogue (R19, R27)', () => {
    const lines = sim(['--players', '1', '--events', 'standard', '--games', '3', '--seed', 't']);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.events).toEqual({ green: 7, orange: 7, red: 6, preset: 'standard' });
      expect(line.target).toBe(soloTarget(line.events));
      expect(line.target).toBe(59);
      expect(line.margin).toBe(line.scores[0].total - line.target);
      expect(typeof line.epilogue).toBe('string');
      expect(line.epilogue).not.toBe('');
    }
  }, 30_000);

  it('--events 4,6,10: a custom mix of 20 green/orange/red, target 60 + 3 − 1 − 7 = 55 (§7.3.1, §7.4)', () => {
    const [line] = sim(['--players', '1', '--events', '4,6,10', '--games', '1', '--seed', 'mix']);
    expect(line.events).toEqual({ green: 4, orange: 6, red: 10, preset: null });
    expect(line.target).toBe(soloTarget(line.events));
    expect(line.target).toBe(55);
    expect(() => simOptions(['--players', '1', '--events', '4,6,11'])).toThrow(/exactly 20 cards/);
  }, 30_000);

  it('two players: --private-objectives and --two-player-variant / --no-two-player-variant are accepted and recorded (§7.1, §7.2)', () => {
    for (const variant of ['--two-player-variant', '--no-two-player-variant']) {
      const dir = scratchDir('sim-modules');
      const args = ['--players', '2', '--private-objectives', variant, '--games', '1', '--seed', 'm'];
      const [line] = sim([...args, '--records', dir]);
      expect(line.players).toBe(2);
      expect(line.events).toBeUndefined(); // multiplayer events stay optional (R20)
      const record = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8'));
      const on = variant === '--two-player-variant';
      expect(record.setupData).toEqual({ privateObjectives: true, twoPlayerVariant: on });
      // Each player keeps one private objective before round 1 (§7.2).
      expect(record.moves.slice(0, 2).map((m: { move: string }) => m.move)).toEqual([
        'keepObjectives',
        'keepObjectives',
      ]);
      // With the variant the station turns by itself; without it the commander turns it (§7.1, §3.3).
      expect(record.moves.some((m: { move: string }) => m.move === 'rotate')).toBe(!on);
    }
  }, 30_000);

  it('--boards free: each bot picks a planet and a corporation before round 1, the games end and replay (R33)', () => {
    const dir = scratchDir('sim-boards');
    const lines = sim([
      '--players',
      '3',
      '--bots',
      'random,cadet,pilot',
      '--boards',
      'free',
      '--games',
      '2',
      '--seed',
      'b',
      '--records',
      dir,
    ]);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.rounds).toBeGreaterThan(0);
    for (const line of lines)
      for (const seat of line.seats) expect(PLAYABLE_CORPORATIONS).toContain(seat.corporation);
    const record = JSON.parse(readFileSync(join(dir, 'b-0.json'), 'utf8'));
    expect(Object.keys(record.moves[0].args)).toEqual(['planet', 'corporation']);
    expect(record.setupData).toEqual({ boards: 'free' });
    expect(record.moves.slice(0, 3).map((m: { move: string }) => m.move)).toEqual([
      'chooseBoard',
      'chooseBoard',
      'chooseBoard',
    ]);
    expect(run('replay.ts', [join(dir, 'b-0.json')]).status).toBe(0);
    expect(() => simOptions(['--boards', 'shuffled'])).toThrow(
      /boards must be one of: symmetric, dealt, free/,
    );
  }, 60_000);
});

describe('npm run sim: planets and corporations (§8.2, R33)', () => {
  const sim = (args: string[]) => {
    const r = run('sim.ts', ['--json', ...args]);
    expect(r.status, r.stderr).toBe(0);
    return r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  };

  it('--corporation ID with --planet ID: every seat on them, named on each line; the record replays', () => {
    const dir = scratchDir('sim-corporation');
    const corporation = PLAYABLE_CORPORATIONS[PLAYABLE_CORPORATIONS.length - 1] as string;
    const args = ['--players', '2', '--games', '1', '--seed', 'c', '--records', dir];
    const [line] = sim([...args, '--corporation', corporation, '--planet', 'k-273']);
    expect(line.seats).toEqual([
      { planet: 'k-273', corporation },
      { planet: 'k-273', corporation },
    ]);
    const record = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8'));
    expect(record.setupData.seats).toEqual(line.seats);
    const replayed = run('replay.ts', [join(dir, 'c.json')]);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout).scores).toEqual(line.scores);
  }, 60_000);

  it('--corporation random: a distinct playable corporation per seat, drawn from each game’s seed', () => {
    const lines = sim(['--players', '4', '--games', '2', '--seed', 'r', '--corporation', 'random']);
    for (const line of lines) {
      const dealt = line.seats.map((s: { corporation: string }) => s.corporation);
      expect(new Set(dealt).size).toBe(Math.min(4, PLAYABLE_CORPORATIONS.length));
      for (const id of dealt) expect(PLAYABLE_CORPORATIONS).toContain(id);
      for (const seat of line.seats) expect(seat.planet).toBe(SYMMETRIC_PLANET);
      for (const s of line.scores)
        expect(s.total).toBe(Object.values(s.breakdown as Record<string, number>).reduce((a, b) => a + b, 0));
    }
    expect(sim(['--players', '4', '--games', '2', '--seed', 'r', '--corporation', 'random'])).toEqual(
      lines.map((l) => ({ ...l, ms: expect.any(Number) })),
    );
  }, 60_000);

  it('an unknown id is refused with the ids that can be played', () => {
    expect(() => simOptions(['--corporation', 'acme'])).toThrow(
      `unknown corporation "acme" (playable: ${PLAYABLE_CORPORATIONS.join(', ')}, or random)`,
    );
    expect(() => simOptions(['--planet', 'vulcan'])).toThrow(
      /unknown planet "vulcan" \(playable: ksb-4156, /,
    );
  });
});

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

describe('npm run replay', () => {
  it('names the first bad move of an invalid record and exits 1', () => {
    const dir = scratchDir('replay');
    execFileSync(
      process.execPath,
      toolArgs('sim.ts', ['--players', '2', '--games', '1', '--seed', 'bad', '--records', dir]),
      {
        encoding: 'utf8',
      },
    );
    const file = join(dir, 'bad.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.moves.splice(3, 0, { player: '0', move: 'confirm' });
    writeFileSync(file, JSON.stringify(record));
    const r = run('replay.ts', [file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/move 3 \{"player":"0","move":"confirm"\} is invalid: /);
  }, 60_000);

  it('refuses a file that is not a match record', () => {
    const dir = scratchDir('replay');
    const file = join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ format: 'something-else' }));
    const r = run('replay.ts', [file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a valid match record: "format" must be "planet-unknown-match"/);
    expect(run('replay.ts', [join(dir, 'missing.json')]).stderr).toMatch(/cannot read/);
  }, 30_000);
});

describe('npm run load', () => {
  const figures = (stdout: string) => lastJsonLine(stdout) as Record<string, unknown>;

  it('plays socket clients against a server it starts and ends with one JSON line of figures', () => {
    const r = run('load.ts', ['--matches', '1', '--duration', '3', '--interval', '1', '--think', '20']);
    expect(r.status, r.stderr).toBe(0);
    const last = figures(r.stdout);
    expect(Object.keys(last)).toEqual([
      'matches',
      'completed',
      'moves',
      'movesPerSec',
      'p50Ms',
      'p95Ms',
      'p99Ms',
      'errors',
      'rssMB',
      'serverCpuMsPerMove',
      'instances',
      'timeControl',
      'kill',
      'servicesCpuMsPerMove',
      'toolCpuMsPerMove',
      'loadAvg',
    ]);
    // One match at a time: a match that ends within the run is replaced by a new one, so every
    // match started but the one still going has completed (a quick machine finishes a game in
    // seconds).
    expect(last.matches, r.stderr).toBeGreaterThanOrEqual(1);
    expect([0, 1], r.stderr).toContain((last.matches as number) - (last.completed as number));
    expect(last.moves).toBeGreaterThan(0);
    expect(last.errors, r.stderr).toBe(0);
    expect(last.instances).toBe(1);
    expect(last.kill).toBeNull();
    // The server's own CPU time per move: a few milliseconds, not zero and not seconds.
    expect(last.serverCpuMsPerMove).toBeGreaterThan(0);
    expect(last.serverCpuMsPerMove).toBeLessThan(1000);
    expect(r.stderr).toMatch(/t=1s live=1 .* serverCPU=\d+%/);
  }, 60_000);

  it.skipIf(servicesMissing() !== null)(
    '--instances 2: two servers on PostgreSQL and Redis, matches routed by id, one JSON line for both',
    () => {
      const r = run('load.ts', ['--matches', '2', '--duration', '2', '--interval', '1', '--instances', '2']);
      expect(r.status, r.stderr).toBe(0);
      const last = figures(r.stdout);
      expect(last.instances).toBe(2);
      expect(last.moves).toBeGreaterThan(0);
      expect(last.errors).toBe(0);
      expect(last.serverCpuMsPerMove).toBeGreaterThan(0);
      expect(r.stderr).toMatch(/against http:\/\/127\.0\.0\.1:\d+ and http:\/\/127\.0\.0\.1:\d+/);
    },
    90_000,
  );

  it('--kill-at 3: SIGKILLs its server mid-load and restarts it on the same data and port; no acknowledged move is lost, every seat resyncs and play goes on', () => {
    const r = run('load.ts', ['--matches', '4', '--duration', '12', '--kill-at', '3', '--interval', '1']);
    expect(r.status, r.stderr).toBe(0);
    const kill = figures(r.stdout).kill as Record<string, number>;
    expect(Object.keys(kill)).toEqual([
      'atS',
      'matches',
      'acknowledgedLost',
      'seatsResynced',
      'seatsTotal',
      'restartMs',
      'resyncMs',
      'inFlightLost',
      'matchesResumed',
    ]);
    // The kill waits past 3 s, within 5 s, for a moment when no match is between two games, so
    // that every match is checked.
    expect(kill.atS).toBeGreaterThanOrEqual(3);
    expect(kill.atS).toBeLessThan(8.5);
    expect(kill.matches).toBe(4);
    // The restarted server serves every match at or after the last state its clients were sent.
    expect(kill.acknowledgedLost).toBe(0);
    expect(kill.seatsTotal).toBe(kill.matches! * 4);
    expect(kill.seatsResynced).toBe(kill.seatsTotal);
    expect(kill.restartMs).toBeGreaterThan(0);
    expect(kill.resyncMs).toBeLessThan(60_000);
    // A seat whose move was in flight at the kill gives it up on the restarted server's sync and plays on.
    expect(kill.matchesResumed, r.stderr).toBe(kill.matches);
    expect(r.stderr).toMatch(/server killed \(SIGKILL\)/);
    expect(r.stderr).toMatch(/every match served at or after its last acknowledged state \(0 moves lost\)/);
  }, 60_000);

  it('refuses addresses off this machine and bad options', () => {
    const cases: [string[], RegExp][] = [
      [['--url', 'http://10.0.0.1:8000'], /loopback/],
      [['--matches', '0'], /--matches must be 1 to 2000/],
      [['--think', '-5'], /--think must be/],
      [['--instances', '3'], /--instances must be 1 or 2/],
      [['--instances', '2', '--url', 'http://127.0.0.1:8000'], /not with --url/],
      [
        ['--kill-at', '3', '--url', 'http://127.0.0.1:8000'],
        /--kill-at kills and restarts a server that the run starts itself: not with --url/,
      ],
      [['--kill-at', '3', '--instances', '2'], /--kill-at restarts one FlatFile server: not with --postgres/],
      [['--kill-at', '10', '--duration', '10'], /--kill-at must be less than --duration/],
      [['--kill-at', 'soon'], /--kill-at must be a number of seconds/],
    ];
    // The options are checked before anything starts, by the function the tool calls first.
    for (const [args, why] of cases) expect(() => loadOptions(args, {}), args.join(' ')).toThrow(why);
    expect(() => loadOptions(['--kill-at', '3'], { DATABASE_URL: 'postgres://x' })).toThrow(
      /not with --postgres, --instances or DATABASE_URL/,
    );
    // The tool itself prints the reason and its usage, and exits with 2.
    const refused = run('load.ts', ['--url', 'http://10.0.0.1:8000']);
    expect(refused.stderr).toMatch(/--url must be a loopback address[^]*Usage: npm run -s load/);
    expect(refused.status).toBe(2);
  }, 60_000);
});

describe('npm run train (docs/bots.md)', () => {
  it('plays, saves its positions, fits and validates; the record says what it did; nothing is written without --write', () => {
    const dir = scratchDir('train');
    const file = join(dir, 'positions.jsonl.gz');
    const before = readFileSync(join('game', 'bots', 'value.json'), 'utf8');
    const r = run('train.ts', [
      ...[
        '--labels',
        'final',
        '--games',
        '5',
        '--seed',
        'tools-train',
        '--workers',
        '1',
        '--validate',
        '1',
        '--epochs',
        '2',
      ],
      ...['--save', file],
    ]);
    expect(r.status).toBe(0);
    const record = lastJsonLine(r.stdout);
    expect(record.selfPlay.games).toBe(5);
    expect(record.selfPlay.positions).toBeGreaterThan(50);
    expect(record.fit.trainPositions + record.fit.heldOutPositions).toBe(record.selfPlay.positions);
    expect(record.validation.deals).toBe(1);
    // One deal bounds nothing: no interval, so --write would write nothing.
    expect(record.validation.interval95).toBeNull();
    expect(readFileSync(join('game', 'bots', 'value.json'), 'utf8')).toBe(before);
    // The saved positions load again: the same count, with no new self-play.
    const again = run('train.ts', ['--games', '0', '--data', file, '--generate-only', '--workers', '1']);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout.trim()).positions).toBe(record.selfPlay.positions);
  }, 120_000);

  it('stopped by SIGTERM during self-play, it saves the deals already played, even when the signal comes twice', async () => {
    const dir = scratchDir('train-stop');
    const file = join(dir, 'positions.jsonl.gz');
    // Node runs the tool itself (toolArgs): the signal reaches the tool and nothing between.
    const child = spawn(
      process.execPath,
      toolArgs('train.ts', [
        ...['--labels', 'final', '--games', '40', '--seed', 'tools-train-stop'],
        ...['--workers', '1', '--save', file],
      ]),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: string) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The progress bar's line after two deals is the event the stop waits for.
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (d: string) => {
        stderr += d;
        if (/self-play .* 2\/40 /.test(stderr)) resolve();
      }),
    );
    // \`timeout\` signals the command and then its process group: the tool gets the signal twice.
    child.kill('SIGTERM');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/train: interrupted: \d+ of 40 deals played are kept/);
    const summary = lastJsonLine(stdout);
    expect(summary.played).toBeGreaterThanOrEqual(2);
    expect(summary.played).toBeLessThan(40);
    const saved = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
    expect(saved.length).toBe(summary.positions);
    expect(new Set(saved.map((line) => JSON.parse(line).deal)).size).toBe(summary.played);
  }, 120_000);

  it('a deal that fails (a game past --max-actions) is reported and skipped, and the run ends', () => {
    const r = run('train.ts', [
      ...['--labels', 'final', '--games', '2', '--seed', 'tools-train-fail', '--workers', '1'],
      ...['--max-actions', '30', '--generate-only'],
    ]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/train: deal tools-train-fail-0 failed: No end after 30 actions/);
    const summary = lastJsonLine(r.stdout);
    expect(summary.played).toBe(0);
    expect(summary.failures).toHaveLength(2);
  }, 60_000);

  it('--turn-share searches only that share of the round turns: the same deal, fewer positions', async () => {
    const deal = ['--labels', 'search', '--games', '1', '--worlds', '1', '--horizon', '1'];
    const rest = ['--seed', 'tools-train-share', '--workers', '1', '--generate-only'];
    const [all, some] = await Promise.all([
      runAsync('train.ts', [...deal, ...rest]),
      runAsync('train.ts', [...deal, ...rest, '--turn-share', '0.3']),
    ]);
    const full = lastJsonLine(all?.stdout ?? '');
    const share = lastJsonLine(some?.stdout ?? '');
    expect(share.played).toBe(1);
    expect(share.positions).toBeGreaterThan(0);
    expect(share.positions).toBeLessThan(full.positions * 0.6);
  }, 120_000);

  it('refuses bad arguments clearly', async () => {
    const cases: [string[], RegExp][] = [
      [['--labels', 'oracle'], /--labels must be final or search/],
      [['--games=-1'], /--games must be a number ≥ 0/],
      [['--max-actions', '0'], /--max-actions must be a number ≥ 1/],
      [['--horizon', '0'], /--horizon must be a number ≥ 1/],
      [['--race', 'some'], /--race must be drop or all/],
      [['--turn-share', '0'], /--turn-share must be above 0 and at most 1/],
      [['--turn-share', '1.5'], /--turn-share must be above 0 and at most 1/],
      [['--loss', 'hinge'], /--loss must be squared or rank/],
      [['--temperature', '0'], /--temperature must be above zero/],
      [['--epochs', '0'], /--epochs must be a number ≥ 1/],
      [['--minutes', 'soon'], /--minutes must be a number ≥ 0/],
      [['--policy', 'no-such-model.json'], /--policy must be committed, hand or a value function's file/],
      [['--policy', 'package.json'], /--policy package.json is not a value function of this version/],
      [['--from', 'package.json'], /--from package.json is not a value function of this version/],
      [['--from', 'committed', '--hidden', '4'], /--from fits linear \(--hidden 0\)/],
      [['--no-such-option'], /Unknown option '--no-such-option'/],
    ];
    // The options are checked before any game, by the function the tool calls first.
    for (const [args, why] of cases) expect(() => trainOptions(args), args.join(' ')).toThrow(why);
    // The tool prints the reason and exits with 2; too few positions are found once it has played.
    const [refused, tooFew] = await Promise.all([
      runAsync('train.ts', ['--race', 'some']),
      runAsync('train.ts', ['--games', '0']),
    ]);
    expect(refused.stderr).toMatch(/^train: --race must be drop or all/);
    expect(refused.status).toBe(2);
    expect(tooFew.stderr).toMatch(/only 0 positions/);
    expect(tooFew.status).toBe(2);
  }, 120_000);
});
