import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_MESSAGES, ROLE, propertyApi } from '@app/contract';
import { place, propertyIdOf, setOpenLimit, useTestApp, type Place } from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';

/**
 * Issue 21, item 10: the Add Property form learns the caller's open listings and limit when it opens
 * (GetOpenPropertyLimit), counted as the save counts them (decision 29), so an owner at the limit is told
 * before filling the form.
 */

const env = useTestApp();
let p: Place;

beforeAll(async () => {
  p = await place(env.t, 'Form limit');
});

const limitOf = async (token: string) => {
  const res = await env.get('/api/GetOpenPropertyLimit', token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(propertyApi.GetOpenPropertyLimit.response, res.json());
  return res.json().resultData as { open: number; limit: number | null; reached: boolean };
};

let names = 0;
const save = (token: string) => env.post('saveproperty', propertyForm(p, `Form limit lot ${++names}`), token);

describe('GetOpenPropertyLimit', () => {
  it("answers an Agent's open listings and limit, reached exactly when a save would be refused", async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    await setOpenLimit(env.t, [agent.userId], 2);
    expect(await limitOf(agent.token)).toEqual({ open: 0, limit: 2, reached: false });

    expect((await save(agent.token)).statusCode).toBe(200);
    const name = `Form limit lot ${names}`;
    expect(await limitOf(agent.token)).toEqual({ open: 1, limit: 2, reached: false });
    expect((await save(agent.token)).statusCode).toBe(200);
    expect(await limitOf(agent.token)).toEqual({ open: 2, limit: 2, reached: true });
    const refused = await save(agent.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROPERTY_MESSAGES.limitReached(2));

    // Sold and Archived listings hold no place: archiving one frees it.
    const id = await propertyIdOf(env.t, name);
    await env.t.db
      .updateTable('properties')
      .set({ status: 'Archived' })
      .where('property_id', '=', id)
      .execute();
    expect(await limitOf(agent.token)).toEqual({ open: 1, limit: 2, reached: false });
  });

  it('answers no limit for Admins and Super Admins, whatever their column holds', async () => {
    const admin = await env.t.signedIn(ROLE.Admin);
    await setOpenLimit(env.t, [admin.userId], 0);
    expect(await limitOf(admin.token)).toEqual({ open: 0, limit: null, reached: false });
    expect((await limitOf(env.admin.token)).limit).toBeNull();
  });

  it('needs a session', async () => {
    expect((await env.t.call(null, { method: 'GET', url: '/api/GetOpenPropertyLimit' })).statusCode).toBe(
      401,
    );
  });
});
