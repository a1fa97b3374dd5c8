import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../index.ts';
import { fullNameOf } from './full-name.ts';
import { rowsOfWords, wordsHolding, type SearchWords } from './search-words.ts';

/**
 * The fields of a listing's search document (migration 0028; the operator's from 0034, present only
 * when the listing has one), in order: each is marked by its own private-use character, U+E001 for
 * the first. Searches name the fields they read.
 */
const PROPERTY_SEARCH_FIELDS = [
  'name',
  'headline',
  'street',
  'building',
  'seller',
  'agent',
  'broker',
  'operator',
] as const;
export type PropertySearchField = (typeof PROPERTY_SEARCH_FIELDS)[number];

const markerCode = (field: PropertySearchField) => 0xe001 + PROPERTY_SEARCH_FIELDS.indexOf(field);
const marker = (field: PropertySearchField) => String.fromCharCode(markerCode(field));
/**
 * The document in the two parts its trigram index keeps (migration 0051): the listing's own fields, up
 * to the seller's marker, and its parents' names, from that marker on.
 */
const OWN_FIELDS: readonly PropertySearchField[] = ['name', 'headline', 'street', 'building'];
const sellerMarker = sql.lit(markerCode('seller'));
const ownText = (alias: string) =>
  sql`split_part(${sql.raw(alias)}.search_document, chr(${sellerMarker}), 1)`;
const parentsText = (alias: string) =>
  sql`substr(${sql.raw(alias)}.search_document, strpos(${sql.raw(alias)}.search_document, chr(${sellerMarker})))`;
const ANY_MARKER = `${marker('name')}-${marker('operator')}`;
/** A regular expression's metacharacters (ARE), and each one escaped by a backslash. */
const METACHARACTER = '([.*+?^${}()|\\[\\]\\\\])';
const ESCAPED = '\\\\\\1';

/**
 * The listing `alias` has `text` within one of `fields`, as `field ILIKE '%text%'` on each of them
 * would say: the document holds each field lower-cased after its marker, and the regular expression
 * asks for the lower-cased text after one of these markers with no marker between. Its literal text
 * is what the document's trigram index is read by: the part of the own fields, the parents' part, or,
 * when both hold fields searched, each (a text within one field is within one part).
 */
