import { userApi, type AnswerOf } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';

/** The two user lists: Users (GetUser) and Approve Users (GetNewUser), the same rows. */
export type UserListCall = typeof userApi.GetUser | typeof userApi.GetNewUser;
export const USER_ENVELOPE = 'resultData';

/** A row of GetUser / GetNewUser, as the contract declares it. */
export type UserRow = AnswerOf<typeof userApi.GetUser>['resultData']['data'][number];

/** What a change to a user reloads: both lists, and the user's record. */
export const USER_LISTS = [userApi.GetUser, userApi.GetNewUser] as const;

export const useChangeUserStatus = () => useApiMutation(userApi.changeUserStatus, USER_LISTS);
export const useDeleteUser = () => useApiMutation(userApi.deleteUser, USER_LISTS);
