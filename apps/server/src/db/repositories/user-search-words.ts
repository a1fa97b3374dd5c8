import { sql } from 'kysely';
import { AGENT_ROLES } from '@app/contract';
import { inTransaction, unsorted, type Db } from '../index.ts';
import { escapeLike } from '../like.ts';
import { fullNameOf } from './full-name.ts';
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

/**
 * The first `limit` active Agents and Owner-Agents whose names hold `text`, in name order, as the agent
 * chooser (allagents) lists them: read among the users of the text's words. A walk of every agent's
 * name in order met the first of a common surname after 32,000 others ('santos', last of the surnames
 * of the first first name, at ten million listings: 17.5 ms). Undefined where the words do not serve
 * the text (usersInNameOrder).
 */
export async function activeAgentsNamed(db: Db, text: string, limit: number) {
  const candidates = await usersInNameOrder(db, text, 'asc');
  if (!candidates) return undefined;
  const name = fullNameOf('u');
  const query = db
    .selectFrom(candidates.as('c'))
    .innerJoin('users as u', 'u.user_id', 'c.id')
    // A user is among the rows of each of their words that holds the text: listed once.
    .distinctOn(['c.sort', 'c.id'])
    .select(['u.user_id', name.as('full_name')])
    .where('u.role_id', 'in', AGENT_ROLES)
    .where('u.user_status', '=', 'Active')
    .where(name, 'ilike', `%${escapeLike(text)}%`)
    .orderBy('c.sort')
    .orderBy('c.id')
    .limit(limit)
    .compile();
  // Sorting off: the words' rows are merged in order from their key, not all fetched and sorted.
  return (await inTransaction(db, (trx) => unsorted(trx, query))).rows;
}
