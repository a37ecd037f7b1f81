/** `npm run train` as a user runs it: self-play, fitting and validation, its record, signals and errors. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { trainOptions } from '../../tools/train-options';
import { toolArgs } from '../support/tool-args';
import { lastJsonLine, run, runAsync } from './support';

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
