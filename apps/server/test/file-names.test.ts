import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One file naming convention per kind of file (docs/conventions.md):
 * - a React component module (a .tsx that exports a component) is PascalCase.tsx, named after its
 *   main component;
 * - a migration is NNNN-kebab-case.ts;
 * - every other module is kebab-case (.ts, or .tsx for JSX that is not a component: routes.tsx), hooks
 *   included (use-debounced.ts); a role suffix follows the subject: .test.ts, .spec.ts, .config.ts, .d.ts;
 * - a folder is kebab-case.
 */
const root = resolve(import.meta.dirname, '../../..');
const FOLDERS = ['apps', 'packages', 'e2e', 'bench'];
const SKIPPED = new Set(['node_modules', 'dist']);

/**
 * Names that break the convention today, each with the name it should take. The lead renames them
 * (other work was editing their imports when the convention was written) and empties this list; an
 * entry that no longer breaks the convention fails the test, so the list only shrinks.
 */
const NOT_YET_RENAMED: Record<string, string> = {
  'apps/web/src/app/guards.tsx': 'Guards.tsx',
  'apps/web/src/app/provider.tsx': 'AppProvider.tsx',
  'apps/web/src/app/router.tsx': 'AppRoutes.tsx',
  'apps/web/src/app/theme-settings.tsx': 'ThemeSettings.tsx',
  'apps/web/src/components/entityValues.ts': 'entity-values.ts',
  'apps/web/src/components/fieldDecls.ts': 'field-decls.ts',
  'apps/web/src/components/lookupInput.tsx': 'lookup-input.tsx',
  'apps/web/src/features/properties/form/inputRules.ts': 'input-rules.ts',
  'apps/web/src/lib/fieldRules.ts': 'field-rules.ts',
  'apps/web/src/lib/imageFile.ts': 'image-file.ts',
  'apps/web/src/lib/urlState.ts': 'url-state.ts',
  'apps/web/src/lib/useDebounced.ts': 'use-debounced.ts',
  'apps/web/test/entityValues.test.ts': 'entity-values.test.ts',
};

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.(test|spec|config|d))?\.tsx?$/;
const PASCAL = /^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)*\.tsx$/;
const FOLDER = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MIGRATION = /^(\d{4}-[a-z0-9]+(-[a-z0-9]+)*|index)\.ts$/;
/** An exported function, class or constant named like a component (Pascal, not SHOUTING_CASE). */
const EXPORTS_COMPONENT = /^export (default )?(function|class|const) [A-Z][a-z]/m;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** What the convention expects of a file's name, or undefined when its name keeps it. */
function breach(file: string): string | undefined {
  const name = basename(file);
  const folders = relative(root, dirname(file)).split(sep);
  if (!folders.every((folder) => FOLDER.test(folder))) return 'kebab-case folders';
  if (file.includes('/db/migrations/')) return MIGRATION.test(name) ? undefined : 'NNNN-kebab-case.ts';
  if (name.endsWith('.tsx') && EXPORTS_COMPONENT.test(readFileSync(file, 'utf8'))) {
    return PASCAL.test(name) ? undefined : 'PascalCase.tsx (it exports a component)';
  }
  return KEBAB.test(name) ? undefined : 'kebab-case (it exports no component)';
}

describe('file names', () => {
  const breaches = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))
    .map((file) => ({ file: relative(root, file), expected: breach(file) }))
    .filter(({ expected }) => expected !== undefined);

  it('every source file keeps the convention of its kind', () => {
    const offenders = breaches.filter(({ file }) => !(file in NOT_YET_RENAMED));
    expect(offenders.map(({ file, expected }) => `${file}: ${expected}`)).toEqual([]);
  });

  it('lists only the files that still break it as not yet renamed', () => {
    const stillBreaking = new Set(breaches.map(({ file }) => file));
    expect(Object.keys(NOT_YET_RENAMED).filter((file) => !stillBreaking.has(file))).toEqual([]);
  });
});
