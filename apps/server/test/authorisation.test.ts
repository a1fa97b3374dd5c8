import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEFAULT_GRANTS, ROLE, SYSTEM_ROLES, type Permission } from '@app/contract';
import { calls } from '../src/calls/index.ts';
import type { AnyCall } from '../src/calls/registry.ts';
import type { Access } from '../src/lib/access.ts';
import { AGENCY, BROKER, BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import { createTestApp, multipart, png, type TestApp } from './helpers.ts';
import { agencyPayload, associationPayload, brokerPayload, place, type Place } from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { allRoutes, parametersOf, routesOf, type Route } from './routes.ts';
import { watchWrites, type Write, type WriteWatch } from './write-watch.ts';

/**
 * The authorisation matrix: every route the API serves (the call registry, the export of each list,
 * and the plain routes modules declare beside it) × every built-in role with its seeded grants, and
 * four sessions that must count as none. Nothing here names a call it checks: a new call is covered
 * as it is registered. Every refused request is shown to have committed nothing (write-watch.ts).
 */

const routes = allRoutes;
const guarded = routes.filter((r) => r.access !== 'public');
/** Routes outside the matrix on purpose: they need no session. */
const PUBLIC_PLAIN = [/^\/api\/health\b/, /^\/api\/ready\b/, /^\/api\/docs\b/, /^\/metrics\b/];

/** Calls that end the session they are made with: made with a spare one. */
const ENDS_SESSION = new Set(['webLogout']);
/** The writes a refused call may rightly make: a failed login is counted (and audited). */
const WRITES_WHEN_REFUSED: Record<string, RegExp> = { webValidateLogin: /^(login_attempts|audit_log)$/ };

// ---------------------------------------------------------------------------------------------------
// Id parameters, read from the calls' input schemas

const isIdParameter = (name: string) => /(^|_)id$|Id$/i.test(name);
/**
 * The ids a call acts on: required id parameters. An optional id narrows a list or lookup (whose query
 * applies the caller's scope) or links a record from a form.
 */
const recordIdsOf = (call: AnyCall) => [...parametersOf(call).required].filter(isIdParameter);

/**
 * What an id parameter names. Records with a row scope: property (and its media), seller, user,
 * notification. 'directory': masters, places, roles, permissions, agencies, brokers and broker
 * associations have no row scope: whoever holds the permission sees all of them. 'link': a form's
 * reference to a scoped record (a property's seller and agents), refused with 400 by its call when out
 * of scope (properties.test.ts). 'none': the record is reached by permission alone (see the call).
 */
type Kind =
  'property' | 'image' | 'seller' | 'user' | 'notification' | 'agency' | 'directory' | 'link' | 'none';
const SCOPED = ['property', 'image', 'seller', 'user', 'notification', 'agency'] as const;
type ScopedKind = (typeof SCOPED)[number];

const ID_KINDS: Record<string, Kind> = {
  property_id: 'property',
  propertyId: 'property',
  image_id: 'image',
  seller_id: 'seller',
  user_id: 'user',
  // Directory records and filters.
  roleId: 'directory',
  role_id: 'directory',
  permissionId: 'directory',
  provinceId: 'directory',
  townId: 'directory',
  barangayId: 'directory',
  typeId: 'directory',
  province_id: 'directory',
  address_province_id: 'directory',
  town_id: 'directory',
  barangay_id: 'directory',
  subdivision_id: 'directory',
  subdivison_id: 'directory',
  adjacent_barangay_id: 'directory',
  agency_id: 'directory',
  associated_agency_id: 'directory',
  associated_broker_id: 'directory',
  broker_id: 'directory',
  broker_association_id: 'directory',
  product_category_id: 'directory',
  product_mode_id: 'directory',
  property_type_id: 'directory',
  property_classification_id: 'directory',
  agri_type_id: 'directory',
  specialization_id: 'directory',
  capability_id: 'directory',
  user_skills_id: 'directory',
  ammentiesId: 'directory',
  Id: 'directory',
  id: 'directory',
  // A property's people.
  agent_id: 'link',
  secondary_agent_id: 'link',
  third_agent_id: 'link',
};
/** Where a name means something else in one area (by the call's tag), or in one call. */
const ID_KINDS_BY_TAG: Record<string, Record<string, Kind>> = {
  Notifications: { Id: 'notification' },
  Properties: { id: 'property', seller_id: 'link' },
};
const ID_KINDS_BY_CALL: Record<string, Record<string, Kind>> = {
  // Only a Super Admin approves a waiting Super Admin: rank, not a record's scope (decision 25).
  sendVerifyOTP: { user_id: 'none' },
  WebVerifyOTP: { user_id: 'none' },
  // The user form's 'same as agency': Agents read only their own agency's address.
  GetAssociatedAgencyAddressWithoutPagination: { associated_agency_id: 'agency' },
};
const kindOf = (call: AnyCall, name: string): Kind | undefined =>
  ID_KINDS_BY_CALL[call.name]?.[name] ?? ID_KINDS_BY_TAG[call.tag]?.[name] ?? ID_KINDS[name];
const scopedKindsOf = (call: AnyCall) =>
  new Set(
    recordIdsOf(call)
      .map((p) => kindOf(call, p))
      .filter((k): k is ScopedKind => SCOPED.includes(k as ScopedKind)),
  );

/**
 * The answer to a user outside a record's scope. A user's status and deletion need the permission for
 * the user's role: 403, as the user list (which any holder of 'Users' reads) hides no one.
 */
const OUTSIDE_ANSWER: Record<string, number> = { changeUserStatus: 403, deleteUser: 403 };

// ---------------------------------------------------------------------------------------------------
// Principals and records

interface Principal {
  name: string;
  token: string;
  userId: number;
  email: string;
  /** Its role's grants as stored in the database (Super Admin holds every permission). */
  grants: ReadonlySet<Permission>;
}
const permits = (access: Access, grants: ReadonlySet<Permission>) =>
  access === 'public' ||
  access === 'signed-in' ||
  (typeof access === 'string' ? grants.has(access as Permission) : access.some((p) => grants.has(p)));

/** The records a request names: in its sender's scope for the allowed pass, outside it for the row scope. */
interface Records {
  property: number;
  /** The property as GetPropertyById answers it (an update's body). */
  propertyRecord: Record<string, unknown>;
  image: number;
  seller: number;
  sellerRecord: Record<string, unknown>;
  user: number;
  userRecord: Record<string, unknown>;
  notification: number;
  /** An agency whose address the sender may read, if any. */
  agency: number | null;
}
interface Directory {
  place: Place;
  agency: number;
  association: number;
  broker: number;
  propertyType: number;
  amenity: number;
}

/**
 * A valid input for calls that need one to succeed, keyed by call name (null: the sender has no such
 * record). Calls without one are still checked: let through (not 401/403) and never a 5xx.
 */
type Input = Record<string, unknown>;
const SAMPLES: Record<string, (r: Records, d: Directory) => Input | null> = {
  GetTownWithoutPagination: (_, d) => ({ provinceId: d.place.province_id }),
  GetBarangayWithoutPagination: (_, d) => ({ townId: d.place.town_id }),
  GetSubdivisionWithoutPagination: (_, d) => ({ barangayId: d.place.barangay_id }),
  GetAdjacentTownWithoutPagination: (_, d) => ({ provinceId: d.place.province_id }),
  GetBarangayForSubdivisionWithoutPagination: (_, d) => ({ townId: d.place.town_id }),
  GetAdjacentBarangayWithoutPagination: (_, d) => ({ townId: d.place.town_id }),
  GetAdjacentSubdivisionWithoutPagination: (_, d) => ({
    townId: d.place.town_id,
    barangayId: d.place.barangay_id,
  }),
  GetDwellingWithoutPagination: (_, d) => ({ typeId: d.propertyType }),
  getAssignedUnAssignedPermission: () => ({ roleId: ROLE.Agent }),
  GetAgencyById: (_, d) => ({ agency_id: d.agency }),
  GetAssociatedAgencyAddressWithoutPagination: (r) => (r.agency ? { associated_agency_id: r.agency } : null),
  getBrokerAssociationById: (_, d) => ({ broker_association_id: d.association }),
  getBrokerById: (_, d) => ({ broker_id: d.broker }),
  GetUserById: (r) => ({ user_id: r.user }),
  UpdateUser: (r) => ({ ...r.userRecord, user_id: r.user }),
  changeUserStatus: (r) => ({ user_id: r.user, status: 'Active' }),
  getSellerById: (r) => ({ seller_id: r.seller }),
  updateSeller: (r) => ({ ...r.sellerRecord, seller_id: r.seller }),
  GetPropertyById: (r) => ({ id: r.property }),
  updateproperty: (r) => ({ ...r.propertyRecord, id: r.property }),
  CheckDuplicateProperty: (r) => ({ ...r.propertyRecord, id: r.property }),
  showallimagesvideo: (r) => ({ property_id: r.property }),
  getSelectedPropertyAmenities: (r) => ({ propertyId: r.property }),
  saveimagesupload: (r) => ({
    type: 'Video',
    property_id: r.property,
    description: 'Walk-through',
    video_link: 'https://video.example.com/tour',
  }),
  propertyimagesisDefault: (r) => ({ property_id: r.property, image_id: r.image, isDefault: 1 }),
  reorderPropertyImages: (r) => ({ property_id: r.property, image_ids: [r.image] }),
  savePropertyMappingAmenities: (r, d) => ({ propertyId: r.property, ammentiesId: String(d.amenity) }),
  setNotificationStatus: (r) => ({ Id: r.notification, status: 'Inactive' }),
};

/** The route's sample input for these records, if it has one. */
const sampleFor = (route: Route, r: Records, d: Directory): Input | null =>
  (route.call && !route.url.endsWith('/export') && SAMPLES[route.call.name]?.(r, d)) || null;

/** A record id that does not exist: the allowed pass must not delete real records. */
const MISSING = 2_000_000_000;

/** Every record id the route takes, set to the record of its kind (or to a missing one). */
function idsFor(route: Route, r: Records | null): Input {
  const input: Input = {};
  for (const name of route.call ? recordIdsOf(route.call) : []) {
    const kind = kindOf(route.call!, name);
    input[name] = (r && SCOPED.includes(kind as ScopedKind) && r[kind as ScopedKind]) || MISSING;
  }
  return input;
}
/** What refused requests send: real records, so that a hole in the checks would change them. */
const refusedInput = (route: Route, r: Records, d: Directory) => sampleFor(route, r, d) ?? idsFor(route, r);

// ---------------------------------------------------------------------------------------------------

let t: TestApp;
let watch: WriteWatch;
let base: string;
const roles = new Map<number, Principal>();
/** Sessions that must count as none: each belongs to an otherwise healthy Super Admin. */
const ended: { name: string; token: string }[] = [];
let agentB: Principal; // an Agent of another agency
let scopeless: Principal; // a custom role holding every permission: its scope is its own records
let directory: Directory;
const inScope = new Map<Principal, Records>();
let outside: Records; // records of the Agent's agency and of the Super Admin

async function grantsOf(roleId: number): Promise<ReadonlySet<Permission>> {
  if (roleId === ROLE.SuperAdmin) return new Set(ALL_PERMISSIONS);
  const rows = await t.db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .where('rp.role_id', '=', roleId)
    .select('p.name')
    .execute();
  return new Set(rows.map((r) => r.name as Permission));
}

async function principal(name: string, roleId: number): Promise<Principal> {
  const signed = await t.signedIn(roleId);
  return { name, ...signed, grants: await grantsOf(roleId) };
}

const toQuery = (input: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();

function send(route: Route, token: string | null, input: Record<string, unknown>) {
  return route.method === 'GET'
    ? t.call(token, { method: 'GET', url: `${route.url}?${toQuery(input)}` })
    : t.call(token, { method: 'POST', url: route.url, payload: input });
}

async function post(token: string, call: string, payload: object) {
  const res = await t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
  return res;
}

const newest = async (table: 'properties' | 'sellers' | 'agencies' | 'brokers' | 'broker_associations') => {
  const key = {
    properties: 'property_id',
    sellers: 'seller_id',
    agencies: 'agency_id',
    brokers: 'broker_id',
    broker_associations: 'broker_association_id',
  }[table];
  const { rows } = await sql<{
    id: number;
  }>`SELECT max(${sql.ref(key)}) AS id FROM ${sql.table(table)}`.execute(t.db);
  return rows[0]!.id;
};

async function newProperty(owner: Principal, p: Place): Promise<Records['property']> {
  await post(owner.token, 'saveproperty', propertyForm(p, `Matrix house of ${owner.name}`));
  return newest('properties');
}

async function recordsFor(
  owner: Principal,
  {
    property,
    seller,
    user,
    agency,
  }: { property: number; seller: number; user: number; agency: number | null },
) {
  const admin = roles.get(ROLE.SuperAdmin)!;
  const upload = await t.call(admin.token, {
    method: 'POST',
    url: '/api/saveimagesupload',
    ...multipart(
      { type: 'Image', property_id: property, description: 'Front' },
      { name: 'images_video', bytes: await png(), filename: 'front.png' },
    ),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const image = await t.db
    .selectFrom('property_media')
    .select('id')
    .where('property_id', '=', property)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const byId = async (url: string) => {
    const res = await t.call(admin.token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resultData[0] as Record<string, unknown>;
  };
  const { rows } = await sql<{ id: string }>`INSERT INTO notifications
      (user_id, notification_type, notification_subject, entity, entity_id, created_by)
    VALUES (${owner.userId}, 'Property added', ${`For ${owner.name}`}, 'property', ${property}, NULL)
    RETURNING notification_id AS id`.execute(t.db);
  return {
    property,
    propertyRecord: await byId(`/api/GetPropertyById?id=${property}`),
    image: image.id,
    seller,
    sellerRecord: await byId(`/api/getSellerById?seller_id=${seller}`),
    user,
    userRecord: await byId(`/api/GetUserById?user_id=${user}`),
    notification: Number(rows[0]!.id),
    agency,
  } satisfies Records;
}

/** The rows of the records that the row-scope requests name, to show they did not change. */
async function snapshot(r: Records) {
  const [property, media, amenities, seller, user, notification, agency] = await Promise.all([
    t.db.selectFrom('properties').selectAll().where('property_id', '=', r.property).execute(),
    t.db
      .selectFrom('property_media')
      .selectAll()
      .where('property_id', '=', r.property)
      .orderBy('id')
      .execute(),
    t.db
      .selectFrom('property_amenities')
      .selectAll()
      .where('property_id', '=', r.property)
      .orderBy('amenities_id')
      .execute(),
    t.db.selectFrom('sellers').selectAll().where('seller_id', '=', r.seller).execute(),
    t.db.selectFrom('users').selectAll().where('user_id', '=', r.user).execute(),
    t.db
      .selectFrom('notifications')
      .selectAll()
      .where('notification_id', '=', String(r.notification))
      .execute(),
    t.db
      .selectFrom('agencies')
      .selectAll()
      .where('agency_id', '=', r.agency ?? 0)
      .execute(),
  ]);
  return { property, media, amenities, seller, user, notification, agency };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of SYSTEM_ROLES) roles.set(role.id, await principal(role.name, role.id));
  const admin = roles.get(ROLE.SuperAdmin)!;

  const p = await place(t, 'Matrix');
  await post(admin.token, 'saveagency', agencyPayload(p, 'Matrix Agency A'));
  const agencyA = await newest('agencies');
  await post(admin.token, 'saveagency', agencyPayload(p, 'Matrix Agency B'));
  const agencyB = await newest('agencies');
  await post(admin.token, 'savebrokerassociation', associationPayload(p, 'Matrix Association'));
  const association = await newest('broker_associations');
  await post(admin.token, 'savebroker', brokerPayload(p, 'Matrix Broker', [association]));
  const first = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(t.db)).rows[0]!.id;
  directory = {
    place: p,
    agency: agencyA,
    association,
    broker: await newest('brokers'),
    propertyType: await first(sql`SELECT min(property_type_id) AS id FROM property_types`),
    amenity: await first(sql`SELECT min(id) AS id FROM amenities`),
  };
  expect([AGENCY.idColumn, BROKER.idColumn, BROKER_ASSOCIATION.idColumn]).toEqual([
    'agency_id',
    'broker_id',
    'broker_association_id',
  ]);

  // The Agent and the Owner-Agent work for agency A; the Agent lists a property there with a seller.
  const agent = roles.get(ROLE.Agent)!;
  const ownerAgent = roles.get(ROLE.OwnerAgent)!;
  const individual = roles.get(ROLE.Individual)!;
  await t.db
    .updateTable('users')
    .set({ associated_agency_id: agencyA })
    .where('user_id', 'in', [agent.userId, ownerAgent.userId])
    .execute();
  agentB = await principal('Agent of agency B', ROLE.Agent);
  await t.db
    .updateTable('users')
    .set({ associated_agency_id: agencyB })
    .where('user_id', '=', agentB.userId)
    .execute();
  const everything = await t.db
    .insertInto('roles')
    .values({ name: 'Everything, own records', status: 'Active', created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('role_permissions')
    .columns(['role_id', 'permission_id'])
    .expression((eb) => eb.selectFrom('permissions').select([eb.val(everything.id).as('role_id'), 'id']))
    .execute();
  scopeless = await principal('Custom role with every permission', everything.id);

  const { province_id, town_id, barangay_id, subdivision_id } = p;
  await post(agent.token, 'saveSeller', {
    seller_name: 'Matrix Seller',
    property_owner_name: 'Matrix Owner',
    phone_1: '09190000001',
    house_no: '15',
    street_name: 'Amorsolo Street',
    zipcode: '1209',
    province_id,
    town_id,
    barangay_id,
    subdivision_id,
    agency_id: agencyA,
  });
  const seller = await newest('sellers');
  const agencyProperty = await newProperty(agent, p);
  const ownProperty = await newProperty(individual, p);
  // A Super Admin waiting for approval: no one but a Super Admin may manage them.
  const waiting = await t.createUser(ROLE.SuperAdmin, 'waiting.superadmin@example.com', 'New');
  // Every user a complete profile, so that an edit form sent back unchanged is valid.
  await t.db
    .updateTable('users')
    .set({
      last_name: 'Matrix',
      phone_1: '09170000001',
      house_number: '1',
      street_name: 'Rizal Street',
      province_id,
      town_id,
      barangay_id,
      zip_code: '1209',
      re_license: 'REB-1',
    })
    .execute();
  await t.db
    .insertInto('user_brokers')
    .values([agent, ownerAgent, agentB].map((a) => ({ user_id: a.userId, broker_id: directory.broker })))
    .execute();

  for (const who of [...roles.values(), agentB, scopeless]) {
    inScope.set(
      who,
      await recordsFor(who, {
        property: who === individual ? ownProperty : agencyProperty,
        seller,
        // Whoever may manage Agents edits the Agent; anyone else only sees their own record.
        user: who.grants.has('ChangeStatusofAgent') ? agent.userId : who.userId,
        agency: who === individual ? null : who === agentB ? agencyB : agencyA,
      }),
    );
  }
  outside = await recordsFor(admin, { property: agencyProperty, seller, user: waiting, agency: agencyA });

  for (const state of ['expired', 'revoked', 'deactivated'] as const) {
    const { token, userId } = await t.signedIn(ROLE.SuperAdmin);
    ended.push({ name: `${state} session`, token });
    if (state === 'deactivated') {
      await t.db
        .updateTable('users')
        .set({ user_status: 'Inactive' })
        .where('user_id', '=', userId)
        .execute();
    } else {
      await t.db
        .updateTable('sessions')
        .set(
          state === 'expired' ? { expires_at: sql`now() - interval '1 second'` } : { revoked_at: sql`now()` },
        )
        .where('user_id', '=', userId)
        .execute();
    }
  }
  ended.push({ name: 'a token that was never issued', token: 'x'.repeat(43) });

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  watch = await watchWrites(t);
});
afterAll(async () => {
  await watch?.close();
  await t.close();
});

/** The writes of the request, less those a refused call may rightly make. */
async function writesOf(route: Route): Promise<Write[]> {
  const allowed = route.call && WRITES_WHEN_REFUSED[route.call.name];
  return (await watch.writes()).filter((w) => !allowed?.test(w.table));
}

/** Opens the event stream over HTTP (it never ends by itself): its status and content type. */
async function openStream(route: Route, token: string | null) {
  const abort = new AbortController();
  const res = await fetch(`${base}${route.url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const answer = { statusCode: res.status, type: res.headers.get('content-type') ?? '' };
  abort.abort();
  await res.body?.cancel().catch(() => undefined);
  return answer;
}

describe('the write watch', () => {
  it('sees a committed write, and neither reads nor a rolled-back write', async () => {
    const admin = roles.get(ROLE.SuperAdmin)!;
    await watch.mark();
    await t.call(admin.token, { method: 'GET', url: '/api/webGetRoles' });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('roles').set({ name: 'Rolled back' }).where('id', '=', ROLE.Agent).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await watch.writes()).toEqual([]);
    await post(admin.token, 'SaveProvince', { provinceName: 'Watched Province' });
    expect(await watch.writes()).toContainEqual({ table: 'provinces', op: 'INSERT' });
  });
});

describe('the route list', () => {
  it('declares who may make every call, and leaves public only what must work before sign-in', () => {
    const valid = new Set<string>(['public', 'signed-in', ...ALL_PERMISSIONS]);
    for (const route of routes) {
      const names = typeof route.access === 'string' ? [route.access] : route.access;
      expect(names.length, route.url).toBeGreaterThan(0);
      for (const name of names) expect(valid.has(name), `${route.url}: ${name}`).toBe(true);
    }
    expect(new Set(routes.map((r) => `${r.method} ${r.url}`)).size).toBe(routes.length);
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/api/forget_password', '/api/reset_password', '/api/webValidateLogin']);
  });

  it('is every /api route the server answers, besides the public system routes', () => {
    const served = Object.entries(t.app.swagger().paths ?? {})
      .filter(([url]) => url.startsWith('/api/'))
      .flatMap(([url, ops]) =>
        Object.keys(ops ?? {})
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${url}`),
      );
    const listed = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const unlisted = served.filter(
      (s) => !listed.has(s) && !PUBLIC_PLAIN.some((re) => re.test(s.split(' ')[1]!)),
    );
    expect(unlisted).toEqual([]);
    for (const route of routes) expect(t.app.hasRoute(route), route.url).toBe(true);
  });

  it('gives the built-in roles their seeded grants', () => {
    for (const role of SYSTEM_ROLES) {
      expect([...roles.get(role.id)!.grants].sort(), role.name).toEqual([...DEFAULT_GRANTS[role.id]].sort());
    }
  });

  it('knows what every id parameter names', () => {
    const unknown = calls.flatMap((call) =>
      recordIdsOf(call)
        .filter((p) => !kindOf(call, p))
        .map((p) => `${call.name}.${p}`),
    );
    expect(unknown, 'declare these in ID_KINDS').toEqual([]);
  });
});

