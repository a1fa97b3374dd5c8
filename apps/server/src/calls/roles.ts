import { ROLE, customRoleRank, mayAssignRole, roleApi, type RoleChoice } from '@app/contract';
import { defineCall } from './registry.ts';
import { defineList } from './list-call.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { inTransaction, type Db } from '../db/index.ts';
import { unlessTaken } from '../lib/references.ts';
import {
  activeRoles,
  deleteRole,
  findRole,
  findRoleHolder,
  findRoleNamed,
  insertRole,
  lockRoles,
  updateRole as updateRoleRow,
} from '../db/repositories/roles.ts';
import { assertOutranks, ranksBelow } from '../lib/scope.ts';

const nameTaken = () => {
  const message = 'Role Already Exist';
  return conflict(message, { roleName: message });
};

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  if (await findRoleNamed(db, name, exceptId)) throw nameTaken();
}

/** A role save: a name another save took after the check is refused as the check does. */
const savingName = (save: () => Promise<unknown>) => unlessTaken('roles_name_unique', nameTaken, save);

const updateRole = defineCall(roleApi.webUpdateRole, {
  access: 'Edit Role',
  tag: 'Roles',
  summary: 'Rename a role or change its status',
  async handle({ db, input, user }) {
    // On the role's lock: a role deleted meanwhile is not found (it answered 200 and changed nothing).
    await savingName(() =>
      inTransaction(db, async (trx) => {
        const [role] = await lockRoles(trx, [input.roleId], false);
        if (!role) throw notFound('Role');
        assertOutranks(user, role, 'change');
        if (role.id === ROLE.SuperAdmin && input.isRoleActive !== 'Active') {
          throw conflict('The Super Admin role cannot be made inactive');
        }
        await assertNameFree(trx, input.roleName, role.id);
        await updateRoleRow(trx, role.id, input.roleName, input.isRoleActive, user.user_id);
      }),
    );
    return { message: 'Role updated successfully' };
  },
});

export const roleCalls = [
  defineList(roleApi.webGetRoles, {
    access: 'Role Menu',
    tag: 'Roles',
    summary: 'Roles, paged (answers under roleData)',
    list: {
      envelope: 'roleData',
      query: ({ db, user }) =>
        db
          .selectFrom('roles')
          .select([
            'id',
            'name',
            'status as is_role_active',
            ranksBelow(user, 'rank').as('manageable'),
            'is_system as built_in',
          ]),
      sort: { name: 'name', id: 'id', is_role_active: 'status' },
      search: ['name', 'status'],
      tieBreaker: 'id',
      export: {
        title: 'Role',
        columns: [
          { key: 'id', header: 'ID', type: 'number', width: 8 },
          { key: 'name', header: 'Name' },
          { key: 'is_role_active', header: 'Status', width: 12 },
        ],
      },
    },
  }),

  defineCall(roleApi.webGetRolesWithoutPagination, {
    access: 'signed-in',
    tag: 'Roles',
    summary: 'Active roles by name, each with whether you may give it to a user (the user form offers those)',
    async handle({ db, user }) {
      const roles = await activeRoles(db);
      const resultData: RoleChoice[] = roles.map(({ id, name, rank }) => ({
        id,
        name,
        // Spec 1: the user-type list hides the current role (and so Super Admin from everyone).
        assignable:
          id !== user.role_id && mayAssignRole(user.role_rank, (p) => user.permissions.has(p), { id, rank }),
      }));
      return { resultData };
    },
  }),

  defineCall(roleApi.webSaveRole, {
    create: true,
    access: 'Add Role',
    tag: 'Roles',
    summary: 'Add a role (Active, with no permissions until assigned)',
    async handle({ db, input, user }) {
      await savingName(async () => {
        await assertNameFree(db, input.roleName);
        await insertRole(db, input.roleName, customRoleRank(user.role_rank), user.user_id);
      });
      return { message: 'Role saved successfully' };
    },
  }),

  updateRole,
  { ...updateRole, ...roleApi.webUpdateRoles, summary: 'Same as webUpdateRole (legacy name)' },

  defineCall(roleApi.webDeleteRoles, {
    access: 'Delete Role',
    tag: 'Roles',
    summary: 'Delete a role that is not built in and that no user holds',
    async handle({ db, input, user }) {
      const role = await findRole(db, input.roleId);
      if (!role) throw notFound('Role');
      assertOutranks(user, role, 'delete');
      if (role.is_system) throw conflict('A built-in role cannot be deleted');
      if (await findRoleHolder(db, role.id))
        throw conflict('The role is assigned to users and cannot be deleted');
      if (!(await deleteRole(db, role.id))) throw notFound('Role');
      return { message: 'Role deleted successfully' };
    },
  }),
];
