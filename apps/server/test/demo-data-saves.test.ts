import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaToday, type Permission } from '@app/contract';
import { seedGeography } from '../src/db/geography.ts';
import { DEMO_DOMAIN, seedDemoListings, seedDemoUsers } from '../src/db/seed/index.ts';
import { mediaStore } from '../src/lib/media-store/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The demo data as `npm start` makes it (geography, demo accounts, agencies, sellers, brokers and
 * listings), opened and saved unchanged by each demo account that may edit it: a newcomer clicking
 * through the demo meets no refusal that real data would never produce.
 */
const PASSWORD = 'Demo12345';
const ACCOUNTS = ['admin', 'operator', 'agent', 'owner-agent', 'individual'];

let t: TestApp;
let users: { account: string; token: string; permissions: Permission[] }[];

beforeAll(async () => {
  t = await createTestApp();
  await seedGeography(t.db);
  await seedDemoUsers(t.db, PASSWORD);
  await seedDemoListings(t.db, mediaStore(t.config), manilaToday());
  users = await Promise.all(
    ACCOUNTS.map(async (account) => {
      const token = await t.login(`${account}@${DEMO_DOMAIN}`, PASSWORD);
      const details = await t.call(token, {
        method: 'GET',
        url: '/api/webGetLoggedUserDetailsWithRolesPermission',
      });
      return { account, token, permissions: details.json().userPermission as Permission[] };
    }),
  );
}, 120_000);
afterAll(() => t.close());

interface Entity {
  /** The permission that opens its edit form. */
  edit: Permission;
  /** Its record, as the edit form loads it. */
  read: (id: number) => string;
  save: string;
  idField: string;
}

/**
 * Each record opened for editing by each demo account that may (it holds the edit permission and the
 * get call answers the record) and sent back unchanged, as the edit form sends what it loaded; answers
 * the saves that were refused and, per record, the accounts that saved it.
 */
async function saveUnchanged(entity: Entity, records: { id: number; name: string }[]) {
  const refused: string[] = [];
  const savedBy = new Map<string, string[]>();
  for (const record of records) {
    savedBy.set(record.name, []);
    for (const user of users.filter((u) => u.permissions.includes(entity.edit))) {
      const opened = await t.call(user.token, { method: 'GET', url: entity.read(record.id) });
      if (opened.statusCode === 404) continue; // not in the account's scope: its list does not show it
      expect(opened.statusCode, opened.body).toBe(200);
      const form = opened.json().resultData[0] as Record<string, unknown>;
      const saved = await t.call(user.token, {
        method: 'POST',
        url: `/api/${entity.save}`,
        payload: { ...form, [entity.idField]: record.id },
      });
      if (saved.statusCode === 200) savedBy.get(record.name)!.push(user.account);
      else refused.push(`${record.name} as ${user.account}: ${saved.statusCode} ${saved.json().message}`);
    }
  }
  return { refused, savedBy };
}

describe('the demo data saves unchanged', () => {
  it('every demo listing, by each demo account that may edit it', async () => {
    const listings = await t.db
      .selectFrom('properties')
      .select(['property_id as id', 'property_name as name'])
      .orderBy('property_id')
      .execute();
    expect(listings).toHaveLength(30);
    const { refused, savedBy } = await saveUnchanged(
      {
        edit: 'Edit Property',
        read: (id) => `/api/GetPropertyById?id=${id}`,
        save: 'updateproperty',
        idField: 'id',
      },
      listings,
    );
    expect(refused).toEqual([]);
    // Every account edits some: the Agent and the Owner-Agent their agency's, the Individual their own.
    expect(savedBy.get('Cebu IT Park Condo')).toEqual(['admin', 'operator', 'agent', 'owner-agent']);
    expect(savedBy.get('Iloilo Heritage House')).toEqual(['admin', 'operator', 'individual']);
    expect([...savedBy.values()].every((accounts) => accounts.includes('admin'))).toBe(true);
  });

  it('every demo seller, by each demo account that may edit it', async () => {
    const sellers = await t.db
      .selectFrom('sellers')
      .select(['seller_id as id', 'seller_name as name'])
      .orderBy('seller_id')
      .execute();
    expect(sellers.length).toBeGreaterThanOrEqual(5);
    const { refused, savedBy } = await saveUnchanged(
      {
        edit: 'Edit Seller',
        read: (id) => `/api/getSellerById?seller_id=${id}`,
        save: 'updateSeller',
        idField: 'seller_id',
      },
      sellers,
    );
    expect(refused).toEqual([]);
    expect(savedBy.get('Antonio Dela Cruz')).toEqual(['admin', 'operator', 'agent', 'owner-agent']);
  });
});

describe('the demo brokers', () => {
  it('are named by a few listings, which the Property Based Broker Report shows the Agent', async () => {
    const agent = users.find((u) => u.account === 'agent')!;
    const res = await t.call(agent.token, {
      method: 'GET',
      url: '/api/getPropertyBrokerReport?itemsPerPage=50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().resultData.data as { property_name: string; broker_associated: string | null }[];
    const brokered = rows.filter((r) => r.broker_associated !== null);
    expect(brokered.map((r) => `${r.broker_associated}: ${r.property_name}`).sort()).toEqual([
      'Andres Cruz: Banilad Family House',
      'Andres Cruz: Cebu IT Park Condo',
      'Jose Santos: Bel-Air Family House',
      'Jose Santos: Makati Penthouse',
      'Jose Santos: Quezon City Bungalow',
    ]);
  });
});
