import { sql } from 'kysely';
import type { Db } from '../index.ts';

/** Who signs in with this e-mail address (lower case), with their role's name. */
export const findSignInUser = (db: Db, email: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where(sql`lower(u.user_email)`, '=', email)
    .select([
      'u.user_id',
      'u.first_name',
      'u.last_name',
      'u.user_email',
      'u.password_hash',
      'u.user_status',
      'u.profile_image',
      'u.role_id',
      'r.name as role_name',
    ])
    .executeTakeFirst();

/** Ends one session now. */
export const revokeSession = (db: Db, sessionId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();

/** The user's password hash (null: none chosen yet). */
/** The user's password hash, locked until the transaction ends: password changes take turns. */
export const lockedPasswordHashOf = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select('password_hash')
    .where('user_id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();

/** An Active or New user with this e-mail address (lower case), who may ask for a reset link. */
export const findResettableUser = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .select(['user_id', 'first_name', 'user_email'])
    .where(sql`lower(user_email)`, '=', email)
    .where('user_status', 'in', ['Active', 'New'])
    .executeTakeFirst();

/** Uses up the unused, unexpired reset link with this token hash; answers its user, if there was one. */
export const useResetLink = (db: Db, tokenHash: Buffer) =>
  db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();

/** Uses up every other reset link the user still holds. */
export const useResetLinksOf = (db: Db, userId: number) =>
  db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();

/** What approving a Super Admin checks: their type, rank and status, and where the code goes. */
export const findApprovalTarget = (db: Db, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.user_id',
      'u.first_name',
      'u.user_email',
      'u.phone_1',
      'u.user_status',
      'u.role_id',
      'r.rank',
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();

/** The user's one code: a new one replaces the last, with its tries afresh. */
export const upsertOtp = (db: Db, userId: number, codeHash: Buffer, expiresAt: Date, requestedBy: number) =>
  db
    .insertInto('user_otps')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, requested_by: requestedBy })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        code_hash: (eb) => eb.ref('excluded.code_hash'),
        expires_at: (eb) => eb.ref('excluded.expires_at'),
        attempts: 0,
        requested_by: requestedBy,
        created_at: sql`now()`,
      }),
    )
    .execute();

/** The user's code, locked until the transaction ends. */
export const lockOtp = (db: Db, userId: number) =>
  db.selectFrom('user_otps').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();

export const setOtpAttempts = (db: Db, userId: number, attempts: number) =>
  db.updateTable('user_otps').set({ attempts }).where('user_id', '=', userId).execute();

export const deleteOtp = (db: Db, userId: number) =>
  db.deleteFrom('user_otps').where('user_id', '=', userId).execute();
