import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A temporary folder for the running test (`pu-<name>-…`), removed when the test ends, failed or not. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pu-${name}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
