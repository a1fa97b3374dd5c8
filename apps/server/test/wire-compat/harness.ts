import { sql } from 'kysely';
import { expect } from 'vitest';
import { manilaToday, ROLE } from '@app/contract';
import { calls } from '../../src/calls/index.ts';
import type { AnyCall } from '../../src/calls/registry.ts';
import { createTestApp, multipart, PASSWORD, png, type TestApp } from '../helpers.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  oldUserForm as oldClientUserForm,
  place,
  propertyIdOf,
  sellerPayload,
  setAgency,
  type Env,
  type Place,
} from '../entity-fixtures.ts';
import { propertyForm } from '../process-fixtures.ts';
import { words } from './spec-calls.ts';

/** How one request travels: a GET query (every value text; a string for repeated names), a JSON body, or multipart. */
export type Request =
  | { query: Record<string, string> | string }
  | { body?: Record<string, unknown> }
  | { form: Record<string, unknown>; file?: { name: string; bytes: Buffer; filename: string } };

/** One spec call, sent once as the old client sends it, and what its answer must be. */
export interface Case {
  call: string;
  send: () => Request | Promise<Request>;
  /** Paths the old client reads in the answer (dot-separated; a number indexes a list). */
  reads?: readonly string[];
  /** Values the answer must hold at these paths (the documented outcome). */
  holds?: Record<string, unknown>;
  /** The documented status when not 200. */
  status?: number;
  /** The caller's token; the Super Admin's by default, null for a public call. */
  as?: () => string | null;
  /** The server is wrong here (the lead decides): the case runs as `it.fails`, and this names the defect. */
  defect?: string;
}

export type Row = Record<string, unknown>;
type Signed = Awaited<ReturnType<TestApp['signedIn']>>;

/** The app and the records the calls need, built once by `setUp`. */
export const w = {} as {
  t: TestApp;
  superAdmin: Signed;
  p: Place;
  agencyId: number;
  associationId: number;
  brokerId: number;
  sellerId: number;
  agent: Signed;
  profileUser: Signed;
  passwordUser: Signed;
  logoutUser: Signed;
  newUserId: number;
  spareUserId: number;
  waitingSuperAdmin: { userId: number; code: string };
  listingId: number;
  doomedListingId: number;
  notificationIds: [number, number];
  amenityIds: number[];
  skillIds: number[];
};

export const registered = new Map<string, AnyCall>(calls.map((c) => [c.name, c]));

const ok = async (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row;
};
const post = (call: string, payload: object) =>
  w.t.call(w.superAdmin.token, { method: 'POST', url: `/api/${call}`, payload });

/** The id of the row named `name` in `table`. */
export const idBy = async (table: string, idColumn: string, nameColumn: string, name: string) =>
  Number(
    (
      await sql<{ id: number }>`SELECT ${sql.ref(idColumn)} AS id FROM ${sql.table(table)}
        WHERE ${sql.ref(nameColumn)} = ${name}`.execute(w.t.db)
    ).rows[0]?.id,
  );
/** The listing's media, as the Property Image page loads them. */
export const gallery = async (propertyId = w.listingId) =>
  (
    await ok(
      await w.t.call(w.superAdmin.token, {
        method: 'GET',
        url: `/api/showallimagesvideo?property_id=${propertyId}`,
      }),
    )
  ).resultdata as Row[];
/** Today as the reports read it: in Manila (UTC+8), a day ahead of UTC from 16:00 UTC. */
export const today = () => manilaToday();

/** The paging parameters every old list screen sends, all as text, with the screen's own. */
export const paged = (sortColumn: string, extra: Record<string, string> = {}) => ({
  query: { itemsPerPage: '7', page: '1', sortColumn, sortOrder: 'asc', searchText: '', ...extra },
});
/** What a paged list's screen reads: the page and its total, and these fields of its first row. */
export const pageReads = (fields: string | readonly string[], envelope = 'resultData') => [
  `${envelope}.data`,
  `${envelope}.total`,
  ...(typeof fields === 'string' ? words(fields) : fields).map((field) => `${envelope}.data.0.${field}`),
];
/** What a lookup's or record's screen reads: `resultData`, a list, and these fields of its first row. */
export const rowReads = (fields: string | readonly string[], envelope = 'resultData') => [
  envelope,
  ...(typeof fields === 'string' ? words(fields) : fields).map((field) => `${envelope}.0.${field}`),
];
export const MESSAGE = ['message'];

/** Spec 1 §3, User: what the Edit User and Account Details forms read from a row. */
export const USER_FIELDS = words(`user_id full_name first_name last_name nick_name role_id role_name phone_1
  phone_2 user_email user_status associated_agency_id associated_broker_id is_address_same_as_agency
  unit_number house_number street_name building_name subdivision_id barangay_id town_id province_id zip_code
  floor birth_day birth_month birth_year re_license website user_skills profile_statement self_broker
  open_property_limit`);
