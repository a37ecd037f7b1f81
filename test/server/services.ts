/**
 * Throwaway services for the server tests: PostgreSQL and Redis (tools/services.ts, shared with
 * the load tool), and the real server as a child process, for a test to kill it outright.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../server/free-port';
import { stopChild, track } from '../../tools/services';

export {
  postgresBin,
  redisBin,
  servicesMissing,
  startPostgres,
  startRedis,
  type Service,
} from '../../tools/services';

export interface ServerProcess {
  url: string;
  /** SIGTERM: the server shuts down cleanly. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
  /** Its last lines of output, for a failure to say where the server stood. */
  tail(lines?: number): string;
}

/**
 * `server/main.ts` as a child process on a free loopback port with `env` on top of this one's
 * (`node --import tsx`, so a signal reaches the server itself); resolves once it prints its address.
 */
export async function launchServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pu-child-'));
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        STATIC_DIR: join(dir, 'no-client'),
        CREATE_LIMIT: '0',
        NODE_ENV: 'test',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start:\n${output}`)), 30_000);
    const onData = () => {
      if (!/is running at/.test(output)) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      done();
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      fail(new Error(`The server exited (${code}):\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  const end = async (signal: NodeJS.Signals) => {
    await stopChild(child, signal);
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    tail: (lines = 40) => output.split('\n').slice(-lines).join('\n'),
  };
}
