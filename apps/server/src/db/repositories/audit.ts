import type { Db } from '../index.ts';
import { fullNameOf } from './full-name.ts';

const fullName = fullNameOf('u');

/**
 * Users by name, at most `limit`: the one `userId` when given, and those whose name or e-mail matches
 * the ILIKE `pattern` when given.
 */
export function usersByName(
  db: Db,
  { userId, pattern, limit }: { userId?: number; pattern?: string; limit: number },
) {
  let q = db
    .selectFrom('users as u')
    .select(['u.user_id', fullName.as('full_name'), 'u.user_email'])
    .orderBy(fullName)
    .orderBy('u.user_id')
    .limit(limit);
  if (userId !== undefined) q = q.where('u.user_id', '=', userId);
  if (pattern !== undefined) {
    q = q.where((eb) => eb.or([eb(fullName, 'ilike', pattern), eb('u.user_email', 'ilike', pattern)]));
  }
  return q.execute();
}
