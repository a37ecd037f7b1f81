import { join } from 'node:path';

/**
 * The arguments that run a tool of tools/ as `npm run` does, with Node loading tsx itself rather
 * than through the tsx binary, which starts a second Node: one process less, and a third of a
 * second or more less (more under load), for each run; and a signal sent to the process reaches
 * the tool itself. Spawn `process.execPath` with them.
 */
export const toolArgs = (script: string, args: string[]): string[] => [
  '--import',
  'tsx',
  join('tools', script),
  ...args,
];