/** Spec 1 §3, Seller (getSellerById: the seller form loads it). */
export const SELLER_FIELDS = words(`seller_id seller_name property_owner_name agency_name phone_1 phone_2
  email_address unit_number house_no street_name zipcode province_id town_id barangay_id subdivision_id
  agency_id notes_about_seller`);
/** Spec 2 §3: the address block of agencies, brokers and associations. */
const ADDRESS = `unit_number house_number street_name building_name address_province_id town_id barangay_id
  subdivision_id zip_code floor`;
export const AGENCY_FIELDS =
  words(`agency_id agency_name owner_name contact_person phone_1 phone_2 email_address
  email_address_secondary specialization_id capability_id province_id status reason_for_inactive ${ADDRESS}`);
export const BROKER_FIELDS = words(`broker_id broker_name broker_license_number email_address phone_1 phone_2
  broker_association_id specialization_id province_id capability_id notes_about_broker status
  reason_for_inactive ${ADDRESS} created_by`);
export const ASSOCIATION_FIELDS = words(`broker_association_id broker_association_name contact_person
  email_address phone_1 phone_2 specialization_id province_id capability_id status reason_for_inactive
  ${ADDRESS} created_by`);

/** The Add/Edit User form as the old client posts it, naming this suite's agency, skills and broker. */
export const oldUserForm = (email: string) =>
  oldClientUserForm(w.p, {
    email,
    agencyId: w.agencyId,
    skillIds: w.skillIds,
    brokerIds: [w.brokerId],
    sentBy: w.superAdmin.userId,
  });

/** A listing as the old property form sends it (spec 1 §3, "as sent"), with the seller and broker it names. */
export const listingForm = (name: string) => ({
  ...propertyForm(w.p, name),
  seller_id: w.sellerId,
  associatedBroker: w.brokerId,
  user_id: w.superAdmin.userId,
  user_type: ROLE.SuperAdmin,
  created_by: w.superAdmin.userId,
  property_building_name: 'Wire Tower',
  year: new Date().getFullYear(),
  isFeatured: 0,
});

/** Builds, once, what the calls read and change. */
export async function setUp() {
  const t = await createTestApp();
  w.t = t;
  w.superAdmin = await t.signedIn(ROLE.SuperAdmin);
  const env = { t, admin: w.superAdmin } as unknown as Env;
  w.p = await place(t, 'WC');
  // A second town, barangay and subdivision beside the first, for the adjacency lookups.
  await sql`INSERT INTO towns (town_name, is_town_city, province_id, zip_code)
    VALUES ('Town WC East', 'Town', ${w.p.province_id}, '1201')`.execute(t.db);
  await sql`INSERT INTO barangays (barangay_name, town_id, zip_code)
    VALUES ('Barangay WC East', ${w.p.town_id}, '1209')`.execute(t.db);
  await sql`INSERT INTO subdivisions (subdivision_name, town_id, barangay_id)
    VALUES ('Village WC East', ${w.p.town_id}, ${w.p.barangay_id})`.execute(t.db);
  const ids = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(t.db)).rows.map((r) => Number(r.id));
  w.skillIds = await ids(sql`SELECT user_skills_id AS id FROM user_skills ORDER BY 1 LIMIT 2`);
  w.amenityIds = await ids(sql`SELECT id FROM amenities ORDER BY 1 LIMIT 2`);

  // An agency, an association, a broker and a seller, saved as their forms save them.
  await ok(await post('saveagency', agencyPayload(w.p, 'WC Agency')));
  w.agencyId = await idBy('agencies', 'agency_id', 'agency_name', 'WC Agency');
  await ok(await post('savebrokerassociation', associationPayload(w.p, 'WC Association')));
  w.associationId = await idBy(
    'broker_associations',
    'broker_association_id',
    'broker_association_name',
    'WC Association',
  );
  await ok(await post('savebroker', brokerPayload(w.p, 'WC Broker', [w.associationId])));
  w.brokerId = await idBy('brokers', 'broker_id', 'broker_name', 'WC Broker');
  await ok(await post('saveSeller', sellerPayload(w.p, 'WC Seller', w.agencyId)));
  w.sellerId = await idBy('sellers', 'seller_id', 'seller_name', 'WC Seller');

  // Users: an agent of the agency (the Super Admin works there too), one for each account call that
  // changes its user, a New user to approve, a spare one to delete, an Individual, and a Super Admin
  // awaiting its approval code.
  w.agent = await t.signedIn(ROLE.Agent);
  await setAgency(env, w.agent.userId, w.agencyId);
  await setAgency(env, w.superAdmin.userId, w.agencyId);
  w.profileUser = await t.signedIn(ROLE.Admin);
  w.passwordUser = await t.signedIn(ROLE.Agent);
  w.logoutUser = await t.signedIn(ROLE.Operator);
  w.newUserId = await t.createUser(ROLE.Operator, 'new.operator@wire.ph', 'New');
  w.spareUserId = await t.createUser(ROLE.Operator, 'spare.operator@wire.ph');
  await t.createUser(ROLE.Individual, 'individual@wire.ph');
  const waiting = 'waiting.superadmin@wire.ph';
  await ok(
    await post('SaveUser', { ...oldUserForm(waiting), UserType: ROLE.SuperAdmin, inactiveUser: 'New' }),
  );
  const code = /verification code is (\d{6})/.exec(await t.mailTo(waiting, 'verification code is'))?.[1];
  w.waitingSuperAdmin = {
    userId: await idBy('users', 'user_id', 'user_email', waiting),
    code: code ?? 'no code mailed',
  };

  // Listings: one open with an image (its default), one sold today, one to suspend and delete.
  await ok(await post('saveproperty', listingForm('WC Listing')));
  w.listingId = await propertyIdOf(t, 'WC Listing');
  await ok(
    await t.call(w.superAdmin.token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        { type: 'Image', property_id: w.listingId, isDefault: 1, description: 'Front' },
        { name: 'images_video', bytes: await png(), filename: 'front.png' },
      ),
    }),
  );
  await ok(await post('saveproperty', listingForm('WC Sold Listing')));
  const soldId = await propertyIdOf(t, 'WC Sold Listing');
  await ok(await post('updateproperty', { ...listingForm('WC Sold Listing'), id: soldId, status: 'Sold' }));
  await ok(await post('saveproperty', listingForm('WC Doomed Listing')));
  w.doomedListingId = await propertyIdOf(t, 'WC Doomed Listing');

  // Two notifications of the Super Admin's own: one to mark read, one to delete.
  const notifications = await t.db
    .insertInto('notifications')
    .values(
      ['First', 'Second'].map((subject) => ({
        user_id: w.superAdmin.userId,
        notification_type: 'Agent Sign Up',
        notification_subject: `WC ${subject}`,
      })),
    )
    .returning('notification_id')
    .execute();
  w.notificationIds = notifications.map((r) => Number(r.notification_id)) as [number, number];
}

