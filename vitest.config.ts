import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 60_000,
    // The slowest files (browser, tools, server) mostly wait on the processes they start: two
    // workers overlap them even on a two-core machine, where the default would be one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    server: { deps: { inline: ['@pixi/react'] } },
  },
});
