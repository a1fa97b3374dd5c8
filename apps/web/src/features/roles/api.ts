import type { z } from 'zod';
import type { deleteRoleRequest, updateRoleRequest } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';

export const ROLE_LIST_CALL = 'webGetRoles';
export const ROLE_ENVELOPE = 'roleData';

export const useSaveRole = () => useApiMutation<{ roleName: string }>('webSaveRole', [ROLE_LIST_CALL]);
export const useUpdateRole = () =>
  useApiMutation<z.input<typeof updateRoleRequest>>('webUpdateRole', [ROLE_LIST_CALL]);
export const useDeleteRole = () =>
  useApiMutation<z.input<typeof deleteRoleRequest>>('webDeleteRoles', [ROLE_LIST_CALL]);
