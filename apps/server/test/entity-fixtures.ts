import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { listPage, messageAnswer, ROLE } from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { organisationAnswers } from '../src/calls/organisations.ts';
import { type OrganisationDefinition } from '../src/calls/organisation-definitions.ts';

/**
 * Shared ground for the agency, broker association, broker and seller tests: a test app with a
 * signed-in Super Admin, places to put addresses on, valid payloads, and one suite that every
 * organisation (agency, association, broker) passes.
 */
export interface Env {
  t: TestApp;
  admin: { userId: number; token: string };
  get(url: string, token?: string): ReturnType<TestApp['call']>;
  post(call: string, payload: object, token?: string): ReturnType<TestApp['call']>;
}

export function useTestApp(appEnv?: NodeJS.ProcessEnv): Env {
  const env = {
    get: (url: string, token = env.admin.token) => env.t.call(token, { method: 'GET', url }),
    post: (call: string, payload: object, token = env.admin.token) =>
      env.t.call(token, { method: 'POST', url: `/api/${call}`, payload }),
  } as Env;
  beforeAll(async () => {
    env.t = await createTestApp({ env: appEnv });
    env.admin = await env.t.signedIn(ROLE.SuperAdmin);
  });
  afterAll(() => env.t.close());
  return env;
}

export interface Place {
  province_id: number;
  town_id: number;
  barangay_id: number;
  subdivision_id: number;
}

/** Makes the user work for the agency (users.associated_agency_id), or for none. */
export const setAgency = (env: Env, userId: number, agencyId: number | null) =>
  env.t.db
    .updateTable('users')
    .set({ associated_agency_id: agencyId })
    .where('user_id', '=', userId)
    .execute();

const insertedId = async (t: TestApp, query: ReturnType<typeof sql<{ id: number }>>) =>
  (await query.execute(t.db)).rows[0]!.id;

/** A province → town → barangay → subdivision chain (the test database has no geography). */
export async function place(t: TestApp, suffix: string): Promise<Place> {
  const province_id = await insertedId(
    t,
    sql`INSERT INTO provinces (province_name) VALUES (${`Province ${suffix}`}) RETURNING province_id AS id`,
  );
  const town_id = await insertedId(
    t,
    sql`INSERT INTO towns (town_name, is_town_city, province_id, zip_code)
    VALUES (${`Town ${suffix}`}, 'City', ${province_id}, '1200') RETURNING town_id AS id`,
  );
  return placeInTown(t, { province_id, town_id }, suffix);
}

/** A new barangay, and a subdivision in it, in the town of `where`. */
export async function placeInTown(
  t: TestApp,
  where: Pick<Place, 'province_id' | 'town_id'>,
  suffix: string,
): Promise<Place> {
  const { town_id } = where;
  const barangay_id = await insertedId(
    t,
    sql`INSERT INTO barangays (barangay_name, town_id, zip_code)
    VALUES (${`Barangay ${suffix}`}, ${town_id}, '1209') RETURNING barangay_id AS id`,
  );
  const subdivision_id = await insertedId(
    t,
    sql`INSERT INTO subdivisions (subdivision_name, town_id, barangay_id)
    VALUES (${`Village ${suffix}`}, ${town_id}, ${barangay_id}) RETURNING subdivision_id AS id`,
  );
  return { province_id: where.province_id, town_id, barangay_id, subdivision_id };
}

/** A new Admin's form (SaveUser), living at `where`. */
export const adminForm = (where: Place, first_name: string, last_name: string, user_email: string) => ({
  first_name,
  last_name,
  role_id: ROLE.Admin,
  user_email,
  phone_1: '09171234567',
  house_number: '5',
  street_name: 'Mabini St',
  province_id: where.province_id,
  town_id: where.town_id,
  barangay_id: where.barangay_id,
  zip_code: '1209',
});

/**
 * The Add/Edit User form as the old admin client posts it (legacy-api.md, SaveUser): camelCase names,
 * empty fields as null, and the `user_info` and `created_by` it sends (read by nobody).
 */
