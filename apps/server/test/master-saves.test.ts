import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { place, useTestApp, type Place } from './entity-fixtures.ts';
import { overHttp, type Post } from './http-fixtures.ts';
import { duringChange } from './helpers.ts';

/**
 * Saves of master records, places and roles that meet another save of the same name, or a delete of
 * what they name, at the same moment (decision 96), over real HTTP. Each race is made sure: the other
 * change is held uncommitted (duringChange) until the save waits for it.
 */
const env = useTestApp();
let post: Post;
let where: Place;
beforeAll(async () => {
  post = await overHttp(env.t);
  where = await place(env.t, 'Races');
});
const send = (call: string, body: object) => post(call, body, env.admin.token);
const answerOf = (a: Awaited<ReturnType<Post>>) => [a.status, a.body];
const idNamed = async (table: string, idColumn: string, nameColumn: string, name: string) =>
  (
    await sql<{ id: number }>`SELECT ${sql.ref(idColumn)} AS id FROM ${sql.table(table)}
      WHERE ${sql.ref(nameColumn)} = ${name}`.execute(env.t.db)
  ).rows[0]?.id;
const audited = async (table: string, id: number, action: string) =>
  (
    await env.t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', table)
      .where('entity_id', '=', String(id))
      .where('action', '=', action)
      .execute()
  ).length;

/** A duplicate refused as the spec words it, on the name's field, whoever was first. */
const taken = (entity: string, field: string) => [
  409,
  { message: `${entity} Already Exist`, errors: { [field]: `${entity} Already Exist` } },
];

describe('a name another save takes at the same moment', () => {
  /** Each save (its other fields), and the same name's row written meanwhile (columns, other values). */
  const creates = [
    ['Province', 'SaveProvince', 'provinceName', {}, 'provinces', 'province_name'],
    ['Amenity', 'SaveMasterAmenity', 'name', {}, 'amenities', 'name'],
    ['Zoning Code', 'SaveZonningCode', 'Name', {}, 'zoning_codes', 'zonning_code'],
    [
      'Town',
      'SaveTown',
      'townName',
      { isTownCity: 'City', provinceId: 'where' },
      'towns',
      'town_name, is_town_city, province_id',
      ['City', 'where'],
    ],
    ['Role', 'webSaveRole', 'roleName', {}, 'roles', 'name, status, rank', ['Active', 50]],
  ] as const;

  it.each(creates.map((c) => [c[0], c] as const))(
    '%s: a create refused with the spec’s duplicate message',
    async (entity, [, call, field, more, table, columns, values = []]) => {
      // 'where' stands for the test's province, made once the tests run.
      const at = (v: unknown) => (v === 'where' ? where.province_id : v);
      const name = `Twin ${entity}`;
      const row = [name, ...values].map(at);
      const insert = `INSERT INTO ${table} (${columns}) VALUES (${row.map((_, i) => `$${i + 1}`).join(', ')})`;
      const answer = await duringChange(env.t, insert, row, `insert into "${table}"`, () =>
        send(call, {
          ...Object.fromEntries(Object.entries(more).map(([k, v]) => [k, at(v)])),
          [field]: name,
        }),
      );
      expect(answerOf(answer)).toEqual(taken(entity, field));
    },
  );

  it.each([
    ['Amenity', 'SaveMasterAmenity', 'UpdateMasterAmenity', 'amenities', 'id', 'name', { id: 0 }],
    [
      'Role',
      'webSaveRole',
      'webUpdateRole',
      'roles',
      'id',
      'roleName',
      { roleId: 0, isRoleActive: 'Active' },
    ],
  ] as const)(
    '%s: a rename to a name another rename takes meanwhile',
    async (entity, save, update, table, idColumn, field, form) => {
      const [mine, theirs, wanted] = ['One', 'Two', 'Head'].map((n) => `${n} ${entity} Clerk`) as [
        string,
        string,
        string,
      ];
      for (const name of [mine, theirs]) expect((await send(save, { [field]: name })).status).toBe(200);
      const column = table === 'roles' ? 'name' : field;
      const id = (await idNamed(table, idColumn, column, mine))!;
      const idField = Object.keys(form)[0]!;
      const answer = await duringChange(
        env.t,
        `UPDATE ${table} SET ${column} = $1 WHERE ${column} = $2`,
        [wanted, theirs],
        `update "${table}"`,
        () => send(update, { ...form, [idField]: id, [field]: wanted }),
      );
      expect(answerOf(answer)).toEqual(taken(entity, field));
    },
  );
});

