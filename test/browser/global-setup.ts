/**
 * The browser project's one client build: made once before its files run and served by each
 * file's own server (support.ts, startRig), instead of one build per file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built client (`vite build`'s output) the browser tests serve. */
    clientDist: string;
  }
}

export default function setup(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), 'pu-client-'));
  const outDir = join(work, 'dist');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'pipe',
    // Vitest sets NODE_ENV=test, under which Vite bundles React's development build (several
    // times slower, and not what ships): test the production bundle that `npm start` serves.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  project.provide('clientDist', outDir);
  return () => rmSync(work, { recursive: true, force: true });
}