describe.each(guarded.map((route) => ({ ...route, label: `${route.method} ${route.url}` })))(
  '$label',
  (route) => {
    const isStream = !route.call;

    it('answers 401 to no session, an expired, a revoked or a deactivated user’s session, and changes nothing', async () => {
      await watch.mark();
      for (const { name, token } of [{ name: 'no session', token: null }, ...ended]) {
        const res = isStream
          ? await openStream(route, token)
          : await send(route, token, refusedInput(route, outside, directory));
        expect(res.statusCode, name).toBe(401);
        expect(await writesOf(route), name).toEqual([]);
      }
    });

    it('answers 403 to every role without the permission, and changes nothing', async () => {
      await watch.mark();
      for (const who of roles.values()) {
        if (permits(route.access, who.grants)) continue;
        const res = await send(route, who.token, refusedInput(route, outside, directory));
        expect(res.statusCode, `${who.name}: ${res.body}`).toBe(403);
        expect(res.json(), who.name).toEqual({ message: expect.any(String) });
        expect(await writesOf(route), who.name).toEqual([]);
      }
    });

    it('lets every role with the permission through', async () => {
      for (const who of roles.values()) {
        if (!permits(route.access, who.grants)) continue;
        if (isStream) {
          expect(await openStream(route, who.token), who.name).toEqual({
            statusCode: 200,
            type: expect.stringContaining('text/event-stream'),
          });
          continue;
        }
        const token = ENDS_SESSION.has(route.call!.name) ? await t.login(who.email) : who.token;
        const sample = sampleFor(route, inScope.get(who)!, directory);
        await watch.mark();
        const res = await send(route, token, sample ?? idsFor(route, null));
        const writes = await writesOf(route);
        const why = `${who.name}: ${res.body.slice(0, 300)}`;
        if (sample) {
          expect(res.statusCode, why).toBe(200);
        } else {
          expect(res.statusCode, why).not.toBe(401);
          expect(res.statusCode, why).not.toBe(403);
          expect(res.statusCode, why).toBeLessThan(500);
        }
        if (res.statusCode >= 400) expect(writes, why).toEqual([]);
      }
    });
  },
);

