import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registered, run, setUp, w } from './wire-compat/harness.ts';
import { READ_CASES } from './wire-compat/read-cases.ts';
import { SPEC_CALLS } from './wire-compat/spec-calls.ts';
import { DELETE_CASES, WRITE_CASES } from './wire-compat/write-cases.ts';

/**
 * Wire compatibility over every call the two spec documents name (issue 19 item 3): one request per
 * call, shaped as the old admin client sends it (its parameter names and casing, GET query strings with
 * every value as text, POST JSON bodies, multipart where the spec says so), through the real server on
 * a real database. Each answer must have the documented status, parse against the call's declared
 * answer schema (read at run time from the registered `calls`), and carry the envelope and the field
 * names the spec says the client reads. Reads first, then writes, deletes last; the records they need
 * are built once (wire-compat/harness.ts). The deeper old-client behaviours are in wire-compat-users,
 * wire-compat-lookups and wire-compat-properties; this suite is the breadth: no spec call left out.
 */
const CASES = [...READ_CASES, ...WRITE_CASES, ...DELETE_CASES];

beforeAll(setUp);
afterAll(() => w.t?.close());

describe('wire compatibility: every spec call as the old client sends it', () => {
  for (const c of CASES)
    // A case with a known defect documents it: `it.fails` passes while the server is wrong.
    (c.defect ? it.fails : it)(c.defect ? `${c.call} (known defect: ${c.defect})` : c.call, () => run(c));

  it('covers every call the spec names, once', () => {
    const covered = new Set(CASES.map((c) => c.call));
    const missing = SPEC_CALLS.filter((name) => !covered.has(name));
    const notInSpec = [...registered.keys()].filter((name) => !SPEC_CALLS.includes(name)).sort();
    const defects = CASES.filter((c) => c.defect).map((c) => `${c.call}: ${c.defect}`);
    console.log(
      [
        `wire-compat: ${SPEC_CALLS.length - missing.length} of ${SPEC_CALLS.length} spec calls covered`,
        ...(missing.length ? [`spec calls without a case: ${missing.join(', ')}`] : []),
        ...(defects.length ? [`known defects (it.fails): ${defects.join('; ')}`] : []),
        `registered calls the spec does not name (${notInSpec.length}): ${notInSpec.join(', ')}`,
      ].join('\n'),
    );
    expect(new Set(SPEC_CALLS).size, 'a spec call is listed twice').toBe(SPEC_CALLS.length);
    expect(CASES.length, 'one case per call').toBe(covered.size);
    expect(
      [...covered].filter((name) => !SPEC_CALLS.includes(name)),
      'cases for calls the spec does not name',
    ).toEqual([]);
    expect(missing, 'spec calls without a case').toEqual([]);
  });
});
