import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import type { Db } from '../index.ts';
import type { Database } from '../schema.ts';
import { anyOf } from '../any-of.ts';

/** The ids of the roles whose names match an ILIKE pattern. */
export const roleIdsLike = async (db: Db, pattern: string) =>
  (await db.selectFrom('roles').select('id').where('name', 'ilike', pattern).execute()).map((r) => r.id);

/** Another role with this name (in any case), if there is one. */
export function findRoleNamed(db: Db, name: string, exceptId?: number) {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** The role's rank and whether it is built in. */
export const findRole = (db: Db, roleId: number) =>
  db.selectFrom('roles').select(['id', 'rank', 'is_system']).where('id', '=', roleId).executeTakeFirst();

export const updateRole = (
  db: Db,
  roleId: number,
  name: string,
  status: Database['roles']['status'],
  updatedBy: number,
) =>
  db
    .updateTable('roles')
    .set({ name, status, updated_at: sql`now()`, updated_by: updatedBy })
    .where('id', '=', roleId)
    .execute();

/** The Active roles by name. */
export const activeRoles = (db: Db) =>
  db
    .selectFrom('roles')
    .select(['id', 'name', 'rank'])
    .where('status', '=', 'Active')
    .orderBy('name')
    .execute();

/** A new Active role of the given rank. */
export const insertRole = (db: Db, name: string, rank: number, createdBy: number) =>
  db
    .insertInto('roles')
    .values({ name, status: 'Active', rank, created_by: createdBy, updated_by: createdBy })
    .execute();

/** Some user holding the role, if any does. */
export const findRoleHolder = (db: Db, roleId: number) =>
  db.selectFrom('users').select('user_id').where('role_id', '=', roleId).executeTakeFirst();

/** Deletes the role; answers whether there was one to delete (another delete may have been first). */
export const deleteRole = async (db: Db, roleId: number) =>
  (await db.deleteFrom('roles').where('id', '=', roleId).executeTakeFirst()).numDeletedRows > 0n;

/** Every permission by module, with whether the role holds it (the Super Admin role holds them all). */
export const permissionsOfRole = (db: Db, roleId: number) =>
  db
    .selectFrom('permissions as p')
    .leftJoin('role_permissions as rp', (join) =>
      join.onRef('rp.permission_id', '=', 'p.id').on('rp.role_id', '=', roleId),
    )
    .select([
      'p.id as permission_id',
      'p.name as permission_name',
      'p.module as Module',
      // Super Admin passes every check whatever is stored, so it shows as holding everything.
      sql<number>`CASE WHEN rp.role_id IS NOT NULL OR ${roleId} = ${ROLE.SuperAdmin} THEN 1 ELSE 0 END`.as(
        'is_permission_assigned',
      ),
    ])
    .orderBy('p.module')
    .orderBy('p.id')
    .execute();

/** The permissions of these ids that exist. */
export const permissionsWithIds = (db: Db, ids: number[]) =>
  db.selectFrom('permissions').select(['id', 'name']).where('id', 'in', ids).execute();

/** The permissions the role holds. */
export const grantsOfRole = (db: Db, roleId: number) =>
  db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select(['p.id', 'p.name'])
    .where('rp.role_id', '=', roleId)
    .execute();

/** Makes the role hold exactly these permissions, writing only the differences. */
export async function replaceGrants(db: Db, roleId: number, permissionIds: number[]) {
  let removed = db.deleteFrom('role_permissions').where('role_id', '=', roleId);
  if (permissionIds.length > 0) removed = removed.where('permission_id', 'not in', permissionIds);
  await removed.execute();
  if (permissionIds.length > 0) {
    await db
      .insertInto('role_permissions')
      .values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The roles of `ids` that are still there, locked: for a delete, against new holders too. */
export const lockRoles = (db: Db, ids: readonly number[], forDelete: boolean) =>
  db
    .selectFrom('roles')
    .select(['id', 'name as label', 'rank', 'status', 'is_system'])
    .where(anyOf('id', ids))
    .orderBy('id')
    .$call((q) => (forDelete ? q.forUpdate() : q.forNoKeyUpdate()))
    .execute();

export const setRolesStatus = (
  db: Db,
  ids: number[],
  status: Database['roles']['status'],
  updatedBy: number,
) =>
  db
    .updateTable('roles')
    .set({ status, updated_at: sql`now()`, updated_by: updatedBy })
    .where(anyOf('id', ids))
    .execute();

export const deleteRoles = (db: Db, ids: number[]) =>
  db.deleteFrom('roles').where(anyOf('id', ids)).execute();
