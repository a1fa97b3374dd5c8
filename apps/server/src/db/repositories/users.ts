import { sql } from 'kysely';
import { ROLE, type UserStatus } from '@app/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../schema.ts';
import type { Db } from '../index.ts';
import { anyOf } from '../any-of.ts';
import { fullNameOf } from './full-name.ts';
import { withSteps, type Step } from '../at-once.ts';
import { firstPrepared } from '../prepared.ts';

type UserValues = Insertable<Database['users']>;
type UserChanges = Updateable<Database['users']>;

/** The user `u` with their role `r`; the caller selects what it needs (the record's columns). */
export const userWithRole = (db: Db, userId: number) =>
  db.selectFrom('users as u').innerJoin('roles as r', 'r.id', 'u.role_id').where('u.user_id', '=', userId);

/**
 * What managing a user checks: their type, rank, status and name. Where the users are locked, they are
 * locked by a statement of their own first: a locking read that joins keeps the role row it first met,
 * so a user whose role changed while it waited would be missed.
 */
const MANAGED = ['u.user_id', 'u.role_id', 'r.rank', 'u.user_status', 'u.first_name', 'u.last_name'] as const;

/** The user as managing checks them (MANAGED); `lock` holds their row first. */
export async function findManagedUser(db: Db, userId: number, lock = false) {
  if (lock) return (await lockManagedUsers(db, [userId], false))[0];
  return userWithRole(db, userId).select(MANAGED).executeTakeFirst();
}

/**
 * The Super Admins with their status, their rows locked in id order until the transaction ends: the
 * changes that could leave none active (a delete, a deactivation, another type) take turns, each
 * reading them as the one before left them (a deleted row is skipped, a changed one read anew).
 * Counted in statements of their own, two Super Admins acting on each other at once each saw the
 * other still there.
 */
export const lockSuperAdmins = (db: Db) =>
  db
    .selectFrom('users')
    .select(['user_id', 'user_status'])
    .where('role_id', '=', ROLE.SuperAdmin)
    .orderBy('user_id')
    .forNoKeyUpdate()
    .execute();

/** Whether an active Super Admin of those locked stays once `leaving` are deleted, deactivated or demoted. */
export const activeSuperAdminStays = (
  superAdmins: readonly { user_id: number; user_status: string }[],
  leaving: readonly number[],
) => superAdmins.some((u) => u.user_status === 'Active' && !leaving.includes(u.user_id));

/** Deletes users; answers the files of their pictures, which the delete stops naming. */
export const deleteUserRow = async (db: Db, userId: number | readonly number[]) =>
  (
    await db
      .deleteFrom('users')
      .where(anyOf('user_id', userId))
      .returning(['profile_image', 'profile_thumbnail'])
      .execute()
  ).flatMap((u) => [u.profile_image, u.profile_thumbnail]);

/** The users managing checks (findManagedUser's columns), locked first (for a delete, wholly). */
export async function lockManagedUsers(db: Db, userIds: readonly number[], forDelete: boolean) {
  await db
    .selectFrom('users')
    .select('user_id')
    .where(anyOf('user_id', userIds))
    .orderBy('user_id')
    .$call((q) => (forDelete ? q.forUpdate() : q.forNoKeyUpdate()))
    .execute();
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(MANAGED)
    .where(anyOf('u.user_id', userIds))
    .orderBy('u.user_id')
    .execute();
}

