import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Open a transaction with inTransaction(db, fn) from db/index.ts: it retries collisions and refuses the pool inside it.',
        },
      ],
    },
  },
  // Layers (issue 20): lib/ is the engine the calls are built on, so it never imports a call; db/ is
  // below both, so it imports neither (the seeds excepted: they hash the demo users' passwords as
  // sign-in checks them, with lib/crypto.ts, and nothing in the server imports a seed).
  {
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/calls/**', '**/calls'],
              message: 'lib/ is below calls/: move what both need into lib/ (see lib/list/, lib/access.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/db/seed/**', 'apps/server/src/db/seed.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/**', '**/calls/**', '**/http/**'],
              message: 'db/ is below lib/, calls/ and http/: it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
