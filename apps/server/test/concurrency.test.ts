import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROLE } from '@app/contract';
import {
  agencyPayload,
  place,
  propertyIdOf,
  sellerPayload,
  setOpenLimit,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { multipart, PASSWORD, png } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';
import { inTransaction } from '../src/db/index.ts';
import { SecondConnectionError } from '../src/db/transaction.ts';

/**
 * Many writers on one record at once, and on many. The test app's pool has five connections, so a
 * save that needs a second connection while others wait on its lock stalls every request (issue 18).
 * Whatever the interleaving: no 5xx, nothing lost or doubled, and the health check answers 200 throughout.
 */
const env = useTestApp();
let where: Place;
let agent: { userId: number; token: string };

beforeAll(async () => {
  where = await place(env.t, 'Concurrency');
  agent = await env.t.signedIn(ROLE.Agent);
  await setOpenLimit(env.t, [agent.userId], 100);
});

/** Runs the requests all at once while polling the health check; answers both sets of statuses. */
async function burst(requests: (() => Promise<LightMyRequestResponse>)[]) {
  let done = false;
  const health: number[] = [];
  const poll = (async () => {
    while (!done) health.push((await env.get('/api/health')).statusCode);
  })();
  const answers = await Promise.all(requests.map((send) => send())).finally(() => (done = true));
  await poll;
  const errors = answers.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
  expect(errors).toEqual([]);
  expect(health.length).toBeGreaterThan(0);
  expect(health.filter((s) => s !== 200)).toEqual([]);
  return answers;
}

/** The audit log's entries of the user's row written by `call`. */
const auditOf = (userId: number, call: string) =>
  env.t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'users')
    .where('entity_id', '=', String(userId))
    .where('call', '=', call)
    .execute();

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