describe('row scope', () => {
  /** Who is outside the scope of each kind of record in `outside`. */
  const outsiders = (kind: ScopedKind): Principal[] => {
    const role = (id: number) => roles.get(id)!;
    switch (kind) {
      case 'property':
      case 'image':
        return [agentB, role(ROLE.Individual), scopeless];
      case 'seller':
        return [agentB, scopeless];
      case 'user':
        return [role(ROLE.Admin), role(ROLE.Operator)];
      case 'agency':
        return [agentB, role(ROLE.Individual)];
      case 'notification':
        return [...roles.values(), agentB, scopeless].filter(
          (p) => p.userId !== role(ROLE.SuperAdmin).userId,
        );
    }
  };
  const scoped = calls
    .map((call) => ({ call, kinds: [...scopedKindsOf(call)] }))
    .filter((c) => c.kinds.length > 0);

  it('covers the calls that take the id of a property, image, seller, user or notification', () => {
    expect(scoped.map((c) => c.call.name)).toEqual(
      expect.arrayContaining(['GetPropertyById', 'updateproperty', 'getSellerById', 'deleteNotification']),
    );
  });

  it.each(scoped.map(({ call, kinds }) => ({ name: call.name, call, kinds })))(
    '$name answers $kinds outside the caller’s scope as not found, and changes nothing',
    async ({ call, kinds }) => {
      const route = routesOf(call)[0]!;
      const who = outsiders(kinds[0]!).filter(
        (p) => permits(call.access, p.grants) && kinds.every((k) => outsiders(k).includes(p)),
      );
      expect(who.length, 'no outsider holds the permission: add one').toBeGreaterThan(0);
      for (const outsider of who) {
        const before = await snapshot(outside);
        await watch.mark();
        const res = await send(route, outsider.token, refusedInput(route, outside, directory));
        expect(res.statusCode, `${outsider.name}: ${res.body}`).toBe(OUTSIDE_ANSWER[call.name] ?? 404);
        expect(await writesOf(route), outsider.name).toEqual([]);
        expect(await snapshot(outside), outsider.name).toEqual(before);
      }
    },
  );
});

