import { sql, type SqlBool } from 'kysely';
import { isAgentRole, seesAllAgencies } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { SessionUser } from './session.ts';

/** The agency a user works for (users.associated_agency_id), or null. Read per request, never from the input. */
export async function agencyOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('associated_agency_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.associated_agency_id ?? null;
}

/** The user's agency, read by the query itself (null without one, which matches nothing). */
const ownAgency = (user: SessionUser) =>
  sql`(SELECT associated_agency_id FROM users WHERE user_id = ${user.user_id})`;

/**
 * Which sellers (`s`) a user sees and changes: Super Admin, Admin and Operator all of them; Agents and
 * Owner-Agents those of their own agency; anyone else holding the seller permissions those they created.
 */
export const sellerScope = (user: SessionUser) =>
  seesAllAgencies(user.role_id)
    ? sql<SqlBool>`true`
    : isAgentRole(user.role_id)
      ? sql<SqlBool>`s.agency_id = ${ownAgency(user)}`
      : sql<SqlBool>`s.created_by = ${user.user_id}`;

/**
 * Which users (`u`) a user sees in the reports: Super Admin, Admin and Operator everyone; Agents and
 * Owner-Agents the users of their own agency and themselves; anyone else only themselves.
 */
export const userScope = (user: SessionUser) =>
  seesAllAgencies(user.role_id)
    ? sql<SqlBool>`true`
    : isAgentRole(user.role_id)
      ? sql<SqlBool>`(u.user_id = ${user.user_id} OR u.associated_agency_id = ${ownAgency(user)})`
      : sql<SqlBool>`u.user_id = ${user.user_id}`;

/** Which agencies (`a`) a user sees in the reports: all for Super Admin, Admin and Operator, else their own. */
export const agencyScope = (user: SessionUser) =>
  seesAllAgencies(user.role_id) ? sql<SqlBool>`true` : sql<SqlBool>`a.agency_id = ${ownAgency(user)}`;
