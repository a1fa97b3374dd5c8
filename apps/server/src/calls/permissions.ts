import { sql } from 'kysely';
import { ROLE, permissionApi, type Permission } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { conflict, HttpError, notFound } from '../lib/errors.ts';
import { inTransaction, type Db } from '../db/index.ts';
import { assertOutranks } from '../lib/scope.ts';

async function assertRole(db: Db, roleId: number) {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'rank'])
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) throw notFound('Role');
  return role;
}

export const permissionCalls: AnyCall[] = [
  defineCall(permissionApi.getAssignedUnAssignedPermission, {
    access: 'Role Permissions',
    tag: 'Role permissions',
    summary: 'Every permission, grouped by module, with whether the role holds it',
    async handle({ db, input }) {
      await assertRole(db, input.roleId);
      const data = await db
        .selectFrom('permissions as p')
        .leftJoin('role_permissions as rp', (join) =>
          join.onRef('rp.permission_id', '=', 'p.id').on('rp.role_id', '=', input.roleId),
        )
        .select([
          'p.id as permission_id',
          'p.name as permission_name',
          'p.module as Module',
          // Super Admin passes every check whatever is stored, so it shows as holding everything.
          sql<number>`CASE WHEN rp.role_id IS NOT NULL OR ${input.roleId} = ${ROLE.SuperAdmin} THEN 1 ELSE 0 END`.as(
            'is_permission_assigned',
          ),
        ])
        .orderBy('p.module')
        .orderBy('p.id')
        .execute();
      return { roleData: { data } };
    },
  }),

  defineCall(permissionApi.webAssignPermissionRoleWise, {
    access: 'Role Permissions',
    tag: 'Role permissions',
    summary:
      "Replace a role's permissions with the given list (only permissions the caller holds may be granted)",
    async handle({ db, input, user }) {
      assertOutranks(user, await assertRole(db, input.roleId), 'change the permissions of');
      if (input.roleId === ROLE.SuperAdmin)
        throw conflict('The Super Admin role always holds every permission');
      const wanted = [...new Set(input.permissionId)];
      const known = wanted.length
        ? await db.selectFrom('permissions').select(['id', 'name']).where('id', 'in', wanted).execute()
        : [];
      if (known.length !== wanted.length) throw new HttpError(400, 'Unknown permission id');
      const current = await db
        .selectFrom('role_permissions as rp')
        .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
        .select(['p.id', 'p.name'])
        .where('rp.role_id', '=', input.roleId)
        .execute();
      // No one hands out, or takes away, a power they do not hold themselves.
      const changed = [
        ...known.filter((p) => !current.some((c) => c.id === p.id)),
        ...current.filter((c) => !wanted.includes(c.id)),
      ];
      const beyond = changed.filter((p) => !user.permissions.has(p.name as Permission));
      if (beyond.length > 0) {
        throw new HttpError(
          403,
          `You cannot grant or remove permissions you do not hold: ${beyond.map((p) => p.name).join(', ')}`,
        );
      }
      // Only the differences are written: the audit log then shows exactly what was granted and taken.
      await inTransaction(db, async (trx) => {
        let removed = trx.deleteFrom('role_permissions').where('role_id', '=', input.roleId);
        if (wanted.length > 0) removed = removed.where('permission_id', 'not in', wanted);
        await removed.execute();
        if (wanted.length > 0) {
          await trx
            .insertInto('role_permissions')
            .values(wanted.map((permission_id) => ({ role_id: input.roleId, permission_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
      return { message: 'Record Saved' };
    },
  }),
];