export const oldUserForm = (
  p: Place,
  o: { email: string; agencyId: number; skillIds: number[]; brokerIds: number[]; sentBy: number },
) => ({
  UserType: ROLE.Agent,
  AssociatedAgency: o.agencyId,
  firstName: 'Maria',
  lastName: 'Clara',
  nickName: null,
  sameAsAgency: false,
  unitNumber: null,
  houseLotNumber: '7',
  streetName: 'Rizal Avenue',
  propertyBuildingName: null,
  subdivision: p.subdivision_id,
  barangay: p.barangay_id,
  town: p.town_id,
  province: p.province_id,
  zipCode: '1209',
  floorLevel: null,
  selectBirthDay: 14,
  selectBirthMonth: 2,
  selectBirthYear: 1990,
  rELicence: 'PRC-778899',
  userWebsite: null,
  userSkills: o.skillIds.join(','),
  profileStatement: null,
  selfBroker: 0,
  associatedBroker: o.brokerIds.join(','),
  reasonInactive: null,
  inactiveUser: null,
  phone1: '09171112222',
  phone2: null,
  openPropertyLimit: 7,
  activeUserDateLimit: null,
  email: o.email,
  user_info: JSON.stringify({ user_id: o.sentBy }),
  created_by: o.sentBy,
});

/** A seller's address at the place under its legacy names, as sent and as loaded. */
export const sellerAddress = (p: Place) => ({
  unit_number: '2A',
  house_no: '15',
  street_name: 'Amorsolo Street',
  province_id: p.province_id,
  town_id: p.town_id,
  barangay_id: p.barangay_id,
  subdivision_id: p.subdivision_id,
  zipcode: '1209',
});

/** A valid saveSeller body at the place, as the seller form sends it. */
export const sellerPayload = (p: Place, name: string, agencyId: number | null) => ({
  seller_name: name,
  property_owner_name: `${name} Sr.`,
  phone_1: '09190000001',
  phone_2: '',
  email_address: '',
  ...sellerAddress(p),
  agency_id: agencyId,
  notes_about_seller: '',
});

/** The id of the listing of that name. */
export const propertyIdOf = async (t: TestApp, name: string) =>
  (
    await t.db
      .selectFrom('properties')
      .select('property_id')
      .where('property_name', '=', name)
      .executeTakeFirstOrThrow()
  ).property_id;

/**
 * The listings' columns that a copy made by SQL takes from its original: all but its id, its search
 * document, the identity and generated ones and `own` (those the copy sets itself), as a column list.
 */
export async function listingColumnsBut(t: TestApp, own: readonly string[]) {
  const { rows } = await sql<{ columns: string }>`SELECT string_agg(quote_ident(column_name), ', ') AS columns
    FROM information_schema.columns WHERE table_name = 'properties' AND is_identity = 'NO'
      AND is_generated = 'NEVER'
      AND column_name <> ALL (${['property_id', 'search_document', ...own]}::text[])`.execute(t.db);
  return sql.raw(rows[0]!.columns);
}

/** How many sellers bear that name. */
export const sellersNamed = async (t: TestApp, name: string) =>
  (await t.db.selectFrom('sellers').select('seller_id').where('seller_name', '=', name).execute()).length;

/** The id of the seller of that name. */
export const sellerIdOf = async (t: TestApp, name: string) =>
  (
    await t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_name', '=', name)
      .executeTakeFirstOrThrow()
  ).seller_id;

/** Sets the users' open property limit, as an Admin's edit of them would. */
export const setOpenLimit = (t: TestApp, userIds: readonly number[], limit: number) =>
  t.db.updateTable('users').set({ open_property_limit: limit }).where('user_id', 'in', userIds).execute();

/** `n` more provinces, for long id lists. */
export async function provinces(t: TestApp, prefix: string, n: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`INSERT INTO provinces (province_name)
    SELECT ${prefix} || ' ' || g FROM generate_series(1, ${n}) g RETURNING province_id AS id`.execute(t.db);
  return rows.map((r) => r.id);
}

