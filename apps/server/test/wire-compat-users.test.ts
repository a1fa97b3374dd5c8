import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES, ROLE } from '@app/contract';
import { createTestApp, multipart, PASSWORD, type TestApp } from './helpers.ts';
import { oldUserForm, place, type Place } from './entity-fixtures.ts';
import { DEMO_DOMAIN, seedDemoUsers } from '../src/db/seed/index.ts';
import { migration as demoAddresses } from '../src/db/migrations/0017-demo-addresses.ts';

/**
 * The user and sign-in calls as the old admin client sends them (legacy-api.md): camelCase SaveUser
 * and UpdateUser with empty fields as null, the Edit User form filled from the GetUser row and posted
 * back, Account Details reading resultData[0], and its browser e-mail rule.
 */
let t: TestApp;
type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let superAdmin: Signed;
let admin: Signed;
let home: Place;
let agencyId: number;
let brokerIds: number[];
let skillIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.signedIn(ROLE.SuperAdmin);
  admin = await t.signedIn(ROLE.Admin);
  home = await place(t, 'Wire');
  agencyId = (
    await sql<{ id: number }>`
    INSERT INTO agencies (agency_name, owner_name, contact_person, phone_1, email_address,
      house_number, street_name, province_id, town_id, barangay_id, zip_code)
    VALUES ('Wire Realty', 'Owner', 'Contact', '09170000001', 'wire@realty.ph',
      '12', 'Osmeña Blvd', ${home.province_id}, ${home.town_id}, ${home.barangay_id}, '1209')
    RETURNING agency_id AS id`.execute(t.db)
  ).rows[0]!.id;
  brokerIds = (
    await sql<{ id: number }>`
    INSERT INTO brokers (broker_name, broker_license_number, phone_1, email_address, street_name)
    VALUES ('Wire Broker One', 'W-1', '0917', 'w1@x.ph', 'Street'), ('Wire Broker Two', 'W-2', '0917', 'w2@x.ph', 'Street')
    RETURNING broker_id AS id`.execute(t.db)
  ).rows.map((r) => r.id);
  skillIds = (
    await sql<{ id: number }>`SELECT user_skills_id AS id FROM user_skills ORDER BY 1 LIMIT 2`.execute(t.db)
  ).rows.map((r) => r.id);
});
afterAll(() => t.close());

const post = (call: string, payload: object, token = admin.token) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
const get = (call: string, query: string, token = admin.token) =>
  t.call(token, { method: 'GET', url: `/api/${call}?${query}` });

let counter = 0;
/** The Add User form as the old client posts it (a new address each time). */
const oldSaveUser = (overrides: Record<string, unknown> = {}) => ({
  ...oldUserForm(home, {
    email: `maria${++counter}@wire.ph`,
    agencyId,
    skillIds,
    brokerIds,
    sentBy: superAdmin.userId,
  }),
  user_info: JSON.stringify({ user_id: admin.userId }),
  ...overrides,
});

