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
      // The same holes by other roads: a lazy `import()` of an internal, a specifier computed at
      // run time (a URL's href, a variable) that the rule above cannot read, and a file of game/
      // named by URL. (esquery's regexes cannot hold a '/': \x2F is one.)
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.type="Literal"][source.value=/(^|\\x2F)game\\x2F(?!bots$)/]',
          message:
            "Import the rules from their public front ('…/game') or the bots' entry ('…/game/bots'), lazily or not.",
        },
        {
          selector: 'ImportExpression:not([source.type="Literal"])',
          message: 'Dynamic imports take a literal specifier here, so the public-front rule can check them.',
        },
        {
          selector: 'NewExpression[callee.name="URL"][arguments.0.value=/(^|\\x2F)game(\\x2F|$)/]',
          message:
            "Reach the rules by importing their public front ('…/game') or the bots' entry ('…/game/bots'), not by URL.",
        },
      ],
    },
  },
  // The tools may use the tests' neighbours (server/, game/), never the tests: what both need
  // (e.g. tools/services.ts) lives under tools/, and the tests import it from there.
  {
    files: ['tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)test(/|$)',
              message:
                'tools/ must not import test/: move what both need under tools/ and import it from the test.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.type="Literal"][source.value=/(^|\\x2F)test(\\x2F|$)/]',
          message:
            'tools/ must not import test/: move what both need under tools/ and import it from the test.',
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
  // The rules engine types what it reads: a listed choice arrives in its kind's own shape
  // (`ChoiceOf`), a value the rules guarantee goes through `present`, so nothing is asserted with `!`.
  {
    files: ['game/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
);
