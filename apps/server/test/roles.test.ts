import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { listPage, messageAnswer, RANK, ROLE, roleChoice, roleRow, SYSTEM_ROLES } from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signedIn(ROLE.SuperAdmin)).token;
  // 60 extra roles: enough to page, search and prove the export has no row cap.
  await t.db
    .insertInto('roles')
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Zone ${String(i).padStart(2, '0')} ${i % 3 === 0 ? 'Reviewer' : 'Clerk'}`,
        status: i % 4 === 0 ? ('Inactive' as const) : ('Active' as const),
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
});
afterAll(() => t.close());

const get = (url: string) => t.call(admin, { method: 'GET', url });
const post = (url: string, payload: object) => t.call(admin, { method: 'POST', url, payload });
/** webGetRoles's declared answer, with no field beyond the declared ones at any depth. */
const strictPage = z.object({ roleData: listPage(roleRow.strict()).strict() }).strict();
const declares = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error).toBeUndefined();
const list = async (query: string) => {
  const res = await get(`/api/webGetRoles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  declares(strictPage, res.json());
  return res.json().roleData as {
    data: { id: number; name: string; is_role_active: string; built_in: boolean }[];
    total: number;
    current_page: number;
    per_page: number;
    last_page: number;
  };
};

describe('webGetRoles: the list contract', () => {
  it('pages with the legacy envelope, 7 rows by default, sorted by name', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 66, current_page: 1, per_page: 7, last_page: 10 });
    expect(page.data).toHaveLength(7);
    expect(page.data[0]).toEqual({
      id: ROLE.Admin,
      name: 'Admin',
      is_role_active: 'Active',
      manageable: true,
      built_in: true,
    });
    expect(page.data.filter((r) => !r.built_in).length).toBeGreaterThan(0);
    const names = page.data.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const last = await list('page=10');
    expect(last.data).toHaveLength(3);
  });

  it('accepts only the page sizes 7, 15, 25 and 50', async () => {
    for (const size of [7, 15, 25, 50]) expect((await list(`itemsPerPage=${size}`)).data).toHaveLength(size);
    for (const bad of ['10', '0', '-7', '1000000', 'abc', '7.5']) {
      const res = await get(`/api/webGetRoles?itemsPerPage=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.itemsPerPage).toBe('itemsPerPage must be one of 7, 15, 25, 50');
    }
  });

  it('sorts by whitelisted columns in both directions and refuses anything else with a 400', async () => {
    const desc = await list('sortColumn=id&sortOrder=desc&itemsPerPage=50');
    const ids = desc.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byStatus = await list('sortColumn=is_role_active&sortOrder=DESC&itemsPerPage=50');
    expect(byStatus.data[0]!.is_role_active).toBe('Inactive');
    for (const bad of ['password_hash', 'name;drop table roles', '1', "name'"]) {
      const res = await get(`/api/webGetRoles?sortColumn=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/select|stack|roles\./i);
    }
    expect((await get('/api/webGetRoles?sortOrder=sideways')).statusCode).toBe(400);
  });

  it('searches case-insensitively as a substring, with wildcards taken literally', async () => {
    const hits = await list('searchText=rEvIeWeR&itemsPerPage=50');
    expect(hits.total).toBe(20);
    expect(hits.data.every((r) => r.name.includes('Reviewer'))).toBe(true);
    expect((await list('searchText=%25')).total).toBe(0);
    expect((await list('searchText=_')).total).toBe(0);
    expect((await list('searchText=owner-agent')).data.map((r) => r.id)).toEqual([ROLE.OwnerAgent]);
  });

  it('tolerates a repeated parameter as old clients send it', async () => {
    expect((await list('page=2&page=2&itemsPerPage=7')).current_page).toBe(2);
  });

  it('answers a page past the end with no rows, not an error', async () => {
    const page = await list('page=99');
    expect(page.data).toEqual([]);
    expect(page.total).toBe(66);
  });
});

describe('webGetRoles/export', () => {
  it('streams a real .xlsx of the whole filtered, sorted list', async () => {
    const res = await get('/api/webGetRoles/export?searchText=zone&sortColumn=name&sortOrder=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Role_\d{2}-\d{2}-\d{4}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Role');
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Status']);
    expect(sheet.rowCount).toBe(61);
    expect(sheet.getRow(2).getCell(2).value).toBe('Zone 59 Clerk');
    expect(typeof sheet.getRow(2).getCell(1).value).toBe('number');
  });

  it('validates its query like the list does', async () => {
    expect((await get('/api/webGetRoles/export?sortColumn=nope')).statusCode).toBe(400);
  });
});