/** The user's newest status changes (at most 100), with who made each. */
export const userStatusHistory = (db: Db, userId: number) =>
  db
    .selectFrom('user_status_history as h')
    .leftJoin('users as by', 'by.user_id', 'h.changed_by')
    .select([
      'h.old_status',
      'h.new_status',
      'h.reason',
      'h.changed_at',
      fullNameOf<string | null>('by').as('changed_by_name'),
    ])
    .where('h.user_id', '=', userId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(100)
    .execute();

/** Another user with this e-mail address in any case, but `exceptUserId` (a query, for readAtOnce). */
export const emailTakenQuery = (db: Db, email: string, exceptUserId?: number) =>
  db
    .selectFrom('users')
    .select('user_id')
    .where(sql`lower(user_email)`, '=', email.toLowerCase())
    .$if(exceptUserId !== undefined, (q) => q.where('user_id', '!=', exceptUserId!))
    .limit(1);

/** One line of a user's status history. */
export const insertStatusChange = (db: Db, change: StatusChange | readonly StatusChange[]) =>
  db.insertInto('user_status_history').values([change].flat()).execute();

interface StatusChange {
  user_id: number;
  old_status: string;
  new_status: UserStatus;
  reason: string | null | undefined;
  changed_by: number;
}

/** Sets the user's status (and its reason), as changed by `changedBy` now. */
export const updateUserStatus = (
  db: Db,
  userId: number | readonly number[],
  status: UserStatus,
  reason: string | null,
  changedBy: number,
) =>
  db
    .updateTable('users')
    .set({ user_status: status, status_reason: reason, updated_at: sql`now()`, updated_by: changedBy })
    .where(anyOf('user_id', userId))
    .execute();

/** How a new user starts: their first status change (from New), and their welcome link. */
export interface UserStart {
  status: { new_status: UserStatus; reason: string; changed_by: number };
  welcome: { tokenHash: Buffer; expiresAt: Date };
}

/**
 * A new user with the first line of their status history, their welcome link and `steps` (their links,
 * the event), in one statement: atomic without a transaction. Answers what the welcome mail and the
 * audit need.
 */
export const insertUser = async (db: Db, values: UserValues, start: UserStart, steps: readonly Step[]) => {
  const query = withSteps(withNewUser(db, values, start), steps)
    .selectFrom('u')
    .selectAll();
  return firstPrepared(db, query.compile());
};

const withNewUser = (db: Db, values: UserValues, start: UserStart) =>
  db
    .with('u', (db) =>
      db
        .insertInto('users')
        .values(values)
        .returning(['user_id', 'first_name', 'last_name', 'role_id', 'user_email', 'phone_1'])
        .returning(sql<string>`(SELECT name FROM roles WHERE roles.id = users.role_id)`.as('role_name')),
    )
    .with('status', (db) =>
      db
        .insertInto('user_status_history')
        .columns(['user_id', 'old_status', 'new_status', 'reason', 'changed_by'])
        .expression((eb) =>
          eb
            .selectFrom('u')
            .select([
              'u.user_id',
              sql<string>`'New'`.as('old_status'),
              sql<string>`${start.status.new_status}::text`.as('new_status'),
              sql<string>`${start.status.reason}::text`.as('reason'),
              sql<number>`${start.status.changed_by}::int`.as('changed_by'),
            ]),
        ),
    )
    .with('welcome', (db) =>
      db
        .insertInto('password_resets')
        .columns(['token_hash', 'user_id', 'expires_at'])
        .expression((eb) =>
          eb
            .selectFrom('u')
            .select([
              sql<Buffer>`${start.welcome.tokenHash}::bytea`.as('token_hash'),
              'u.user_id',
              sql<Date>`${start.welcome.expiresAt}::timestamptz`.as('expires_at'),
            ]),
        ),
    );

/** Changes the user's columns and stamps the change now. */
export const updateUser = (db: Db, userId: number, changes: UserChanges) =>
  db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .execute();

/** What UpdateUser compares the form with. */
export const findUserForUpdate = (db: Db, userId: number, lock = false) =>
  db
    .selectFrom('users')
    .select([
      'user_id',
      'role_id',
      'user_status',
      'open_property_limit',
      'profile_image',
      'profile_thumbnail',
    ])
    .where('user_id', '=', userId)
    .$if(lock, (q) => q.forNoKeyUpdate())
    .executeTakeFirst();

/** What UpdateProfile checks and replaces: the password and the picture. */
export const findOwnProfile = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['password_hash', 'profile_image', 'profile_thumbnail', 'associated_agency_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** The ids of the user's brokers. */
export async function brokerIdsOf(db: Db, userId: number) {
  const brokers = await db
    .selectFrom('user_brokers')
    .select('broker_id')
    .where('user_id', '=', userId)
    .execute();
  return brokers.map((b) => b.broker_id);
}

/** A single-use link to choose a password, valid until `expiresAt`. */
export const insertPasswordReset = (db: Db, userId: number, tokenHash: Buffer, expiresAt: Date) =>
  db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
    .execute();

/** The agency's address, by the given selection of its columns (`a`). */
export const agencyWithId = (db: Db, agencyId: number) =>
  db.selectFrom('agencies as a').where('a.agency_id', '=', agencyId);
