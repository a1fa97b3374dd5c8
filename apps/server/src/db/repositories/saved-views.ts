import { sql } from 'kysely';
import type { Db, Trx } from '../index.ts';

type AnyDb = Db | Trx;
const VIEW_COLUMNS = ['id', 'name', 'state', 'updated_at'] as const;

/** The user's views of a list, by name (case-insensitive). */
export const viewsOf = (db: AnyDb, userId: number, listKey: string) =>
  db
    .selectFrom('saved_views')
    .select(VIEW_COLUMNS)
    .where('user_id', '=', userId)
    .where('list_key', '=', listKey)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

/** The columns the user hid on a list (none when never chosen). */
export async function hiddenColumnsOf(db: AnyDb, userId: number, listKey: string): Promise<string[]> {
  const row = await db
    .selectFrom('list_preferences')
    .select('hidden_columns')
    .where('user_id', '=', userId)
    .where('list_key', '=', listKey)
    .executeTakeFirst();
  return row?.hidden_columns ?? [];
}

/**
 * Holds the user's saves until the transaction ends, so a count checked against the cap and a name
 * checked for uniqueness stay true until the row is written (concurrent saves of one user queue here).
 */
export async function lockUserViews(trx: Trx, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('saved_views'), ${userId})`.execute(trx);
}

export async function viewCountOf(db: AnyDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether another view of the user's on the list (not `exceptId`) has this name, whatever its case. */
export async function viewNameTaken(
  db: AnyDb,
  userId: number,
  listKey: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('saved_views')
    .select('id')
    .where('user_id', '=', userId)
    .where('list_key', '=', listKey)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertView = (db: AnyDb, userId: number, listKey: string, name: string, state: object) =>
  db
    .insertInto('saved_views')
    .values({ user_id: userId, list_key: listKey, name, state: JSON.stringify(state) })
    .returning(VIEW_COLUMNS)
    .executeTakeFirstOrThrow();

/** Renames or overwrites the user's view on the list; undefined when the user has no such view. */
export const updateViewOf = (
  db: AnyDb,
  userId: number,
  id: number,
  listKey: string,
  name: string,
  state: object,
) =>
  db
    .updateTable('saved_views')
    .set({ name, state: JSON.stringify(state), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('list_key', '=', listKey)
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();

/** Deletes the user's view; answers whether there was one. */
export async function deleteViewOf(db: AnyDb, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function listPreferenceCountOf(db: AnyDb, userId: number, exceptKey: string): Promise<number> {
  const row = await db
    .selectFrom('list_preferences')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('list_key', '<>', exceptKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the columns the user hid on a list (one row per user and list, so concurrent saves cannot duplicate). */
export const saveHiddenColumns = (db: AnyDb, userId: number, listKey: string, hidden: readonly string[]) =>
  db
    .insertInto('list_preferences')
    .values({ user_id: userId, list_key: listKey, hidden_columns: JSON.stringify(hidden) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'list_key']).doUpdateSet({
        hidden_columns: (eb) => eb.ref('excluded.hidden_columns'),
        updated_at: sql`now()`,
      }),
    )
    .execute();