describe('role saves', () => {
  it('adds a role, refusing a duplicate name in any case with 409', async () => {
    const saved = (await post('/api/webSaveRole', { roleName: '  Surveyor ' })).json();
    expect(saved).toEqual({ message: 'Role saved successfully' });
    declares(messageAnswer.strict(), saved);
    const row = await t.db
      .selectFrom('roles')
      .selectAll()
      .where('name', '=', 'Surveyor')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Active', is_system: false });
    expect(row.created_by).not.toBeNull();
    const dup = await post('/api/webSaveRole', { roleName: 'SURVEYOR' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Role Already Exist', errors: { roleName: 'Role Already Exist' } });
  });

  it('gives a new role a rank just below its maker’s, and below Admin whoever makes it', async () => {
    const rankOf = async (name: string) =>
      (await t.db.selectFrom('roles').select('rank').where('name', '=', name).executeTakeFirstOrThrow()).rank;
    expect((await post('/api/webSaveRole', { roleName: 'Deputy' })).statusCode).toBe(200);
    expect(await rankOf('Deputy')).toBe(RANK.Admin - 1);
    await sql`INSERT INTO role_permissions (role_id, permission_id)
      SELECT ${ROLE.Operator}, id FROM permissions WHERE name = 'Add Role'`.execute(t.db);
    const operator = await t.signedIn(ROLE.Operator);
    const made = await t.call(operator.token, {
      method: 'POST',
      url: '/api/webSaveRole',
      payload: { roleName: 'Operator Aide' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(await rankOf('Operator Aide')).toBe(RANK.Operator - 1);
    // Built-in ranks: Super Admin > Admin > Operator > the rest.
    const builtIn = await t.db
      .selectFrom('roles')
      .select(['id', 'rank'])
      .where('is_system', '=', true)
      .execute();
    expect(new Map(builtIn.map((r) => [r.id, r.rank]))).toEqual(
      new Map(SYSTEM_ROLES.map((r) => [r.id, r.rank])),
    );
    expect(SYSTEM_ROLES.map((r) => r.rank)).toEqual([100, 90, 50, 10, 10, 10]);
  });

  it('requires a name', async () => {
    const res = await post('/api/webSaveRole', { roleName: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ roleName: 'Field is required' });
  });

  it('renames and changes status, accepting every legacy status spelling', async () => {
    const { id } = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Surveyor')
      .executeTakeFirstOrThrow();
    for (const [sent, stored] of [
      ['InActive', 'Inactive'],
      [1, 'Active'],
      ['0', 'Inactive'],
      ['Active', 'Active'],
    ] as const) {
      const res = await post('/api/webUpdateRole', {
        roleId: id,
        roleName: 'Land Surveyor',
        isRoleActive: sent,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Role updated successfully' });
      declares(messageAnswer.strict(), res.json());
      const row = await t.db
        .selectFrom('roles')
        .select(['name', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Land Surveyor', status: stored });
    }
    const legacy = await post('/api/webUpdateRoles', {
      roleId: id,
      roleName: 'Land Surveyor',
      isRoleActive: 0,
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual({ message: 'Role updated successfully' });
    declares(messageAnswer.strict(), legacy.json());
    expect(
      (await post('/api/webUpdateRole', { roleId: id, roleName: 'x', isRoleActive: 'maybe' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/webUpdateRole', { roleId: id, roleName: 'agent', isRoleActive: 'Active' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await post('/api/webUpdateRole', { roleId: 999999, roleName: 'Ghost', isRoleActive: 'Active' }))
        .statusCode,
    ).toBe(404);
  });

  it('never deactivates the Super Admin role', async () => {
    const res = await post('/api/webUpdateRole', {
      roleId: ROLE.SuperAdmin,
      roleName: 'Super Admin',
      isRoleActive: 'Inactive',
    });
    expect(res.statusCode).toBe(409);
  });

  it('deletes only unused, non-built-in roles', async () => {
    for (const role of SYSTEM_ROLES)
      expect((await post('/api/webDeleteRoles', { roleId: role.id })).statusCode).toBe(409);
    const { id } = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Land Surveyor')
      .executeTakeFirstOrThrow();
    await t.createUser(id);
    const inUse = await post('/api/webDeleteRoles', { roleId: id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('The role is assigned to users and cannot be deleted');
    await post('/api/webSaveRole', { roleName: 'Temporary' });
    const temp = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Temporary')
      .executeTakeFirstOrThrow();
    const deleted = (await post('/api/webDeleteRoles', { roleId: temp.id })).json();
    expect(deleted).toEqual({ message: 'Role deleted successfully' });
    declares(messageAnswer.strict(), deleted);
    expect((await post('/api/webDeleteRoles', { roleId: temp.id })).statusCode).toBe(404);
  });
});

describe('webGetRoles: which roles the caller may change', () => {
  it('marks the roles ranking below the caller’s as manageable (every one for a Super Admin)', async () => {
    const manageable = async (token: string) => {
      const res = await t.call(token, {
        method: 'GET',
        url: '/api/webGetRoles?itemsPerPage=50&searchText=a',
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().roleData.data as { id: number; manageable: boolean }[];
      return new Map(rows.map((r) => [r.id, r.manageable]));
    };
    const builtIn = [ROLE.SuperAdmin, ROLE.Admin, ROLE.Operator, ROLE.Agent];
    const byAdmin = await manageable((await t.signedIn(ROLE.Admin)).token);
    expect(builtIn.map((id) => byAdmin.get(id))).toEqual([false, false, true, true]);
    const bySuperAdmin = await manageable(admin);
    expect(builtIn.map((id) => bySuperAdmin.get(id))).toEqual([true, true, true, true]);
  });
});

describe('webGetRolesWithoutPagination', () => {
  it('lists active roles by name for any signed-in user', async () => {
    const { token } = await t.signedIn(ROLE.Individual);
    const res = await t.call(token, { method: 'GET', url: '/api/webGetRolesWithoutPagination' });
    declares(z.object({ resultData: z.array(roleChoice.strict()) }).strict(), res.json());
    const rows = res.json().resultData as { id: number; name: string }[];
    expect(rows.map((r) => r.name)).toEqual(
      [...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    // An Individual may give no type to anyone (decision 25).
    expect(rows.find((r) => r.id === ROLE.Agent)).toEqual({
      id: ROLE.Agent,
      name: 'Agent',
      assignable: false,
    });
    expect(rows.some((r) => r.name === 'Zone 00 Reviewer')).toBe(false);
  });
});
