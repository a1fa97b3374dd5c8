import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_MESSAGES, ROLE } from '@app/contract';
import { createDb, migrate } from '../src/db/index.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { ensureSuperAdmin, seedDemoUsers, seedReferenceData } from '../src/db/seed/index.ts';
import { place, propertyIdOf, setOpenLimit, useTestApp, type Place } from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { freshDatabase, lockHolder } from './helpers.ts';

/**
 * Issue 18, items 4 and 5 (docs/decisions/0029-open-listing-limit.md): every way a listing of an owner
 * becomes one that counts (create, or a status change from Sold or Archived, by anyone) is checked
 * against the owner's limit under the same lock; Admins and Super Admins are not limited; the others'
 * limits follow their type unless an Admin chose one.
 */

const env = useTestApp();
let p: Place;

beforeAll(async () => {
  p = await place(env.t, 'Iloilo');
});

let names = 0;
const save = (token: string, name = `Lot ${++names}`) =>
  env.post('saveproperty', propertyForm(p, name), token).then((res) => ({ res, name }));

/** Saves a listing as `token` (it must pass) and answers its id. */
async function create(token: string) {
  const { res, name } = await save(token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

/** updateproperty with the stored record and `changes`, as the form sends it. */
const update = async (id: number, changes: Record<string, unknown>, token = env.admin.token) => {
  const record = (await env.get(`/api/GetPropertyById?id=${id}`, token)).json().resultData[0];
  return env.post('updateproperty', { ...record, ...changes }, token);
};

const setStatus = (id: number, status: string, token?: string) =>
  update(id, { status, ...(status === 'Suspended' ? { suspendedReason: 'Checking the title' } : {}) }, token);

/** Listings of the owner that count against the limit. */
const openCount = async (userId: number) =>
  Number(
    (
      await env.t.db
        .selectFrom('properties')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('status', 'not in', ['Sold', 'Archived'])
        .executeTakeFirstOrThrow()
    ).n,
  );

const setLimit = (userId: number, limit: number) => setOpenLimit(env.t, [userId], limit);

const statusOf = async (id: number) =>
  (
    await env.t.db
      .selectFrom('properties')
      .select('status')
      .where('property_id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** An Agent with `limit`, and `open` + `archived` listings of its own. */
async function agentWith(limit: number, open: number, archived: number) {
  const agent = await env.t.signedIn(ROLE.Agent);
  await setLimit(agent.userId, open + archived);
  const ids: number[] = [];
  for (let i = 0; i < open + archived; i++) ids.push(await create(agent.token));
  const closed = ids.slice(open);
  if (closed.length > 0)
    await env.t.db
      .updateTable('properties')
      .set({ status: 'Archived' })
      .where('property_id', 'in', closed)
      .execute();
  await setLimit(agent.userId, limit);
  return { ...agent, open: ids.slice(0, open), archived: closed };
}

describe('every way into an open listing counts against the limit', () => {
  it('refuses reopening an Archived listing at the limit (archive two, create two, reopen)', async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    await setLimit(agent.userId, 5);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create(agent.token));
    const [first, second] = ids as [number, number];
    expect((await setStatus(first, 'Archived', agent.token)).statusCode).toBe(200);
    expect((await setStatus(second, 'Archived', agent.token)).statusCode).toBe(200);
    await create(agent.token);
    await create(agent.token);

    const reopened = await setStatus(first, 'Open', agent.token);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe(PROPERTY_MESSAGES.limitReached(5));
    // Pending and Suspended count as open too: no way round through them.
    for (const status of ['Pending', 'Suspended'])
      expect((await setStatus(second, status, agent.token)).statusCode, status).toBe(409);
    expect(await statusOf(first)).toBe('Archived');
    expect(await statusOf(second)).toBe('Archived');
    expect(await openCount(agent.userId)).toBe(5);

    // A listing that already counts may still be edited and move between open statuses at the limit.
    const open = ids[2]!;
    expect((await update(open, { property_headline: 'Edited at the limit' }, agent.token)).statusCode).toBe(
      200,
    );
    expect((await setStatus(open, 'Pending', agent.token)).statusCode).toBe(200);
    expect((await setStatus(open, 'Open', agent.token)).statusCode).toBe(200);

    // Selling one frees a place, which the reopened listing then takes; a Sold one cannot come back.
    expect((await setStatus(open, 'Sold', agent.token)).statusCode).toBe(200);
    expect((await setStatus(first, 'Open', agent.token)).statusCode).toBe(200);
    expect((await setStatus(open, 'Open', agent.token)).statusCode).toBe(409);
    expect(await openCount(agent.userId)).toBe(5);
  });

  it("applies the owner's limit when someone else reopens the listing", async () => {
    const agent = await agentWith(2, 2, 1);
    const res = await setStatus(agent.archived[0]!, 'Open', env.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROPERTY_MESSAGES.limitReached(2));
    expect(await openCount(agent.userId)).toBe(2);
  });

  it('never exceeds the limit with many concurrent reopens and creates', async () => {
    const agent = await agentWith(5, 3, 10);
    const answers = await Promise.all([
      ...agent.archived.map((id) => setStatus(id, 'Open', agent.token)),
      ...Array.from({ length: 4 }, () => save(agent.token).then((s) => s.res)),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(12);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().message).toBe(PROPERTY_MESSAGES.limitReached(5));
    expect(await openCount(agent.userId)).toBe(5);
  });

  it('never exceeds the limit with many concurrent new listings, each refused in the words of the limit', async () => {
    const agent = await agentWith(6, 3, 0);
    const answers = await Promise.all(Array.from({ length: 16 }, () => save(agent.token).then((s) => s.res)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(PROPERTY_MESSAGES.limitReached(6));
    }
    expect(await openCount(agent.userId)).toBe(6);
  });

  it('never exceeds the limit with many concurrent reopens by different editors', async () => {
    const agent = await agentWith(4, 3, 8);
    const editors = [agent.token, env.admin.token];
    const answers = await Promise.all(
      agent.archived.map((id, i) => setStatus(id, i % 2 ? 'Pending' : 'Open', editors[i % 2]!)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await openCount(agent.userId)).toBe(4);
  });
});

describe('a bulk reopen, waiting for the owner', () => {
  it("counts what the owner's save committed while it waited, not what it saw before", async () => {
    const agent = await agentWith(3, 2, 2);
    const [reopened, takenMeanwhile] = agent.archived as [number, number];
    const locker = await lockHolder(env.t);
    try {
      // What a save of the owner holds while it counts and writes.
      await locker.query('SELECT take_open_listing_places(ARRAY[$1]::int[])', [agent.userId]);
      const reopening = env.post('bulkPropertyStatus', { ids: [reopened], status: 'Open' });
      await locker.untilWaiting('take_open_listing_places');
      // That save takes the owner's last place, and commits.
      await locker.query(`UPDATE properties SET status = 'Open' WHERE property_id = $1`, [takenMeanwhile]);
      await locker.commit();
      const answer = (await reopening).json();
      expect(answer.changed).toBe(0);
      expect(answer.refused.map((r: { reason: string }) => r.reason)).toEqual([
        PROPERTY_MESSAGES.limitReached(3),
      ]);
    } finally {
      await locker.end();
    }
    expect(await statusOf(reopened)).toBe('Archived');
    expect(await openCount(agent.userId)).toBe(3);
  });
});

describe('the places a bulk reopen takes', () => {
  it('are at most 1,024 advisory locks, however many owners (PostgreSQL keeps them in a table of limited size)', async () => {
    const holder = await lockHolder(env.t);
    try {
      await holder.query('SELECT take_open_listing_places(ARRAY(SELECT generate_series(1, 10000)))');
      const { rows } = await holder.query(`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND pid = pg_backend_pid()`);
      expect(rows[0].n).toBe(1024);
    } finally {
      await holder.end();
    }
  });
});

describe('who is limited', () => {
  it('does not limit Super Admins and Admins, whatever limit is stored for them', async () => {
    for (const role of [ROLE.SuperAdmin, ROLE.Admin]) {
      const admin = await env.t.signedIn(role);
      await setLimit(admin.userId, 5); // what the first-start Super Admin was given
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push(await create(admin.token));
      expect((await setStatus(ids[0]!, 'Archived', admin.token)).statusCode).toBe(200);
      await create(admin.token);
      expect((await setStatus(ids[0]!, 'Open', admin.token)).statusCode, String(role)).toBe(200);
      expect(await openCount(admin.userId)).toBe(8);
    }
  });

  it('gives the Super Admin of ADMIN_EMAIL/ADMIN_PASSWORD no limit: six listings and more', async () => {
    const email = 'chief@pinoyproperty.ph';
    await ensureSuperAdmin(env.t.db, { adminEmail: email, adminPassword: 'Chief12345' });
    const row = await env.t.db
      .selectFrom('users')
      .select(['user_id', 'open_property_limit'])
      .where('user_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.open_property_limit).toBe(999);
    const token = await env.t.login(email, 'Chief12345');
    for (let i = 0; i < 6; i++) await create(token);
    expect(await openCount(row.user_id)).toBe(6);
  });

  it('gives the demo Operator and Individual 999 and the demo Agent and Owner-Agent 5', async () => {
    await seedDemoUsers(env.t.db, 'Demo12345');
    const limits = Object.fromEntries(
      (
        await env.t.db
          .selectFrom('users')
          .select(['user_email', 'open_property_limit'])
          .where('user_email', 'like', '%@demo.pinoyproperty.ph')
          .execute()
      ).map((u) => [u.user_email.split('@')[0], u.open_property_limit]),
    );
    expect(limits).toMatchObject({
      admin: 999,
      operator: 999,
      individual: 999,
      agent: 5,
      'owner-agent': 5,
      'pending.agent': 5,
      'inactive.operator': 999,
      'pending.chief': 999,
    });
    // The demo Operator can list a sixth property, the demo Agent cannot.
    const operator = await env.t.login('operator@demo.pinoyproperty.ph', 'Demo12345');
    for (let i = 0; i < 6; i++) await create(operator);
    const agent = await env.t.login('agent@demo.pinoyproperty.ph', 'Demo12345');
    for (let i = 0; i < 5; i++) await create(agent);
    const sixth = (await save(agent)).res;
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(PROPERTY_MESSAGES.limitReached(5));
  });
});

describe('the Super Admin generated at first start', () => {
  let db: ReturnType<typeof createDb>;
  let drop: () => Promise<void>;
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('has no open-listing limit of 5', async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    db = createDb(fresh.url, 2);
    await migrate(db);
    await seedReferenceData(db);
    const admin = await ensureSuperAdmin(db, { adminEmail: undefined, adminPassword: undefined });
    expect(admin.kind).toBe('generated');
    const row = await db
      .selectFrom('users')
      .select(['role_id', 'open_property_limit'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role_id: ROLE.SuperAdmin, open_property_limit: 999 });
  });
});

describe('migration 0013: limits left by the wrong default', () => {
  let db: ReturnType<typeof createDb>;
  let drop: () => Promise<void>;
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('raises the 5 of non-agents to 999 unless an Admin set it, and lowers nobody', async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    db = createDb(fresh.url, 2);
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    const mine = known.indexOf('0013_open_listing_limits');
    expect(mine).toBeGreaterThan(0);
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(known[mine - 1]!);
    expect(error).toBeUndefined();
    await seedReferenceData(db);

    const users: Record<string, [role: number, limit: number]> = {
      superAdmin: [ROLE.SuperAdmin, 5],
      admin: [ROLE.Admin, 5],
      operator: [ROLE.Operator, 5],
      individual: [ROLE.Individual, 5],
      agent: [ROLE.Agent, 5],
      ownerAgent: [ROLE.OwnerAgent, 5],
      operatorSetTo5: [ROLE.Operator, 5], // an Admin typed 5 in an update: kept
      individualSetTo5ThenRenamed: [ROLE.Individual, 5], // kept, though later updates changed other fields
      operatorFromAgent: [ROLE.Operator, 5], // type changed from Agent, the 5 carried over: raised
      operatorOf12: [ROLE.Operator, 12],
      agentOf999: [ROLE.Agent, 999],
    };
    const ids: Record<string, number> = {};
    for (const [name, [role_id, open_property_limit]] of Object.entries(users)) {
      const { rows } = await sql<{ user_id: number }>`
        INSERT INTO users (first_name, last_name, user_email, role_id, user_status, open_property_limit)
        VALUES ('Test', ${name}, ${`${name}@example.com`}, ${role_id}, 'Active', ${open_property_limit})
        RETURNING user_id`.execute(db);
      ids[name] = rows[0]!.user_id;
    }
    const audit = (name: string, action: string, before: object, after: object) =>
      sql`INSERT INTO audit_log (actor_id, call, action, entity, entity_id, before, after)
        VALUES (${ids.superAdmin!}, 'UpdateUser', ${action}, 'users', ${String(ids[name])},
          ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`.execute(db);
    // Everyone was created through SaveUser: a create row holds every column, the limit among them.
    for (const name of Object.keys(users))
      await audit(name, 'create', {}, { role_id: users[name]![0], open_property_limit: users[name]![1] });
    await audit('operatorSetTo5', 'update', { open_property_limit: 999 }, { open_property_limit: 5 });
    await audit(
      'individualSetTo5ThenRenamed',
      'update',
      { open_property_limit: 50 },
      { open_property_limit: 5 },
    );
    await audit('individualSetTo5ThenRenamed', 'update', { first_name: 'A' }, { first_name: 'Test' });
    await audit('operatorFromAgent', 'update', { role_id: ROLE.Agent }, { role_id: ROLE.Operator });
    await audit('operator', 'status change', { user_status: 'New' }, { user_status: 'Active' });

    await migrate(db);
    const limits = Object.fromEntries(
      (await db.selectFrom('users').select(['last_name', 'open_property_limit']).execute()).map((u) => [
        u.last_name,
        u.open_property_limit,
      ]),
    );
    expect(limits).toEqual({
      superAdmin: 999,
      admin: 999,
      operator: 999,
      individual: 999,
      agent: 5,
      ownerAgent: 5,
      operatorSetTo5: 5,
      individualSetTo5ThenRenamed: 5,
      operatorFromAgent: 999,
      operatorOf12: 12,
      agentOf999: 999,
    });
  });
});
