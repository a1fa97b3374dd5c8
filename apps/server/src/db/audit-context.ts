import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection } from 'kysely';
import { CompiledQuery } from 'kysely';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Who is changing data in this request: read by the audit triggers through session settings. */
export interface AuditContext {
  /** The signed-in user, or null (a public call such as reset_password). */
  actorId: number | null;
  ip: string;
  /** The call being made, such as 'saveproperty'. */
  call: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `fn` so that every write it makes is attributed to `context` in the audit log. */
export const withAuditContext = <T>(context: AuditContext, fn: () => Promise<T>): Promise<T> =>
  storage.run(context, fn);

export const currentAuditContext = (): AuditContext | undefined => storage.getStore();

// Connections that carry a request's settings; they are cleared before anything else uses them.
const marked = new WeakSet<DatabaseConnection>();

/**
 * Called by Kysely whenever a query or transaction takes a connection from the pool. Inside a
 * mutating request it hands the request's actor, address and call to PostgreSQL (session settings
 * read by the audit trigger); elsewhere it clears what an earlier request left on the connection.
 * Reads outside a request cost nothing.
 */
export async function onReserveConnection(connection: DatabaseConnection): Promise<void> {
  const context = storage.getStore();
  if (!context && !marked.has(connection)) return;
  const values = context ? [String(context.actorId ?? ''), context.ip, context.call] : ['', '', ''];
  try {
    await connection.executeQuery(
      CompiledQuery.raw(
        `SELECT set_config('pp.actor_id', $1, false), set_config('pp.ip', $2, false), set_config('pp.call', $3, false)`,
        values,
      ),
    );
  } catch (error) {
    // Kysely never gives the connection back to the pool when this hook fails (pool.end() would then
    // wait forever). A lost connection writes nothing, so the call's own query fails on it (503) and
    // Kysely releases it, and the pool drops it.
    if (isDatabaseUnavailable(error)) return;
    throw error;
  }
  if (context) marked.add(connection);
  else marked.delete(connection);
}
