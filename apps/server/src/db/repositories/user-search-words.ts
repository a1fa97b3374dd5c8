import { sql } from 'kysely';
import type { Db } from '../index.ts';

/** More vocabulary words holding the searched text's longest piece than this: not worth it. */
const MAX_WORDS = 50;
/** A shorter piece has no trigram: the vocabulary's index could not find its words without reading all. */
const SHORTEST_PIECE = 3;

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
  const { rows } = await sql<{ piece: string }>`SELECT w AS piece
    FROM regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') w
    WHERE w <> '' ORDER BY length(w) DESC, w LIMIT 1`.execute(db);
  const piece = rows[0]?.piece;
  if (!piece || [...piece].length < SHORTEST_PIECE) return undefined;
  // The piece as a value, not from the statement above: the planner can then read the trigram index.
  // Letters and digits only: nothing in it to escape.
  const { rows: words } = await sql<{ word: string }>`SELECT word FROM user_search_vocabulary
    WHERE word LIKE ${`%${piece}%`} LIMIT ${MAX_WORDS + 1}`.execute(db);
  if (!words.length || words.length > MAX_WORDS) return undefined;
  const order = sql.raw(`full_name ${direction}, user_id ${direction}`);
  const branches = words.map(
    ({ word }) => sql`(SELECT full_name AS sort, user_id AS id FROM user_search_words
      WHERE word = ${word} ORDER BY ${order})`,
  );
  return sql<{ sort: string; id: number }>`(${sql.join(branches, sql` UNION ALL `)})`;
}