export function listingHas(alias: string, text: string, fields: readonly PropertySearchField[]) {
  // A text with a marker in it would span two fields: no field holds one.
  if (new RegExp(`[${ANY_MARKER}]`).test(text)) return sql<SqlBool>`false`;
  // lower() in SQL, as ILIKE lowers; the whole pattern is a constant when the statement is planned.
  const escaped = sql`regexp_replace(lower(${text}), ${METACHARACTER}, ${ESCAPED}, 'g')`;
  const within = (part: RawBuilder<unknown>, partFields: readonly PropertySearchField[]) =>
    sql<SqlBool>`${part} ~ (${`[${partFields.map(marker).join('')}][^${ANY_MARKER}]*`} || ${escaped})`;
  const own = fields.filter((f) => OWN_FIELDS.includes(f));
  const parents = fields.filter((f) => !OWN_FIELDS.includes(f));
  const parts = [
    ...(own.length ? [within(ownText(alias), own)] : []),
    ...(parents.length ? [within(parentsText(alias), parents)] : []),
  ];
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** The listing (`p`) has `text` within one of `fields` (listingHas); `orId` also finds the listing of that id. */
export function propertySearch(text: string, fields: readonly PropertySearchField[], orId?: number) {
  const id = orId === undefined ? sql`` : sql` OR p.property_id = ${orId}`;
  return sql<SqlBool>`(${listingHas('p', text, fields)}${id})`;
}

const userNamed = (pattern: string) =>
  sql`SELECT user_id AS id FROM users WHERE ${fullNameOf()} ILIKE ${pattern}`;
/** The parents whose names a listing's document holds: how to find them by name, the listing's column. */
const PARENTS: Partial<
  Record<PropertySearchField, { named: (pattern: string) => RawBuilder<unknown>; column: string }>
> = {
  seller: {
    named: (pattern) => sql`SELECT seller_id AS id FROM sellers WHERE seller_name ILIKE ${pattern}`,
    column: 'seller_id',
  },
  agent: { named: userNamed, column: 'agent_id' },
  broker: {
    named: (pattern) => sql`SELECT broker_id AS id FROM brokers WHERE broker_name ILIKE ${pattern}`,
    column: 'broker_id',
  },
  operator: { named: userNamed, column: 'operator_id' },
};
/** How migration 0042 split the names' words, and where it keeps them. */
const NAME_WORDS: SearchWords = {
  separators: '[[:space:]]+',
  shortest: 1,
  vocabulary: 'property_name_vocabulary',
  table: 'property_name_words',
  sort: 'property_name',
  id: 'property_id',
};
/** More parents named by the text or listings of theirs than these: not worth it. */
const MAX_PARENTS = 1_000;
const MAX_PARENT_LISTINGS = 10_000;

/**
 * Rows (sort: the name, id) in name order, `direction` first, among which are all the listings that a
 * search of `fields` (the name among them) for `text` (ILIKE `pattern`) matches (decision 102): the
 * listings of each name word holding the text's longest word, read in order from their index, and
 * those whose parent in `fields` (a seller, an agent) has the text in its name (`fromIndexes` when
 * there are none). Undefined where that is not a few reads: the listing's other own fields searched,
 * or too many words, parents or parents' listings.
 */
export async function listingsInNameOrder(
  db: Db,
  search: { text: string; pattern: string },
  fields: readonly PropertySearchField[],
  direction: 'asc' | 'desc',
) {
  const { text, pattern } = search;
  if (!fields.includes('name') || fields.some((f) => f !== 'name' && !PARENTS[f])) return undefined;
  const words = await wordsHolding(db, text, NAME_WORDS);
  if (!words) return undefined;
  const parents = await parentListings(db, pattern, fields);
  if (!parents) return undefined;
  const order = sql.raw(`property_name ${direction}, property_id ${direction}`);
  const branches = rowsOfWords(words, NAME_WORDS, direction);
  // The parents' listings are sorted, so only without them is every branch read in index order.
  if (parents.length)
    branches.push(sql`(SELECT property_name AS sort, property_id AS id FROM properties
      WHERE property_id = ANY(${parents}::int[]) ORDER BY ${order})`);
  const rows = sql<{ sort: string; id: number }>`(${sql.join(branches, sql` UNION ALL `)})`;
  return { rows, fromIndexes: !parents.length };
}

/**
 * The first `limit` listings in name order of one word of the names' words that holds `text`, a text of
 * one word (decision 102; the shortest such word, most often the text itself): each one's name has the
 * text. Undefined for a text of two words or more (a name holding the longer need not hold both: 'seller
 * 12' and Roseller Lim's listings), or where the vocabulary has no such word, or too many.
 */
export async function someNamedListings(db: Db, text: string, limit: number) {
  if (/\s/.test(text.trim())) return undefined;
  const words = await wordsHolding(db, text, NAME_WORDS);
  const word = words?.reduce((a, b) => (b.length < a.length ? b : a));
  return (
    word &&
    sql<{ id: number }>`(SELECT property_id AS id FROM property_name_words WHERE word = ${word}
      ORDER BY property_name, property_id LIMIT ${limit})`
  );
}

/** The listings whose parents in `fields` have names ILIKE `pattern`; undefined when too many. */
async function parentListings(db: Db, pattern: string, fields: readonly PropertySearchField[]) {
  const named: RawBuilder<SqlBool>[] = [];
  for (const field of fields) {
    const parent = PARENTS[field];
    if (!parent) continue;
    const { rows } = await sql<{ id: number }>`${parent.named(pattern)} LIMIT ${MAX_PARENTS + 1}`.execute(db);
    if (rows.length > MAX_PARENTS) return undefined;
    if (rows.length)
      named.push(sql<SqlBool>`${sql.ref(parent.column)} = ANY(${rows.map((r) => r.id)}::int[])`);
  }
  if (!named.length) return [];
  const { rows } = await sql<{ id: number }>`SELECT property_id AS id FROM properties
    WHERE ${sql.join(named, sql` OR `)} LIMIT ${MAX_PARENT_LISTINGS + 1}`.execute(db);
  return rows.length > MAX_PARENT_LISTINGS ? undefined : rows.map((r) => r.id);
}

/**
 * The search document of each row of `alias` (a listing's fields by their column names) and the joins
 * it needs, for statements that write many documents at once: the parents' names looked up by key
 * (`OFFSET 0` keeps each a lookup, not a join that reads the whole table) and the document formed by
 * `property_search_text` (migration 0052), which the statement inlines.
 */
export function searchDocumentOf(alias: string) {
  const l = sql.raw(alias);
  const named = (as: string, table: string, names: string, key: string, column: string) =>
    sql`LEFT JOIN LATERAL (SELECT ${sql.raw(names)} FROM ${sql.raw(table)} WHERE ${sql.raw(key)} = ${l}.${sql.raw(column)}
      OFFSET 0) ${sql.raw(as)} ON true`;
  return {
    document: sql<string>`property_search_text(${l}.property_name, ${l}.property_headline, ${l}.street_name,
      ${l}.building_name, doc_s.seller_name, doc_a.first_name, doc_a.last_name, doc_b.broker_name,
      doc_o.first_name, doc_o.last_name)`,
    parents: sql.join(
      [
        named('doc_s', 'sellers', 'seller_name', 'seller_id', 'seller_id'),
        named('doc_a', 'users', 'first_name, last_name', 'user_id', 'agent_id'),
        named('doc_b', 'brokers', 'broker_name', 'broker_id', 'broker_id'),
        named('doc_o', 'users', 'first_name, last_name', 'user_id', 'operator_id'),
      ],
      sql` `,
    ),
  };
}