const byId = async (userId: number, token = admin.token) => {
  const res = await get('GetUserById', `user_id=${userId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData[0] as Record<string, unknown>;
};

/** The row of the list whose e-mail is `email`, found as the old client searches. */
const listRow = async (call: 'GetUser' | 'GetNewUser', email: string, token = admin.token) => {
  const res = await get(call, `itemsPerPage=15&sortColumn=user_id&sortOrder=desc&searchText=${email}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().resultData.data as Record<string, unknown>[];
  return rows.find((r) => r.user_email === email)!;
};

/** How the old Edit User form posts back a row it was filled from: the row's values under its names. */
const asOldUpdateUser = (row: Record<string, unknown>) => ({
  user_id: row.user_id,
  UserType: row.role_id,
  AssociatedAgency: row.associated_agency_id,
  firstName: row.first_name,
  lastName: row.last_name,
  nickName: row.nick_name,
  sameAsAgency: row.is_address_same_as_agency,
  unitNumber: row.unit_number,
  houseLotNumber: row.house_number,
  streetName: row.street_name,
  propertyBuildingName: row.building_name,
  subdivision: row.subdivision_id,
  barangay: row.barangay_id,
  town: row.town_id,
  province: row.province_id,
  zipCode: row.zip_code,
  floorLevel: row.floor,
  selectBirthDay: row.birth_day,
  selectBirthMonth: row.birth_month,
  selectBirthYear: row.birth_year,
  rELicence: row.re_license,
  userWebsite: row.website,
  userSkills: row.user_skills_id,
  profileStatement: row.profile_statement,
  selfBroker: row.self_broker,
  associatedBroker: row.associated_broker_id,
  reasonInactive: row.reason,
  inactiveUser: row.user_status,
  phone1: row.phone_1,
  phone2: row.phone_2,
  openPropertyLimit: row.open_property_limit,
  activeUserDateLimit: null,
  email: row.user_email,
  user_info: JSON.stringify({ user_id: admin.userId }),
  created_by: superAdmin.userId,
});

describe('SaveUser and UpdateUser under the old camelCase names', () => {
  it('creates a user from the old Add User form, nulls included', async () => {
    const body = oldSaveUser();
    const res = await post('SaveUser', body);
    expect(res.statusCode, res.body).toBe(200);
    const record = await byId(res.json().user_id);
    expect(record).toMatchObject({
      role_id: ROLE.Agent,
      associated_agency_id: agencyId,
      first_name: 'Maria',
      last_name: 'Clara',
      nick_name: null,
      user_email: body.email,
      phone_1: '09171112222',
      phone_2: null,
      house_number: '7',
      street_name: 'Rizal Avenue',
      province_id: home.province_id,
      town_id: home.town_id,
      barangay_id: home.barangay_id,
      subdivision_id: home.subdivision_id,
      zip_code: '1209',
      birth_day: 14,
      birth_month: 2,
      birth_year: 1990,
      re_license: 'PRC-778899',
      user_skills: skillIds.join(','),
      associated_broker_id: brokerIds.join(','),
      self_broker: false,
      open_property_limit: 7,
      user_status: 'Active',
    });
    // Identity comes from the session, never from created_by.
    const row = await t.db
      .selectFrom('users')
      .select('created_by')
      .where('user_id', '=', res.json().user_id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(admin.userId);
  });

  it('creates a user from the form sent as multipart, its empty fields as FormData writes null', async () => {
    // FormData.append(name, null) sends the text 'null' (and undefined 'undefined'): they mean empty.
    const body = { ...oldSaveUser(), nickName: undefined };
    const res = await t.call(admin.token, { method: 'POST', url: '/api/SaveUser', ...multipart(body) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await byId(res.json().user_id)).toMatchObject({
      nick_name: null,
      phone_2: null,
      zip_code: '1209',
    });
  });

  it('updates a user, status and reason included, from the old Edit User form', async () => {
    const created = await post('SaveUser', oldSaveUser());
    const userId = created.json().user_id as number;
    const res = await post('UpdateUser', {
      ...oldSaveUser({ email: (await byId(userId)).user_email }),
      user_id: userId,
      firstName: 'Mariang',
      inactiveUser: 'Inactive',
      reasonInactive: 'On leave',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await byId(userId)).toMatchObject({
      first_name: 'Mariang',
      user_status: 'Inactive',
      reason: 'On leave',
    });
  });

  it('prefers our own name when a request carries both', async () => {
    const res = await post('SaveUser', { ...oldSaveUser(), first_name: 'Josefa' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await byId(res.json().user_id)).first_name).toBe('Josefa');
  });

  it('still says which field is wrong, under our name', async () => {
    const res = await post('SaveUser', oldSaveUser({ inactiveUser: 'Inactive', reasonInactive: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reason: MESSAGES.reasonRequired });
  });
});

describe('the Edit User form filled from a list row', () => {
  it('finds in a GetUser row every field of the record the form reads', async () => {
    const created = await post('SaveUser', oldSaveUser({ nickName: 'Mayang', floorLevel: '3F' }));
    const record = await byId(created.json().user_id);
    const row = await listRow('GetUser', record.user_email as string);
    const { status_history: _, ...fields } = record;
    expect(row).toMatchObject(fields);
    expect(row).toMatchObject({
      user_skills_id: skillIds.join(','),
      agent_photo: null,
      open_property_limit: 7,
      reason: null,
    });
  });

  it('takes a GetUser row posted back unchanged, and changes nothing', async () => {
    const created = await post('SaveUser', oldSaveUser({ nickName: 'Iday', selfBroker: 1 }));
    const userId = created.json().user_id as number;
    const before = await byId(userId);
    const row = await listRow('GetUser', before.user_email as string);

    const ours = await post('UpdateUser', row);
    expect(ours.statusCode, ours.body).toBe(200);
    expect(await byId(userId)).toEqual(before);

    const old = await post('UpdateUser', asOldUpdateUser(row));
    expect(old.statusCode, old.body).toBe(200);
    expect(await byId(userId)).toEqual(before);
  });

  it('does the same for a GetNewUser row (Approve Users)', async () => {
    const created = await post('SaveUser', oldSaveUser({ inactiveUser: 'New' }));
    const userId = created.json().user_id as number;
    const before = await byId(userId);
    const row = await listRow('GetNewUser', before.user_email as string);
    const { status_history: _, ...fields } = before;
    expect(row).toMatchObject(fields);
    const res = await post('UpdateUser', asOldUpdateUser(row));
    expect(res.statusCode, res.body).toBe(200);
    expect(await byId(userId)).toEqual(before);
  });
});

describe('Account Details', () => {
  it('answers resultData as an array with the one record', async () => {
    const res = await get('webGetAccountDetails', `user_id=${superAdmin.userId}`);
    expect(res.statusCode).toBe(200);
    const { resultData } = res.json();
    expect(Array.isArray(resultData)).toBe(true);
    expect(resultData).toHaveLength(1);
    expect(resultData[0]).toMatchObject({ user_id: admin.userId, user_email: admin.email });
  });
});

describe('webValidateLogin', () => {
  it('answers a malformed address with 200 and the error envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email: 'not-an-address', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'error', message: MESSAGES.emailInvalid });
  });
});

describe('WebVerifyOTP without sendVerifyOTP', () => {
  it('activates a Super Admin created waiting for approval with the code mailed at creation', async () => {
    const body = oldSaveUser({ UserType: ROLE.SuperAdmin, inactiveUser: 'New' });
    const created = await post('SaveUser', body, superAdmin.token);
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json().user_id as number;
    const mail = await t.mailTo(body.email, 'verification code is');
    const code = /verification code is (\d{6})/.exec(mail)![1]!;
    const res = await post('WebVerifyOTP', { user_id: userId, verify_otp: code }, superAdmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'success' });
    expect((await byId(userId, superAdmin.token)).user_status).toBe('Active');
  });

  it('counts the code sent at creation within the 3 codes an hour', async () => {
    const body = oldSaveUser({ UserType: ROLE.SuperAdmin, inactiveUser: 'New' });
    const userId = (await post('SaveUser', body, superAdmin.token)).json().user_id as number;
    const send = () => post('sendVerifyOTP', { user_id: userId }, superAdmin.token);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it('sends no code for an Active Super Admin, nor for other types', async () => {
    const active = oldSaveUser({ UserType: ROLE.SuperAdmin, inactiveUser: 'Active' });
    const agent = oldSaveUser({ inactiveUser: 'New' });
    expect((await post('SaveUser', active, superAdmin.token)).statusCode).toBe(200);
    expect((await post('SaveUser', agent, superAdmin.token)).statusCode).toBe(200);
    for (const email of [active.email, agent.email]) {
      await expect(t.mailTo(email, 'verification code is')).rejects.toThrow();
    }
  });
});

describe('demo accounts', () => {
  /** The old client's browser rule for e-mail addresses. */
  const OLD_EMAIL_RULE = /^[^@\s]+@[^@\s]+\.[a-z]{2,3}$/i;

  it('have addresses the old client accepts, and sign in with them', async () => {
    const demo = await createTestApp();
    try {
      const emails = await seedDemoUsers(demo.db, 'Demo12345');
      expect(emails.length).toBeGreaterThan(5);
      for (const email of emails) expect(email).toMatch(OLD_EMAIL_RULE);
      expect(await demo.login(`agent@${DEMO_DOMAIN}`, 'Demo12345')).toBeTruthy();
    } finally {
      await demo.close();
    }
  });

  it('are renamed in a database seeded with the old addresses, and nobody else is', async () => {
    const old = async (email: string) => t.createUser(ROLE.Agent, email);
    const renamed = await old('owner-agent@demo.pinoyproperty.local');
    const taken = await old('operator@demo.pinoyproperty.local');
    await old('operator@demo.pinoyproperty.ph');
    const outsider = await old('someone@pinoyproperty.local');
    await demoAddresses.up(t.db);
    const emailOf = async (userId: number) =>
      (
        await t.db
          .selectFrom('users')
          .select('user_email')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).user_email;
    expect(await emailOf(renamed)).toBe('owner-agent@demo.pinoyproperty.ph');
    expect(await emailOf(taken)).toBe('operator@demo.pinoyproperty.local');
    expect(await emailOf(outsider)).toBe('someone@pinoyproperty.local');
    expect(await t.login('owner-agent@demo.pinoyproperty.ph')).toBeTruthy();
  });
});
