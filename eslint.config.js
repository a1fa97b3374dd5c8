import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Web boundaries (issue 20): a feature never imports another feature, and components/ and lib/, which
// every feature shares, never import one. One block per feature folder, read from the disk, so that a
// new feature is covered the day it is created, and per depth inside it (a panel in properties/form/ is
// one folder deeper). The patterns match import specifiers, not resolved paths: from a file `depth`
// folders below its feature's, '../' repeated depth + 1 times leads to features/, so '<that>/<other>/…'
// is another feature, and one more '../' climbs out of features/ (let through unless it goes back in).
const webFeatures = readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Forbids imports whose specifier matches `patterns` (static: import, export … from) or `lazy` (the
 * import() of a lazily loaded module: a selector's regular expression, where \x2F stands for '/').
 */
const restrictImports = (patterns, lazy, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${lazy}/]`, message }],
});
const FEATURE_DEPTHS = [0, 1, 2];
const featureBoundary = (feature, depth) => {
  const up = '../'.repeat(depth + 1);
  const upLazy = '\\.\\.\\x2F'.repeat(depth + 1);
  return {
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrictImports(
      [`${up}*/**`, `!${up}../**`, `!${up}${feature}/**`, '**/features/**', `!**/features/${feature}/**`],
      `^${upLazy}(?!\\.\\.\\x2F|${feature}\\x2F)|\\x2Ffeatures\\x2F(?!${feature}\\x2F)`,
      'A feature never imports another feature: move what both need into components/ (UI), lib/ (logic) or @app/contract (wire shapes and constants).',
    ),
  };
};

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
  ...webFeatures.flatMap((feature) => FEATURE_DEPTHS.map((depth) => featureBoundary(feature, depth))),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrictImports(
      ['**/features/**', '**/features'],
      '\\x2Ffeatures(\\x2F|$)',
      'components/ and lib/ are shared by every feature, so they never import one: move what they need out of the feature into components/, lib/ or @app/contract.',
    ),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
