/** `npm run load` as a user runs it: socket clients against servers it starts, its figures and its errors. */
import { describe, expect, it } from 'vitest';
import { servicesMissing } from '../server/services';
import { loadOptions } from '../../tools/load-options';
import { lastJsonLine, run } from './support';

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
