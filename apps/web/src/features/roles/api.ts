import { roleApi, type RoleRow } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import { listQuery } from '../../lib/queries.ts';

/** The Role list (Settings > Role Master). */
export const roleListQuery = listQuery<RoleRow>(roleApi.webGetRoles);

const reloads = [roleApi.webGetRoles];
export const useSaveRole = () => useApiMutation(roleApi.webSaveRole, reloads);
export const useUpdateRole = () => useApiMutation(roleApi.webUpdateRole, reloads);
export const useDeleteRole = () => useApiMutation(roleApi.webDeleteRoles, reloads);
