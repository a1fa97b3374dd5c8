import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The server layers of eslint.config.js, shown on probe files placed at real paths: lib/ importing a
 * call, or db/ importing lib/, is an error (so `npm run lint`, and CI, fail); downward imports pass.
 */
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('server layers', () => {
  it.each([
    ['apps/server/src/lib/probe.ts', '../calls/registry.ts', 'lib/ is below calls/'],
    ['apps/server/src/lib/list/probe.ts', '../../calls/users.ts', 'lib/ is below calls/'],
    ['apps/server/src/db/probe.ts', '../lib/errors.ts', 'db/ is below lib/, calls/ and http/'],
    ['apps/server/src/db/probe.ts', '../calls/registry.ts', 'db/ is below lib/, calls/ and http/'],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const messages = await restrictedImports(filePath, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('no-restricted-imports');
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['apps/server/src/calls/probe.ts', '../lib/errors.ts'],
    ['apps/server/src/lib/probe.ts', '../db/index.ts'],
    ['apps/server/src/db/probe.ts', './index.ts'],
    ['apps/server/src/db/seed/probe.ts', '../../lib/crypto.ts'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await restrictedImports(filePath, specifier)).toEqual([]);
  });
});
