import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the server, the web app or the contract: a module never reaches itself through
 * its static imports (type-only imports included: they tie the modules as tightly for a reader). A
 * dynamic import() is not an edge, since it loads after the module that asks for it.
 */
const root = resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));

/** The files a module imports or re-exports from, by relative specifier. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements
    .flatMap((statement) =>
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? [statement.moduleSpecifier.text]
        : [],
    )
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

/** Every cycle a depth-first walk meets, each as the files around it, first one repeated at the end. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (file: string) => {
    if (done.has(file)) return;
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file]);
      return;
    }
    path.push(file);
    for (const next of graph.get(file) ?? []) walk(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) walk(file);
  return found;
}

describe('import cycles', () => {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(root, dir)));
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('has none in apps/server/src, apps/web/src or packages/contract/src', () => {
    const named = cycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' -> '));
    expect(named).toEqual([]);
  });

  it('sees every import: each relative specifier names a source file', () => {
    const unknown = [...graph.values()].flat().filter((file) => !graph.has(file));
    expect(unknown.map((file) => relative(root, file))).toEqual([]);
  });

  it('names the files around a cycle', () => {
    const probe = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(cycles(probe)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
