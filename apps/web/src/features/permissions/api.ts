import { useQuery } from '@tanstack/react-query';
import { permissionApi, roleApi, type AnswerOf, type RoleRow } from '@app/contract';
import { apiPost } from '../../lib/api.ts';
import { callQuery, listQuery } from '../../lib/queries.ts';

/** The roles, each with a button to its permission assignment (the Role list's call). */
export const rolePermissionListQuery = listQuery<RoleRow>(roleApi.webGetRoles);

const PERMISSIONS_CALL = permissionApi.getAssignedUnAssignedPermission;
/** A permission of the assignment screen, with whether the role holds it. */
export type PermissionRow = AnswerOf<typeof PERMISSIONS_CALL>['roleData']['data'][number];

/** Every permission, with whether the role holds it; nothing is asked for without a valid role id. */
export const useRolePermissions = (roleId: number) =>
  useQuery({ ...callQuery(PERMISSIONS_CALL, { roleId }), enabled: Number.isInteger(roleId) && roleId > 0 });

/** Sends the full assigned list. 403 ("you cannot grant what you do not hold") is shown, not a sign-out. */
export const saveAssignment = (roleId: number, ids: ReadonlySet<number>) =>
  apiPost(
    permissionApi.webAssignPermissionRoleWise,
    { roleId, permissionId: [...ids] },
    { allowForbidden: true },
  );
