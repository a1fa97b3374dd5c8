import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection } from 'kysely';
import { CompiledQuery } from 'kysely';
import { isDatabaseUnavailable } from './unavailable.ts';
import { prepare } from './prepared.ts';

/** Who is changing data in this request: read by the audit triggers through session settings. */
export interface AuditContext {
  /** The signed-in user, or null (a public call such as reset_password). */
  actorId: number | null;
  ip: string;
  /** The call being made, such as 'saveproperty'. */
  call: string;
  /** The Idempotency-Key claim a create runs under: its writes mark the key carried out (migration 0040). */
  idempotencyClaim?: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `fn` so that every write it makes is attributed to `context` in the audit log. */
export const withAuditContext = <T>(context: AuditContext, fn: () => Promise<T>): Promise<T> =>
  storage.run(context, fn);

export const currentAuditContext = (): AuditContext | undefined => storage.getStore();

const unaudited = new AsyncLocalStorage<true>();

/**
 * Runs `fn`, which writes to no audited table (the notifications' fan-out and delivery), on connections
 * as they are: outside a request it neither clears nor sends settings, so that the request that takes
 * the connection next, often the one whose save woke the fan-out, need not send its own again.
 */
export const writingNoAuditedTable = <T>(fn: () => Promise<T>): Promise<T> => unaudited.run(true, fn);

// What each connection carries now (actor, address, call and claim), so an unchanged request's settings
// are not sent again: a save reserves a connection for each of its reads and for its transaction.
const carried = new WeakMap<DatabaseConnection, string>();
const CARRY_SETTINGS = `SELECT set_config('pp.actor_id', $1, false), set_config('pp.ip', $2, false),
  set_config('pp.call', $3, false), set_config('pp.idempotency_claim', $4, false)`;
prepare(CARRY_SETTINGS);

/**
 * Called by Kysely whenever a query or transaction takes a connection from the pool. Inside a
 * mutating request it hands the request's actor, address and call to PostgreSQL (session settings
 * read by the audit trigger); elsewhere it clears what an earlier request left on the connection.
 * A connection that already carries them is not asked again; reads outside a request cost nothing.
 */
export async function onReserveConnection(connection: DatabaseConnection): Promise<void> {
  const context = storage.getStore();
  if (!context && unaudited.getStore()) return;
  const values = context
    ? [String(context.actorId ?? ''), context.ip, context.call, context.idempotencyClaim ?? '']
    : ['', '', '', ''];
  const key = context ? values.join('\u0000') : undefined;
  if (carried.get(connection) === key) return;
  try {
    // Set outside any transaction (Kysely reserves before BEGIN), so no rollback takes them back.
    await connection.executeQuery(CompiledQuery.raw(CARRY_SETTINGS, values));
  } catch (error) {
    // Kysely never gives the connection back to the pool when this hook fails (pool.end() would then
    // wait forever). A lost connection writes nothing, so the call's own query fails on it (503) and
    // Kysely releases it, and the pool drops it.
    if (isDatabaseUnavailable(error)) return;
    throw error;
  }
  if (key === undefined) carried.delete(connection);
  else carried.set(connection, key);
}
