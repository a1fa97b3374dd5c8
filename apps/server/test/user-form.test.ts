import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  MESSAGES,
  messageAnswer,
  outcomeAnswer,
  ROLE,
  saveUserAnswer,
  successAnswer,
  updateProfileAnswer,
  userByIdAnswer,
  userStatusChange,
} from '@app/contract';
import { createTestApp, multipart, PASSWORD, png, type TestApp } from './helpers.ts';

let t: TestApp;
/** GetUserById's and webGetAccountDetails's declared answer, with no field beyond the declared ones. */
const declaredRecord = userByIdAnswer.shape.resultData.element;
const strictRecord = z
  .object({
    resultData: z.array(
      declaredRecord.extend({ status_history: z.array(userStatusChange.strict()) }).strict(),
    ),
  })
  .strict();
const declares = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error).toBeUndefined();
type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let superAdmin: Signed;
let admin: Signed;
let agency: { id: number; provinceId: number; townId: number; barangayId: number };
let brokerIds: number[];
let skillIds: number[];

/** A small real place: the first barangay of the first town of the first province seeded here. */
let places = 0;
async function someAddress() {
  places += 1;
  const p = await sql<{ province_id: number }>`
    INSERT INTO provinces (province_name) VALUES (${`Test Province ${places}`}) RETURNING province_id`.execute(
    t.db,
  );
  const provinceId = p.rows[0]!.province_id;
  const town = await sql<{ town_id: number }>`
    INSERT INTO towns (town_name, is_town_city, province_id, zip_code) VALUES ('Test Town', 'Town', ${provinceId}, '6000')
    RETURNING town_id`.execute(t.db);
  const townId = town.rows[0]!.town_id;
  const brgy = await sql<{ barangay_id: number }>`
    INSERT INTO barangays (barangay_name, town_id, zip_code) VALUES ('Poblacion', ${townId}, '6000')
    RETURNING barangay_id`.execute(t.db);
  return { provinceId, townId, barangayId: brgy.rows[0]!.barangay_id };
}

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.signedIn(ROLE.SuperAdmin);
  admin = await t.signedIn(ROLE.Admin);
  const address = await someAddress();
  const a = await sql<{ agency_id: number }>`
    INSERT INTO agencies (agency_name, owner_name, contact_person, phone_1, email_address,
      house_number, street_name, building_name, province_id, town_id, barangay_id, zip_code)
    VALUES ('Cebu Homes Realty', 'Owner', 'Contact', '09170000001', 'cebu@homes.ph',
      '12', 'Osmeña Blvd', 'Tower A', ${address.provinceId}, ${address.townId}, ${address.barangayId}, '6000')
    RETURNING agency_id`.execute(t.db);
  agency = { id: a.rows[0]!.agency_id, ...address };
  const b = await sql<{ broker_id: number }>`
    INSERT INTO brokers (broker_name, broker_license_number, phone_1, email_address, street_name)
    VALUES ('Broker One', 'LIC-1', '0917', 'b1@x.ph', 'Street'), ('Broker Two', 'LIC-2', '0917', 'b2@x.ph', 'Street')
    RETURNING broker_id`.execute(t.db);
  brokerIds = b.rows.map((r) => r.broker_id);
  const s = await sql<{ user_skills_id: number }>`SELECT user_skills_id FROM user_skills ORDER BY 1`.execute(
    t.db,
  );
  skillIds = s.rows.map((r) => r.user_skills_id);
});
afterAll(() => t.close());

const post = (call: string, payload: object, token = admin.token) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
const get = (call: string, query: string, token = admin.token) =>
  t.call(token, { method: 'GET', url: `/api/${call}?${query}` });

