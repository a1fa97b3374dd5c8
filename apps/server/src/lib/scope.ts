import type { Db } from '../db/index.ts';

/** The agency a user works for (users.associated_agency_id), or null. Read per request, never from the input. */
export async function agencyOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('associated_agency_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.associated_agency_id ?? null;
}
