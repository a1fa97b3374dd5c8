import { sql, type SqlBool } from 'kysely';
import { isAgentRole, seesAllAgencies } from '@app/contract';
import type { Db } from '../db/index.ts';
import { notFound } from './errors.ts';
import type { SessionUser } from './session.ts';

/**
 * Which properties (alias `p`) a user sees and changes: Super Admin, Admin and Operator all of them;
 * Agents and Owner-Agents those they own, those where they are any of the three agents and those of
 * their agency (read per request); anyone else their own listings.
 */
export const propertyScope = (user: Pick<SessionUser, 'user_id' | 'role_id'>) =>
  seesAllAgencies(user.role_id)
    ? sql<SqlBool>`true`
    : isAgentRole(user.role_id)
      ? sql<SqlBool>`(p.user_id = ${user.user_id} OR p.agent_id = ${user.user_id}
          OR p.secondary_agent_id = ${user.user_id} OR p.third_agent_id = ${user.user_id}
          OR p.agency_id = (SELECT associated_agency_id FROM users WHERE user_id = ${user.user_id}))`
      : sql<SqlBool>`p.user_id = ${user.user_id}`;

/** The listing's id if it is in the user's scope (a read, as checkChoices makes it with the others). */
export const listingInScope = (db: Db, user: Pick<SessionUser, 'user_id' | 'role_id'>, propertyId: number) =>
  db
    .selectFrom('properties as p')
    .select('p.property_id')
    .where('p.property_id', '=', propertyId)
    .where(propertyScope(user));

/** The property if it is in the user's scope; 404 otherwise. */
export async function propertyInScope(db: Db, user: SessionUser, propertyId: number) {
  const row = await listingInScope(db, user, propertyId)
    .select(['p.status', 'p.property_name'])
    .executeTakeFirst();
  if (!row) throw notFound('Property');
  return row;
}
