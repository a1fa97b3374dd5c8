import { ROLE, permissionApi, type Permission } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { conflict, HttpError, notFound } from '../lib/errors.ts';
import { inTransaction, type Db } from '../db/index.ts';
import {
  findRole,
  grantsOfRole,
  lockRoles,
  permissionsOfRole,
  permissionsWithIds,
  replaceGrants,
} from '../db/repositories/roles.ts';
import { assertOutranks } from '../lib/scope.ts';

async function assertRole(db: Db, roleId: number) {
  const role = await findRole(db, roleId);
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
      const data = await permissionsOfRole(db, input.roleId);
      return { roleData: { data } };
    },
  }),

  defineCall(permissionApi.webAssignPermissionRoleWise, {
    access: 'Role Permissions',
    tag: 'Role permissions',
    summary:
      "Replace a role's permissions with the given list (only permissions the caller holds may be granted)",
    async handle({ db, input, user }) {
      const wanted = [...new Set(input.permissionId)];
      // Saves of one role's permissions take turns on its lock, each judging the grants the one before
      // left: two saves at once each kept the other's grants, and the role held both sets.
      await inTransaction(db, async (trx) => {
        const [role] = await lockRoles(trx, [input.roleId], false);
        if (!role) throw notFound('Role');
        assertOutranks(user, role, 'change the permissions of');
        if (input.roleId === ROLE.SuperAdmin)
          throw conflict('The Super Admin role always holds every permission');
        const known = wanted.length ? await permissionsWithIds(trx, wanted) : [];
        if (known.length !== wanted.length) throw new HttpError(400, 'Unknown permission id');
        const current = await grantsOfRole(trx, input.roleId);
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
        await replaceGrants(trx, input.roleId, wanted);
      });
      return { message: 'Record Saved' };
    },
  }),
];
