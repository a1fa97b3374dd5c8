import { sql, type Expression, type SqlBool } from 'kysely';
import { CLOSED_PROPERTY_STATUSES } from '@app/contract';
import type { Trx } from '../index.ts';
import { anyOf } from '../any-of.ts';

/**
 * The selected listings a bulk action changes, locked as a save locks one (lockedPropertyRow), those
 * in `scope` (of properties `p`) as they are once locked.
 */
export const lockListings = (trx: Trx, propertyIds: readonly number[], scope: Expression<SqlBool>) =>
  trx
    .selectFrom('properties as p')
    .select([
      'p.property_id',
      'p.property_name',
      'p.status',
      'p.suspended_reason',
      'p.user_id',
      'p.agent_id',
      'p.agency_id',
      sql<number | null>`(SELECT o.associated_agency_id FROM users o WHERE o.user_id = p.user_id)`.as(
        'owner_agency_id',
      ),
    ])
    .where(anyOf('p.property_id', propertyIds))
    .where(scope)
    .orderBy('p.property_id')
    .forNoKeyUpdate()
    .execute();

/**
 * The owners, their open-listing places taken in turn as assertOpenPlace takes one (decision 83: an
 * advisory lock per owner's id modulo 1024, in order), with their limits and how many of their listings
 * count as open. Read by statements of their own, after the locks: a statement reads the snapshot it
 * started with, so it would miss what an owner's save committed while this waited for them (decision 72).
 */
export async function lockOwnersWithOpen(trx: Trx, ownerIds: readonly number[]) {
  await sql`SELECT take_open_listing_places(${[...ownerIds]}::int[])`.execute(trx);
  const owners = await trx
    .selectFrom('users')
    .select(['user_id', 'role_id', 'open_property_limit'])
    .where(anyOf('user_id', ownerIds))
    .execute();
  const open = await trx
    .selectFrom('properties')
    .select(['user_id', sql<string>`count(*)`.as('open')])
    .where(anyOf('user_id', ownerIds))
    .where('status', 'not in', CLOSED_PROPERTY_STATUSES)
    .groupBy('user_id')
    .execute();
  const openOf = new Map(open.map((row) => [row.user_id, Number(row.open)]));
  return owners.map((owner) => ({ ...owner, open: openOf.get(owner.user_id) ?? 0 }));
}
