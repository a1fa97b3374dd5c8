import { sql, type CompiledQuery } from 'kysely';
import { ALL_PERMISSIONS, ROLE, type Permission } from '@app/contract';
import { poolOf, type Db } from '../db/index.ts';
import { prepare } from '../db/prepared.ts';
import { hashToken, newToken } from './crypto.ts';
import { anyOf } from '../db/any-of.ts';
import { fullName } from '../db/repositories/full-name.ts';

export interface SessionUser {
  sessionId: string;
  user_id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  user_email: string;
  role_id: number;
  role_name: string;
  /** Decision 25: the rank of the user's role. */
  role_rank: number;
  permissions: ReadonlySet<Permission>;
  via: 'bearer' | 'cookie';
}

export const SESSION_COOKIE = 'sid';

export async function createSession(
  db: Db,
  userId: number,
  ttlHours: number,
  meta: { ip: string; userAgent: string | undefined; passwordHash?: string },
): Promise<string | null> {
  const { token, tokenHash } = newToken();
  // With the hash the password was checked against: only while it is still the user's, waiting for a
  // change of it under way (FOR SHARE). Else a sign-in with the old password that ran beside a
  // password change kept a session the change had meant to end.
  const inserted = await db
    .insertInto('sessions')
    .columns(['token_hash', 'user_id', 'expires_at', 'ip', 'user_agent'])
    .expression(
      db
        .selectFrom('users')
        .select([
          sql<Buffer>`${tokenHash}::bytea`.as('token_hash'),
          'user_id',
          sql<Date>`${new Date(Date.now() + ttlHours * 3_600_000)}::timestamptz`.as('expires_at'),
          sql<string>`${meta.ip}::text`.as('ip'),
          sql<string | null>`${meta.userAgent?.slice(0, 300) ?? null}::text`.as('user_agent'),
        ])
        .where('user_id', '=', userId)
        .$if(meta.passwordHash !== undefined, (q) => q.where('password_hash', '=', meta.passwordHash!))
        .forShare(),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows) === 1 ? token : null;
}

/**
 * The session check every signed-in request makes: one statement, compiled once and prepared once per
 * connection (db/prepared.ts: PostgreSQL planned this join afresh for every request, about half a
 * millisecond). Its first parameter, a placeholder here, is the token's hash.
 */
const sessionUserQuery = (db: Db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('s.token_hash', '=', Buffer.alloc(0))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.user_status', '=', 'Active')
    .select([
      's.id as sessionId',
      'u.user_id',
      'u.first_name',
      'u.last_name',
      'u.user_email',
      'u.role_id',
      'r.name as role_name',
      'r.rank as role_rank',
      'r.status as role_status',
      (eb) =>
        eb
          .selectFrom('role_permissions as rp')
          .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
          .whereRef('rp.role_id', '=', 'u.role_id')
          .select(sql<string[]>`coalesce(array_agg(p.name), '{}')`.as('names'))
          .as('permission_names'),
    ]);
type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['executeTakeFirst']>>>;
let compiledSessionQuery: CompiledQuery | undefined;

/**
 * The signed-in user behind a token, or null when the token is unknown, expired, revoked or
 * belongs to a user who is no longer Active. Super Admin holds every permission; a user whose
 * role is Inactive holds none.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  via: SessionUser['via'],
): Promise<SessionUser | null> {
  if (!compiledSessionQuery) {
    compiledSessionQuery = sessionUserQuery(db).compile();
    prepare(compiledSessionQuery.sql);
  }
  const { sql: text, parameters } = compiledSessionQuery;
  // Through the pool, not Kysely: the session is read before a save's audit settings are known, so it
  // does not send them to its connection (db/audit-context.ts).
  const pool = poolOf(db);
  if (!pool) throw new Error('findSessionUser needs a database made by createDb');
  const [row] = (await pool.query<SessionRow>(text, [hashToken(token), ...parameters.slice(1)])).rows;
  if (!row) return null;
  const { role_status, permission_names, ...user } = row;
  const permissions: ReadonlySet<Permission> =
    user.role_id === ROLE.SuperAdmin
      ? new Set(ALL_PERMISSIONS)
      : new Set(role_status === 'Active' ? ((permission_names ?? []) as Permission[]) : []);
  return {
    ...user,
    sessionId: String(user.sessionId),
    full_name: fullName(user).trim(),
    permissions,
    via,
  };
}

export async function revokeSessions(
  db: Db,
  userId: number | readonly number[],
  exceptSessionId?: string,
): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where(anyOf('user_id', userId))
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
