import { sql } from 'kysely';
import type { Db } from '../index.ts';
import { escapeLike } from '../like.ts';

/** More vocabulary words holding the searched text's longest piece than this: not worth it. */
const MAX_WORDS = 50;

/**
 * The words of a vocabulary (decisions 102 and 103) that hold the longest piece of `text` split at
 * `separators` (a regular expression, as the words were split): a text found in a field has each of
 * its pieces inside one of the field's words. Undefined when there is no piece of `shortest`
 * characters, or more than MAX_WORDS words hold it. A piece under three characters has no trigram:
 * the vocabulary's index cannot find its words, so the whole vocabulary is read (a few thousand words
 * of listing names; millions of users' e-mails and phones, so for those never).
 */
export async function wordsHolding(
  db: Db,
  text: string,
  words: {
    separators: string;
    vocabulary: 'property_name_vocabulary' | 'user_search_vocabulary';
    shortest: number;
  },
) {
  const { rows } = await sql<{ piece: string }>`SELECT w AS piece
    FROM regexp_split_to_table(lower(${text}), ${words.separators}) w
    WHERE w <> '' ORDER BY length(w) DESC, w LIMIT 1`.execute(db);
  const piece = rows[0]?.piece;
  if (!piece || [...piece].length < words.shortest) return undefined;
  // The piece as a value, not from the statement above: the planner can then read the trigram index.
  const { rows: found } = await sql<{ word: string }>`SELECT word FROM ${sql.table(words.vocabulary)}
    WHERE word LIKE ${`%${escapeLike(piece)}%`} LIMIT ${MAX_WORDS + 1}`.execute(db);
  return found.length && found.length <= MAX_WORDS ? found.map((r) => r.word) : undefined;
}
