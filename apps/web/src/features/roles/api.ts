import { roleApi } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';

/** The Role list answers under roleData (the spec's envelope for roles). */
export const ROLE_ENVELOPE = 'roleData';

const reloads = [roleApi.webGetRoles];
export const useSaveRole = () => useApiMutation(roleApi.webSaveRole, reloads);
export const useUpdateRole = () => useApiMutation(roleApi.webUpdateRole, reloads);
export const useDeleteRole = () => useApiMutation(roleApi.webDeleteRoles, reloads);