describe('a role made Inactive', () => {
  it('takes its permissions away from its users at once', async () => {
    const { token } = await t.signedIn(ROLE.Operator);
    expect((await t.call(token, { method: 'GET', url: '/api/webGetRoles' })).statusCode).toBe(200);
    await t.db.updateTable('roles').set({ status: 'Inactive' }).where('id', '=', ROLE.Operator).execute();
    expect((await t.call(token, { method: 'GET', url: '/api/webGetRoles' })).statusCode).toBe(403);
    await t.db.updateTable('roles').set({ status: 'Active' }).where('id', '=', ROLE.Operator).execute();
  });
});

describe('a custom role ranks below the role of its maker (issue 18: an Admin taking over another Admin)', () => {
  const TAKEOVER = 'takeover@attacker.example';
  const HELPER_GRANTS: Permission[] = [
    'Users',
    'Edit User',
    'ChangeStatusofAdmin',
    'Delete User',
    'Add User',
    'Role Permissions',
    'Add Role',
    'Edit Role',
  ];
  let admin: Principal;
  let superAdmin: Principal;
  let helper: Principal; // signed in through the welcome link the Admin had mailed to its own address
  let helperRole: number;
  let victim: number; // another Admin
  const userRow = (id: number) =>
    t.db.selectFrom('users').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
  const grantsRows = (roleId: number) =>
    t.db
      .selectFrom('role_permissions')
      .select('permission_id')
      .where('role_id', '=', roleId)
      .orderBy('permission_id')
      .execute();
  const permissionIds = async (names: Permission[]) =>
    (await t.db.selectFrom('permissions').select('id').where('name', 'in', names).execute()).map((r) => r.id);
  const roleNamed = async (name: string) =>
    (await t.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const get = (token: string, call: string, input: Input) =>
    t.call(token, { method: 'GET', url: `/api/${call}?${toQuery(input)}` });
  const postAs = (token: string, call: string, payload: object) =>
    t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  /** A user of the role, made through the user form; signs in through the mailed welcome link. */
  async function userThroughForm(maker: Principal, roleId: number, email: string): Promise<Principal> {
    const agentRecord = inScope.get(admin)!.userRecord;
    const made = await postAs(maker.token, 'SaveUser', {
      ...agentRecord,
      user_id: undefined,
      first_name: 'Helpful',
      last_name: 'Person',
      role_id: roleId,
      user_email: email,
      user_status: 'Active',
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = /reset-password\?token=([\w-]+)/.exec(await t.mailTo(email, 'reset-password'))![1]!;
    const reset = await postAs('', 'reset_password', {
      token,
      new_password: 'Attack3r!pass',
      confirm_password: 'Attack3r!pass',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    return {
      name: `user of role ${roleId}`,
      token: await t.login(email, 'Attack3r!pass'),
      userId: made.json().user_id,
      email,
      grants: await grantsOf(roleId),
    };
  }

  beforeAll(async () => {
    admin = roles.get(ROLE.Admin)!;
    superAdmin = roles.get(ROLE.SuperAdmin)!;
    victim = await t.createUser(ROLE.Admin, 'victim.admin@example.ph');
    const { province_id, town_id, barangay_id } = directory.place;
    await t.db
      .updateTable('users')
      .set({
        last_name: 'Victim',
        phone_1: '09170000002',
        house_number: '2',
        street_name: 'Rizal Street',
        province_id,
        town_id,
        barangay_id,
        zip_code: '1209',
      })
      .where('user_id', '=', victim)
      .execute();
    // The attack as reported: every step the Admin takes is its right.
    await post(admin.token, 'webSaveRole', { roleName: 'Helper' });
    helperRole = await roleNamed('Helper');
    await post(admin.token, 'webAssignPermissionRoleWise', {
      roleId: helperRole,
      permissionId: await permissionIds(HELPER_GRANTS),
    });
    helper = await userThroughForm(admin, helperRole, 'helper@attacker.example');
  });

  it('the Helper neither reads, edits, deactivates nor deletes an Admin or a Super Admin', async () => {
    const victimRecord = (await get(superAdmin.token, 'GetUserById', { user_id: victim })).json()
      .resultData[0] as Input;
    for (const target of [victim, superAdmin.userId]) {
      const before = await userRow(target);
      await watch.mark();
      const read = await get(helper.token, 'GetUserById', { user_id: target });
      expect(read.statusCode, read.body).toBe(404);
      const edit = await postAs(helper.token, 'UpdateUser', {
        ...victimRecord,
        user_id: target,
        user_email: TAKEOVER,
      });
      expect(edit.statusCode, edit.body).toBe(404);
      for (const [call, payload] of [
        ['changeUserStatus', { user_id: target, status: 'Inactive' }],
        ['deleteUser', { user_id: target }],
      ] as const) {
        const res = await postAs(helper.token, call, payload);
        expect(res.statusCode, `${call}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
      expect(await watch.writes()).toEqual([]);
      expect(await userRow(target)).toEqual(before);
    }
    // So no reset link can be asked for the Admin at an address the attacker reads.
    expect(
      await t.db.selectFrom('users').select('user_id').where('user_email', '=', TAKEOVER).execute(),
    ).toEqual([]);
    // Account details are always the caller's own.
    const details = await get(helper.token, 'webGetAccountDetails', { user_id: victim });
    expect(details.json().resultData[0].user_id).toBe(helper.userId);
  });

  it('lists to each only the users of roles below its own, and itself', async () => {
    const listed = async (who: Principal, call: string) => {
      const res = await get(who.token, call, { itemsPerPage: 50 });
      expect(res.statusCode, res.body).toBe(200);
      const { total, data } = res.json().resultData as { total: number; data: { user_id: number }[] };
      expect(total).toBeLessThanOrEqual(50);
      return data.map((r) => r.user_id);
    };
    const agent = roles.get(ROLE.Agent)!;
    const waiting = outside.user;
    const helperSees = await listed(helper, 'GetUser');
    expect(helperSees).toEqual(expect.arrayContaining([helper.userId, agent.userId]));
    expect(helperSees).not.toContain(victim);
    expect(helperSees).not.toContain(admin.userId);
    expect(helperSees).not.toContain(superAdmin.userId);
    const adminSees = await listed(admin, 'GetUser');
    expect(adminSees).toEqual(expect.arrayContaining([admin.userId, helper.userId, agent.userId]));
    expect(adminSees).not.toContain(victim);
    expect(adminSees).not.toContain(superAdmin.userId);
    expect(await listed(admin, 'GetNewUser')).not.toContain(waiting);
    expect(await listed(superAdmin, 'GetUser')).toEqual(
      expect.arrayContaining([superAdmin.userId, admin.userId, victim, helper.userId]),
    );
    expect(await listed(superAdmin, 'GetNewUser')).toContain(waiting);
  });

  it('the Helper creates no user of a role at or above its own, and is offered only roles below it', async () => {
    const agentRecord = inScope.get(admin)!.userRecord;
    await watch.mark();
    for (const roleId of [ROLE.Admin, helperRole]) {
      const res = await postAs(helper.token, 'SaveUser', {
        ...agentRecord,
        user_id: undefined,
        role_id: roleId,
        user_email: TAKEOVER,
      });
      expect(res.statusCode, `${roleId}: ${res.body}`).toBe(403);
    }
    expect(await watch.writes()).toEqual([]);
    const offered = async (who: Principal) => {
      const res = await get(who.token, 'webGetRolesWithoutPagination', {});
      const rows = res.json().resultData as { id: number; assignable: boolean }[];
      return new Map(rows.map((r) => [r.id, r.assignable]));
    };
    // The Helper holds only ChangeStatusofAdmin among the status permissions: nothing it may assign.
    const byHelper = await offered(helper);
    expect([ROLE.SuperAdmin, ROLE.Admin, helperRole].map((id) => byHelper.get(id))).toEqual([
      false,
      false,
      false,
    ]);
    const byAdmin = await offered(admin);
    expect(
      [ROLE.SuperAdmin, ROLE.Admin, helperRole, ROLE.Agent, ROLE.Operator].map((id) => byAdmin.get(id)),
    ).toEqual([false, false, true, true, true]);
    // Spec 1: the user-type list hides the current role, so a Super Admin is not offered Super Admin.
    const bySuperAdmin = await offered(superAdmin);
    expect([ROLE.SuperAdmin, ROLE.Admin, helperRole].map((id) => bySuperAdmin.get(id))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('nobody grants permissions to, renames or deletes a role at or above their own; a Super Admin does', async () => {
    const adminGrants = await grantsRows(ROLE.Admin);
    const same = adminGrants.map((g) => g.permission_id);
    const superGrants = await grantsRows(ROLE.SuperAdmin);
    const refusals: [Principal, string, Input][] = [
      [admin, 'webAssignPermissionRoleWise', { roleId: ROLE.Admin, permissionId: same }],
      [admin, 'webAssignPermissionRoleWise', { roleId: ROLE.Admin, permissionId: same.slice(1) }],
      [admin, 'webAssignPermissionRoleWise', { roleId: ROLE.SuperAdmin, permissionId: [] }],
      [admin, 'webUpdateRole', { roleId: ROLE.Admin, roleName: 'Admin', isRoleActive: 'Inactive' }],
      [admin, 'webUpdateRole', { roleId: ROLE.SuperAdmin, roleName: 'Boss', isRoleActive: 'Active' }],
      [admin, 'webDeleteRoles', { roleId: ROLE.Admin }],
      [helper, 'webAssignPermissionRoleWise', { roleId: helperRole, permissionId: [] }],
      [helper, 'webAssignPermissionRoleWise', { roleId: ROLE.Admin, permissionId: same }],
      [helper, 'webUpdateRole', { roleId: helperRole, roleName: 'Helper', isRoleActive: 'Active' }],
    ];
    await watch.mark();
    for (const [who, call, payload] of refusals) {
      const res = await postAs(who.token, call, payload);
      expect(res.statusCode, `${who.name} ${call} ${JSON.stringify(payload)}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await watch.writes()).toEqual([]);
    expect(await grantsRows(ROLE.Admin)).toEqual(adminGrants);
    expect(await grantsRows(ROLE.SuperAdmin)).toEqual(superGrants);

    // A role the Helper makes ranks below the Helper's: the Helper may give it what it holds.
    await post(helper.token, 'webSaveRole', { roleName: 'Helper Two' });
    const helperTwo = await roleNamed('Helper Two');
    await post(helper.token, 'webAssignPermissionRoleWise', {
      roleId: helperTwo,
      permissionId: await permissionIds(['Users']),
    });
    // The Super Admin still manages the Admin role and the Admins.
    await post(superAdmin.token, 'webAssignPermissionRoleWise', { roleId: ROLE.Admin, permissionId: same });
    await post(superAdmin.token, 'webUpdateRole', {
      roleId: ROLE.Admin,
      roleName: 'Admin',
      isRoleActive: 'Active',
    });
    const record = await get(superAdmin.token, 'GetUserById', { user_id: victim });
    expect(record.statusCode, record.body).toBe(200);
    await post(superAdmin.token, 'UpdateUser', { ...record.json().resultData[0], user_id: victim });
    await post(superAdmin.token, 'changeUserStatus', { user_id: victim, status: 'Inactive', reason: 'Left' });
  });

  it('a role a Super Admin makes ranks below Admin: its holder approves no Super Admin', async () => {
    await post(superAdmin.token, 'webSaveRole', { roleName: 'Approver' });
    const approverRole = await roleNamed('Approver');
    await post(superAdmin.token, 'webAssignPermissionRoleWise', {
      roleId: approverRole,
      permissionId: await permissionIds(['ChangeStatusofSuperuser', 'ChangeStatusofAdmin', 'Approve User']),
    });
    const approver = await userThroughForm(superAdmin, approverRole, 'approver@example.ph');
    const waiting = outside.user;
    const before = await userRow(waiting);
    await watch.mark();
    for (const [call, payload] of [
      ['sendVerifyOTP', { user_id: waiting }],
      ['WebVerifyOTP', { user_id: waiting, verify_otp: '123456' }],
      ['changeUserStatus', { user_id: waiting, status: 'Active' }],
      ['changeUserStatus', { user_id: admin.userId, status: 'Inactive' }],
    ] as const) {
      const res = await postAs(approver.token, call, payload);
      expect(res.statusCode, `${call}: ${res.body}`).toBe(403);
    }
    expect(await watch.writes()).toEqual([]);
    expect(await userRow(waiting)).toEqual(before);
  });
});