let emailCounter = 0;
const agentForm = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Juan',
  last_name: 'Dela Cruz',
  role_id: ROLE.Agent,
  user_email: `juan${++emailCounter}@agents.ph`,
  phone_1: '09171234567',
  house_number: '5',
  street_name: 'Mabini St',
  province_id: agency.provinceId,
  town_id: agency.townId,
  barangay_id: agency.barangayId,
  zip_code: '6000',
  re_license: 'PRC-12345',
  associated_agency_id: agency.id,
  associated_broker_id: brokerIds.join(','),
  user_skills: skillIds.slice(0, 2).join(','),
  birth_day: 29,
  birth_month: 2,
  birth_year: 1992,
  website: 'https://juan.example.ph',
  user_status: 'Active',
  ...overrides,
});

/** A multipart body with text fields and one file, as browsers send it. */
const postMultipart = (call: string, body: ReturnType<typeof multipart>, token = admin.token) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, ...body });

const userRow = (userId: number) =>
  t.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('SaveUser: rules of the user form, on the server', () => {
  it.each([
    ['first_name', { first_name: '' }, MESSAGES.required],
    ['first_name', { first_name: 'Juan2' }, MESSAGES.lettersOnly],
    ['last_name', { last_name: undefined }, MESSAGES.required],
    ['user_email', { user_email: '' }, MESSAGES.emailRequired],
    ['user_email', { user_email: 'not-an-email' }, MESSAGES.emailInvalid],
    ['phone_1', { phone_1: '0917-123' }, MESSAGES.mobile],
    ['phone_1', { phone_1: '1234567890123' }, MESSAGES.mobile],
    ['phone_2', { phone_2: 'abc' }, MESSAGES.mobile],
    ['zip_code', { zip_code: '123' }, MESSAGES.zip4],
    ['zip_code', { zip_code: '' }, MESSAGES.zipRequired],
    ['street_name', { street_name: '' }, MESSAGES.required],
    ['barangay_id', { barangay_id: '' }, MESSAGES.required],
    ['re_license', { re_license: '' }, MESSAGES.required],
    ['associated_agency_id', { associated_agency_id: '' }, MESSAGES.required],
    ['associated_broker_id', { associated_broker_id: '' }, MESSAGES.required],
    ['reason', { user_status: 'Inactive' }, MESSAGES.reasonRequired],
    ['birth_day', { birth_day: 29, birth_year: 1991 }, 'This month has no such day'],
    ['birth_year', { birth_year: 1979 }, 'Choose a year from 1980 to 2050'],
    ['website', { website: 'not a site' }, MESSAGES.website],
    ['open_property_limit', { open_property_limit: 1000 }, 'At most 3 digits'],
  ])('%s: %j → %s', async (field, overrides, message) => {
    const before = await t.db
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('SaveUser', agentForm(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const after = await t.db
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('does not ask an Individual for a zip code, nor a non-agent for licence, agency and broker', async () => {
    const individual = await post(
      'SaveUser',
      agentForm({
        role_id: ROLE.Individual,
        zip_code: '',
        re_license: '',
        associated_agency_id: '',
        associated_broker_id: '',
      }),
    );
    expect(individual.statusCode, individual.body).toBe(200);
  });

  it('refuses a barangay outside the chosen town', async () => {
    const other = await someAddress();
    const res = await post('SaveUser', agentForm({ barangay_id: other.barangayId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.barangay_id).toBe('The barangay is not in the chosen town');
  });

  it('refuses an unknown agency, broker or skill by field', async () => {
    for (const [field, value] of [
      ['associated_agency_id', 999999],
      ['associated_broker_id', `${brokerIds[0]},999999`],
      ['user_skills', '999999'],
    ] as const) {
      const res = await post('SaveUser', agentForm({ [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    }
  });
});

describe('SaveUser', () => {
  it('creates an Agent with address, skills and brokers; the lists come back as comma strings', async () => {
    const form = agentForm();
    const res = await post('SaveUser', form);
    expect(res.statusCode, res.body).toBe(200);
    declares(saveUserAnswer.strict(), res.json());
    const { user_id } = res.json();
    const byId = (await get('GetUserById', `user_id=${user_id}`)).json();
    declares(strictRecord, byId);
    const record = byId.resultData[0];
    expect(record).toMatchObject({
      first_name: 'Juan',
      role_id: ROLE.Agent,
      role_name: 'Agent',
      user_status: 'Active',
      associated_agency_id: agency.id,
      associated_broker_id: brokerIds.join(','),
      user_skills: skillIds.slice(0, 2).join(','),
      street_name: 'Mabini St',
      birth_day: 29,
      birth_month: 2,
      open_property_limit: 5,
      profileImage: null,
    });
    expect(record.status_history[0]).toMatchObject({ old_status: 'New', new_status: 'Active' });
    const row = await userRow(user_id);
    expect(row.created_by).toBe(admin.userId);
    expect(row.password_hash).toBeNull();
  });

  it('takes the identity from the session, not from created_by or user_id in the request', async () => {
    const res = await post('SaveUser', agentForm({ created_by: superAdmin.userId, loggedInUserID: 1 }));
    expect((await userRow(res.json().user_id)).created_by).toBe(admin.userId);
  });

  it('answers 409 for an e-mail address already in use, whatever its case', async () => {
    const form = agentForm();
    expect((await post('SaveUser', form)).statusCode).toBe(200);
    const again = await post('SaveUser', agentForm({ user_email: form.user_email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    const message = 'A user with this e-mail address already exists';
    expect(again.json()).toEqual({ message, errors: { user_email: message } });
  });

  it('mails the new user a link to choose a password; no password is mailed', async () => {
    const form = agentForm({ first_name: 'Welcome' });
    const res = await post('SaveUser', form);
    expect(res.statusCode).toBe(200);
    const mail = await t.mailTo(form.user_email, 'choose your password');
    const token = /token=([\w-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token, new_password: 'MyOwn1234', confirm_password: 'MyOwn1234' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await t.login(form.user_email, 'MyOwn1234')).toBeTruthy();
  });

  it('saves a new user with their link or not at all: a link that cannot be stored leaves no user', async () => {
    const form = agentForm({ first_name: 'Halfway' });
    // The database refuses the link, as a crash after the user's row would lose it.
    await sql`CREATE FUNCTION refuse_link() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no room for the link'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_link BEFORE INSERT ON password_resets
      FOR EACH ROW EXECUTE FUNCTION refuse_link()`.execute(t.db);
    try {
      expect((await post('SaveUser', form)).statusCode).not.toBe(200);
    } finally {
      await sql`DROP TRIGGER refuse_link ON password_resets`.execute(t.db);
      await sql`DROP FUNCTION refuse_link()`.execute(t.db);
    }
    const kept = t.db.selectFrom('users').select('user_id').where('user_email', '=', form.user_email);
    expect(await kept.execute()).toEqual([]);

    const again = await post('SaveUser', form);
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.mailTo(form.user_email, 'choose your password')).toMatch(/token=/);
  });

  it('creates one user, with one link, when many save the same e-mail at once', async () => {
    const form = agentForm({ first_name: 'Sabay' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('SaveUser', form)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const message = 'A user with this e-mail address already exists';
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ message, errors: { user_email: message } });
    const saved = await t.db
      .selectFrom('users as u')
      .innerJoin('password_resets as l', 'l.user_id', 'u.user_id')
      .select('u.user_id')
      .where('u.user_email', '=', form.user_email)
      .execute();
    expect(saved).toHaveLength(1);

    // Two users changed at once to one new address: one keeps it, the other is told why.
    const [a, b] = await Promise.all(
      ['Una', 'Ikalawa'].map(async (first_name) => {
        const own = agentForm({ first_name });
        const res = await post('SaveUser', own);
        expect(res.statusCode, res.body).toBe(200);
        return { ...own, user_id: (res.json() as { user_id: number }).user_id };
      }),
    );
    const shared = `sabay${Date.now()}@agents.ph`;
    const updates = await Promise.all(
      [a!, b!].map((form) => post('UpdateUser', { ...form, user_email: shared })),
    );
    expect(updates.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(updates.find((res) => res.statusCode === 409)!.json()).toEqual({
      message,
      errors: { user_email: message },
    });
  });

  it('copies the agency address when the address is the same as the agency', async () => {
    const res = await post(
      'SaveUser',
      agentForm({
        is_address_same_as_agency: 1,
        house_number: '',
        street_name: '',
        province_id: '',
        town_id: '',
        barangay_id: '',
        zip_code: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(res.json().user_id);
    expect(row).toMatchObject({
      is_address_same_as_agency: true,
      house_number: '12',
      street_name: 'Osmeña Blvd',
      building_name: 'Tower A',
      town_id: agency.townId,
      zip_code: '6000',
    });
    const address = await get(
      'GetAssociatedAgencyAddressWithoutPagination',
      `associated_agency_id=${agency.id}`,
    );
    expect(address.json().resultData[0]).toMatchObject({
      street_name: 'Osmeña Blvd',
      town_id: agency.townId,
    });
  });

  it('lets only a Super Admin create a Super Admin, and nobody else their own type', async () => {
    expect((await post('SaveUser', agentForm({ role_id: ROLE.SuperAdmin }))).statusCode).toBe(403);
    expect((await post('SaveUser', agentForm({ role_id: ROLE.Admin }))).statusCode).toBe(403);
    // The form's other checks run beside this one; a caller refused learns nothing of what they found.
    const taken = agentForm({
      role_id: ROLE.Admin,
      user_email: superAdmin.email,
      associated_agency_id: 999_999,
    });
    expect((await post('SaveUser', taken)).json()).toEqual({
      message: 'You may not manage users of this type',
    });
    const bySuper = await post('SaveUser', agentForm({ role_id: ROLE.SuperAdmin }), superAdmin.token);
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    expect((await post('SaveUser', agentForm({ role_id: ROLE.Admin }), superAdmin.token)).statusCode).toBe(
      200,
    );
  });

  it('open property limit: set by an Admin; otherwise 5 for agents and 999 for other types', async () => {
    const byAdmin = await post('SaveUser', agentForm({ open_property_limit: 12 }));
    expect((await userRow(byAdmin.json().user_id)).open_property_limit).toBe(12);
    // An Operator allowed to add agents and operators' colleagues cannot choose the limit.
    const operatorRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', ROLE.Operator)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO role_permissions (role_id, permission_id)
      SELECT ${operatorRole.id}, id FROM permissions WHERE name IN ('Add User', 'ChangeStatusofAgent', 'ChangeStatusofIndividual')
      ON CONFLICT DO NOTHING`.execute(t.db);
    const operator = await t.signedIn(ROLE.Operator);
    const agent = await post('SaveUser', agentForm({ open_property_limit: 12 }), operator.token);
    expect(agent.statusCode, agent.body).toBe(200);
    expect((await userRow(agent.json().user_id)).open_property_limit).toBe(5);
    const individual = await post(
      'SaveUser',
      agentForm({ role_id: ROLE.Individual, open_property_limit: 12 }),
      operator.token,
    );
    expect((await userRow(individual.json().user_id)).open_property_limit).toBe(999);
  });
});

describe('open property limit (decision 29)', () => {
  it('is 999 for every type but Agents and Owner-Agents when an Admin leaves it out', async () => {
    const expected = [
      [ROLE.Admin, 999],
      [ROLE.Operator, 999],
      [ROLE.Individual, 999],
      [ROLE.Agent, 5],
      [ROLE.OwnerAgent, 5],
    ] as const;
    for (const [role_id, limit] of expected) {
      const res = await post('SaveUser', agentForm({ role_id }), superAdmin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await userRow(res.json().user_id)).open_property_limit, String(role_id)).toBe(limit);
    }
  });

  it("follows a change of type while it is the type's default; a chosen limit stays", async () => {
    const change = async (userId: number, changes: Record<string, unknown>, token = superAdmin.token) => {
      const { user_email } = await userRow(userId);
      const res = await post('UpdateUser', agentForm({ user_id: userId, user_email, ...changes }), token);
      expect(res.statusCode, res.body).toBe(200);
      return (await userRow(userId)).open_property_limit;
    };
    const agent = (await post('SaveUser', agentForm(), superAdmin.token)).json().user_id as number;
    expect((await userRow(agent)).open_property_limit).toBe(5);
    expect(await change(agent, { role_id: ROLE.Operator })).toBe(999);
    expect(await change(agent, { role_id: ROLE.Agent })).toBe(5);
    expect(await change(agent, { role_id: ROLE.Admin })).toBe(999);
    expect(await change(agent, { role_id: ROLE.OwnerAgent })).toBe(5);
    // What an Admin sends is kept, with or without a change of type.
    expect(await change(agent, { role_id: ROLE.Operator, open_property_limit: 7 })).toBe(7);
    expect(await change(agent, { role_id: ROLE.Agent })).toBe(7);

    // Someone who may not set limits changing the type keeps the limit an Admin chose.
    await sql`INSERT INTO role_permissions (role_id, permission_id)
      SELECT ${ROLE.Operator}, id FROM permissions WHERE name IN ('Users', 'Edit User', 'ChangeStatusofAgent')
      ON CONFLICT DO NOTHING`.execute(t.db);
    const operator = await t.signedIn(ROLE.Operator);
    const chosen = (await post('SaveUser', agentForm({ open_property_limit: 12 }), superAdmin.token)).json()
      .user_id as number;
    expect(await change(chosen, { role_id: ROLE.OwnerAgent, open_property_limit: 3 }, operator.token)).toBe(
      12,
    );
  });
});

describe('profile pictures (multipart)', () => {
  it('stores a checked, re-encoded picture and a thumbnail, served from /media', async () => {
    const res = await postMultipart(
      'SaveUser',
      multipart(agentForm(), { name: 'profile_image', bytes: await png(800, 600) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = (await get('GetUserById', `user_id=${res.json().user_id}`)).json().resultData[0];
    expect(record.profileImage).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: record.profileImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await t.app.inject({ method: 'GET', url: record.profileThumbnail });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it.each([
    ['an HTML page named .jpg', Buffer.from('<html><script>alert(1)</script></html>'), MESSAGES.imageType],
    ['a PHP script named .jpg', Buffer.from('<?php system($_GET["c"]); ?>'), MESSAGES.imageType],
    ['an empty file', Buffer.alloc(0), 'The file is empty'],
  ])('refuses %s', async (_name, bytes, message) => {
    const form = agentForm();
    const res = await postMultipart(
      'SaveUser',
      multipart(form, { name: 'profile_image', bytes, filename: 'x.jpg' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await t.db
        .selectFrom('users')
        .select('user_id')
        .where('user_email', '=', form.user_email)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a file over 1 MB with the spec message', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(1_100_000)]);
    const res = await postMultipart(
      'SaveUser',
      multipart(agentForm(), { name: 'profile_image', bytes: big }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.profileImageLimit);
  });

  it('refuses a truncated image and a tiny PNG that declares 50,000 × 50,000 pixels', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const bomb = Buffer.from(await png(1, 1));
    bomb.writeUInt32BE(50_000, 16); // IHDR width
    bomb.writeUInt32BE(50_000, 20); // IHDR height
    for (const bytes of [truncated, bomb]) {
      const res = await postMultipart('SaveUser', multipart(agentForm(), { name: 'profile_image', bytes }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.profile_image).toBeTruthy();
    }
  });
});

describe('UpdateUser and GetUserById', () => {
  it("answers 409 at user_email for another user's e-mail address", async () => {
    const mine = `mine${++emailCounter}@agents.ph`;
    const userId = (await post('SaveUser', agentForm({ user_email: mine }))).json().user_id as number;
    const res = await post(
      'UpdateUser',
      agentForm({ user_id: userId, user_email: admin.email.toUpperCase() }),
    );
    const message = 'A user with this e-mail address already exists';
    expect([res.statusCode, res.json()]).toEqual([409, { message, errors: { user_email: message } }]);
  });

  it('deactivates with a reason: recorded in the history, sessions ended; lists replaced', async () => {
    const email = `edit${++emailCounter}@agents.ph`;
    const created = await post('SaveUser', agentForm({ user_email: email }));
    const userId = created.json().user_id as number;
    await t.db
      .updateTable('users')
      .set({ password_hash: (await userRow(admin.userId)).password_hash })
      .where('user_id', '=', userId)
      .execute();
    const session = await t.login(email, PASSWORD);
    const res = await post(
      'UpdateUser',
      agentForm({
        user_id: userId,
        user_email: email,
        user_status: 'Inactive',
        reason: 'Left the agency',
        user_skills: String(skillIds[2]),
        associated_broker_id: String(brokerIds[1]),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User updated successfully' });
    declares(messageAnswer.strict(), res.json());
    const byId = (await get('GetUserById', `user_id=${userId}`)).json();
    declares(strictRecord, byId);
    const record = byId.resultData[0];
    expect(record).toMatchObject({
      user_status: 'Inactive',
      reason: 'Left the agency',
      user_skills: String(skillIds[2]),
      associated_broker_id: String(brokerIds[1]),
    });
    expect(record.status_history[0]).toMatchObject({
      old_status: 'Active',
      new_status: 'Inactive',
      reason: 'Left the agency',
    });
    expect(record.status_history[0].changed_by_name).toBeTruthy();
    const after = await t.call(session, {
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
    });
    expect(after.statusCode).toBe(401);
  });

  it('hides users of a type the caller may not manage (404) and refuses editing yourself', async () => {
    expect((await get('GetUserById', `user_id=${superAdmin.userId}`)).statusCode).toBe(404);
    const res = await post('UpdateUser', agentForm({ user_id: superAdmin.userId, role_id: ROLE.Agent }));
    expect(res.statusCode).toBe(404);
    const own = await post('UpdateUser', agentForm({ user_id: admin.userId, role_id: ROLE.Agent }));
    expect(own.statusCode).toBe(409);
    expect((await get('GetUserById', 'user_id=99999999')).statusCode).toBe(404);
  });

  it('refuses an e-mail address of another user', async () => {
    const a = await post('SaveUser', agentForm());
    const other = agentForm();
    await post('SaveUser', other);
    const res = await post(
      'UpdateUser',
      agentForm({ user_id: a.json().user_id, user_email: other.user_email }),
    );
    expect(res.statusCode).toBe(409);
  });
});

describe('WebVerifyOTP', () => {
  const waitingSuperAdmin = async () => {
    const res = await post(
      'SaveUser',
      agentForm({ role_id: ROLE.SuperAdmin, user_status: 'New' }),
      superAdmin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().user_id as number;
  };
  const codeFromMail = async (email: string) =>
    /verification code is (\d{6})/.exec(await t.mailTo(email, 'verification code is'))?.[1];

  it('activates a new Super Admin with the mailed 6-digit code, and records it', async () => {
    const userId = await waitingSuperAdmin();
    const sent = await post('sendVerifyOTP', { user_id: userId }, superAdmin.token);
    expect(sent.json()).toMatchObject({ result: 'success' });
    expect(successAnswer.strict().safeParse(sent.json()).error).toBeUndefined();
    const code = await codeFromMail((await userRow(userId)).user_email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post(
      'WebVerifyOTP',
      { user_id: userId, verify_otp: code === '000000' ? '000001' : '000000' },
      superAdmin.token,
    );
    expect(wrong.json()).toEqual({ result: 'error', message: 'The code is not correct. 4 tries left' });
    expect(outcomeAnswer.strict().safeParse(wrong.json()).error).toBeUndefined();
    const ok = await post('WebVerifyOTP', { user_id: userId, verify_otp: code }, superAdmin.token);
    expect(ok.json()).toEqual({ result: 'success', message: 'Code verified. The user is now Active' });
    expect(outcomeAnswer.strict().safeParse(ok.json()).error).toBeUndefined();
    expect((await userRow(userId)).user_status).toBe('Active');
    const history = (await get('GetUserById', `user_id=${userId}`, superAdmin.token)).json().resultData[0]
      .status_history;
    expect(history[0]).toMatchObject({ new_status: 'Active', reason: 'Verified by one-time code' });
  });

  it('allows 5 attempts, then needs a new code; an expired code fails', async () => {
    const userId = await waitingSuperAdmin();
    await post('sendVerifyOTP', { user_id: userId }, superAdmin.token);
    const code = (await codeFromMail((await userRow(userId)).user_email))!;
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      await post('WebVerifyOTP', { user_id: userId, verify_otp: wrongCode }, superAdmin.token);
    const locked = await post('WebVerifyOTP', { user_id: userId, verify_otp: code }, superAdmin.token);
    expect(locked.json()).toEqual({ result: 'error', message: 'Too many wrong codes. Send a new code' });
    expect((await userRow(userId)).user_status).toBe('New');

    await post('sendVerifyOTP', { user_id: userId }, superAdmin.token);
    const fresh = (await codeFromMail((await userRow(userId)).user_email))!;
    await t.db
      .updateTable('user_otps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const expired = await post('WebVerifyOTP', { user_id: userId, verify_otp: fresh }, superAdmin.token);
    expect(expired.json().result).toBe('error');
    expect((await userRow(userId)).user_status).toBe('New');
  });

  it('checks the code format, the target and the permission', async () => {
    const userId = await waitingSuperAdmin();
    const short = await post('WebVerifyOTP', { user_id: userId, verify_otp: '123' }, superAdmin.token);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.verify_otp).toBe(MESSAGES.otpLength);
    expect((await post('sendVerifyOTP', { user_id: userId })).statusCode).toBe(403);
    expect((await post('sendVerifyOTP', { user_id: admin.userId }, superAdmin.token)).statusCode).toBe(404);
  });
});

describe('Account details', () => {
  it('reads your own profile, whatever user_id is asked for', async () => {
    const res = await get('webGetAccountDetails', `user_id=${superAdmin.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().resultData[0].user_id).toBe(admin.userId);
    declares(strictRecord, res.json());
  });

  it('changes your profile only with the current password; legacy camelCase names work', async () => {
    const me = await t.signedIn(ROLE.Operator);
    const body = {
      firstName: 'Rosa',
      lastName: 'Santos',
      email: me.email,
      phone1: '09998887777',
      userSkills: skillIds.slice(0, 1).join(','),
      selectBirthDay: 31,
      selectBirthMonth: 12,
    };
    const wrong = await post('UpdateProfile', { ...body, verify_password: 'wrong-one1' }, me.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.verify_password).toBe('Current password is incorrect');
    expect((await userRow(me.userId)).first_name).toBe('Test');
    const missing = await post('UpdateProfile', body, me.token);
    expect(missing.json().errors.verify_password).toBe(MESSAGES.required);
    const ok = await postMultipart(
      'UpdateProfile',
      multipart({ ...body, verify_password: PASSWORD }, { name: 'profile_image', bytes: await png() }),
      me.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().coverImage).toMatch(/^\/media\//);
    expect(ok.json()).toEqual({
      message: 'Profile updated successfully',
      coverImage: ok.json().profileImage,
      profileImage: ok.json().coverImage,
    });
    declares(updateProfileAnswer.strict(), ok.json());
    const account = (await get('webGetAccountDetails', '', me.token)).json().resultData[0];
    expect(account).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Santos',
      phone_1: '09998887777',
      birth_day: 31,
      user_skills: String(skillIds[0]),
    });
    expect(account.profileImage).toBe(ok.json().coverImage);
  });

  it('does not let you take an address another user has', async () => {
    const me = await t.signedIn(ROLE.Operator);
    const res = await post(
      'UpdateProfile',
      { firstName: 'A', lastName: 'B', email: admin.email, phone1: '0917', verify_password: PASSWORD },
      me.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ user_email: 'A user with this e-mail address already exists' });
  });
});
