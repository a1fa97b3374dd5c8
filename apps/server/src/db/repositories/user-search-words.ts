import { sql } from 'kysely';
import type { Db } from '../index.ts';
import { rowsOfWords, wordsHolding, type SearchWords } from './search-words.ts';

/** How migration 0043 split the users' words, and where it keeps them. */
const USER_WORDS: SearchWords = {
  separators: '[^[:alnum:]]+',
  shortest: 3,
  vocabulary: 'user_search_vocabulary',
  table: 'user_search_words',
  sort: 'full_name',
  id: 'user_id',
};

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
  const branches = rowsOfWords(words, USER_WORDS, direction);
  return sql<{ sort: string; id: number }>`(${sql.join(branches, sql` UNION ALL `)})`;
}
