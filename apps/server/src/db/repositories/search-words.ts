import { sql } from 'kysely';
import type { Db } from '../index.ts';
import { escapeLike } from '../like.ts';

/** A table of words kept with the rows' sort and id, in that order, and its vocabulary. */
export interface SearchWords {
  /** How the words were split (a regular expression), and the shortest piece worth looking up. */
  separators: string;
  shortest: number;
  vocabulary: 'property_name_vocabulary' | 'user_search_vocabulary';
  table: 'property_name_words' | 'user_search_words';
  sort: string;
  id: string;
}

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
export async function wordsHolding(db: Db, text: string, words: SearchWords) {
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

/** Each word's (sort, id) rows from its key, in that order, `direction` first: to be merged. */
export const rowsOfWords = (found: string[], words: SearchWords, direction: 'asc' | 'desc') =>
  found.map(
    (word) => sql<{ sort: unknown; id: number }>`(SELECT ${sql.ref(words.sort)} AS sort,
      ${sql.ref(words.id)} AS id FROM ${sql.table(words.table)} WHERE word = ${word}
      ORDER BY ${sql.ref(words.sort)} ${sql.raw(direction)}, ${sql.ref(words.id)} ${sql.raw(direction)})`,
  );
