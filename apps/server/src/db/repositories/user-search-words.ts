import { sql } from 'kysely';
import type { Db } from '../index.ts';
import { wordsHolding } from './search-words.ts';

/** How migration 0043 split the users' words, and where it keeps them. */
const USER_WORDS = {
  separators: '[^[:alnum:]]+',
  vocabulary: 'user_search_vocabulary',
  shortest: 3,
} as const;

/**
 * Rows (sort: the full name, id) in name order, `direction` first, among which are all the users that
 * `userMatches` finds for `text` in any of their fields (decision 103): the users of each vocabulary
 * word holding the text's longest piece, read in order from the words' primary key. A text found in a
 * field has each of its pieces (split as `user_words` splits, migration 0043) inside one of the field's
 * words. Undefined where that is not a few reads: no piece of three characters, the fields' separator
 * in the text, or more than MAX_WORDS words.
 */
export async function usersInNameOrder(db: Db, text: string, direction: 'asc' | 'desc') {
  if (text.includes('\u0001')) return undefined;
  const words = await wordsHolding(db, text, USER_WORDS);
  if (!words) return undefined;
  const order = sql.raw(`full_name ${direction}, user_id ${direction}`);
  const branches = words.map(
    (word) => sql`(SELECT full_name AS sort, user_id AS id FROM user_search_words
      WHERE word = ${word} ORDER BY ${order})`,
  );
  return sql<{ sort: string; id: number }>`(${sql.join(branches, sql` UNION ALL `)})`;
}