async function listing(name: string) {
  const res = await env.post('saveproperty', propertyForm(where, name), agent.token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

const record = async (id: number) =>
  (await env.get(`/api/GetPropertyById?id=${id}`, agent.token)).json().resultData[0] as Record<
    string,
    unknown
  >;

describe('concurrent saves', () => {
  it('100 updates of one listing all succeed, each leaving its history, and the last one wins', async () => {
    const id = await listing('Contested listing');
    const form = await record(id);
    const answers = await burst(
      times(
        100,
        (i) => () => env.post('updateproperty', { ...form, property_headline: `Headline ${i}` }, agent.token),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(times(100, () => 200));
    const history = await env.t.db
      .selectFrom('property_history')
      .select('new_value')
      .where('property_id', '=', id)
      .where('field', '=', 'property_headline')
      .orderBy('id')
      .execute();
    // Each update saw the one before it: 100 changes (or fewer where one repeated the stored value).
    expect(new Set(history.map((h) => h.new_value)).size).toBe(history.length);
    const stored = await record(id);
    expect(stored.property_headline).toBe(history.at(-1)!.new_value);
  });

  it('updates of many listings at once all succeed', async () => {
    const ids = await Promise.all(times(10, (i) => listing(`Busy listing ${i}`)));
    const forms = await Promise.all(ids.map(record));
    const answers = await burst(
      times(
        60,
        (i) => () =>
          env.post('updateproperty', { ...forms[i % 10], property_headline: `Busy ${i}` }, agent.token),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('30 amenity saves with overlapping sets on one listing: no deadlock, one of the sets stands', async () => {
    const id = await listing('Amenity contest');
    const amenities = (
      await sql<{ id: number }>`SELECT id FROM amenities ORDER BY id LIMIT 6`.execute(env.t.db)
    ).rows.map((a) => a.id);
    expect(amenities.length).toBe(6);
    const sets = times(30, (i) => times(4, (k) => amenities[(i + k * (i % 2 ? 1 : 5)) % 6]!));
    await burst(
      sets.map(
        (set) => () =>
          env.post(
            'savePropertyMappingAmenities',
            { propertyId: id, ammentiesId: set.join(',') },
            agent.token,
          ),
      ),
    );
    const stored = (
      await env.t.db
        .selectFrom('property_amenities')
        .select('amenities_id')
        .where('property_id', '=', id)
        .execute()
    )
      .map((r) => r.amenities_id)
      .sort((a, b) => a - b);
    const sent = sets.map((s) => [...new Set(s)].sort((a, b) => a - b).join(','));
    expect(sent).toContain(stored.join(','));
  });

  it('many make-default calls on one listing leave exactly one default image', async () => {
    const id = await listing('Default contest');
    for (let i = 0; i < 4; i++) {
      const form = multipart(
        { property_id: id, type: 'Image', description: `Image ${i}` },
        { name: 'images_video', bytes: await png() },
      );
      const res = await env.t.call(agent.token, { method: 'POST', url: '/api/saveimagesupload', ...form });
      expect(res.statusCode, res.body).toBe(200);
    }
    const images = await env.t.db
      .selectFrom('property_media')
      .select('id')
      .where('property_id', '=', id)
      .execute();
    await burst(
      times(
        40,
        (i) => () =>
          env.post('propertyimagesisDefault', { property_id: id, image_id: images[i % 4]!.id }, agent.token),
      ),
    );
    const defaults = await env.t.db
      .selectFrom('property_media')
      .select('id')
      .where('property_id', '=', id)
      .where('is_default', '=', true)
      .execute();
    expect(defaults.length).toBe(1);
  });

  it('deleting images while others are made the default never leaves a listing without one', async () => {
    const id = await listing('Delete contest');
    for (let i = 0; i < 6; i++) {
      const form = multipart(
        { property_id: id, type: 'Image', description: `Image ${i}` },
        { name: 'images_video', bytes: await png() },
      );
      expect(
        (await env.t.call(agent.token, { method: 'POST', url: '/api/saveimagesupload', ...form })).statusCode,
      ).toBe(200);
    }
    const images = await env.t.db
      .selectFrom('property_media')
      .select(['id', 'is_default'])
      .where('property_id', '=', id)
      .orderBy('id')
      .execute();
    const plain = images.filter((m) => !m.is_default);
    // Each plain image is made the default and deleted at the same moment.
    await burst(
      plain.flatMap((m) => [
        () => env.post('propertyimagesisDefault', { property_id: id, image_id: m.id }, agent.token),
        () => env.post('deletepropertyimages', { property_id: id, image_id: m.id }, agent.token),
      ]),
    );
    const left = await env.t.db
      .selectFrom('property_media')
      .select(['is_default'])
      .where('property_id', '=', id)
      .execute();
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((m) => m.is_default).length).toBe(1);
  });

  it('many writers on one seller: every save answers, the seller is whole', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Contest Realty'))).statusCode).toBe(200);
    const agency = await env.t.db
      .selectFrom('agencies')
      .select('agency_id')
      .where('agency_name', '=', 'Contest Realty')
      .executeTakeFirstOrThrow();
    const seller = sellerPayload(where, 'Contested Seller', agency.agency_id);
    const saved = await env.post('saveSeller', seller);
    expect(saved.statusCode, saved.body).toBe(200);
    const { seller_id } = await env.t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_name', '=', 'Contested Seller')
      .executeTakeFirstOrThrow();
    const answers = await burst(
      times(
        40,
        (i) => () => env.post('updateSeller', { ...seller, seller_id, notes_about_seller: `Note ${i}` }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await env.t.db
      .selectFrom('sellers')
      .select('notes_about_seller')
      .where('seller_name', '=', 'Contested Seller')
      .execute();
    expect(rows.length).toBe(1);
    expect(rows[0]!.notes_about_seller).toMatch(/^Note \d+$/);
  });

  it("many status changes of one user: each change is recorded once, and the history ends in the user's status", async () => {
    const target = await env.t.createUser(ROLE.Agent);
    const answers = await burst(
      times(
        40,
        (i) => () =>
          env.post('changeUserStatus', {
            user_id: target,
            status: i % 2 ? 'Active' : 'Inactive',
            reason: `Turn ${i}`,
          }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const history = await env.t.db
      .selectFrom('user_status_history')
      .selectAll()
      .where('user_id', '=', target)
      .orderBy('id')
      .execute();
    const { user_status } = await env.t.db
      .selectFrom('users')
      .select('user_status')
      .where('user_id', '=', target)
      .executeTakeFirstOrThrow();
    // No two rows record the same change in a row: each change saw the one before it.
    for (let i = 1; i < history.length; i++) expect(history[i]!.old_status).toBe(history[i - 1]!.new_status);
    expect(history.at(-1)?.new_status ?? 'Active').toBe(user_status);
    // Each change answered as one is in the history and the audit log once; the others wrote nothing.
    const changed = answers.filter((r) => r.json().message.startsWith('User status changed')).length;
    expect([history.length, (await auditOf(target, 'changeUserStatus')).length]).toEqual([changed, changed]);
    // The user's reason is the last change's, kept only while Inactive.
    const { status_reason } = await env.t.db
      .selectFrom('users')
      .select('status_reason')
      .where('user_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(status_reason).toBe(user_status === 'Inactive' ? history.at(-1)!.reason : null);
  });

  it('many Account Details saves of one user from three sessions: the profile and its skills are one save, each audited once', async () => {
    const me = await env.t.signedIn(ROLE.Agent);
    const sessions = [me.token, await env.t.login(me.email), await env.t.login(me.email)];
    const { rows: made } = await sql<{ id: number }>`INSERT INTO user_skills (user_skills)
      SELECT 'Race skill ' || g FROM generate_series(1, 4) g RETURNING user_skills_id AS id`.execute(
      env.t.db,
    );
    // Each save its own set of skills: those of the bits of i + 1.
    const skillsOf = (i: number) => made.filter((_, bit) => (i + 1) & (1 << bit)).map((m) => m.id);
    const letters = 'abcdefghijklmnop';
    const form = (i: number) => ({
      firstName: `Rosa ${letters[i]}`,
      lastName: `Santos ${letters[i]}`,
      email: me.email,
      phone1: `0917${String(i).padStart(7, '0')}`,
      nickName: `Ros ${letters[i]}`,
      birth_day: i + 1,
      birth_month: (i % 12) + 1,
      birth_year: 1980 + i,
      userSkills: skillsOf(i).join(','),
      verify_password: PASSWORD,
    });
    const answers = await burst(times(15, (i) => () => env.post('UpdateProfile', form(i), sessions[i % 3])));
    expect(answers.map((r) => r.statusCode)).toEqual(times(15, () => 200));
    const row = await env.t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'phone_1', 'nick_name', 'birth_day', 'birth_month', 'birth_year'])
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    const won = letters.indexOf(row.first_name.slice(-1));
    const { rows: skills } = await sql<{ id: number }>`SELECT user_skills_id AS id FROM user_skill_links
      WHERE user_id = ${me.userId} ORDER BY 1`.execute(env.t.db);
    expect({ ...row, skills: skills.map((s) => s.id).join(',') }).toEqual({
      first_name: form(won).firstName,
      last_name: form(won).lastName,
      phone_1: form(won).phone1,
      nick_name: form(won).nickName,
      birth_day: form(won).birth_day,
      birth_month: form(won).birth_month,
      birth_year: form(won).birth_year,
      skills: form(won).userSkills,
    });
    expect(await auditOf(me.userId, 'UpdateProfile')).toHaveLength(15);
  });
});

describe('the one way into a transaction', () => {
  it('refuses code inside a transaction a second pooled connection', async () => {
    const attempt = inTransaction(env.t.db, async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await env.t.db.selectFrom('roles').select('id').execute();
    });
    await expect(attempt).rejects.toBeInstanceOf(SecondConnectionError);
    // The pool is whole afterwards.
    expect((await env.t.db.selectFrom('roles').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('runs a transaction again after a deadlock, and answers what the second run answered', async () => {
    await sql`CREATE TABLE IF NOT EXISTS deadlock_probe (id int PRIMARY KEY, n int)`.execute(env.t.db);
    await sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0) ON CONFLICT DO NOTHING`.execute(env.t.db);
    let runs = 0;
    // Two transactions lock the two rows in opposite orders: PostgreSQL kills one of them (40P01).
    const both = [1, 2].map((first) =>
      inTransaction(env.t.db, async (trx) => {
        runs++;
        await sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`.execute(trx);
        await sql`SELECT pg_sleep(0.2)`.execute(trx);
        await sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${3 - first}`.execute(trx);
        return first;
      }),
    );
    expect(await Promise.all(both)).toEqual([1, 2]);
    expect(runs).toBe(3);
    const rows = await sql<{ n: number }>`SELECT n FROM deadlock_probe ORDER BY id`.execute(env.t.db);
    expect(rows.rows.map((r) => r.n)).toEqual([2, 2]);
  });
});
