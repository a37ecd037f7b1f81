/** Running the headless tools of tools/ as a user does, for the tests of each tool. */
import { execFile, spawnSync } from 'node:child_process';
import { toolArgs } from '../support/tool-args';

export const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, toolArgs(script, args), { encoding: 'utf8' });
/** A tool run without waiting for it, so that several run side by side (each is a process). */
export const runAsync = (script: string, args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      toolArgs(script, args),
      { encoding: 'utf8' },
      (_err, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
/** The figures a tool prints last: one JSON line on stdout. */
export const lastJsonLine = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop() as string);

/** Solo games of the Random level only, no duels: the strength tool at its quickest, with `more` flags. */
export const strengthRandom = (games: number, ...more: string[]) =>
  run('strength.ts', ['--games', String(games), '--levels', 'random', '--duels', '', ...more]);
