import { z } from 'zod';
import { id, noInput, requiredText, status } from './common.ts';
import { listQuery } from './list-query.ts';
import { STATUSES } from './constants.ts';
import { listPage, messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';

export const roleSortColumns = ['name', 'id', 'is_role_active'] as const;
export const roleListQuery = listQuery(roleSortColumns);

export const roleName = requiredText(60);
export const saveRoleRequest = z.object({ roleName });
export const updateRoleRequest = z.object({ roleId: id, roleName, isRoleActive: status });
export const deleteRoleRequest = z.object({ roleId: id });

/** A role in the Role list (webGetRoles, under roleData). */
export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  is_role_active: z.enum(STATUSES),
  /** Ranks below the caller's role: they may rename it, switch it, delete it and change its grants. */
  manageable: z.boolean(),
  /** A built-in role (Super Admin, Admin, Operator, Agent, Owner-Agent, Individual): never deleted. */
  built_in: z.boolean(),
});
export type RoleRow = z.output<typeof roleRow>;
export const rolePageAnswer = z.object({ roleData: listPage(roleRow) });

/** A role as the user form offers it (webGetRolesWithoutPagination): `assignable` when you may give it. */
export const roleChoice = roleRow.pick({ id: true, name: true }).extend({ assignable: z.boolean() });
export type RoleChoice = z.output<typeof roleChoice>;
export const roleChoicesAnswer = z.object({ resultData: z.array(roleChoice) });

export const roleApi = declareCalls({
  webGetRoles: { method: 'GET', input: roleListQuery, response: rolePageAnswer },
  webGetRolesWithoutPagination: { method: 'GET', input: noInput, response: roleChoicesAnswer },
  webSaveRole: { method: 'POST', input: saveRoleRequest, response: messageAnswer },
  webUpdateRole: { method: 'POST', input: updateRoleRequest, response: messageAnswer },
  /** The old client prepared this variant (status as 1/0); the status schema accepts both. */
  webUpdateRoles: { method: 'POST', input: updateRoleRequest, response: messageAnswer },
  webDeleteRoles: { method: 'POST', input: deleteRoleRequest, response: messageAnswer },
});
