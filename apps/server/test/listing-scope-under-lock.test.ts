import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { place, propertyIdOf, useTestApp, type Place } from './entity-fixtures.ts';
import { duringChange } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * A listing given out of an Agent's scope while the Agent's change waits for its lock is no longer
 * theirs to change: the edit, the bulk action and the media save judge scope on the row as locked.
 */
const env = useTestApp();
let where: Place;
let agent: { userId: number; token: string };
let other: number;
beforeAll(async () => {
  where = await place(env.t, 'Given away');
  agent = await env.t.signedIn(ROLE.Agent);
  other = await env.t.createUser(ROLE.Agent);
});

/** The Super Admin's new listing of that name, with the Agent as its agent; its id. */
async function agentsListing(name: string) {
  const res = await env.post('saveproperty', { ...propertyForm(where, name), agent_id: agent.userId });
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

/** Sends `change` while the listing is given to the other agent, with no agency, uncommitted. */
const whileGivenAway = <T>(id: number, waitsOn: string, change: () => Promise<T>) =>
  duringChange(
    env.t,
    'UPDATE properties SET agent_id = $1, agency_id = NULL WHERE property_id = $2',
    [other, id],
    waitsOn,
    change,
  );

const listingRow = (id: number) =>
  env.t.db
    .selectFrom('properties')
    .select(['agent_id', 'status', 'property_headline'])
    .where('property_id', '=', id)
    .executeTakeFirstOrThrow();

describe('a listing given out of the Agent’s scope while their change waits', () => {
  it('updateproperty answers 404 and leaves it with the other agent', async () => {
    const id = await agentsListing('Given lot one');
    const form = (await env.get(`/api/GetPropertyById?id=${id}`, agent.token)).json().resultData[0];
    const res = await whileGivenAway(id, 'properties', () =>
      env.post('updateproperty', { ...form, property_headline: 'Taken back' }, agent.token),
    );
    expect([res.statusCode, res.json().message]).toEqual([404, 'Property not found']);
    expect(await listingRow(id)).toMatchObject({ agent_id: other });
    expect((await listingRow(id)).property_headline).not.toBe('Taken back');
  });

  it('bulkPropertyStatus refuses it as not found and leaves its status', async () => {
    const id = await agentsListing('Given lot two');
    const res = await whileGivenAway(id, 'properties', () =>
      env.post('bulkPropertyStatus', { ids: [id], status: 'Sold' }, agent.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: 0, refused: [{ id, reason: 'not found' }] });
    expect(await listingRow(id)).toEqual({
      agent_id: other,
      status: 'Open',
      property_headline: expect.any(String),
    });
  });

  it('savePropertyMappingAmenities answers 404 and saves none', async () => {
    const id = await agentsListing('Given lot three');
    const res = await whileGivenAway(id, 'properties', () =>
      env.post('savePropertyMappingAmenities', { propertyId: id, ammentiesId: '1,2' }, agent.token),
    );
    expect([res.statusCode, res.json().message]).toEqual([404, 'Property not found']);
    const saved = await env.t.db
      .selectFrom('property_amenities')
      .select('amenities_id')
      .where('property_id', '=', id)
      .execute();
    expect(saved).toEqual([]);
  });
});
