import { bulkApi, entityApi, userApi, type AnswerOf } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import { callQuery, listQuery, recordQuery } from '../../lib/queries.ts';
import { queryClient } from '../../lib/query-client.ts';

/** A row of GetUser / GetNewUser, as the contract declares it. */
export type UserRow = AnswerOf<typeof userApi.GetUser>['resultData']['data'][number];

/** The two user lists, the same rows: Users (GetUser) and Approve Users (GetNewUser). */
export const userListQuery = listQuery<UserRow>(userApi.GetUser);
export const newUserListQuery = listQuery<UserRow>(userApi.GetNewUser);
/** A user's record, as the Add/Edit User form loads it. */
export const userRecordQuery = (id: number | null) => recordQuery(userApi.GetUserById, 'user_id', id);

/** What a change to a user reloads: both lists, and the user's record. */
export const USER_LISTS = [userApi.GetUser, userApi.GetNewUser] as const;

export const useChangeUserStatus = () => useApiMutation(userApi.changeUserStatus, USER_LISTS);
export const useDeleteUser = () => useApiMutation(userApi.deleteUser, USER_LISTS);
export const useBulkUserStatus = () => useApiMutation(bulkApi.bulkUserStatus, USER_LISTS);
export const useBulkDeleteUsers = () => useApiMutation(bulkApi.bulkDeleteUsers, USER_LISTS);

/** The address of an agency, read afresh when a user's address is to be the same as the agency's. */
export const fetchAgencyAddress = (agencyId: number) =>
  queryClient.fetchQuery({
    ...callQuery(
      entityApi.GetAssociatedAgencyAddressWithoutPagination,
      { associated_agency_id: agencyId },
      { read: (answer) => answer.resultData[0] ?? null },
    ),
    staleTime: 0,
  });
