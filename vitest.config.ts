import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/longest-first.ts';

/**
 * The suite in projects, so a maintainer runs the part at hand (`npm run test:quick` runs the
 * rules between edits; `npx vitest run --project server`, …):
 * - rules: the engine and its content, scenario by scenario (fast, no I/O);
 * - bots: the bot levels, their decisions and whole games they play (slower, CPU only);
 * - properties: random games and legality properties over many seeds (slower, CPU only);
 * - client: the React components under jsdom (client-mocking: those that replace a module);
 * - server: the real server over HTTP and sockets, storage, the tools that start servers;
 * - browser: the built client in Chromium.
 */
const PROPERTIES = [
  'test/**/*.property.test.ts',
  'test/properties.test.ts',
  'test/corporations/random-games.test.ts',
];
const BOTS = ['test/bots.test.ts', 'test/bots-planets.test.ts', 'test/bots/**/*.test.ts'];
const CLIENT = ['test/client/**/*.test.{ts,tsx}'];
/** Client files that replace a module (vi.mock): they need a module graph of their own. */
const CLIENT_MOCKING = [
  'test/client/online-seat.test.tsx',
  'test/client/pages.test.tsx',
  'test/client/station-seats.test.tsx',
  'test/client/take-tile.test.tsx',
];
const SERVER = ['test/server/**/*.test.ts', 'test/server.test.ts', 'test/tools/**/*.test.ts'];
const BROWSER = ['test/browser/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 60_000,
    // The slowest files (browser, tools, server) mostly wait on the processes they start: two
    // workers overlap them even on a two-core machine, where the default would be one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files first, across projects, so that no worker is left alone at the end.
    sequence: { sequencer: LongestFirst },
    server: { deps: { inline: ['@pixi/react'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'rules',
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: [...BOTS, ...PROPERTIES, ...CLIENT, ...SERVER, ...BROWSER],
        },
      },
      { extends: true, test: { name: 'bots', include: BOTS } },
      { extends: true, test: { name: 'properties', include: PROPERTIES } },
      // The jsdom files share their modules within a worker, as the rules do (a jsdom page and
      // React loaded once per worker rather than once per file), except those that mock a module.
      {
        extends: true,
        test: { name: 'client', isolate: false, include: CLIENT, exclude: CLIENT_MOCKING },
      },
      { extends: true, test: { name: 'client-mocking', include: CLIENT_MOCKING } },
      { extends: true, test: { name: 'server', include: SERVER } },
      {
        extends: true,
        test: { name: 'browser', include: BROWSER, globalSetup: ['test/browser/global-setup.ts'] },
      },
    ],
  },
});
