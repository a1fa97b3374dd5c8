import { sql } from 'kysely';
import { CLOSED_PROPERTY_STATUSES } from '@app/contract';
import type { Trx } from '../index.ts';
import { anyOf } from '../any-of.ts';

/** The selected listings a bulk action changes, locked as a save locks one (lockedPropertyRow). */
export const lockListings = (trx: Trx, propertyIds: readonly number[]) =>
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
    .orderBy('p.property_id')
    .forNoKeyUpdate()
    .execute();

/**
 * The owners, locked in id order as assertOpenPlace locks one (so saves and bulk actions of an owner take
 * turns without deadlock), with their limits and how many of their listings count as open.
 */
export const lockOwnersWithOpen = (trx: Trx, ownerIds: readonly number[]) =>
  trx
    .selectFrom('users as u')
    .select([
      'u.user_id',
      'u.role_id',
      'u.open_property_limit',
      sql<string>`(SELECT count(*) FROM properties p WHERE p.user_id = u.user_id
        AND p.status NOT IN (${sql.join(CLOSED_PROPERTY_STATUSES)}))`.as('open'),
    ])
    .where(anyOf('u.user_id', ownerIds))
    .orderBy('u.user_id')
    .forNoKeyUpdate()
    .execute();
