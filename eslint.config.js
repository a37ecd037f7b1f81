import js from '@eslint/js';
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
