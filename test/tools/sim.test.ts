/** `npm run sim` and `npm run replay` as a user runs them: their output format and their errors. */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_CORPORATIONS } from '../../game/content/corporations';
import { SYMMETRIC_PLANET } from '../../game/data';
import { scratchDir } from '../support/scratch-dir';
import { simOptions } from '../../tools/sim-options';
import { toolArgs } from '../support/tool-args';
import { run } from './support';

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
