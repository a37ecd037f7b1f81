/**
 * Throwaway PostgreSQL and Redis servers for the load tool (`npm run load -- --instances 2`) and
 * the multi-instance tests, from Debian's `postgresql` and `redis-server` packages, on loopback
 * ports in a temporary directory. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user the package creates. The tests reach it through test/server/services.ts; tools/
 * never imports test/ (eslint.config.js).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../server/free-port';

/** The newest installed PostgreSQL's bin directory, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => ['postgres', 'initdb'].every((b) => existsSync(join(root, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export function redisBin(): string | null {
  for (const p of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(p)) return p;
  return null;
}

/** Why the services cannot run here, or null. */
export function servicesMissing(): string | null {
  const missing = [!postgresBin() && 'postgresql', !redisBin() && 'redis-server'].filter(Boolean);
  if (missing.length)
    return `${missing.join(' and ')} not installed (apt-get install postgresql redis-server)`;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    } catch {
      return 'running as root without a postgres user to run PostgreSQL as';
    }
  }
  return null;
}

async function retry<T>(what: string, fn: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw new Error(`${what}: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/**
 * Starts a server on a port that was free a moment ago, again on another port when it turns out
 * not to be (the server died at once, or another one answers there): a port found free can be taken
 * before the server binds it, by a service another test file starts at the same moment, say, which
 * the two files would then share, and lose when the first stops it.
 */
async function onAFreePort(
  what: string,
  start: (port: number) => Promise<{ child: ChildProcess; url: string; up: boolean }>,
): Promise<{ child: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const started = await start(await freePort());
    if (started.up) return started;
    await stopChild(started.child, 'SIGKILL');
    if (attempt === 5) throw new Error(`${what} did not start on a port of its own (5 tries)`);
  }
}

export interface Service {
  url: string;
  /** The service's main process (PostgreSQL's postmaster, whose children serve the connections). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A child that dies with this process even if the caller never gets to stop it. */
export function track(child: ChildProcess): ChildProcess {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}

export async function startPostgres(): Promise<Service> {
  const bin = postgresBin() as string;
  const dir = mkdtempSync(join(tmpdir(), 'pu-pg-'));
  const data = join(dir, 'data');
  let ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    ids = { uid, gid };
  }
  execFileSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'pu', '--no-sync', '-E', 'UTF8'], {
    stdio: 'pipe',
    cwd: dir,
    ...ids,
  });
  const { child, url } = await onAFreePort('PostgreSQL', async (port) => {
    const args = [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
    ];
    const child = track(spawn(join(bin, 'postgres'), args, { stdio: 'ignore', cwd: dir, ...ids }));
    // Ready when its own postmaster.pid says so (its pid, "ready"): pg_isready alone would also
    // answer for another server that took the port first.
    const up = await retry('PostgreSQL did not start', async () => {
      if (!running(child)) return false;
      const lines = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n');
      const own = Number(lines[0]) === child.pid && Number(lines[3]) === port;
      if (!own || lines[7]?.trim() !== 'ready') throw new Error('not ready yet');
      return true;
    }).catch(() => false);
    return { child, url: `postgres://pu@127.0.0.1:${port}/postgres`, up };
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      await stopChild(child, 'SIGINT'); // fast shutdown
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startRedis(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'pu-redis-'));
  const { child, url } = await onAFreePort('Redis', async (port) => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ];
    const child = track(spawn(redisBin() as string, args, { stdio: 'ignore' }));
    const url = `redis://127.0.0.1:${port}`;
    // The server that answers must be this child (INFO's process_id): another one may hold the port.
    const up = await retry('Redis did not start', async () => {
      if (!running(child)) return false;
      const client = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        const info = await client.info('server');
        return /process_id:(\d+)/.exec(info)?.[1] === String(child.pid);
      } finally {
        client.disconnect();
      }
    }).catch(() => false);
    return { child, url, up };
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
