import http from 'node:http';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TYPES,
  ROLE,
  UNREAD_POPUP_LIMIT,
  type Notification,
  type NotificationEvent,
} from '@app/contract';
import { anotherInstance, createTestApp, planWithoutTableScans, type TestApp } from './helpers.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  place,
  propertyIdOf,
  type Place,
} from './entity-fixtures.ts';
import { fanOutNotifications } from '../src/lib/notifications.ts';
import { purgeReadNotifications } from '../src/lib/notification-retention.ts';
import { LISTENER_NAME } from '../src/lib/notification-hub.ts';
import { notificationMatches } from '../src/lib/notification-reads.ts';
import { seedDemoUsers } from '../src/db/seed/index.ts';
import { propertyForm as lotForSale } from './process-fixtures.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;

let t: TestApp;
let p: Place;
let agencyA: number;
let agencyB: number;
let associations: number[];
let brokerId: number;
// Everyone who could hear of something; `inactive*` never hear of anything.
let superAdmin: Signed;
let superAdmin2: Signed;
let admin: Signed;
let operator: Signed; // holds Approve User by default, but no ChangeStatusof… permission
let approver: Signed; // a custom role granted Approve User and ChangeStatusofAgent
let agentA: Signed;
let agentA2: Signed;
let ownerAgentA: Signed;
let agentB: Signed;
let ownerAgentB: Signed;
let individual: Signed;
let inactiveAdmin: number;
let inactiveAgentA: number;

const get = (url: string, token: string) => t.call(token, { method: 'GET', url: `/api/${url}` });
const post = (call: string, payload: object, token: string) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Record<string, unknown>;
};

const setAgency = (userId: number, agencyId: number) =>
  t.db.updateTable('users').set({ associated_agency_id: agencyId }).where('user_id', '=', userId).execute();

/** Who received notifications whose subject is `subject`, sorted. */
async function recipientsOf(subject: string) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('user_id')
    .where('notification_subject', '=', subject)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
const ids = (...users: (Signed | number)[]) =>
  users.map((u) => (typeof u === 'number' ? u : u.userId)).sort((a, b) => a - b);
const nameOf = async (userId: number) => {
  const u = await t.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${u.first_name} ${u.last_name}`;
};
/** The events waiting to be written out (decisions 58, 118, 119). */
const queued = () => t.db.selectFrom('notification_fan_outs').select('fan_out_id').execute();
const notificationCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM notifications`.execute(t.db)).rows[0]!.n);

let emails = 0;
const userForm = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Maria',
  last_name: 'Santos',
  role_id: ROLE.Agent,
  user_email: `maria${++emails}@agents.ph`,
  phone_1: '09171234567',
  house_number: '5',
  street_name: 'Mabini St',
  province_id: p.province_id,
  town_id: p.town_id,
  barangay_id: p.barangay_id,
  zip_code: '1209',
  re_license: 'PRC-12345',
  associated_agency_id: agencyA,
  associated_broker_id: String(brokerId),
  user_skills: '',
  user_status: 'New',
  ...overrides,
});

