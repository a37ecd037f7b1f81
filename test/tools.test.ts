/** The headless tools as a user runs them: their output format and their errors. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const run = (script: string, args: string[]) =>
  spawnSync(tsx, [join('tools', script), ...args], { encoding: 'utf8' });

describe('npm run sim', () => {
  it('--json prints one summary per game and line, and --records saves replayable records', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-sim-'));
    const out = execFileSync(
      tsx,
      [
        'tools/sim.ts',
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
      ],
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
    const r = run('sim.ts', ['--players', '9']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--players must be 1 to 6/);
    expect(run('sim.ts', ['--bots', 'genius']).stderr).toMatch(/unknown bot level "genius"/);
  }, 30_000);
});

describe('npm run replay', () => {
  it('names the first bad move of an invalid record and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-replay-'));
    execFileSync(tsx, ['tools/sim.ts', '--players', '2', '--games', '1', '--seed', 'bad', '--records', dir], {
      encoding: 'utf8',
    });
    const file = join(dir, 'bad.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.moves.splice(3, 0, { player: '0', move: 'confirm' });
    writeFileSync(file, JSON.stringify(record));
    const r = run('replay.ts', [file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/move 3 \{"player":"0","move":"confirm"\} is invalid: /);
  }, 60_000);

  it('refuses a file that is not a match record', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pu-replay-'));
    const file = join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ format: 'something-else' }));
    const r = run('replay.ts', [file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a valid match record: "format" must be "planet-unknown-match"/);
    expect(run('replay.ts', [join(dir, 'missing.json')]).stderr).toMatch(/cannot read/);
  }, 30_000);
});
