import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 60_000,
    server: { deps: { inline: ['@pixi/react'] } },
  },
});
