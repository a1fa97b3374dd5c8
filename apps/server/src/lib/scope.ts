import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  isAgentRole,
  mayAssignRole,
  outranks,
  RANK,
  ROLE,
  seesAllAgencies,
  statusPermissionFor,
  SYSTEM_ROLES,
  type Permission,
} from '@app/contract';
import { HttpError } from './errors.ts';
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
const ownAgency = (user: Pick<SessionUser, 'user_id'>) =>
  sql`(SELECT associated_agency_id FROM users WHERE user_id = ${user.user_id})`;

/**
 * Which sellers (`s`) a user sees and changes: Super Admin, Admin and Operator all of them; Agents and
 * Owner-Agents those of their own agency; anyone else holding the seller permissions those they created.
 */
export const sellerScope = (user: Pick<SessionUser, 'user_id' | 'role_id'>) =>
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

/** Refuses (403) to manage users or grants of a role that ranks as high as the user's (decision 25). */
export function assertOutranks(user: SessionUser, role: { rank: number }, what: string) {
  if (!outranks(user.role_rank, role.rank)) {
    throw new HttpError(403, `You cannot ${what} a role that ranks as high as yours`);
  }
}

/** A role's id and rank (decision 25): none for an unknown role (a query, also for readAtOnce). */
export const roleWithRank = (db: Db, roleId: number) =>
  db.selectFrom('roles').select(['id', 'rank']).where('id', '=', roleId);

/**
 * May the user create, read or edit users of the role (`mayAssignRole`: ranked below theirs, and with
 * its ChangeStatusof… permission)? An unknown role (none found) is left to the form's own check (400).
 */
export const mayAssignFound = (
  user: Pick<SessionUser, 'role_rank' | 'permissions'>,
  role: { id: number; rank: number } | null | undefined,
) => !role || mayAssignRole(user.role_rank, (p) => user.permissions.has(p), role);

/** mayAssignFound of the role with this id, read now. */
export const mayAssign = async (db: Db, user: SessionUser, roleId: number): Promise<boolean> =>
  mayAssignFound(user, await roleWithRank(db, roleId).executeTakeFirst());

/** Does the role whose rank is in `column` rank below the user's (always, for a Super Admin: `outranks`)? */
export const ranksBelow = (user: SessionUser, column: string) =>
  user.role_rank >= RANK.SuperAdmin
    ? sql<boolean>`true`
    : sql<boolean>`${sql.ref(column)} < ${user.role_rank}`;

/**
 * The users (`u`, of role `r`) a user sees in the user lists: those of roles ranked below theirs (every
 * one for a Super Admin, as `outranks` says), and themselves.
 */
export const rankScope = (user: SessionUser) =>
  user.role_rank >= RANK.SuperAdmin
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(r.rank < ${user.role_rank} OR u.user_id = ${user.user_id})`;

/** statusPermissionFor in SQL, of the role whose id is `roleId` (literals: one plan for any value). */
const statusPermissionOf = (roleId: RawBuilder<unknown>) =>
  sql<Permission>`CASE ${roleId} ${sql.join(
    SYSTEM_ROLES.map((r) => sql`WHEN ${sql.lit(r.id)} THEN ${sql.lit(statusPermissionFor(r.id))}`),
    sql` `,
  )} ELSE ${sql.lit(statusPermissionFor(0))} END`;

/**
 * Whose status the user may change (`u`, of role `r`), as changeUserStatus judges it (`manageRefusal`):
 * not themselves, of a role ranked below theirs (`outranks`), with its ChangeStatusof… permission.
 * Decision 85: what waits for approval is counted and told only to those who may approve it.
 */
export const statusChangeScope = (user: SessionUser) =>
  sql<SqlBool>`(u.user_id <> ${user.user_id} AND ${ranksBelow(user, 'r.rank')}
    AND ${statusPermissionOf(sql.ref('u.role_id'))} = ANY(${[...user.permissions]}::text[]))`;

/**
 * May the user change the status of anyone at all: of a role ranked below theirs, with its permission
 * (a role made through the API, with Change Status, may rank as low as 0)?
 */
export const changesSomeStatus = (user: SessionUser) =>
  [...SYSTEM_ROLES, { id: 0, rank: 0 }].some((role) => mayAssignFound(user, role));

/**
 * The users who may change the status of the user `userId` (decision 85): Super Admins, and those of an
 * Active role ranked above the user's (`outranks`) granted its ChangeStatusof… permission (a session's
 * permissions, in SQL). One query of the user's id, for a notification's audience.
 */
export const statusChangersOf = (userId: RawBuilder<number> | number) => sql`SELECT u.user_id
  FROM users t JOIN roles tr ON tr.id = t.role_id
  JOIN roles r ON r.rank > tr.rank OR r.rank >= ${sql.lit(RANK.SuperAdmin)}
  JOIN users u ON u.role_id = r.id
  WHERE t.user_id = ${userId} AND (r.id = ${sql.lit(ROLE.SuperAdmin)} OR r.status = 'Active' AND EXISTS (
    SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
    WHERE rp.role_id = r.id AND p.name = ${statusPermissionOf(sql.ref('t.role_id'))}))`;