/** Operating lists and the address block of agencies, brokers and associations, under their wire names. */
const operationsAndAddress = (p: Place) => ({
  specialization_id: '1,3',
  capability_id: '2',
  province_id: String(p.province_id),
  unit_number: '5B',
  house_number: '88',
  street_name: 'Ayala Avenue',
  building_name: 'Tower One',
  floor: 'Ground',
  address_province_id: p.province_id,
  town_id: p.town_id,
  barangay_id: p.barangay_id,
  subdivision_id: p.subdivision_id,
  zip_code: '1209',
});

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '.');

export const agencyPayload = (p: Place, name: string) => ({
  agency_name: name,
  owner_name: 'Eduardo Lim',
  contact_person: 'Grace Tan',
  phone_1: '09171112222',
  phone_2: '',
  email_address: `${slug(name)}@example.ph`,
  email_address_secondary: '',
  ...operationsAndAddress(p),
});

export const associationPayload = (p: Place, name: string) => ({
  broker_association_name: name,
  contact_person: 'Ramon Villanueva',
  email_address: `${slug(name)}@example.ph`,
  phone_1: '09171230001',
  ...operationsAndAddress(p),
});

export const brokerPayload = (p: Place, name: string, associationIds: number[]) => ({
  broker_name: name,
  broker_license_number: `REB-${slug(name)}`,
  email_address: `${slug(name)}@example.ph`,
  phone_1: '09181110001',
  broker_association_id: associationIds.join(','),
  notes_about_broker: 'Condominiums in Makati.',
  ...operationsAndAddress(p),
});

/** The answer parses with its declaration made strict: the call declares every field it sends. */
export const expectDeclared = (schema: z.ZodType, answer: unknown) =>
  expect(schema.safeParse(answer).error).toBeUndefined();
/** A list's answer, strict down to its rows. */
export const strictPage = (row: z.ZodObject) =>
  z.strictObject({ resultData: listPage(row.strict()).strict() });
/** A record's or lookup's answer (resultData: [...]), strict down to its rows. */
export const strictRows = (row: z.ZodObject) => z.strictObject({ resultData: z.array(row.strict()) });

/** The 400 answer's `errors` for `valid` with `change` applied, sent to `call`. */
export async function errorsOf(env: Env, call: string, valid: object, change: object, token?: string) {
  const res = await env.post(call, { ...valid, ...change }, token);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().errors as Record<string, string>;
}

/** Each of `fields` left blank answers 'Field is required' on that field alone. */
export async function expectRequired(env: Env, call: string, valid: object, fields: readonly string[]) {
  for (const field of fields) {
    expect(await errorsOf(env, call, valid, { [field]: '' }), field).toEqual({
      [field]: 'Field is required',
    });
  }
}

/** Reads the first sheet of an export: header row and data row count. */
export async function readExport(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['content-type'])).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return { headers: (sheet.getRow(1).values as unknown[]).slice(1), rows: sheet.rowCount - 1 };
}

type Row = Record<string, unknown>;

/** What the shared suite needs to know of an organisation, besides the server's own definition. */
export interface Organisation {
  def: OrganisationDefinition;
  /** The wire names of list, record, save, update, lookup and delete, as the web app calls them. */
  callNames: string;
  statusField: string;
  listFields: string[];
  exportHeaders: string[];
  /** The list's sort whitelist, as its 400 answer names it. */
  sortColumns: string;
  /** A valid save request for a record of that name. */
  payload(env: Env, p: Place, name: string): Promise<Record<string, unknown>>;
  /** A request that breaks the uniqueness rule against `taken` (same name, or same licence). */
  duplicate(taken: Record<string, unknown>, fresh: Record<string, unknown>): Record<string, unknown>;
  duplicateMessage: string;
  /** The field the duplicate answer names (`errors`), so the form shows the message there. */
  duplicateField: string;
}

