import {
  ROLE,
  statusPermissionFor,
  userApi,
  userSortColumns,
  type newUserListQuery,
  type Permission,
} from '@app/contract';
import type { z } from 'zod';
import { escapeLike, type ListSpec } from '../lib/list/index.ts';
import type { ListContext } from '../lib/list/spec.ts';
import { defineCall, type AnyCall } from './registry.ts';
import { defineList } from './list-call.ts';
import { conflict, HttpError, notFound } from '../lib/errors.ts';
import { revokeSessions, type SessionUser } from '../lib/session.ts';
import { assertUnused } from '../lib/references.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { setUserStatus, USER_RECORD } from '../lib/user-profile.ts';
import { assertOutranks, rankScope, statusChangeScope } from '../lib/scope.ts';
import { inTransaction, type Db } from '../db/index.ts';
import {
  activeSuperAdminStays,
  deleteUserRow,
  findManagedUser,
  lockSuperAdmins,
} from '../db/repositories/users.ts';
import { userMatches } from '../db/repositories/user-search.ts';
import { usersInNameOrder } from '../db/repositories/user-search-words.ts';
import { fullName, fullNameOf } from '../db/repositories/full-name.ts';

const userName = fullNameOf('u');

export const STATUS_PERMISSIONS: readonly Permission[] = [
  'ChangeStatusofSuperuser',
  'ChangeStatusofAdmin',
  'ChangeStatusofOperator',
  'ChangeStatusofAgent',
  'ChangeStatusofIndividual',
  'Change Status',
];

/** The record's fields a list row does not already hold (its row holds the sort columns). */
const WIDE_COLUMNS = USER_RECORD.filter(
  (field) => !(userSortColumns as readonly unknown[]).includes(field.alias),
);

/**
 * ListSpec.inOrder of a list of users (`u`) sorted by fullNameOf('u') as `full_name` and searched
 * through userMatches: for many matches, among the users of the searched text's words (decision 103).
 * `otherMatches` says whether the search's other arms (a role's name) match anything for the ILIKE
 * pattern: the words do not hold those, and then nothing changes.
 */
export const byNameWords =
  (otherMatches?: (db: Db, pattern: string) => Promise<boolean>) =>
  async <I extends { sortColumn?: string; sortOrder?: string; searchText?: string }>({
    db,
    input,
  }: ListContext<I>) => {
    const text = input.searchText;
    if (input.sortColumn !== 'full_name' || !text) return undefined;
    if (otherMatches && (await otherMatches(db, `%${escapeLike(text)}%`))) return undefined;
    const rows = await usersInNameOrder(db, text, input.sortOrder === 'desc' ? 'desc' : 'asc');
    return rows && { rows, on: 'u.user_id', fromIndexes: true };
  };

/**
 * The users a list shows: every one in rank scope, or only those waiting for approval (New, Inactive);
 * with `approvable` (GetNewUser's, decision 98) only those whose status the caller may change, as
 * changeUserStatus judges it and Home counts them (decision 85).
 */
export const userListSpec = (onlyWaiting: boolean): ListSpec<z.output<typeof newUserListQuery>> => ({
  envelope: 'resultData',
  query: ({ db, user, input }) => {
    let q = db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .where(rankScope(user))
      .select([
        'u.user_id',
        userName.as('full_name'),
        'r.name as role_name',
        'u.phone_1',
        'u.user_email',
        'u.user_status',
      ]);
    if (typeof input.associated_agency_id === 'number')
      q = q.where('u.associated_agency_id', '=', input.associated_agency_id);
    if (input.approvable) q = q.where(statusChangeScope(user));
    return onlyWaiting ? q.where('u.user_status', 'in', ['New', 'Inactive']) : q;
  },
  sort: {
    full_name: userName,
    user_email: 'u.user_email',
    role_name: 'r.name',
    phone_1: 'u.phone_1',
    user_status: 'u.user_status',
    user_id: 'u.user_id',
  },
  search: (pattern) => userMatches(pattern, ['name', 'user_email', 'phone_1']),
  inOrder: byNameWords(),
  sortMatches: true,
  tieBreaker: 'u.user_id',
  // The old client fills its Edit User form from the row: the whole record, for the page's rows only.
  late: {
    idField: 'user_id',
    join: (page) => page.innerJoin('users as u', 'u.user_id', 'page.user_id'),
    columns: () => WIDE_COLUMNS,
  },
  export: {
    title: onlyWaiting ? 'ApproveUsers' : 'Users',
    columns: [
      { key: 'user_id', header: 'ID', type: 'number', width: 8 },
      { key: 'full_name', header: 'Name' },
      { key: 'role_name', header: 'Role', width: 16 },
      { key: 'phone_1', header: 'Phone', width: 16 },
      { key: 'user_email', header: 'Email' },
      { key: 'user_status', header: 'Status', width: 12 },
    ],
  },
});

