import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { place, useTestApp, type Place } from './entity-fixtures.ts';
import { duringChange, PASSWORD } from './helpers.ts';

/**
 * Account Details (UpdateProfile) checks the address as every other save does: each place must exist
 * and lie in the chosen parent, and one deleted while the save waited is named on its field. Before,
 * it stored whatever ids it was sent.
 */
const env = useTestApp();

/** Your own profile at `where`, with the current password. */
const profile = (email: string, where: Place) => ({
  firstName: 'Rosa',
  lastName: 'Santos',
  email,
  phone1: '09171234567',
  streetName: 'Mabini St',
  province: where.province_id,
  town: where.town_id,
  barangay: where.barangay_id,
  verify_password: PASSWORD,
});

const storedPlaces = async (userId: number) =>
  (
    await sql<{
      province_id: number | null;
      town_id: number | null;
      barangay_id: number | null;
    }>`SELECT province_id, town_id, barangay_id FROM users WHERE user_id = ${userId}`.execute(env.t.db)
  ).rows[0];

describe('UpdateProfile checks the address it is sent', () => {
  it('refuses a barangay of another town, and one not there, on its field; takes a real address', async () => {
    const me = await env.t.signedIn(ROLE.Operator);
    const [home, away] = [await place(env.t, 'Account home'), await place(env.t, 'Account away')];
    const before = await storedPlaces(me.userId);
    const update = (body: object) => env.post('UpdateProfile', body, me.token);

    const apart = await update({ ...profile(me.email, home), barangay: away.barangay_id });
    expect([apart.statusCode, apart.json()]).toEqual([
      400,
      {
        message: 'barangay_id: The barangay is not in the chosen town',
        errors: { barangay_id: 'The barangay is not in the chosen town' },
      },
    ]);
    const missing = await update({ ...profile(me.email, home), barangay: 2_147_483_000 });
    expect([missing.statusCode, missing.json().errors]).toEqual([400, { barangay_id: 'Unknown barangay' }]);
    expect(await storedPlaces(me.userId)).toEqual(before);

    const saved = await update(profile(me.email, home));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedPlaces(me.userId)).toEqual({
      province_id: home.province_id,
      town_id: home.town_id,
      barangay_id: home.barangay_id,
    });
  });

  it('names a barangay deleted while the save waited on it, and keeps the address stored', async () => {
    const me = await env.t.signedIn(ROLE.Agent);
    const where = await place(env.t, 'Account deleted');
    await sql`DELETE FROM subdivisions WHERE subdivision_id = ${where.subdivision_id}`.execute(env.t.db);
    const before = await storedPlaces(me.userId);
    const answer = await duringChange(
      env.t,
      'DELETE FROM barangays WHERE barangay_id = $1',
      [where.barangay_id],
      'update "users"',
      () => env.post('UpdateProfile', profile(me.email, where), me.token),
    );
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: 'barangay_id: Unknown barangay', errors: { barangay_id: 'Unknown barangay' } },
    ]);
    expect(await storedPlaces(me.userId)).toEqual(before);
  });
});
