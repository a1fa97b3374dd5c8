import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  idOf,
  place,
  propertyIdOf,
  sellerIdOf,
  sellerPayload,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { duringChange } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * An edit whose record another save changes or deletes while the edit waits for it: the edit judges
 * the record as that save left it. Each test holds the other save open (its transaction uncommitted)
 * until the edit waits for its lock, then commits it.
 */
const env = useTestApp();
let where: Place;
let agencyId: number;
let agent: { userId: number; token: string };
beforeAll(async () => {
  where = await place(env.t, 'Edits');
  agent = await env.t.signedIn(ROLE.Agent);
  expect((await env.post('saveagency', agencyPayload(where, 'Edited Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Edited Realty');
});

/** The Agent's new listing of that name, with `more` fields sent beside the form's; its id. */
async function agentListing(name: string, more: object = {}) {
  const res = await env.post('saveproperty', { ...propertyForm(where, name), ...more }, agent.token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

/** A new seller of that name in the test's agency, saved by `token` (the admin's by default); its id. */
async function newSeller(name: string, token?: string) {
  const res = await env.post('saveSeller', sellerPayload(where, name, agencyId), token);
  expect(res.statusCode, res.body).toBe(200);
  return sellerIdOf(env.t, name);
}

/** Sends `edit` while `change` (SQL) is held uncommitted, and answers the edit once `change` commits. */
const editDuring = (change: string, values: unknown[], waitsOn: string, edit: () => Promise<unknown>) =>
  duringChange(env.t, change, values, waitsOn, edit) as ReturnType<typeof env.post>;

describe('an edit of a record changed meanwhile', () => {
  it('keeps an agency deactivated meanwhile when its form sends no status', async () => {
    const form = { ...agencyPayload(where, 'Edited Realty'), agency_id: agencyId, owner_name: 'Rosa Lim' };
    const res = await editDuring(
      "UPDATE agencies SET status = 'Inactive', reason_for_inactive = 'Closed' WHERE agency_id = $1",
      [agencyId],
      'agencies',
      () => env.post('updateagency', form),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await env.t.db
      .selectFrom('agencies')
      .select(['status', 'reason_for_inactive', 'owner_name'])
      .where('agency_id', '=', agencyId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'Inactive', reason_for_inactive: 'Closed', owner_name: 'Rosa Lim' });
  });

  it('keeps a master record deactivated meanwhile when its form sends only a new name', async () => {
    expect((await env.post('SaveCapability', { Name: 'Drafting' })).statusCode).toBe(200);
    const made = await sql<{ capability_id: number }>`
      SELECT capability_id FROM capabilities WHERE capability_name = 'Drafting'`.execute(env.t.db);
    const capability_id = made.rows[0]!.capability_id;
    const res = await editDuring(
      "UPDATE capabilities SET status = 'Inactive' WHERE capability_id = $1",
      [capability_id],
      'capabilities',
      () => env.post('UpdateCapability', { Id: capability_id, Name: 'Drawing' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sql`SELECT capability_name, status FROM capabilities
      WHERE capability_id = ${capability_id}`.execute(env.t.db);
    expect(rows).toEqual([{ capability_name: 'Drawing', status: 'Inactive' }]);
  });

  it('holds one of two permission sets saved at once for a role, never both together', async () => {
    expect((await env.post('webSaveRole', { roleName: 'Contested Clerk' })).statusCode).toBe(200);
    const role = await env.t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Contested Clerk')
      .executeTakeFirstOrThrow();
    const ids = (await env.t.db.selectFrom('permissions').select('id').orderBy('id').limit(20).execute()).map(
      (p) => p.id,
    );
    const sets = [ids.slice(0, 10), ids.slice(10)];
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        [...sets, ...sets].map((permissionId) =>
          env.post('webAssignPermissionRoleWise', { roleId: role.id, permissionId }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const held = (
        await env.t.db
          .selectFrom('role_permissions')
          .select('permission_id')
          .where('role_id', '=', role.id)
          .orderBy('permission_id')
          .execute()
      ).map((g) => g.permission_id);
      expect(sets).toContainEqual(held);
    }
  });
});

describe('an edit of a record deleted meanwhile answers 404', () => {
  it('an agency', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Closing Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Closing Realty');
    const res = await editDuring('DELETE FROM agencies WHERE agency_id = $1', [id], 'agencies', () =>
      env.post('updateagency', { ...agencyPayload(where, 'Closing Realty'), agency_id: id }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Agency not found');
  });

  it('a seller', async () => {
    const seller_id = await newSeller('Leaving Lara');
    const res = await editDuring('DELETE FROM sellers WHERE seller_id = $1', [seller_id], 'sellers', () =>
      env.post('updateSeller', { ...sellerPayload(where, 'Leaving Lara', agencyId), seller_id }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Seller not found');
  });

  it('a listing', async () => {
    const id = await agentListing('Fading house');
    const form = (await env.get(`/api/GetPropertyById?id=${id}`, agent.token)).json().resultData[0];
    const res = await editDuring('DELETE FROM properties WHERE property_id = $1', [id], 'properties', () =>
      env.post('updateproperty', { ...form, property_headline: 'Still here?' }, agent.token),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Property not found');
  });
});

describe('an edit of a seller moved to another agency meanwhile', () => {
  const move = 'UPDATE sellers SET agency_id = $1 WHERE seller_id = $2';
  let otherAgencyId: number;
  beforeAll(async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Other Realty'))).statusCode).toBe(200);
    otherAgencyId = await idOf(env, AGENCY, 'Other Realty');
  });
  const sellerAt = (seller_id: number) =>
    env.t.db
      .selectFrom('sellers')
      .select(['seller_name', 'agency_id'])
      .where('seller_id', '=', seller_id)
      .executeTakeFirstOrThrow();

  it("refuses an Agent's edit as out of scope (404) and leaves the seller in the other agency", async () => {
    const ours = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, ours.userId, agencyId);
    const seller_id = await newSeller('Moving Mona');
    const res = await editDuring(move, [otherAgencyId, seller_id], 'sellers', () =>
      env.post('updateSeller', { ...sellerPayload(where, 'Kept Mona', agencyId), seller_id }, ours.token),
    );
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Seller not found' }]);
    expect(await sellerAt(seller_id)).toEqual({ seller_name: 'Moving Mona', agency_id: otherAgencyId });
  });

  it("answers an Agent's edit of another agency's seller 404 whatever else was sent", async () => {
    // Scope is judged before the address: a 400 about the town would tell the id exists elsewhere.
    const ours = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, ours.userId, agencyId);
    const seller_id = await newSeller('Elsewhere Elsa');
    await env.t.db
      .updateTable('sellers')
      .set({ agency_id: otherAgencyId })
      .where('seller_id', '=', seller_id)
      .execute();
    const form = { ...sellerPayload(where, 'Elsewhere Elsa', agencyId), seller_id, town_id: 999_999 };
    const res = await env.post('updateSeller', form, ours.token);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Seller not found' }]);
  });

  it('keeps the agency that the form of one who does not choose it leaves out, as the locked row has it', async () => {
    // A role with the seller permissions but no agency of its own: its sellers are those it created.
    const role = await env.t.db
      .insertInto('roles')
      .values({ name: 'Edits Clerk', status: 'Active', created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await env.t.db
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression((eb) =>
        eb
          .selectFrom('permissions')
          .select([eb.val(role.id).as('role_id'), 'id'])
          .where('name', 'in', ['Seller', 'Add Seller', 'Edit Seller']),
      )
      .execute();
    const clerk = await env.t.signedIn(role.id);
    const seller_id = await newSeller('Clerked Carl', clerk.token);
    const res = await editDuring(move, [otherAgencyId, seller_id], 'sellers', () =>
      env.post('updateSeller', { ...sellerPayload(where, 'Renamed Carl', null), seller_id }, clerk.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await sellerAt(seller_id)).toEqual({ seller_name: 'Renamed Carl', agency_id: otherAgencyId });
  });
});

it('a new listing ignores the fields of an edit, whatever is sent in them', async () => {
  expect(await agentListing('Zoned house', { zonningCode: [1, 2], priceSoldFor: 'many' })).toBeGreaterThan(0);
});

describe("a listing's media", () => {
  it('takes videos added at once in turn: each goes last', async () => {
    const id = await agentListing('Filmed house');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        env.post(
          'saveimagesupload',
          {
            type: 'Video',
            property_id: id,
            description: `Tour ${i}`,
            video_link: `https://v.example.com/${i}`,
          },
          agent.token,
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const places = await env.t.db
      .selectFrom('property_media')
      .select('sort_order')
      .where('property_id', '=', id)
      .execute();
    expect(new Set(places.map((m) => m.sort_order)).size).toBe(8);
  });

  it('answers 404 for amenities saved to a listing deleted meanwhile', async () => {
    const id = await agentListing('Razed house');
    const res = await editDuring('DELETE FROM properties WHERE property_id = $1', [id], 'properties', () =>
      env.post('savePropertyMappingAmenities', { propertyId: id, ammentiesId: '1,2' }, agent.token),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Property not found');
  });
});
