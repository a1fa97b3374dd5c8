import { describe, expect, it } from 'vitest';
import { place, propertyIdOf, useTestApp } from './entity-fixtures.ts';
import { duringChange } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * A listing's place (barangay, subdivision) deleted while the listing's save waited on it: the save
 * had checked the place before the delete committed, so the listing's foreign key refuses the write.
 * The answer names the field, as the check before the save names a place not there (decision 93).
 */
const env = useTestApp();

/** The place tables' rows a test deletes, with the wire field and the answer of a save naming it. */
const CASES = [
  {
    what: 'a barangay',
    remove: 'DELETE FROM barangays WHERE barangay_id = $1',
    id: 'barangay_id',
    field: 'barangay_id',
    message: 'Unknown barangay',
    // A subdivision in the barangay would keep it from being deleted.
    form: { subdivison_id: null },
  },
  {
    what: 'a subdivision',
    remove: 'DELETE FROM subdivisions WHERE subdivision_id = $1',
    id: 'subdivision_id',
    field: 'subdivison_id',
    message: 'Unknown subdivision',
    form: {},
  },
] as const;

describe('a place deleted while a listing’s save waited on it', () => {
  it.each(CASES)('$what: 400 on its field, as a place never there, and no listing', async (c) => {
    const where = await place(env.t, `Vanishing ${c.what}`);
    if (c.id === 'barangay_id')
      await env.t.db.deleteFrom('subdivisions').where('subdivision_id', '=', where.subdivision_id).execute();
    const name = `Listing on ${c.what} deleted`;
    const form = { ...propertyForm(where, name), ...c.form };
    const answer = await duringChange(env.t, c.remove, [where[c.id]], 'insert into "properties"', () =>
      env.post('saveproperty', form),
    );
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: `${c.field}: ${c.message}`, errors: { [c.field]: c.message } },
    ]);
    await expect(propertyIdOf(env.t, name)).rejects.toThrow();

    // The same save a moment later is refused by the check before it, in the same words.
    const again = await env.post('saveproperty', form);
    expect([again.statusCode, again.json()]).toEqual([answer.statusCode, answer.json()]);
  });
});