const propertyForm = (name: string, overrides: Record<string, unknown> = {}) => ({
  ...lotForSale(p, name),
  ...overrides,
});
const propertyId = (name: string) => propertyIdOf(t, name);
const updateProperty = async (id: number, changes: Record<string, unknown>, token: string) => {
  const record = ((await get(`GetPropertyById?id=${id}`, token)).json() as { resultData: object[] })
    .resultData[0];
  return post('updateproperty', { ...record, ...changes }, token);
};

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.signedIn(ROLE.SuperAdmin);
  p = await place(t, 'Cebu');
  for (const name of ['Agency A', 'Agency B'])
    await ok(post('saveagency', agencyPayload(p, name), superAdmin.token));
  [agencyA, agencyB] = (
    await t.db.selectFrom('agencies').select('agency_id').orderBy('agency_id').execute()
  ).map((a) => a.agency_id) as [number, number];
  for (const name of ['Assoc One', 'Assoc Two'])
    await ok(post('savebrokerassociation', associationPayload(p, name), superAdmin.token));
  associations = (
    await t.db
      .selectFrom('broker_associations')
      .select('broker_association_id')
      .orderBy('broker_association_id')
      .execute()
  ).map((a) => a.broker_association_id);
  await ok(post('savebroker', brokerPayload(p, 'Broker One', [associations[0]!]), superAdmin.token));
  brokerId = (await t.db.selectFrom('brokers').select('broker_id').executeTakeFirstOrThrow()).broker_id;

  superAdmin2 = await t.signedIn(ROLE.SuperAdmin);
  admin = await t.signedIn(ROLE.Admin);
  operator = await t.signedIn(ROLE.Operator);
  const role = await t.db
    .insertInto('roles')
    .values({ name: 'Approvers', status: 'Active', created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${role.id}, id FROM permissions WHERE name IN ('Approve User', 'ChangeStatusofAgent', 'Notification')`.execute(
    t.db,
  );
  approver = await t.signedIn(role.id);
  agentA = await t.signedIn(ROLE.Agent);
  agentA2 = await t.signedIn(ROLE.Agent);
  ownerAgentA = await t.signedIn(ROLE.OwnerAgent);
  agentB = await t.signedIn(ROLE.Agent);
  ownerAgentB = await t.signedIn(ROLE.OwnerAgent);
  individual = await t.signedIn(ROLE.Individual);
  inactiveAdmin = await t.createUser(ROLE.Admin, undefined, 'Inactive');
  inactiveAgentA = await t.createUser(ROLE.OwnerAgent, undefined, 'Inactive');
  for (const u of [agentA, agentA2, ownerAgentA, inactiveAgentA])
    await setAgency(typeof u === 'number' ? u : u.userId, agencyA);
  for (const u of [agentB, ownerAgentB]) await setAgency(u.userId, agencyB);
  await t.db
    .insertInto('user_brokers')
    .values([agentB.userId, inactiveAgentA].map((user_id) => ({ user_id, broker_id: brokerId })))
    .execute();
});
afterAll(() => t.close());

describe('events notify exactly their recipients, in the transaction of the change', () => {
  it("a new user, just after the save: those who may change the user's status; not the actor, the user or Inactive users", async () => {
    const res = await ok(post('SaveUser', userForm({ first_name: 'Rosa', last_name: 'Lim' }), admin.token));
    const subject = `Rosa Lim (Agent) was created by ${await nameOf(admin.userId)}`;
    // The Operator holds Approve User but not ChangeStatusofAgent: approving Rosa is not theirs (decision 85).
    await expect.poll(() => recipientsOf(subject)).toEqual(ids(superAdmin, superAdmin2, approver));
    const row = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('notification_subject', '=', subject)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      notification_type: NOTIFICATION_TYPES.userCreated.type,
      notification_status: 'Active',
      entity: 'user',
      entity_id: res.user_id,
      created_by: admin.userId,
      read_at: null,
    });
    expect(ids(inactiveAdmin)).not.toContain(row.user_id);
  });

  it('a new user made by a Super Admin reaches the Admins; one of a role nobody else may approve, only Super Admins', async () => {
    await ok(post('SaveUser', userForm({ first_name: 'Tala', last_name: 'Cruz' }), superAdmin.token));
    const subject = `Tala Cruz (Agent) was created by ${await nameOf(superAdmin.userId)}`;
    await expect.poll(() => recipientsOf(subject)).toEqual(ids(superAdmin2, admin, approver));
    // An Individual: the approver role lacks ChangeStatusofIndividual, and the Operator every status one.
    await ok(
      post(
        'SaveUser',
        userForm({ first_name: 'Ines', last_name: 'Solo', role_id: ROLE.Individual }),
        superAdmin.token,
      ),
    );
    const individualSubject = `Ines Solo (Individual) was created by ${await nameOf(superAdmin.userId)}`;
    await expect.poll(() => recipientsOf(individualSubject)).toEqual(ids(superAdmin2, admin));
  });

  it('new listings of one agency saved at once through two processes: each of its people hears of each once, as of its save', async () => {
    const c = await anotherInstance(t);
    try {
      const names = Array.from({ length: 4 }, (_, i) => `Townhouse ${'abcd'[i]} in Banilad`);
      const saved = await Promise.all(
        names.map((name, i) =>
          (i % 2 ? c.app : t.app).inject({
            method: 'POST',
            url: '/api/saveproperty',
            payload: propertyForm(name),
            headers: { authorization: `Bearer ${agentA2.token}` },
          }),
        ),
      );
      expect(saved.map((r) => r.statusCode)).toEqual(names.map(() => 200));
      // agentA2's own listings: the admins and agency A's other Active agents, never agentA2.
      const told = ids(superAdmin, superAdmin2, admin, agentA, ownerAgentA);
      const actor = await nameOf(agentA2.userId);
      for (const name of names)
        await expect.poll(() => recipientsOf(`${name} was listed by ${actor}`)).toEqual(told);
      const { rows } = await sql<{ n: number; asOfSave: boolean }>`SELECT count(*)::int AS n,
          bool_and(n.created_at = p.created_at) AS "asOfSave"
        FROM notifications n JOIN properties p ON p.property_id = n.entity_id
        WHERE n.entity = 'property' AND n.notification_subject LIKE 'Townhouse % in Banilad was listed by %'`.execute(
        t.db,
      );
      expect(rows[0]).toEqual({ n: names.length * told.length, asOfSave: true });
      expect(await queued()).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('bulk status changes of one agency through two processes at once: each person hears of each action once, as of its save', async () => {
    const names = Array.from({ length: 4 }, (_, i) => `Duplex ${'abcd'[i]} in Talamban`);
    await t.db
      .updateTable('users')
      .set({ open_property_limit: 99 })
      .where('user_id', '=', agentA2.userId)
      .execute();
    for (const name of names) await ok(post('saveproperty', propertyForm(name), agentA2.token));
    const listings = await Promise.all(names.map(propertyId));
    const c = await anotherInstance(t);
    try {
      const pairs = [listings.slice(0, 2), listings.slice(2)];
      const changed = await Promise.all(
        pairs.map((pair, i) =>
          (i % 2 ? c.app : t.app).inject({
            method: 'POST',
            url: '/api/bulkPropertyStatus',
            payload: { ids: pair, status: 'Pending' },
            headers: { authorization: `Bearer ${agentA2.token}` },
          }),
        ),
      );
      expect(changed.map((r) => r.statusCode)).toEqual([200, 200]);
      // One digest per action to each of the listings' people (after its commit, decision 119).
      const told = ids(superAdmin, superAdmin2, admin, agentA, ownerAgentA);
      const digest = `2 listings: status changed to Pending by ${await nameOf(agentA2.userId)}`;
      await expect.poll(() => recipientsOf(digest)).toEqual(told.flatMap((id) => [id, id]));
      const { rows } = await sql<{ entity_id: number; n: number; asOfSave: boolean }>`SELECT n.entity_id,
          count(*)::int AS n, bool_and(n.created_at = p.date_last_status_change) AS "asOfSave"
        FROM notifications n JOIN properties p ON p.property_id = n.entity_id
        WHERE n.notification_subject = ${digest} GROUP BY n.entity_id ORDER BY n.entity_id`.execute(t.db);
      expect(rows).toEqual(pairs.map((pair) => ({ entity_id: pair[0], n: told.length, asOfSave: true })));
      expect(await queued()).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('new users saved at once through two processes: each recipient hears of each once, as of its save', async () => {
    const c = await anotherInstance(t);
    try {
      const names = Array.from({ length: 8 }, (_, i) => `Batch${'abcdefgh'[i]}`);
      const saved = await Promise.all(
        names.map((first_name, i) =>
          (i % 2 ? c.app : t.app).inject({
            method: 'POST',
            url: '/api/SaveUser',
            payload: userForm({ first_name, last_name: 'Together' }),
            headers: { authorization: `Bearer ${admin.token}` },
          }),
        ),
      );
      expect(saved.map((r) => r.statusCode)).toEqual(names.map(() => 200));
      const told = ids(superAdmin, superAdmin2, approver);
      const actor = await nameOf(admin.userId);
      for (const first of names)
        await expect
          .poll(() => recipientsOf(`${first} Together (Agent) was created by ${actor}`))
          .toEqual(told);
      // Dated as of the save (its transaction's time, the user's created_at), not of their writing.
      const { rows } = await sql<{ n: number; asOfSave: boolean }>`SELECT count(*)::int AS n,
          bool_and(n.created_at = u.created_at) AS "asOfSave"
        FROM notifications n JOIN users u ON u.user_id = n.entity_id
        WHERE n.notification_subject LIKE '% Together (Agent) was created by %'`.execute(t.db);
      expect(rows[0]).toEqual({ n: names.length * told.length, asOfSave: true });
      expect(await queued()).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('an event whose writing out fails stays queued and is written once at the next try', async () => {
    const event = await t.db
      .insertInto('notification_fan_outs')
      .values({
        kind: 'userCreated',
        subject: 'Left Waiting (Agent) was created by someone',
        entity: 'user',
        entity_id: individual.userId,
        actor: admin.userId,
        exclude: [operator.userId],
        created_at: new Date('2026-01-02T03:04:05Z'),
      })
      .returning('fan_out_id')
      .executeTakeFirstOrThrow();
    await sql`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'stopped in the middle'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(t.db);
    try {
      await expect(fanOutNotifications(t.db)).rejects.toThrow('stopped in the middle');
    } finally {
      await sql`DROP FUNCTION refuse() CASCADE`.execute(t.db);
    }
    const still = await queued();
    expect(still.map((r) => r.fan_out_id)).toContain(event.fan_out_id);

    await fanOutNotifications(t.db);
    const rows = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'created_at'])
      .where('notification_subject', '=', 'Left Waiting (Agent) was created by someone')
      .orderBy('user_id')
      .execute();
    // Of an Individual: the approver's role may change Agents' status only.
    expect(rows.map((r) => r.user_id)).toEqual(ids(superAdmin, superAdmin2));
    expect(rows.map((r) => r.created_at.toISOString())).toEqual(rows.map(() => '2026-01-02T03:04:05.000Z'));
    expect(await fanOutNotifications(t.db)).toBe(0);
  });

  it('an event of a kind this version does not write stays queued for the version that does', async () => {
    const later = await t.db
      .insertInto('notification_fan_outs')
      .values({
        kind: 'aLaterVersionsKind',
        subject: 'Later',
        entity: 'user',
        entity_id: 1,
        actor: 1,
        exclude: [],
      })
      .returning('fan_out_id')
      .executeTakeFirstOrThrow();
    try {
      expect(await fanOutNotifications(t.db)).toBe(0);
      expect(await queued()).toEqual([later]);
    } finally {
      await t.db.deleteFrom('notification_fan_outs').execute();
    }
  });

  it('a failing save leaves no notification behind', async () => {
    await ok(post('saveproperty', propertyForm('Refused Changes'), agentA.token));
    const listed = await propertyId('Refused Changes');
    // Fails at COMMIT, after the user and its notifications were written in the same transaction.
    await sql`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`.execute(t.db);
    await sql`CREATE CONSTRAINT TRIGGER refuse_users AFTER INSERT ON users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(t.db);
    await sql`CREATE CONSTRAINT TRIGGER refuse_properties AFTER INSERT OR UPDATE ON properties
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(t.db);
    await expect.poll(queued).toEqual([]);
    try {
      const before = await notificationCount();
      const res = await post('SaveUser', userForm({ first_name: 'Never' }), admin.token);
      expect(res.statusCode).toBe(500);
      const listing = await post('saveproperty', propertyForm('Never Listed'), agentA.token);
      expect(listing.statusCode).toBe(500);
      const changed = await updateProperty(listed, { status: 'Sold' }, superAdmin.token);
      expect(changed.statusCode).toBe(500);
      const bulk = await post('bulkPropertyStatus', { ids: [listed], status: 'Pending' }, superAdmin.token);
      expect(bulk.statusCode).toBe(500);
      // Nothing written, and nothing queued to be written after: the events went with their saves.
      expect(await queued()).toEqual([]);
      expect(await notificationCount()).toBe(before);
    } finally {
      await sql`DROP FUNCTION refuse() CASCADE`.execute(t.db);
    }
  });

  it('a listing, just after the save: admins, its owner, agents and its agency’s agents; not another agency, the actor or Inactive users', async () => {
    await ok(
      post(
        'saveproperty',
        propertyForm('Bungalow in Lahug', { agent_id: agentA2.userId, secondary_agent_id: agentB.userId }),
        agentA.token,
      ),
    );
    const subject = `Bungalow in Lahug was listed by ${await nameOf(agentA.userId)}`;
    await expect
      .poll(() => recipientsOf(subject))
      .toEqual(
        // agentB is there as agent 2, not for being an agent; ownerAgentB of agency B is not.
        ids(superAdmin, superAdmin2, admin, agentA2, ownerAgentA, agentB),
      );
    const row = await t.db
      .selectFrom('notifications')
      .select(['notification_type', 'entity', 'entity_id'])
      .where('notification_subject', '=', subject)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      notification_type: 'New Property Enlisted',
      entity: 'property',
      entity_id: await propertyId('Bungalow in Lahug'),
    });
  });

  it('a listing’s status or details changing: the same people; one notification per save', async () => {
    await ok(post('saveproperty', propertyForm('Lot in Mandaue'), individual.token));
    const id = await propertyId('Lot in Mandaue');
    // An Individual's listing has no agency: admins only.
    const lotListed = `Lot in Mandaue was listed by ${await nameOf(individual.userId)}`;
    await expect.poll(() => recipientsOf(lotListed)).toEqual(ids(superAdmin, superAdmin2, admin));
    await ok(
      updateProperty(id, { status: 'Pending', property_headline: 'Now with a fence' }, superAdmin.token),
    );
    // After the save's commit (decision 119).
    const status = `Lot in Mandaue: status Open → Pending, changed by ${await nameOf(superAdmin.userId)}`;
    await expect.poll(() => recipientsOf(status)).toEqual(ids(superAdmin2, admin, individual));
    expect(
      await t.db
        .selectFrom('notifications')
        .select('notification_type')
        .where('entity', '=', 'property')
        .where('entity_id', '=', id)
        .where('created_by', '=', superAdmin.userId)
        .distinct()
        .execute(),
    ).toEqual([{ notification_type: 'Property Status Is Modified' }]);

    // Nothing changed: nothing to tell, nothing queued to tell after (once the queue is empty).
    await expect.poll(queued).toEqual([]);
    const before = await notificationCount();
    await ok(updateProperty(id, {}, superAdmin.token));
    expect(await queued()).toEqual([]);
    expect(await notificationCount()).toBe(before);

    const listed = await propertyId('Bungalow in Lahug');
    await ok(updateProperty(listed, { property_headline: 'Price reduced' }, agentA2.token));
    const details = `Bungalow in Lahug was modified by ${await nameOf(agentA2.userId)}`;
    await expect
      .poll(() => recipientsOf(details))
      .toEqual(ids(superAdmin, superAdmin2, admin, agentA, ownerAgentA, agentB));
    expect(
      (
        await t.db
          .selectFrom('notifications')
          .select('notification_type')
          .where('notification_subject', '=', details)
          .executeTakeFirstOrThrow()
      ).notification_type,
    ).toBe('Property Details Modified');
  });

  it('an agent’s brokers changing: admins, the agent and their agency’s Owner-Agents', async () => {
    const form = userForm({
      user_id: agentA.userId,
      user_email: agentA.email,
      first_name: 'Juan',
      last_name: 'Cruz',
      user_status: 'Active',
    });
    await ok(post('UpdateUser', form, admin.token));
    // After the save's commit (decision 121).
    const subject = `The brokers of Juan Cruz were changed by ${await nameOf(admin.userId)}`;
    await expect.poll(() => recipientsOf(subject)).toEqual(ids(superAdmin, superAdmin2, agentA, ownerAgentA));
    await expect.poll(queued).toEqual([]);
    const before = await notificationCount();
    await ok(post('UpdateUser', { ...form, phone_1: '09170000000' }, admin.token)); // same brokers
    expect(await queued()).toEqual([]);
    expect(await notificationCount()).toBe(before);
  });

  it('a broker’s associations changing: admins and the agents linked to the broker', async () => {
    const body = { ...brokerPayload(p, 'Broker One', associations), broker_id: brokerId };
    await ok(post('updatebroker', body, admin.token));
    const subject = `The broker associations of Broker One were changed by ${await nameOf(admin.userId)}`;
    // agentA got the broker through UpdateUser above; the Inactive agent linked to it hears nothing.
    await expect.poll(() => recipientsOf(subject)).toEqual(ids(superAdmin, superAdmin2, agentA, agentB));
    await expect.poll(queued).toEqual([]);
    const before = await notificationCount();
    await ok(post('updatebroker', { ...body, phone_2: '09170000001' }, admin.token));
    expect(await queued()).toEqual([]);
    expect(await notificationCount()).toBe(before);
  });
});

