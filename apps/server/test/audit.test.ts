import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUDIT_ENTITIES,
  AUDIT_HIDDEN,
  MESSAGES,
  ROLE,
  auditEntry,
  messageAnswer,
  auditUserOption,
  listPage,
  manilaToday,
  noInput,
  type AuditEntry,
  type Page,
} from '@app/contract';
import { createTestApp, PASSWORD, type TestApp } from './helpers.ts';
import { defineCall } from '../src/calls/registry.ts';
import { HttpError } from '../src/lib/errors.ts';
import { UNAUDITED_TABLES } from '../src/lib/audit.ts';
import { FAN_OUT_TABLES } from '../src/lib/notifications.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;

/** A save that writes, then fails: its transaction is rolled back, and its audit rows with it. */
const failingSave = defineCall(
  { name: 'testFailingSave', method: 'POST', input: noInput, response: messageAnswer },
  {
    access: 'Add Role',
    tag: 'Test',
    summary: 'Creates a role, then fails',
    async handle({ db }) {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('roles')
          .values({ name: 'Never Saved', status: 'Active', created_by: null, updated_by: null })
          .execute();
        throw new HttpError(409, 'Something else was in the way');
      });
    },
  },
);

let t: TestApp;
let admin: Signed;
let operator: Signed;

beforeAll(async () => {
  t = await createTestApp({ extraCalls: [failingSave] });
  admin = await t.signedIn(ROLE.SuperAdmin);
  operator = await t.signedIn(ROLE.Operator);
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => t.call(token, { method: 'GET', url: `/api/${url}` });
const post = async (call: string, payload: object, token = admin.token) => {
  const res = await t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

/** Audit rows after `sinceId`, oldest first, optionally of one entity. */
async function entriesSince(sinceId: string, entity?: string) {
  let q = t.db.selectFrom('audit_log').selectAll().where('id', '>', sinceId).orderBy('id');
  if (entity) q = q.where('entity', '=', entity);
  return q.execute();
}
const lastId = async () =>
  String(
    (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(t.db)).rows[0]!.id,
  );

const actorOf = async (who: Signed) => {
  const u = await t.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'user_email'])
    .where('user_id', '=', who.userId)
    .executeTakeFirstOrThrow();
  return { actor_id: who.userId, actor_name: `${u.first_name} ${u.last_name}`, actor_email: u.user_email };
};

const auditPage = async (query: string, token = admin.token) => {
  const res = await get(`getAuditLog?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  // The declared answer, with no field more (issue 19).
  expect(listPage(auditEntry.strict()).strict().safeParse(res.json().resultData).error).toBeUndefined();
  return res.json().resultData as Page<AuditEntry>;
};

describe('what the database records', () => {
  it('audits every table but the listed ones, and the list names only real tables', async () => {
    const tables = (
      await sql<{ name: string; audited: boolean }>`
        SELECT c.relname AS name,
          EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'audit') AS audited
        FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        ORDER BY 1`.execute(t.db)
    ).rows;
    const names = tables.map((r) => r.name);
    const unaudited = Object.keys(UNAUDITED_TABLES);
    const audited = Object.keys(AUDIT_ENTITIES);
    // A new table must be audited (its migration calls audit_attach, AUDIT_ENTITIES names it) or listed.
    for (const table of tables) {
      const expected = !unaudited.includes(table.name);
      expect({ table: table.name, audited: table.audited }).toEqual({ table: table.name, audited: expected });
      if (expected) expect(audited, `${table.name} needs a label in AUDIT_ENTITIES`).toContain(table.name);
    }
    expect(names).toEqual(expect.arrayContaining([...audited, ...unaudited]));
    expect(audited.filter((name) => unaudited.includes(name))).toEqual([]);
  });

  it('records a create, an update, a status change and a delete with who, where and which call', async () => {
    const since = await lastId();
    await post('webSaveRole', { roleName: 'Auditor' });
    const role = await t.db
      .selectFrom('roles')
      .selectAll()
      .where('name', '=', 'Auditor')
      .executeTakeFirstOrThrow();
    await post('webUpdateRole', { roleId: role.id, roleName: 'Chief Auditor', isRoleActive: 'Active' });
    // Saved unchanged: only updated_at moves, which is not worth a row.
    await post('webUpdateRole', { roleId: role.id, roleName: 'Chief Auditor', isRoleActive: 'Active' });
    await post('webUpdateRole', { roleId: role.id, roleName: 'Chief Auditor', isRoleActive: 'Inactive' });
    await post('webDeleteRoles', { roleId: role.id });

    const rows = await entriesSince(since, 'roles');
    const who = { ...(await actorOf(admin)), ip: '127.0.0.1', entity: 'roles', entity_id: String(role.id) };
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ ...who, call: 'webSaveRole', action: 'create', before: null });
    expect(rows[0]!.after).toMatchObject({
      id: role.id,
      name: 'Auditor',
      status: 'Active',
      is_system: false,
    });
    expect(rows[1]).toMatchObject({
      ...who,
      call: 'webUpdateRole',
      action: 'update',
      before: { name: 'Auditor' },
      after: { name: 'Chief Auditor' },
    });
    expect(rows[2]).toMatchObject({
      ...who,
      action: 'status change',
      before: { status: 'Active' },
      after: { status: 'Inactive' },
    });
    expect(rows[3]).toMatchObject({ ...who, call: 'webDeleteRoles', action: 'delete', after: null });
    expect(rows[3]!.before).toMatchObject({ id: role.id, name: 'Chief Auditor', status: 'Inactive' });
  });

  it('records permission changes as grants and removals of the named permissions', async () => {
    await post('webSaveRole', { roleName: 'Clerks' });
    const roleId = (
      await t.db.selectFrom('roles').select('id').where('name', '=', 'Clerks').executeTakeFirstOrThrow()
    ).id;
    const ids = Object.fromEntries(
      (await t.db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
    );
    const since = await lastId();
    await post('webAssignPermissionRoleWise', { roleId, permissionId: [ids['Users'], ids['Seller']] });
    await post('webAssignPermissionRoleWise', { roleId, permissionId: [ids['Seller'], ids['Agency']] });
    const rows = await entriesSince(since, 'role_permissions');
    expect(rows.map((r) => [r.action, r.entity_id, r.details?.permission, r.call])).toEqual([
      ['create', String(roleId), 'Users', 'webAssignPermissionRoleWise'],
      ['create', String(roleId), 'Seller', 'webAssignPermissionRoleWise'],
      ['delete', String(roleId), 'Users', 'webAssignPermissionRoleWise'],
      ['create', String(roleId), 'Agency', 'webAssignPermissionRoleWise'],
    ]);
    expect(rows[3]!.after).toEqual({ role_id: roleId, permission_id: ids['Agency'] });
    // Deleting the role takes its grants with it: each one is logged under the delete's call.
    const beforeDelete = await lastId();
    await post('webDeleteRoles', { roleId });
    const gone = await entriesSince(beforeDelete);
    expect(gone.map((r) => [r.entity, r.action, r.call]).sort()).toEqual([
      ['role_permissions', 'delete', 'webDeleteRoles'],
      ['role_permissions', 'delete', 'webDeleteRoles'],
      ['roles', 'delete', 'webDeleteRoles'],
    ]);
  });

  it("records a user's status change with its reason, and hides password hashes", async () => {
    const target = await t.signedIn(ROLE.Agent);
    const since = await lastId();
    await post('changeUserStatus', { user_id: target.userId, status: 'Inactive', reason: 'Left the agency' });
    await post(
      'change_password',
      {
        current_password: PASSWORD,
        new_password: 'Another123',
        confirm_password: 'Another123',
      },
      operator.token,
    );
    const rows = await entriesSince(since, 'users');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'status change',
      entity_id: String(target.userId),
      actor_id: admin.userId,
      before: { user_status: 'Active', status_reason: null },
      after: { user_status: 'Inactive', status_reason: 'Left the agency' },
    });
    expect(rows[1]).toMatchObject({
      action: 'update',
      call: 'change_password',
      entity_id: String(operator.userId),
      ...(await actorOf(operator)),
      before: { password_hash: AUDIT_HIDDEN },
      after: { password_hash: AUDIT_HIDDEN },
    });
    const hashes = await t.db.selectFrom('users').select('password_hash').execute();
    const log = JSON.stringify(await entriesSince('0'));
    for (const { password_hash } of hashes) if (password_hash) expect(log).not.toContain(password_hash);
  });

  it('names the caller and call of each write when callers and calls take turns on the pooled connections', async () => {
    const other = await t.signedIn(ROLE.SuperAdmin);
    const callers = [admin, other];
    const since = await lastId();
    // One after another (each takes the connection the last one gave back, a read between some), then
    // all at once.
    for (let i = 0; i < 6; i++) {
      await post('webSaveRole', { roleName: `Turn ${i}` }, callers[i % 2]!.token);
      if (i % 3 === 0) expect((await get('webGetRoles', callers[(i + 1) % 2]!.token)).statusCode).toBe(200);
    }
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('webSaveRole', { roleName: `At once ${i}` }, callers[i % 2]!.token),
      ),
    );
    const roles = await t.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('name', 'like', 'Turn %'), eb('name', 'like', 'At once %')]))
      .execute();
    const updater = new Map(roles.map((role, i) => [String(role.id), callers[i % 2]!]));
    for (const role of roles) {
      const payload = { roleId: role.id, roleName: `${role.name}!`, isRoleActive: 'Active' };
      await post('webUpdateRole', payload, updater.get(String(role.id))!.token);
    }
    const rows = await entriesSince(since, 'roles');
    expect(rows).toHaveLength(roles.length * 2);
    for (const row of rows) {
      const expected =
        row.action === 'create'
          ? { call: 'webSaveRole', actor_id: (row.after as { created_by: number }).created_by }
          : { call: 'webUpdateRole', actor_id: updater.get(row.entity_id!)!.userId };
      expect({ call: row.call, actor_id: row.actor_id }).toEqual(expected);
    }
    expect(new Set(rows.map((r) => r.actor_id))).toEqual(new Set([admin.userId, other.userId]));
  });

  it('writes nothing for changes made outside an API call (seeding, scripts), even on a used connection', async () => {
    // Every pooled connection has served a call by now; none may keep its settings.
    await Promise.all(
      Array.from({ length: 8 }, () => post('webSaveRole', { roleName: `Pool ${Math.random()}` })),
    );
    const since = await lastId();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db
          .insertInto('roles')
          .values({ name: `Script ${i}`, status: 'Active', created_by: null, updated_by: null })
          .execute(),
      ),
    );
    await t.createUser(ROLE.Agent);
    expect(await entriesSince(since)).toEqual([]);
  });

  it("audits none of the tables the notifications' fan-out writes, which leaves connections' settings as they are", () => {
    expect(Object.keys(UNAUDITED_TABLES)).toEqual(expect.arrayContaining([...FAN_OUT_TABLES]));
  });

  it('leaves no audit row for a save that fails', async () => {
    const since = await lastId();
    const res = await t.call(admin.token, { method: 'POST', url: '/api/testFailingSave', payload: {} });
    expect(res.statusCode).toBe(409);
    expect(await t.db.selectFrom('roles').select('id').where('name', '=', 'Never Saved').execute()).toEqual(
      [],
    );
    // A refused save through a real call: a duplicate name.
    const dup = await t.call(admin.token, {
      method: 'POST',
      url: '/api/webSaveRole',
      payload: { roleName: 'Admin' },
    });
    expect(dup.statusCode).toBe(409);
    expect(await entriesSince(since)).toEqual([]);
  });

  it('cannot be changed, deleted or emptied', async () => {
    expect(Number(await lastId())).toBeGreaterThan(0);
    for (const statement of [
      sql`UPDATE audit_log SET action = 'update'`,
      sql`DELETE FROM audit_log`,
      sql`DELETE FROM audit_log WHERE false`,
      sql`TRUNCATE audit_log`,
    ]) {
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    }
    expect(Number(await lastId())).toBeGreaterThan(0);
  });
});

describe('what the server records', () => {
  it('records sign-ins, failed sign-ins (with the e-mail tried) and sign-outs', async () => {
    const user = await t.signedIn(ROLE.Agent);
    const since = await lastId();
    const login = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/webValidateLogin', payload: { email, password } });
    expect((await login(user.email, 'Wrong1234')).json().result).toBe('error');
    expect((await login('nobody@example.com', 'Wrong1234')).json().result).toBe('error');
    const token = (await login(user.email, PASSWORD)).json().token as string;
    await post('webLogout', {}, token);
    const rows = await entriesSince(since);
    const base = { ip: '127.0.0.1', before: null, after: null };
    expect(rows).toMatchObject([
      {
        ...base,
        ...(await actorOf(user)),
        action: 'login failed',
        call: 'webValidateLogin',
        entity: 'users',
        entity_id: String(user.userId),
        details: { email: user.email, reason: 'wrong password' },
      },
      {
        ...base,
        actor_id: null,
        actor_name: null,
        action: 'login failed',
        entity: null,
        details: { email: 'nobody@example.com', reason: 'unknown e-mail' },
      },
      {
        ...base,
        ...(await actorOf(user)),
        action: 'login',
        call: 'webValidateLogin',
        entity_id: String(user.userId),
      },
      {
        ...base,
        ...(await actorOf(user)),
        action: 'logout',
        call: 'webLogout',
        entity_id: String(user.userId),
      },
    ]);
  });

  it('records an inactive account and a throttled sign-in as failures', async () => {
    const email = 'sleeping@example.com';
    const userId = await t.createUser(ROLE.Agent, email, 'Inactive');
    const since = await lastId();
    await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email, password: PASSWORD },
    });
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/webValidateLogin',
        payload: { email, password: 'Wrong1234' },
      });
    const throttled = await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email, password: PASSWORD },
    });
    expect(throttled.statusCode).toBe(429);
    const reasons = (await entriesSince(since)).map((r) => [r.action, r.actor_id, r.details?.reason]);
    expect(reasons[0]).toEqual(['login failed', userId, 'account Inactive']);
    expect(reasons.at(-1)).toEqual(['login failed', null, 'too many attempts']);
  });

  it('records every export with the list and its query', async () => {
    const since = await lastId();
    const res = await get(
      'webGetRoles/export?searchText=Admin&sortColumn=name&sortOrder=desc',
      operator.token,
    );
    expect(res.statusCode).toBe(200);
    const [row, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      ...(await actorOf(operator)),
      ip: '127.0.0.1',
      action: 'export',
      call: 'webGetRoles/export',
      details: { list: 'Role', query: { searchText: 'Admin', sortColumn: 'name', sortOrder: 'desc' } },
    });
  });
});

describe('getAuditLog', () => {
  it('is for holders of Audit Log only: Super Admin by default, not Admin or Operator', async () => {
    const adminUser = await t.signedIn(ROLE.Admin);
    for (const who of [adminUser, operator]) {
      expect((await get('getAuditLog', who.token)).statusCode).toBe(403);
      expect((await get('getAuditLog/export', who.token)).statusCode).toBe(403);
      expect((await get('getAuditLogUsers', who.token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/getAuditLog' })).statusCode).toBe(401);
    const grants = await t.db
      .selectFrom('role_permissions as rp')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('rp.role_id')
      .where('p.name', '=', 'Audit Log')
      .execute();
    expect(grants.map((g) => g.role_id)).toEqual([ROLE.SuperAdmin]);
  });

  it('pages newest first and filters by user, entity, record, action and Manila dates', async () => {
    await post('webSaveRole', { roleName: 'Filter Target' });
    const roleId = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Filter Target')
        .executeTakeFirstOrThrow()
    ).id;
    await post('webUpdateRole', { roleId, roleName: 'Filter Target', isRoleActive: 'Inactive' });

    const newest = await auditPage('itemsPerPage=15');
    const ids = newest.data.map((r) => BigInt(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(newest.total).toBeGreaterThan(15);

    const record = await auditPage(`entity=roles&entity_id=${roleId}`);
    expect(record.data.map((r) => r.action)).toEqual(['status change', 'create']);
    expect(record.data[0]).toMatchObject({
      actor_id: admin.userId,
      call: 'webUpdateRole',
      after: { status: 'Inactive' },
    });

    const mine = await auditPage(`user_id=${operator.userId}&itemsPerPage=50`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((r) => r.actor_id === operator.userId)).toBe(true);

    const exports = await auditPage('action=export&itemsPerPage=50');
    expect(exports.data.length).toBeGreaterThan(0);
    expect(exports.data.every((r) => r.action === 'export')).toBe(true);

    const roles = await auditPage('entity=roles&itemsPerPage=50');
    expect(roles.data.every((r) => r.entity === 'roles')).toBe(true);

    const today = manilaToday();
    expect(
      (await auditPage(`from_date=${today}&to_date=${today}&entity=roles&entity_id=${roleId}`)).total,
    ).toBe(2);
    expect((await auditPage(`to_date=2020-01-01`)).total).toBe(0);
    expect((await auditPage(`from_date=2999-01-01`)).total).toBe(0);
  });

  it('searches user names, e-mails, calls and the e-mail of a failed sign-in', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email: 'intruder.zq@example.com', password: 'Guess1234' },
    });
    const found = await auditPage('searchText=intruder.zq');
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      action: 'login failed',
      details: { email: 'intruder.zq@example.com' },
    });
    const byCall = await auditPage('searchText=webAssignPermission&itemsPerPage=50');
    expect(byCall.total).toBeGreaterThan(0);
    expect(byCall.data.every((r) => r.call === 'webAssignPermissionRoleWise')).toBe(true);
    const { actor_email } = await actorOf(operator);
    expect(
      (await auditPage(`searchText=${encodeURIComponent(actor_email)}&itemsPerPage=50`)).data.every(
        (r) => r.actor_id === operator.userId,
      ),
    ).toBe(true);
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases: [string, string, string][] = [
      ['entity=sessions', 'entity', 'entity must be an audited table name'],
      ['action=hack', 'action', 'action must be one of'],
      ['user_id=abc', 'user_id', 'Must be a number'],
      ['from_date=2026-02-30', 'from_date', 'Not a real date'],
      ['from_date=2026-02-02&to_date=2026-02-01', 'to_date', MESSAGES.dateRangeOrder],
      ['sortColumn=actor_name', 'sortColumn', 'sortColumn must be one of at, id'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`getAuditLog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[field], query).toContain(message);
    }
  });

  it('exports the filtered log as .xlsx, before and after as JSON, and logs the export itself', async () => {
    const res = await get('getAuditLog/export?entity=roles&action=status%20change');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'ID',
      'When',
      'User',
      'E-mail',
      'IP',
      'Action',
      'Entity',
      'Record',
      'Call',
      'Before',
      'After',
      'Details',
    ]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first[5]).toBe('Status changed');
    expect(first[6]).toBe('Role');
    expect(JSON.parse(String(first[10]))).toEqual({ status: 'Inactive' });
    const [logged] = await t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(logged).toMatchObject({
      action: 'export',
      call: 'getAuditLog/export',
      details: { list: 'AuditLog' },
    });
  });

  it('offers users for the User filter by name or e-mail, or by id', async () => {
    const { actor_email, actor_name } = await actorOf(operator);
    const byEmail = await get(`getAuditLogUsers?searchText=${encodeURIComponent(actor_email)}`);
    expect(byEmail.statusCode).toBe(200);
    expect(z.array(auditUserOption.strict()).safeParse(byEmail.json().resultData).error).toBeUndefined();
    expect(byEmail.json().resultData).toEqual([
      { user_id: operator.userId, full_name: actor_name, user_email: actor_email },
    ]);
    const byId = await get(`getAuditLogUsers?user_id=${admin.userId}`);
    expect(byId.json().resultData.map((u: { user_id: number }) => u.user_id)).toEqual([admin.userId]);
    expect((await get('getAuditLogUsers?searchText=%25')).json().resultData).toEqual([]);
  });
});
