import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import {
  adminForm,
  agencyPayload,
  associationPayload,
  brokerPayload,
  savedIdOf,
  place,
  sellerIdOf,
  sellerPayload,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { duringChange } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';
import {
  AGENCY,
  BROKER,
  BROKER_ASSOCIATION,
  type OrganisationDefinition,
} from '../src/calls/organisation-definitions.ts';

/**
 * A place (barangay, subdivision) deleted while a save naming it waited on it: the save had checked
 * the place before the delete committed, so the record's foreign key refuses the write. The answer
 * names the field, as the check before the save names a place not there (decision 93), for every
 * save that carries an address: a listing; a seller, an agency, a broker association, a broker and a
 * user, each added or edited (moved to the place).
 */
const env = useTestApp();

/** The places stored in `table`'s rows whose `key` is `value`. */
const storedPlaces = async (table: string, key: string, value: string) =>
  (
    await sql`SELECT barangay_id, subdivision_id FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${value}`.execute(
      env.t.db,
    )
  ).rows;

/**
 * The id of a new organisation for the record `name` (a seller's agency, a broker's association),
 * saved at a place of its own so that the place's delete meets only the record's save.
 */
async function elsewhere(
  def: OrganisationDefinition,
  payload: (where: Place, name: string) => object,
  name: string,
) {
  const own = `${def.entity} of ${name}`;
  return savedIdOf(env, def, payload, await place(env.t, own), own);
}

type Payload = (where: Place, name: string) => object;

/**
 * The add (`save`) or the update of an organisation; the update moves the record `name`, saved first
 * at a place of its own (so that the delete meets only the update), to `where`. `payloadOf` makes what
 * the record `name` needs and answers its form.
 */
function organisationSave(
  def: OrganisationDefinition,
  kind: 'save' | 'update',
  payloadOf: (name: string) => Promise<Payload> | Payload,
): Save {
  return {
    call: def.calls[kind],
    writes: `${kind === 'save' ? 'insert into' : 'update'} "${def.table}"`,
    async form(where, name) {
      const payload = await payloadOf(name);
      if (kind === 'save') return payload(where, name);
      const id = await savedIdOf(env, def, payload, await place(env.t, `${name} before`), name);
      return { ...payload(where, name), [def.idColumn]: id };
    },
    stored: (name) => storedPlaces(def.table, def.nameColumn, name),
  };
}

/** A broker's form, in an association of its own. */
const brokerOf = async (name: string): Promise<Payload> => {
  const association = await elsewhere(BROKER_ASSOCIATION, associationPayload, name);
  return (where, named) => brokerPayload(where, named, [association]);
};

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '.');

/**
 * A save that carries an address: its call, the statement that writes the place (and so waits on its
 * delete), its form at `where` (making what the form needs), and what is stored under the name, which
 * a refused save leaves as it was.
 */
interface Save {
  call: string;
  writes: string;
  form: (where: Place, name: string) => Promise<object> | object;
  stored: (name: string) => Promise<unknown>;
}

const SAVES = {
  'a listing': {
    call: 'saveproperty',
    writes: 'insert into "properties"',
    form: propertyForm,
    stored: (name) => storedPlaces('properties', 'property_name', name),
  },
  'a seller': {
    call: 'saveSeller',
    writes: 'insert into "sellers"',
    form: async (where, name) => sellerPayload(where, name, await elsewhere(AGENCY, agencyPayload, name)),
    stored: (name) => storedPlaces('sellers', 'seller_name', name),
  },
  'a seller moved there': {
    call: 'updateSeller',
    writes: 'update "sellers"',
    async form(where, name) {
      const agency = await elsewhere(AGENCY, agencyPayload, name);
      const before = sellerPayload(await place(env.t, `${name} before`), name, agency);
      const saved = await env.post('saveSeller', before);
      expect(saved.statusCode, saved.body).toBe(200);
      return { ...sellerPayload(where, name, agency), seller_id: await sellerIdOf(env.t, name) };
    },
    stored: (name) => storedPlaces('sellers', 'seller_name', name),
  },
  'an agency': organisationSave(AGENCY, 'save', () => agencyPayload),
  'a broker association': organisationSave(BROKER_ASSOCIATION, 'save', () => associationPayload),
  'a broker': organisationSave(BROKER, 'save', brokerOf),
  'an agency moved there': organisationSave(AGENCY, 'update', () => agencyPayload),
  'a broker association moved there': organisationSave(
    BROKER_ASSOCIATION,
    'update',
    () => associationPayload,
  ),
  'a broker moved there': organisationSave(BROKER, 'update', brokerOf),
  'a new user': {
    call: 'SaveUser',
    writes: 'insert into "users"',
    form: (where, name) => adminForm(where, 'Nena', name, `${slug(name)}@example.ph`),
    stored: (name) => storedPlaces('users', 'user_email', `${slug(name)}@example.ph`),
  },
  'a user moved there': {
    call: 'UpdateUser',
    writes: 'update "users"',
    async form(where, name) {
      const email = `${slug(name)}@example.ph`;
      const user_id = await env.t.createUser(ROLE.Admin, email);
      return { ...adminForm(where, 'Nena', name, email), user_id };
    },
    stored: (name) => storedPlaces('users', 'user_email', `${slug(name)}@example.ph`),
  },
} satisfies Record<string, Save>;

/** The place deleted: its row, and the field and words of the answer. */
const GONE = {
  barangay: {
    remove: 'DELETE FROM barangays WHERE barangay_id = $1',
    id: 'barangay_id',
    message: 'Unknown barangay',
  },
  subdivision: {
    remove: 'DELETE FROM subdivisions WHERE subdivision_id = $1',
    id: 'subdivision_id',
    message: 'Unknown subdivision',
  },
} as const;

const CASES = [
  ...Object.keys(SAVES).map((save) => ({ save, gone: 'barangay', field: 'barangay_id' })),
  { save: 'a listing', gone: 'subdivision', field: 'subdivison_id' },
] as ReadonlyArray<{ save: keyof typeof SAVES; gone: keyof typeof GONE; field: string }>;

describe('a place deleted while a save naming it waited on it', () => {
  it.each(CASES)('$save, $gone: 400 on its field, as a place never there, nothing written', async (c) => {
    const save: Save = SAVES[c.save];
    const gone = GONE[c.gone];
    const name = `${c.save} on a ${c.gone} deleted`
      .replace(/^an? /, '')
      .replace(/^./, (s) => s.toUpperCase());
    const where = await place(env.t, name);
    // A subdivision in the barangay would keep it from being deleted: the form then names none.
    if (c.gone === 'barangay')
      await sql`DELETE FROM subdivisions WHERE subdivision_id = ${where.subdivision_id}`.execute(env.t.db);
    const form = await save.form(
      c.gone === 'barangay' ? ({ ...where, subdivision_id: null } as unknown as Place) : where,
      name,
    );
    const before = await save.stored(name);
    const answer = await duringChange(env.t, gone.remove, [where[gone.id]], save.writes, () =>
      env.post(save.call, form),
    );
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: `${c.field}: ${gone.message}`, errors: { [c.field]: gone.message } },
    ]);
    expect(await save.stored(name)).toEqual(before);

    // The same save a moment later is refused by the check before it, in the same words.
    const again = await env.post(save.call, form);
    expect([again.statusCode, again.json()]).toEqual([answer.statusCode, answer.json()]);
  });
});
