import { bulkApi, roleApi, type RoleRow } from '@app/contract';
import { useRecordBulkActions } from '../../components/server-table/use-record-bulk-actions.tsx';
import { useApiMutation } from '../../lib/mutations.ts';
import { listQuery } from '../../lib/queries.ts';

/** The Role list (Settings > Role Master). */
export const roleListQuery = listQuery<RoleRow>(roleApi.webGetRoles);

const reloads = [roleApi.webGetRoles];
export const useSaveRole = () => useApiMutation(roleApi.webSaveRole, reloads);
export const useUpdateRole = () => useApiMutation(roleApi.webUpdateRole, reloads);
export const useDeleteRole = () => useApiMutation(roleApi.webDeleteRoles, reloads);

/** The Role list's bulk actions that the user may take (Activate, Deactivate, Delete). */
export const useRoleBulkActions = (mayChangeStatus: boolean, mayDelete: boolean) =>
  useRecordBulkActions({
    calls: { status: bulkApi.bulkRoleStatus, delete: bulkApi.bulkDeleteRoles },
    may: { status: mayChangeStatus, delete: mayDelete },
    reloads,
    title: 'Roles',
    one: 'role',
    many: 'roles',
  });
