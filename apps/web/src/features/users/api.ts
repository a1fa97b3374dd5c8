import { type UserStatus } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';

export const USER_LIST_CALL = 'GetUser';
export const NEW_USER_LIST_CALL = 'GetNewUser';
export const USER_ENVELOPE = 'resultData';

/** A row of GetUser / GetNewUser. */
export interface UserRow {
  user_id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  role_id: number;
  role_name: string;
  phone_1: string | null;
  user_email: string;
  user_status: UserStatus;
}

const LISTS = [USER_LIST_CALL, NEW_USER_LIST_CALL] as const;

export const useChangeUserStatus = () =>
  useApiMutation<{ user_id: number; status: 'Active' | 'Inactive'; reason?: string }>(
    'changeUserStatus',
    LISTS,
  );
export const useDeleteUser = () => useApiMutation<{ user_id: number }>('deleteUser', LISTS);
