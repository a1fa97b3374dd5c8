import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the tree: one file naming convention per kind of file, and files a newcomer reads in one
 * sitting. Names (docs/conventions.md):
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
    expect(breaches.map(({ file, expected }) => `${file}: ${expected}`)).toEqual([]);
  });

  it('names what a misnamed file should be called', () => {
    const at = (path: string) => breach(join(root, path));
    expect(at('apps/web/src/lib/urlState.ts')).toBe('kebab-case (it exports no component)');
    expect(at('apps/server/src/db/migrations/add-index.ts')).toBe('NNNN-kebab-case.ts');
    expect(at('apps/server/src/Lib/access.ts')).toBe('kebab-case folders');
    expect(at('apps/web/src/lib/url-state.ts')).toBeUndefined();
  });
});

/** The declarative catalogues, which read best as one table each (docs/conventions.md, decision 39). */
const CATALOGUES = new Set([
  'packages/contract/src/master-catalogue.ts',
  'packages/contract/src/report-catalogue.ts',
  'apps/server/src/db/schema.ts',
]);
const MAX_LINES = 350;

describe('file sizes', () => {
  const sizes = ['apps', 'packages']
    .flatMap((folder) => sourceFiles(join(root, folder)))
    .map((file) => relative(root, file))
    .filter((file) => file.split(sep).includes('src'))
    .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1 }));

  it(`no source file passes ${MAX_LINES} lines but the declarative catalogues`, () => {
    const long = sizes.filter(({ file, lines }) => lines > MAX_LINES && !CATALOGUES.has(file));
    expect(long.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
  });

  it('names only catalogues that exist', () => {
    const files = new Set(sizes.map(({ file }) => file));
    expect([...CATALOGUES].filter((file) => !files.has(file))).toEqual([]);
  });
});
