import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { agencyPayload, idOf, place, sellerPayload, useTestApp, type Place } from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';

/**
 * A record deleted by many deletes at once is deleted once: one answers 200, the others 404 as for a
 * record that is not there (decision 81).
 */
const env = useTestApp();
let where: Place;
let agencyId: number;
beforeAll(async () => {
  where = await place(env.t, 'Deletes');
  expect((await env.post('saveagency', agencyPayload(where, 'Delete Home Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Delete Home Realty');
});

/**
 * Sends `n` deletes of one record while its row is locked (as a delete under way holds it), until at
 * least two of them wait at their DELETE, so they are sure to race; answers them once all are in.
 */
async function deletesAtOnce(
  table: string,
  key: string,
  id: number,
  send: () => ReturnType<typeof env.post>,
) {
  const holder = await lockHolder(env.t);
  try {
    await holder.query(`SELECT 1 FROM ${table} WHERE ${key} = $1 FOR UPDATE`, [id]);
    const answers = Promise.all(Array.from({ length: 10 }, send));
    await holder.untilWaiting(`^delete from "${table}"`, 2);
    await holder.commit();
    return await answers;
  } finally {
    await holder.end();
  }
}

/** Exactly one 200 with the success message, the other nine 404 with the not-found one. */
function expectDeletedOnce(answers: Awaited<ReturnType<typeof env.post>>[], entity: string) {
  const seen = answers.map((r) => [r.statusCode, r.json().message]).sort();
  expect(seen).toEqual([
    [200, `${entity} deleted successfully`],
    ...Array.from({ length: 9 }, () => [404, `${entity} not found`]),
  ]);
}

describe('deletes of one record at once delete it once', () => {
  it('an agency', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Doomed Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Doomed Realty');
    const answers = await deletesAtOnce('agencies', 'agency_id', id, () =>
      env.post('deleteagency', { agency_id: id }),
    );
    expectDeletedOnce(answers, 'Agency');
  });

  it('a master record', async () => {
    expect((await env.post('SaveCapability', { Name: 'Doomed skill' })).statusCode).toBe(200);
    const { rows } = await sql<{ id: number }>`
      SELECT capability_id AS id FROM capabilities WHERE capability_name = 'Doomed skill'`.execute(env.t.db);
    const id = rows[0]!.id;
    const answers = await deletesAtOnce('capabilities', 'capability_id', id, () =>
      env.post('DeleteCapability', { Id: id }),
    );
    expectDeletedOnce(answers, 'Capability');
  });

  it('a seller', async () => {
    const made = await env.post('saveSeller', sellerPayload(where, 'Doomed Dora', agencyId));
    expect(made.statusCode, made.body).toBe(200);
    const { seller_id } = await env.t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_name', '=', 'Doomed Dora')
      .executeTakeFirstOrThrow();
    const answers = await deletesAtOnce('sellers', 'seller_id', seller_id, () =>
      env.post('deleteSeller', { seller_id }),
    );
    expectDeletedOnce(answers, 'Seller');
  });

  it('a role', async () => {
    expect((await env.post('webSaveRole', { roleName: 'Doomed Role' })).statusCode).toBe(200);
    const { id } = await env.t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Doomed Role')
      .executeTakeFirstOrThrow();
    const answers = await deletesAtOnce('roles', 'id', id, () => env.post('webDeleteRoles', { roleId: id }));
    expectDeletedOnce(answers, 'Role');
  });

  it('an agency deleted by ten at once without a lock held', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Crowded Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Crowded Realty');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => env.post('deleteagency', { agency_id: id })),
    );
    expectDeletedOnce(answers, 'Agency');
  });

  it('still refuses one in use with 409', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Busy Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Busy Realty');
    expect((await env.post('saveSeller', sellerPayload(where, 'Busy Ben', id))).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => env.post('deleteagency', { agency_id: id })),
    );
    expect(answers.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 3 }, () => [
        409,
        'Agency : Busy Realty is used by 1 seller and cannot be deleted',
      ]),
    );
  });
});
