import { z } from 'zod';
import { id, listQuery, requiredText, status } from './common.ts';
import type { Status } from './constants.ts';

export const roleSortColumns = ['name', 'id', 'is_role_active'] as const;
export const roleListQuery = listQuery(roleSortColumns);

export const roleName = requiredText(60);
export const saveRoleRequest = z.object({ roleName });
export const updateRoleRequest = z.object({ roleId: id, roleName, isRoleActive: status });
export const deleteRoleRequest = z.object({ roleId: id });

export interface RoleRow {
  id: number;
  name: string;
  is_role_active: Status;
  /** Ranks below the caller's role: they may rename it, switch it, delete it and change its grants. */
  manageable: boolean;
}

/** A role as the user form offers it (webGetRolesWithoutPagination): `assignable` when you may give it. */
export interface RoleChoice {
  id: number;
  name: string;
  assignable: boolean;
}