/** Inserts notifications for a user straight in the database, oldest first, one minute apart. */
async function seed(userId: number, subjects: string[], status: 'Active' | 'Inactive' = 'Active') {
  const rows = await t.db
    .insertInto('notifications')
    .values(
      subjects.map((subject, i) => ({
        user_id: userId,
        notification_type: NOTIFICATION_TYPES.propertyEnquiry.type,
        notification_subject: subject,
        notification_status: status,
        entity: null,
        entity_id: null,
        created_by: null,
        created_at: new Date(Date.now() - (subjects.length - i) * 60_000),
        read_at: status === 'Inactive' ? new Date() : null,
      })),
    )
    .returning('notification_id')
    .execute();
  return rows.map((r) => Number(r.notification_id));
}

type Page = { resultData: { data: Notification[]; total: number } };

describe('your notifications: only your own', () => {
  let reader: Signed;
  let other: Signed;
  let mine: number[];
  let theirs: number[];
  beforeAll(async () => {
    reader = await t.signedIn(ROLE.Operator);
    other = await t.signedIn(ROLE.Operator);
    mine = await seed(reader.userId, ['Enquiry on Alpha', 'Enquiry on Bravo', 'Enquiry on Charlie']);
    theirs = await seed(other.userId, ['Enquiry on Delta']);
  });

  it('the bell: newest unread first, with icon and count; user_id is ignored', async () => {
    const body = await ok(get(`unreadNotifications?user_id=${other.userId}`, reader.token));
    expect(body.count).toBe(3);
    const rows = body.resultData as Notification[];
    expect(rows.map((r) => r.notification_id)).toEqual([...mine].reverse());
    expect(rows[0]).toEqual({
      notification_id: mine[2],
      notification_type: 'Property Enquiry',
      notification_type_icon: 'mdi-email',
      notification_subject: 'Enquiry on Charlie',
      notification_status: 'Active',
      entity: null,
      entity_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('shows at most the popup limit, and counts them all', async () => {
    const many = await t.signedIn(ROLE.Operator);
    await seed(
      many.userId,
      Array.from({ length: UNREAD_POPUP_LIMIT + 5 }, (_, i) => `Enquiry ${i}`),
    );
    const body = await ok(get('unreadNotifications', many.token));
    expect([(body.resultData as unknown[]).length, body.count]).toEqual([
      UNREAD_POPUP_LIMIT,
      UNREAD_POPUP_LIMIT + 5,
    ]);
  });

  it("a search reads the recipient's words and types from one index, not every notification of theirs (migrations 0047, 0049)", async () => {
    // A rare phrase of common words ('lot 12') among a Super Admin's 2,000,000 notifications: walking
    // them took 3.4 s at ten million listings, the words of everyone's 66,000 candidates 0.96 s. A type
    // is one of ten phrases: asked for by equality, it is one key of the same index (decision 113).
    const [busy, crowd] = [await t.signedIn(ROLE.Operator), await t.signedIn(ROLE.Operator)];
    const { propertyListed, propertyEnquiry } = NOTIFICATION_TYPES;
    await sql`INSERT INTO notifications (user_id, notification_type, notification_subject)
      SELECT CASE WHEN g % 10 = 0 THEN ${busy.userId}::int ELSE ${crowd.userId}::int END,
        CASE WHEN g % 1000 = 0 THEN ${propertyEnquiry.type} ELSE ${propertyListed.type} END,
        (ARRAY['House', 'Lot', 'Condo'])[1 + g % 3] || ' in Town ' || g % 500 || ' was listed by Agent ' || g % 97
      FROM generate_series(1, 50000) g`.execute(t.db);
    // Statistics of every row, not of a sample of 30,000 that differs each run: the plans below then do not
    // change from one run to the next (one in several gave a walk of the dates instead).
    await t.db.connection().execute(async (c) => {
      await sql`SET default_statistics_target = 1000`.execute(c);
      await sql`VACUUM ANALYZE notifications`.execute(c);
      await sql`RESET default_statistics_target`.execute(c);
    });
    const planOf = (text: string) =>
      planWithoutTableScans(
        t.db,
        sql`SELECT n.notification_id FROM notifications n WHERE n.user_id = ${busy.userId}
          AND ${notificationMatches(`%${text}%`, text)}
          ORDER BY n.created_at DESC, n.notification_id DESC LIMIT 10`,
      );
    const indexReads = (plan: string) => [...plan.matchAll(/Index Scan on (\w+)/g)].map((m) => m[1]);
    const phrase = await planOf('lot 12 by');
    expect(indexReads(phrase)).toEqual(['notifications_recipient_words']);
    expect(phrase).toMatch(/Index Cond: \(\(user_id = \d+\) AND \(notification_subject ~~\* /);
    const type = await planOf('ENQUIR');
    expect(indexReads(type)).toEqual(['notifications_recipient_words', 'notifications_recipient_words']);
    expect(type).toMatch(
      /Index Cond: \(\(user_id = \d+\) AND \(notification_type = 'Property Enquiry'::text\)\)/,
    );

    const search = async (text: string) =>
      (
        (await ok(
          get(`getNotification?searchText=${encodeURIComponent(text)}`, busy.token),
        )) as unknown as Page
      ).resultData;
    const town = await search('town 120 was');
    expect(town.total).toBe(100);
    expect(town.data.every((r) => r.notification_subject.includes('Town 120 was'))).toBe(true);
    // Part of a type's phrase, in either case, finds that type; a wildcard is a character like any other.
    const enquiries = await search('ENQUIR');
    expect(enquiries.total).toBe(50);
    expect(new Set(enquiries.data.map((r) => r.notification_type))).toEqual(new Set([propertyEnquiry.type]));
    expect((await search('property enlisted')).total).toBe(4950);
    expect((await search('Property%Enquiry')).total).toBe(0);
    expect((await search('New_Property')).total).toBe(0);
  });

  it('the list: paged, newest first by default, desc and asc opposite, searchable; user_id is ignored', async () => {
    const list = async (query: string) =>
      ((await ok(get(`getNotification?${query}`, reader.token))) as unknown as Page).resultData;
    const desc = await list(`sortColumn=created_at&sortOrder=desc&user_id=${other.userId}`);
    expect(desc.data.map((r) => r.notification_id)).toEqual([...mine].reverse());
    expect(desc.total).toBe(3);
    expect((await list('')).data.map((r) => r.notification_id)).toEqual([...mine].reverse());
    expect((await list('sortColumn=created_at&sortOrder=asc')).data.map((r) => r.notification_id)).toEqual(
      mine,
    );
    const found = await list('searchText=bravo');
    expect(found.data.map((r) => r.notification_subject)).toEqual(['Enquiry on Bravo']);
    expect((await list('searchText=enquiry')).total).toBe(3);
    expect((await list('searchText=delta')).total).toBe(0);
    expect((await list('itemsPerPage=7&page=2')).data).toEqual([]);
    for (const column of [
      'notification_type',
      'notification_subject',
      'notification_status',
      'notification_id',
    ])
      for (const order of ['asc', 'desc'])
        expect((await list(`sortColumn=${column}&sortOrder=${order}`)).total).toBe(3);
  });

  it('exports your list with ID, Type, Subject, Status, Date', async () => {
    await ok(post('setNotificationStatus', { Id: mine[0], status: 'Inactive' }, reader.token));
    const res = await get('getNotification/export?sortOrder=asc', reader.token);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(
      /filename="Notifications_\d\d-\d\d-\d{4}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Notifications');
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['ID', 'Type', 'Subject', 'Status', 'Date']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      [mine[0], 'Property Enquiry', 'Enquiry on Alpha', 'Read'],
      [mine[1], 'Property Enquiry', 'Enquiry on Bravo', 'Unread'],
      [mine[2], 'Property Enquiry', 'Enquiry on Charlie', 'Unread'],
    ]);
    expect(rows[1]![5]).toBeInstanceOf(Date);
    await ok(post('setNotificationStatus', { Id: mine[0], status: 'Active' }, reader.token));
  });

  it('another user’s notification answers 404 to read, unread and delete, and stays as it was', async () => {
    for (const [call, body] of [
      ['setNotificationStatus', { Id: theirs[0], status: 'Inactive' }],
      ['setNotificationStatus', { Id: theirs[0], status: 'Active' }],
      ['deleteNotification', { Id: theirs[0] }],
      ['deleteNotification', { Id: 9_999_999_999_999 }],
    ] as const) {
      const res = await post(call, body, reader.token);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Notification not found' }]);
    }
    const row = await t.db
      .selectFrom('notifications')
      .select(['notification_status', 'read_at'])
      .where('notification_id', '=', String(theirs[0]))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ notification_status: 'Active', read_at: null });
    expect((await ok(get('unreadNotifications', other.token))).count).toBe(1);
    expect((await post('setNotificationStatus', { Id: 'x', status: 'Read' }, reader.token)).statusCode).toBe(
      400,
    );
    expect((await post('deleteNotification', { Id: 1e30 }, reader.token)).statusCode).toBe(400);
  });

  it('an id beyond what a number holds exactly says Too large on Id; one the bigint column may yet hold is not found', async () => {
    for (const Id of [1e20, '9007199254740993', 2 ** 63]) {
      for (const [call, body] of [
        ['setNotificationStatus', { Id, status: 'Inactive' }],
        ['deleteNotification', { Id }],
      ] as const) {
        const res = await post(call, body, reader.token);
        expect([res.statusCode, res.json().errors]).toEqual([400, { Id: 'Too large' }]);
      }
    }
    const beyondInteger = await post('deleteNotification', { Id: 2_147_483_648 }, reader.token);
    expect([beyondInteger.statusCode, beyondInteger.json()]).toEqual([
      404,
      { message: 'Notification not found' },
    ]);
  });

  it('reads, unreads, marks all read and deletes for good', async () => {
    const count = async () => (await ok(get('unreadNotifications', reader.token))).count;
    const readAt = async (id: number) =>
      (
        await t.db
          .selectFrom('notifications')
          .select('read_at')
          .where('notification_id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).read_at;
    expect(
      await ok(post('setNotificationStatus', { Id: mine[1], status: 'Inactive' }, reader.token)),
    ).toEqual({
      message: 'Notification marked as read',
    });
    expect(await count()).toBe(2);
    expect(await readAt(mine[1]!)).toBeInstanceOf(Date);
    expect(await ok(post('setNotificationStatus', { Id: mine[1], status: 'Active' }, reader.token))).toEqual({
      message: 'Notification marked as unread',
    });
    expect(await readAt(mine[1]!)).toBeNull();
    expect(await ok(post('markAllNotificationsRead', {}, reader.token))).toEqual({
      message: 'All notifications marked as read',
      count: 3,
    });
    expect(await count()).toBe(0);
    expect((await ok(get('unreadNotifications', other.token))).count).toBe(1);
    expect(await ok(post('deleteNotification', { Id: mine[2] }, reader.token))).toEqual({
      message: 'Notification deleted successfully',
    });
    const list = (await ok(get('getNotification', reader.token))) as unknown as Page;
    expect(list.resultData.data.map((r) => r.notification_id)).toEqual([mine[1], mine[0]]);
    expect((await post('deleteNotification', { Id: mine[2] }, reader.token)).statusCode).toBe(404);
  });

  it('two sessions at once: both mark it read, it keeps when it was first read; a delete beside a mark leaves it gone', async () => {
    const second = await t.login(reader.email);
    const [id] = await seed(reader.userId, ['Enquiry on Echo']);
    const readAt = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('read_at')
          .where('notification_id', '=', String(id))
          .executeTakeFirst()
      )?.read_at;
    await ok(post('setNotificationStatus', { Id: id, status: 'Inactive' }, reader.token));
    const first = await readAt();
    const marks = await Promise.all(
      [reader.token, second, reader.token, second].map((token) =>
        post('setNotificationStatus', { Id: id, status: 'Inactive' }, token),
      ),
    );
    expect(marks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await readAt()).toEqual(first);
    const [deleted, marked] = await Promise.all([
      post('deleteNotification', { Id: id }, reader.token),
      post('setNotificationStatus', { Id: id, status: 'Active' }, second),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect([200, 404]).toContain(marked.statusCode);
    expect(await readAt()).toBeUndefined();
  });

  it('is closed to roles without Notification / Delete Notification; the bell is open to every session', async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'No notifications', status: 'Active', created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await t.signedIn(role.id);
    expect((await get('getNotification', none.token)).statusCode).toBe(403);
    expect((await post('deleteNotification', { Id: mine[0] }, none.token)).statusCode).toBe(403);
    expect((await post('markAllNotificationsRead', {}, none.token)).statusCode).toBe(403);
    expect((await get('unreadNotifications', none.token)).statusCode).toBe(200);
  });
});

describe('retention', () => {
  it('purges read notifications older than the retention, in batches; keeps unread and recent ones', async () => {
    const user = await t.createUser(ROLE.Operator);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const rows = [
      { subject: 'old read', status: 'Inactive', read_at: days(200), created_at: days(300) },
      { subject: 'old read, no time', status: 'Inactive', read_at: null, created_at: days(200) },
      { subject: 'recently read', status: 'Inactive', read_at: days(10), created_at: days(300) },
      { subject: 'old unread', status: 'Active', read_at: null, created_at: days(400) },
      { subject: 'new read', status: 'Inactive', read_at: days(1), created_at: days(2) },
    ] as const;
    await t.db
      .insertInto('notifications')
      .values(
        rows.map((r) => ({
          user_id: user,
          notification_type: 'Property Enquiry',
          notification_subject: r.subject,
          notification_status: r.status,
          entity: null,
          entity_id: null,
          created_by: null,
          created_at: r.created_at,
          read_at: r.read_at,
        })),
      )
      .execute();
    expect(t.config.notificationRetentionDays).toBe(180);
    expect(await purgeReadNotifications(t.db, 180, 1)).toBe(2);
    const left = await t.db
      .selectFrom('notifications')
      .select('notification_subject')
      .where('user_id', '=', user)
      .orderBy('notification_subject')
      .execute();
    expect(left.map((r) => r.notification_subject)).toEqual(['new read', 'old unread', 'recently read']);
    expect(await purgeReadNotifications(t.db, 180)).toBe(0);
  });
});

/** An open event stream: its status, and the events as they come. */
function openStream(base: string, token?: string) {
  return new Promise<{
    status: number;
    contentType: string;
    next(match: (e: NotificationEvent) => boolean, ms?: number): Promise<NotificationEvent>;
    received: NotificationEvent[];
    ended: Promise<void>;
    close(): void;
  }>((resolve, reject) => {
    const received: NotificationEvent[] = [];
    let cursor = 0;
    let buffer = '';
    const req = http.get(
      `${base}/api/notifications/stream`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        res.setEncoding('utf8');
        const ended = new Promise<void>((done) => res.on('close', () => done()));
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop()!;
          for (const block of blocks)
            for (const line of block.split('\n'))
              if (line.startsWith('data: ')) received.push(JSON.parse(line.slice(6)) as NotificationEvent);
        });
        resolve({
          status: res.statusCode!,
          contentType: String(res.headers['content-type']),
          received,
          ended,
          close: () => req.destroy(),
          /** The next event (after the last one taken) that matches, within `ms`. */
          async next(match, ms = 1000) {
            const until = Date.now() + ms;
            for (;;) {
              while (cursor < received.length) {
                const event = received[cursor++]!;
                if (match(event)) return event;
              }
              if (Date.now() > until) throw new Error(`no matching event within ${ms} ms`);
              await new Promise((r) => setTimeout(r, 10));
            }
          },
        });
      },
    );
    req.on('error', reject);
  });
}

describe('the event stream, across server processes', () => {
  let a: string;
  let b: Awaited<ReturnType<typeof anotherInstance>>;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    a = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    b = await anotherInstance(t);
  });
  afterAll(() => b?.close());

  it('answers 401 without a session', async () => {
    for (const token of [undefined, 'not-a-token-at-all']) {
      const res = await fetch(`${b.base}/api/notifications/stream`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect([res.status, await res.json()]).toEqual([
        401,
        { message: 'You are not signed in or your session has ended' },
      ]);
    }
    expect(a).toMatch(/^http/);
  });

  it('delivers a notification made through A to the stream open on B within a second; counts follow', async () => {
    const stream = await openStream(b.base, superAdmin2.token);
    const bystander = await openStream(b.base, agentB.token);
    try {
      expect([stream.status, stream.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
      const unread = (await ok(get('unreadNotifications', superAdmin2.token))).count as number;
      expect(await stream.next(() => true)).toEqual({ kind: 'count', count: unread });

      const saved = await fetch(`${a}/api/SaveUser`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(userForm({ first_name: 'Live', last_name: 'Event' })),
      });
      expect(saved.status).toBe(200);
      const committed = Date.now();
      const event = await stream.next((e) => e.kind === 'notification');
      expect(Date.now() - committed).toBeLessThan(1000);
      expect(event).toEqual({
        kind: 'notification',
        count: unread + 1,
        notification: {
          notification_id: expect.any(Number),
          notification_type: 'New User Created',
          notification_type_icon: 'mdi-account-plus',
          notification_subject: `Live Event (Agent) was created by ${await nameOf(admin.userId)}`,
          notification_status: 'Active',
          entity: 'user',
          entity_id: ((await saved.json()) as { user_id: number }).user_id,
          created_at: expect.stringMatching(/Z$/),
        },
      });

      const id = (event as { notification: Notification }).notification.notification_id;
      await ok(post('setNotificationStatus', { Id: id, status: 'Inactive' }, superAdmin2.token));
      expect(await stream.next((e) => e.kind === 'count')).toEqual({ kind: 'count', count: unread });
      await ok(post('deleteNotification', { Id: id }, superAdmin2.token));
      expect(await stream.next((e) => e.kind === 'count')).toEqual({ kind: 'count', count: unread });
      await ok(post('markAllNotificationsRead', {}, superAdmin2.token));
      expect(await stream.next((e) => e.kind === 'count')).toEqual({ kind: 'count', count: 0 });
      // An Agent of another agency heard nothing but their own count.
      expect(bystander.received).toEqual([{ kind: 'count', count: expect.any(Number) }]);
    } finally {
      stream.close();
      bystander.close();
    }
  });

  it('keeps delivering after the LISTEN connection is cut', async () => {
    const stream = await openStream(b.base, superAdmin2.token);
    try {
      await stream.next(() => true);
      const listeners = sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()
          AND query = 'LISTEN notifications'`;
      const before = (await listeners.execute(t.db)).rows.map((r) => r.pid);
      expect(before).toHaveLength(2); // A and B
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(t.db);
      // Both come back by themselves on new connections, and B resends the badge.
      await stream.next((e) => e.kind === 'count', 5000);
      for (let i = 0; i < 100; i++) {
        const now = (await listeners.execute(t.db)).rows.map((r) => r.pid);
        if (now.length === 2 && now.every((pid) => !before.includes(pid))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await ok(post('SaveUser', userForm({ first_name: 'After', last_name: 'Reconnect' }), admin.token));
      const event = await stream.next((e) => e.kind === 'notification');
      expect((event as { notification: Notification }).notification.notification_subject).toMatch(
        /^After Reconnect \(Agent\)/,
      );
    } finally {
      stream.close();
    }
  });

  it('ends open streams when the server closes', async () => {
    const c = await anotherInstance(t);
    const stream = await openStream(c.base, superAdmin2.token);
    await stream.next(() => true);
    await c.close();
    await stream.ended;
  });
});

describe('demo data', () => {
  it('gives the demo accounts a few notifications, each told to whom the product tells it', async () => {
    const demo = await createTestApp();
    try {
      const chief = await demo.signedIn(ROLE.SuperAdmin);
      await seedDemoUsers(demo.db, 'Secret123');
      const unread = async (account: string) => {
        const token = await demo.login(`${account}@demo.pinoyproperty.ph`, 'Secret123');
        const body = (await demo.call(token, { method: 'GET', url: '/api/unreadNotifications' })).json() as {
          resultData: Notification[];
        };
        return body.resultData.map((n) => n.notification_type);
      };
      // The Agent hears that their brokers changed, not that a user they may not approve was created.
      expect(await unread('agent')).toEqual(['Agent Details - A Broker Is Modified']);
      expect(await unread('individual')).toEqual([]);
      // Admin Demo made them all, and is told of none; the Super Admin hears of both unread ones.
      expect(await unread('admin')).toEqual([]);
      const body = (await demo.call(chief.token, { method: 'GET', url: '/api/unreadNotifications' })).json();
      expect(body.resultData.map((n: Notification) => n.notification_type)).toEqual([
        'New User Created',
        'Agent Details - A Broker Is Modified',
      ]);
    } finally {
      await demo.close();
    }
  });
});
