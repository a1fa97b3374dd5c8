import { sql, type SqlBool } from 'kysely';

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
/** The listing's own fields: the document up to the seller's marker, with its own index (migration 0031). */
const OWN_FIELDS: readonly PropertySearchField[] = ['name', 'headline', 'street', 'building'];
const ownText = (alias: string) =>
  sql`split_part(${sql.raw(alias)}.search_document, chr(${sql.lit(markerCode('seller'))}), 1)`;
const ANY_MARKER = `${marker('name')}-${marker('operator')}`;
/** A regular expression's metacharacters (ARE), and each one escaped by a backslash. */
const METACHARACTER = '([.*+?^${}()|\\[\\]\\\\])';
const ESCAPED = '\\\\\\1';

/**
 * The listing `alias` has `text` within one of `fields`, as `field ILIKE '%text%'` on each of them
 * would say: the document holds each field lower-cased after its marker, and the regular expression
 * asks for the lower-cased text after one of these markers with no marker between. Its literal text
 * is what the document's trigram index is read by.
 */
export function listingHas(alias: string, text: string, fields: readonly PropertySearchField[]) {
  // A text with a marker in it would span two fields: no field holds one.
  if (new RegExp(`[${ANY_MARKER}]`).test(text)) return sql<SqlBool>`false`;
  const start = `[${fields.map(marker).join('')}][^${ANY_MARKER}]*`;
  // lower() in SQL, as ILIKE lowers; the whole pattern is a constant when the statement is planned.
  const pattern = sql`${start} || regexp_replace(lower(${text}), ${METACHARACTER}, ${ESCAPED}, 'g')`;
  // Only the listing's own fields: their own index, without the candidates a parent's name adds.
  const own = fields.every((f) => OWN_FIELDS.includes(f));
  const searched = own ? ownText(alias) : sql`${sql.raw(alias)}.search_document`;
  return sql<SqlBool>`${searched} ~ (${pattern})`;
}

/** The listing (`p`) has `text` within one of `fields` (listingHas); `orId` also finds the listing of that id. */
export function propertySearch(text: string, fields: readonly PropertySearchField[], orId?: number) {
  const id = orId === undefined ? sql`` : sql` OR p.property_id = ${orId}`;
  return sql<SqlBool>`(${listingHas('p', text, fields)}${id})`;
}