/** Saves a record of `def` named `name` at `where` (the save must succeed); answers its id. */
export async function savedIdOf(
  env: Env,
  def: OrganisationDefinition,
  payload: (where: Place, name: string) => object,
  where: Place,
  name: string,
) {
  const saved = await env.post(def.calls.save, payload(where, name));
  expect(saved.statusCode, saved.body).toBe(200);
  return idOf(env, def, name);
}

/** The id of the record of that name, found through the list call. */
export async function idOf(
  env: Env,
  def: { calls: { list: string }; idColumn: string; nameColumn: string },
  name: string,
): Promise<number> {
  const res = await env.get(`/api/${def.calls.list}?itemsPerPage=50&searchText=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().resultData.data as Row[]).find((r) => r[def.nameColumn] === name);
  expect(row, name).toBeDefined();
  return row![def.idColumn] as number;
}

export const byId = async (env: Env, def: OrganisationDefinition, id: number) => {
  const res = await env.get(`/api/${def.calls.byId}?${def.idColumn}=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData[0] as Row;
};

/** The list sorts by each column of its whitelist (`expected`, as its 400 answer names it) and no other. */
export async function sortsBy(env: Env, list: string, expected: string) {
  const refused = await env.get(`/api/${list}?sortColumn=created_by`);
  expect([refused.statusCode, refused.json().errors]).toEqual([
    400,
    { sortColumn: `sortColumn must be one of ${expected}` },
  ]);
  for (const column of expected.split(', ')) {
    for (const order of ['asc', 'desc']) {
      const res = await env.get(`/api/${list}?sortColumn=${column}&sortOrder=${order}`);
      expect(res.statusCode, `${column} ${order}: ${res.body}`).toBe(200);
    }
  }
}

/** What agencies, associations and brokers have in common, tested the same way for each. */
export function organisationSuite(env: Env, org: Organisation) {
  const { def } = org;
  const { calls, entity, idColumn: idField, nameColumn: nameField } = def;
  let p: Place;
  beforeAll(async () => {
    p = await place(env.t, `${entity} suite`);
  });
  const save = async (name: string, extra: object = {}) => {
    const res = await env.post(calls.save, { ...(await org.payload(env, p, name)), ...extra });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `${entity} saved successfully` });
    expectDeclared(messageAnswer.strict(), res.json());
    return idOf(env, def, name);
  };
  const update = async (id: number, name: string, extra: object = {}) =>
    env.post(calls.update, { ...(await org.payload(env, p, name)), [idField]: id, ...extra });

  describe(`${entity}: the common behaviour`, () => {
    it('saves as Active with the session user, lists, loads with comma lists and legacy names, updates, deactivates, exports, deletes', async () => {
      const other = await env.t.createUser(ROLE.Operator);
      const name = `${entity} Alpha`;
      const id = await save(name, {
        status: 'Inactive',
        reason_for_inactive: 'ignored',
        created_by: other,
        user_id: other,
      });

      const list = await env.get(`/api/${calls.list}?searchText=${encodeURIComponent(name.toUpperCase())}`);
      const row = list.json().resultData.data[0] as Row;
      expect(Object.keys(row).sort()).toEqual([...org.listFields].sort());
      const answers = organisationAnswers(def);
      expectDeclared(strictPage(answers.row), list.json());
      expect(row).toMatchObject({
        [nameField]: name,
        [org.statusField]: 'Active',
        phone_1: expect.any(String),
      });

      const record = await byId(env, def, id);
      expect(record).toMatchObject({
        [idField]: id,
        status: 'Active',
        reason_for_inactive: null,
        specialization_id: '1,3',
        capability_id: '2',
        province_id: String(p.province_id),
        address_province_id: p.province_id,
        town_id: p.town_id,
        barangay_id: p.barangay_id,
        subdivision_id: p.subdivision_id,
        house_number: '88',
        street_name: 'Ayala Avenue',
        building_name: 'Tower One',
        unit_number: '5B',
        floor: 'Ground',
        zip_code: '1209',
        created_by: env.admin.userId,
      });
      expectDeclared(strictRows(def.record), (await env.get(`/api/${calls.byId}?${idField}=${id}`)).json());

      // An update replaces the lists and may deactivate with a reason; back to Active clears the reason.
      const renamed = `${name} Renamed`;
      const changed = await update(id, renamed, {
        specialization_id: '2',
        capability_id: '',
        status: 'InActive',
        reason_for_inactive: 'Closed',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ message: `${entity} updated successfully` });
      expectDeclared(messageAnswer.strict(), changed.json());
      expect(await byId(env, def, id)).toMatchObject({
        [nameField]: renamed,
        specialization_id: '2',
        capability_id: '',
        status: 'Inactive',
        reason_for_inactive: 'Closed',
        updated_by: env.admin.userId,
      });
      const lookup = async () =>
        ((await env.get(`/api/${calls.lookup}`)).json().resultData as Row[]).map((r) => r[nameField]);
      expect(await lookup()).not.toContain(renamed);
      // Without a status the record keeps its own (and its reason).
      expect((await update(id, renamed)).statusCode).toBe(200);
      expect(await byId(env, def, id)).toMatchObject({ status: 'Inactive', reason_for_inactive: 'Closed' });
      expect((await update(id, renamed, { status: 'Active', reason_for_inactive: 'stale' })).statusCode).toBe(
        200,
      );
      expect(await byId(env, def, id)).toMatchObject({ status: 'Active', reason_for_inactive: null });
      await save(`${entity} Aardvark`);
      const names = await lookup();
      expect(names).toContain(renamed);
      expect(names).toEqual([...names].sort((a, b) => String(a).localeCompare(String(b))));
      expect(Object.keys((await env.get(`/api/${calls.lookup}`)).json().resultData[0]).sort()).toEqual(
        [idField, nameField].sort(),
      );
      expectDeclared(strictRows(answers.lookupRow), (await env.get(`/api/${calls.lookup}`)).json());

      const sheet = await readExport(
        await env.get(`/api/${calls.list}/export?searchText=${encodeURIComponent(renamed)}`),
      );
      expect(sheet).toEqual({ headers: org.exportHeaders, rows: 1 });

      const deleted = await env.post(calls.delete, { [idField]: id });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: `${entity} deleted successfully` });
      expectDeclared(messageAnswer.strict(), deleted.json());
      expect((await env.get(`/api/${calls.byId}?${idField}=${id}`)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown id', async () => {
      const message = { message: `${entity} not found` };
      const res = await env.get(`/api/${calls.byId}?${idField}=999999`);
      expect([res.statusCode, res.json()]).toEqual([404, message]);
      const upd = await update(999999, `${entity} Ghost`);
      expect([upd.statusCode, upd.json()]).toEqual([404, message]);
      const del = await env.post(calls.delete, { [idField]: 999999 });
      expect([del.statusCode, del.json()]).toEqual([404, message]);
      expect((await env.get(`/api/${calls.byId}`)).statusCode).toBe(400);
    });

    it('refuses a duplicate with 409 naming its field, on save and on update', async () => {
      const taken = await org.payload(env, p, `${entity} Taken`);
      await save(`${entity} Taken`);
      const fresh = await org.payload(env, p, `${entity} Fresh`);
      const dup = await env.post(calls.save, org.duplicate(taken, fresh));
      const answer = {
        message: org.duplicateMessage,
        errors: { [org.duplicateField]: org.duplicateMessage },
      };
      expect([dup.statusCode, dup.json()]).toEqual([409, answer]);
      const freshId = await save(`${entity} Fresh`);
      const clash = await env.post(calls.update, {
        ...org.duplicate(taken, fresh),
        [idField]: freshId,
      });
      expect([clash.statusCode, clash.json()]).toEqual([409, answer]);
      // Saving a record under its own name is no clash.
      expect((await update(freshId, `${entity} Fresh`)).statusCode).toBe(200);
    });

    it('answers each validation message on its field', async () => {
      const valid = await org.payload(env, p, `${entity} Valid`);
      const errorsFor = (change: object, call = calls.save) => errorsOf(env, call, valid, change);
      expect(await errorsFor({ [nameField]: '  ' })).toEqual({ [nameField]: 'Field is required' });
      expect(await errorsFor({ phone_1: '0917-123' })).toEqual({ phone_1: 'Provide valid Mobile number' });
      expect(await errorsFor({ phone_1: '0917123456789' })).toEqual({
        phone_1: 'Provide valid Mobile number',
      });
      expect(await errorsFor({ phone_2: 'abc' })).toEqual({ phone_2: 'Provide valid Mobile number' });
      expect(await errorsFor({ email_address: 'nope' })).toEqual({
        email_address: 'Please provide a valid email',
      });
      expect(await errorsFor({ email_address: '' })).toEqual({ email_address: 'Email is required' });
      expect(await errorsFor({ province_id: '' })).toEqual({ province_id: 'Field is required' });
      expect(await errorsFor({ province_id: '1,abc' })).toEqual({
        province_id: 'Must be a comma-separated list of ids',
      });
      await expectRequired(env, calls.save, valid, [
        'street_name',
        'address_province_id',
        'town_id',
        'barangay_id',
      ]);
      expect(
        await errorsFor({ status: 'Inactive', reason_for_inactive: '', [idField]: 1 }, calls.update),
      ).toEqual({
        reason_for_inactive: 'Reason for Inactive is required',
      });
      // Ids must name real records, and places must agree: 400 on the field, never a 500 or a 409.
      const elsewhere = await place(env.t, `${entity} elsewhere`);
      expect(await errorsFor({ province_id: `${p.province_id},999999` })).toEqual({
        province_id: 'Unknown province',
      });
      expect(await errorsFor({ specialization_id: '999999' })).toEqual({
        specialization_id: 'Unknown specialization',
      });
      expect(await errorsFor({ capability_id: '1,999999' })).toEqual({ capability_id: 'Unknown capability' });
      expect(await errorsFor({ address_province_id: 999999 })).toEqual({
        address_province_id: 'Unknown province',
      });
      expect(await errorsFor({ town_id: elsewhere.town_id })).toEqual({
        town_id: 'The town is not in the chosen province',
      });
      expect(await errorsFor({ barangay_id: elsewhere.barangay_id })).toEqual({
        barangay_id: 'The barangay is not in the chosen town',
      });
      expect(await errorsFor({ subdivision_id: elsewhere.subdivision_id })).toEqual({
        subdivision_id: 'The subdivision is not in the chosen town',
      });
      // A failed save leaves nothing behind: the record and its links are written together or not at all.
      const count = async () =>
        Number(
          (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(def.table)}`.execute(env.t.db))
            .rows[0]!.n,
        );
      const before = await count();
      await errorsFor({ capability_id: '1,999999' });
      expect(await count()).toBe(before);
    });

    it('keeps any number of ids, with no truncation, and answers them as comma strings', async () => {
      const many = await provinces(env.t, `${entity} bulk`, 50);
      const id = await save(`${entity} Everywhere`, { province_id: many.join(',') });
      expect((await byId(env, def, id)).province_id).toBe([...many].sort((a, b) => a - b).join(','));
      expect(
        (await update(id, `${entity} Everywhere`, { province_id: [many[3], many[1]].join(',') })).statusCode,
      ).toBe(200);
      expect((await byId(env, def, id)).province_id).toBe([many[1], many[3]].join(','));
    });

    it('sorts by its whitelisted columns only, and is closed to roles without the permission', async () => {
      expect(Object.values(calls).join(' ')).toBe(org.callNames);
      await sortsBy(env, calls.list, org.sortColumns);
      const { token } = await env.t.signedIn(ROLE.Individual);
      expect((await env.get(`/api/${calls.list}`, token)).statusCode).toBe(403);
      expect(
        (await env.post(calls.save, await org.payload(env, p, `${entity} Nope`), token)).statusCode,
      ).toBe(403);
      expect((await env.get(`/api/${calls.lookup}`, token)).statusCode).toBe(200);
    });
  });
}