const userList = (
  call: typeof userApi.GetUser | typeof userApi.GetNewUser,
  access: Permission,
  summary: string,
  onlyWaiting: boolean,
) => defineList(call, { access, tag: 'Users', summary, list: userListSpec(onlyWaiting) });

/** What refuses a change that would leave no active Super Admin (one alone never does: its sender stays). */
export const LAST_SUPER_ADMIN = {
  deleted: 'The last Super Admin cannot be deleted',
  deactivated: 'The last active Super Admin cannot be deactivated',
  demoted: 'The last active Super Admin cannot be deactivated or given another type',
};

/** The user, or 404; `lock` holds their row until the transaction ends (a status change reads it so). */
async function targetUser(db: Db, userId: number, lock = false) {
  const user = await findManagedUser(db, userId, lock);
  if (!user) throw notFound('User');
  return user;
}

/**
 * Why the actor may not manage the user (403/409 with the sentence), or null: not themselves, only with
 * the ChangeStatusof… permission of the user's role, only users of a role below theirs.
 */
export function manageRefusal(
  actor: SessionUser,
  target: { user_id: number; role_id: number; rank: number },
  what: string,
): HttpError | null {
  if (target.user_id === actor.user_id) return conflict(`You cannot ${what} your own account`);
  if (!actor.permissions.has(statusPermissionFor(target.role_id))) {
    return new HttpError(403, 'You do not have permission to do this');
  }
  try {
    assertOutranks(actor, target, 'manage users of');
  } catch (error) {
    return error as HttpError;
  }
  return null;
}

function assertMayManage(
  actor: SessionUser,
  target: { user_id: number; role_id: number; rank: number },
  what: string,
) {
  const refusal = manageRefusal(actor, target, what);
  if (refusal) throw refusal;
}

/** The user lists, by name: what a bulk action selects from (calls/bulk-users.ts). */
export const userLists = {
  GetUser: userList(
    userApi.GetUser,
    'Users',
    'Users, paged (search over name, e-mail and phone; associated_agency_id filters)',
    false,
  ),
  GetNewUser: userList(
    userApi.GetNewUser,
    'Approve User',
    'New and Inactive users waiting for approval, paged',
    true,
  ),
};

export const userCalls: AnyCall[] = [
  userLists.GetUser,
  userLists.GetNewUser,

  defineCall(userApi.changeUserStatus, {
    access: STATUS_PERMISSIONS,
    tag: 'Users',
    summary: "Activate or deactivate a user; needs the ChangeStatusof… permission of the user's role",
    async handle({ db, input, user }) {
      const target = await targetUser(db, input.user_id);
      assertMayManage(user, target, 'change the status of');
      // Read again under a lock, so that of two changes at once the second sees the first.
      const changed = await inTransaction(db, async (trx) => {
        // The Super Admins first, as every change that could leave none active locks them.
        const deactivating = input.status !== 'Active' && target.role_id === ROLE.SuperAdmin;
        const superAdmins = deactivating ? await lockSuperAdmins(trx) : undefined;
        const current = await targetUser(trx, input.user_id, true);
        assertMayManage(user, current, 'change the status of');
        if (superAdmins && !activeSuperAdminStays(superAdmins, [current.user_id]))
          throw conflict(LAST_SUPER_ADMIN.deactivated);
        if (current.user_status === input.status) return false;
        await setUserStatus(trx, current, input.status, input.reason ?? null, user.user_id);
        return true;
      });
      if (!changed) return { message: `User is already ${input.status}` };
      return { message: `User status changed to ${input.status}` };
    },
  }),

  defineCall(userApi.deleteUser, {
    access: 'Delete User',
    tag: 'Users',
    summary: 'Delete a user (their sessions end at once); not yourself, not the last Super Admin',
    async handle({ db, config, input, user, req }) {
      const target = await targetUser(db, input.user_id);
      assertMayManage(user, target, 'delete');
      const picture = await inTransaction(db, async (trx) => {
        // The Super Admins first, as bulkDeleteUsers locks them; then the user, judged as they are now.
        const superAdmins = target.role_id === ROLE.SuperAdmin ? await lockSuperAdmins(trx) : undefined;
        assertMayManage(user, await targetUser(trx, target.user_id, true), 'delete');
        if (superAdmins && !activeSuperAdminStays(superAdmins, [target.user_id]))
          throw conflict(LAST_SUPER_ADMIN.deleted);
        // Listings (and anything else that must keep its user) refuse the delete, naming themselves.
        await assertUnused(trx, 'users', target.user_id, `User : ${fullName(target)}`);
        await revokeSessions(trx, target.user_id);
        return deleteUserRow(trx, target.user_id);
      });
      // After the commit, as a listing's delete: a rolled-back delete keeps the picture.
      await removeUnnamedMedia(db, mediaStore(config), req.log, ...picture);
      return { message: 'User deleted successfully' };
    },
  }),
];
