import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'artifacts/', 'game/data/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The rules engine must stay pure: no I/O, no DOM (design card).
      'no-restricted-imports': 'off',
    },
  },
  // React's rules of hooks, and the compiler-backed checks of the same plugin, for the client.
  {
    files: ['client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The client and the server use the rules through their public front (game/index.ts) and the
  // bots' entry (game/bots), never the internals, so the rules can be reshaped behind them.
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)game/(?!bots$)[^]*$',
              message:
                "Import the rules from their public front ('…/game') or the bots' entry ('…/game/bots').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['game/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'react', 'react-dom', 'pixi.js', 'koa*'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process'],
    },
  },
);
