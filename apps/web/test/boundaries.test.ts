import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The web boundaries of eslint.config.js, shown on probe files placed at real paths: each import that
 * crosses a boundary is an error (so `npm run lint`, and CI, fail), whether static or lazy (import()),
 * and the imports the layout allows pass. The probes only import, so no other rule has anything to say.
 */
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

/** What the lint says of a probe at filePath importing specifier, statically then lazily. */
async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  const probes = [`import '${specifier}';\n`, `export const load = () => import('${specifier}');\n`];
  const results = await Promise.all(probes.map((code) => eslint.lintText(code, { filePath })));
  return results.flatMap(([result]) =>
    result!.messages.map((message) => `${message.ruleId}: ${message.message}`),
  );
}

const FEATURE = 'A feature never imports another feature';
const SHARED = 'components/ and lib/ are shared by every feature, so they never import one';

describe('web boundaries', () => {
  it.each([
    ['apps/web/src/features/users/Probe.tsx', '../roles/api.ts', FEATURE],
    ['apps/web/src/features/users/Probe.tsx', '../../features/roles/api.ts', FEATURE],
    ['apps/web/src/features/roles/probe.ts', '../users/api.ts', FEATURE],
    ['apps/web/src/features/properties/form/Probe.tsx', '../../users/api.ts', FEATURE],
    ['apps/web/src/features/properties/form/deeper/Probe.tsx', '../../../users/api.ts', FEATURE],
    ['apps/web/src/components/Probe.tsx', '../features/users/api.ts', SHARED],
    ['apps/web/src/lib/probe.ts', '../features/roles/api.ts', SHARED],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const said = await restrictedImports(filePath, specifier);
    expect(said).toEqual([
      expect.stringMatching(/^no-restricted-imports: /),
      expect.stringMatching(/^no-restricted-syntax: /),
    ]);
    for (const line of said) expect(line).toContain(message);
  });

  it.each([
    ['apps/web/src/features/users/Probe.tsx', './api.ts'],
    ['apps/web/src/features/users/Probe.tsx', '../../components/PageHeader.tsx'],
    ['apps/web/src/features/users/Probe.tsx', '../../lib/api.ts'],
    ['apps/web/src/features/users/Probe.tsx', '@app/contract'],
    ['apps/web/src/features/properties/form/Probe.tsx', '../paths.ts'],
    ['apps/web/src/features/properties/form/Probe.tsx', '../../properties/paths.ts'],
    ['apps/web/src/features/properties/form/Probe.tsx', '../../../lib/api.ts'],
    ['apps/web/src/components/Probe.tsx', '../lib/api.ts'],
    ['apps/web/src/app/Probe.tsx', '../features/users/api.ts'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await restrictedImports(filePath, specifier)).toEqual([]);
  });
});
