import { sql } from 'kysely';
import type { AuditAction } from '@app/contract';
import type { Db } from '../db/index.ts';
import { currentAuditContext, type AuditContext } from '../db/audit-context.ts';
import { fullNameOf } from '../db/repositories/full-name.ts';

/**
 * Tables whose rows are not audited, each with why. Every other table carries the `audit` trigger
 * (see migration 0008 and docs/decisions/0017-audit-log.md); test/audit.test.ts checks that each
 * table of the database is either audited or listed here, so a new table is never forgotten. A new
 * business table gets the trigger in its migration: `SELECT audit_attach('table_name');`.
 */
export const UNAUDITED_TABLES = {
  sessions: 'sign-ins and sign-outs are logged by the server (login, logout)',
  login_attempts: 'failed sign-ins are logged by the server (login failed)',
  rate_limits: 'request counts of the abuse limits, not business data',
  password_resets: 'secret tokens; the password change itself is audited on users',
  user_otps: 'one-time codes',
  notifications: 'messages to users, not business data',
  user_status_history: 'a history the app keeps; the status change is audited on users',
  property_history: 'a history the app keeps; the change is audited on properties',
  audit_log: 'the log itself',
  listing_tallies: 'counts the database keeps from the listings, which are audited',
  unread_tallies: 'counts the database keeps from the notifications, which are not audited either',
  idempotency_keys: 'stored answers of create calls, replayed to retries; the creates are audited',
  saved_views: "a user's own layouts of a list, seen and changed by that user only",
  list_preferences: 'the columns a user hid on a list, seen and changed by that user only',
  housekeeping_runs: 'when each hourly job last started, and on which process',
  notification_fan_outs: 'events waiting to be written out as notifications, which are not audited either',
  property_name_words: "the words of the listings' names, kept from the listings, which are audited",
  property_name_vocabulary: "every word of a listing's name seen, kept from the listings",
  user_search_words: "the words of the users' searched fields, kept from the users, who are audited",
  user_search_vocabulary: "every word of a user's searched fields seen, kept from the users",
  media_removals: 'media files a delete stopped naming, waiting to be removed from the store',
  kysely_migration: 'schema bookkeeping',
  kysely_migration_lock: 'schema bookkeeping',
} as const satisfies Record<string, string>;

/** An entry the server writes itself: sign-ins, sign-outs and exports (changes are the trigger's). */
export interface AuditEntryInput {
  action: Extract<AuditAction, 'login' | 'login failed' | 'logout' | 'export'>;
  /** Who: defaults to the request's signed-in user. */
  actorId?: number | null;
  entity?: string | null;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
}

/**
 * Appends an entry to the audit log with the actor's name and e-mail as they are now. The address
 * and call come from the request (`context`, by default the one being served).
 */
export async function recordAudit(
  db: Db,
  entry: AuditEntryInput,
  context: AuditContext | undefined = currentAuditContext(),
): Promise<void> {
  const actorId = entry.actorId === undefined ? (context?.actorId ?? null) : entry.actorId;
  const actor = (column: 'name' | 'email') =>
    sql<string | null>`(SELECT ${column === 'name' ? fullNameOf() : sql.ref('user_email')}
      FROM users WHERE user_id = ${actorId})`;
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      actor_name: actor('name'),
      actor_email: actor('email'),
      ip: context?.ip ?? null,
      call: context?.call ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