describe('a save naming a record deleted meanwhile', () => {
  it('a town whose province is deleted while it waits: 400 on the province, no town', async () => {
    const provinceId = (
      await sql<{ id: number }>`INSERT INTO provinces (province_name) VALUES ('Fleeting Province')
        RETURNING province_id AS id`.execute(env.t.db)
    ).rows[0]!.id;
    const answer = await duringChange(
      env.t,
      'DELETE FROM provinces WHERE province_id = $1',
      [provinceId],
      'provinces|towns',
      () => send('SaveTown', { townName: 'Orphan Town', isTownCity: 'Town', provinceId }),
    );
    expect(answerOf(answer)).toEqual([
      400,
      { message: 'Unknown province', errors: { provinceId: 'Unknown province' } },
    ]);
    expect(await idNamed('towns', 'town_id', 'town_name', 'Orphan Town')).toBeUndefined();
  });

  it('a town bordering a town deleted while it waits: 400 on the adjacent towns', async () => {
    const gone = (
      await sql<{ id: number }>`INSERT INTO towns (town_name, is_town_city, province_id)
        VALUES ('Vanishing Town', 'Town', ${where.province_id}) RETURNING town_id AS id`.execute(env.t.db)
    ).rows[0]!.id;
    const answer = await duringChange(env.t, 'DELETE FROM towns WHERE town_id = $1', [gone], 'town', () =>
      send('SaveTown', {
        townName: 'Lonely Town',
        isTownCity: 'Town',
        provinceId: where.province_id,
        adjacentTown: String(gone),
      }),
    );
    expect(answerOf(answer)).toEqual([
      400,
      { message: 'Unknown adjacent town', errors: { adjacentTown: 'Unknown adjacent town' } },
    ]);
    expect(await idNamed('towns', 'town_id', 'town_name', 'Lonely Town')).toBeUndefined();
  });

  it('a role renamed while it is deleted: 404, nothing audited as an update', async () => {
    expect((await send('webSaveRole', { roleName: 'Doomed Role' })).status).toBe(200);
    const roleId = (await idNamed('roles', 'id', 'name', 'Doomed Role'))!;
    const answer = await duringChange(env.t, 'DELETE FROM roles WHERE id = $1', [roleId], 'roles', () =>
      send('webUpdateRole', { roleId, roleName: 'Saved Role', isRoleActive: 'Active' }),
    );
    expect(answerOf(answer)).toEqual([404, { message: 'Role not found' }]);
    expect(await audited('roles', roleId, 'update')).toBe(0);
  });
});

describe('ids beyond what the database holds', () => {
  it.each([
    [
      'SaveTown',
      'provinceId',
      'Too large',
      (v: unknown) => ({ townName: 'Far Town', isTownCity: 'Town', provinceId: v }),
    ],
    [
      'SaveSubdivision',
      'barangay_id',
      'Too large',
      (v: unknown) => ({
        subdivision_name: 'Far Village',
        province_id: where.province_id,
        town_id: where.town_id,
        barangay_id: v,
      }),
    ],
  ])('%s %s: refused on the field, as other forms refuse them', async (call, field, message, body) => {
    for (const value of [2_147_483_648, '4294967296']) {
      const answer = await send(call, body(value));
      expect(answerOf(answer), `${field} = ${value}`).toEqual([
        400,
        { message: `${field}: ${message}`, errors: { [field]: message } },
      ]);
    }
  });
});

describe('an update that leaves a field out keeps it', () => {
  it('a town’s status switch sent with its status alone keeps the towns it borders', async () => {
    const town = (name: string, adjacentTown?: string) =>
      send('SaveTown', { townName: name, isTownCity: 'Town', provinceId: where.province_id, adjacentTown });
    expect((await town('Inland Town')).status).toBe(200);
    const inland = (await idNamed('towns', 'town_id', 'town_name', 'Inland Town'))!;
    expect((await town('Border Town', String(inland))).status).toBe(200);
    const border = (await idNamed('towns', 'town_id', 'town_name', 'Border Town'))!;
    const answer = await send('UpdateTown', { townId: border, status: 'Inactive' });
    expect(answerOf(answer)).toEqual([200, { message: 'Town updated successfully' }]);
    const { rows } = await sql`SELECT b.status, t.town_name AS borders FROM towns b
      JOIN town_adjacency a ON a.town_id = b.town_id JOIN towns t ON t.town_id = a.adjacent_town_id
      WHERE b.town_id = ${border}`.execute(env.t.db);
    expect(rows).toEqual([{ status: 'Inactive', borders: 'Inland Town' }]);
  });
});