/** The value at a dot path, and whether its last key is there (a null value is there). */
function at(value: unknown, path: string): { present: boolean; value: unknown } {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
      return { present: false, value: undefined };
    current = (current as Record<string, unknown>)[key];
  }
  return { present: true, value: current };
}

const text = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v == null ? '' : String(v)]));

/** Sends the case's request through the server and checks status, declared answer and spec fields. */
export async function run(c: Case) {
  const request = await c.send();
  const token = c.as ? c.as() : w.superAdmin.token;
  const url = `/api/${c.call}`;
  const method = 'query' in request ? 'GET' : 'POST';
  // The old client's HTTP layer: axios's Accept and an empty Accept-Language on every call (spec 2 §7).
  const headers = { accept: 'application/json, text/plain, */*', 'accept-language': '' };
  const res =
    'query' in request
      ? await w.t.call(token, {
          method,
          headers,
          url: `${url}?${typeof request.query === 'string' ? request.query : new URLSearchParams(request.query)}`,
        })
      : 'form' in request
        ? await (async () => {
            const body = multipart(text(request.form), request.file);
            return w.t.call(token, { method, url, ...body, headers: { ...headers, ...body.headers } });
          })()
        : await w.t.call(token, { method, url, headers, ...(request.body && { payload: request.body }) });
  const declared = registered.get(c.call);
  expect(declared, `${c.call} is not a registered call`).toBeDefined();
  expect(declared!.method, `${c.call}: the old client sends a ${method}`).toBe(method);
  expect(res.statusCode, `${c.call} answered ${res.statusCode}: ${res.body.slice(0, 600)}`).toBe(
    c.status ?? 200,
  );
  const answer = res.json() as unknown;
  expect(declared!.response, `${c.call} declares no answer schema`).toBeDefined();
  const parsed = declared!.response.safeParse(answer);
  expect(
    parsed.success ? [] : parsed.error.issues,
    `${c.call}: the answer does not parse against its declared schema: ${res.body.slice(0, 600)}`,
  ).toEqual([]);
  const missing = (c.reads ?? []).filter((path) => !at(answer, path).present);
  expect(missing, `${c.call}: the answer lacks spec fields: ${res.body.slice(0, 600)}`).toEqual([]);
  for (const [path, value] of Object.entries(c.holds ?? {}))
    expect(at(answer, path).value, `${c.call}: ${path} in ${res.body.slice(0, 300)}`).toEqual(value);
}

export { PASSWORD, png };
