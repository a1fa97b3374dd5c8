import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { DUPLICATE_RULES, type CheckDuplicateRequest } from '@app/contract';
import type { Db } from '../index.ts';
import { fullNameOf } from './full-name.ts';

// The duplicate check's SQL (decision 48): the same barangay, land areas and prices within the
// tolerance of each other, and the mean of the name's and street's trigram similarity at least the
// threshold. Candidates are found through properties_barangay_area (migration 0022), which carries
// every column compared (migration 0058).

/** Within the tolerance of each other: each at least (1 - tolerance) of the other. */
const lowest = 1 - DUPLICATE_RULES.tolerance;

/** An amount's bounds for another to be within the tolerance of it, both ways. */
export const near = (column: Expression<unknown>, amount: Expression<unknown> | number) =>
  sql<SqlBool>`${column} BETWEEN ${amount} * ${lowest} AND ${amount} / ${lowest}`;

/** The mean of the name's and the street's trigram similarity, 0-1, to two places. */
export const alikeness = (
  name: Expression<unknown>,
  otherName: Expression<unknown>,
  street: Expression<unknown>,
  otherStreet: Expression<unknown>,
) =>
  sql<number>`round(((similarity(${name}, ${otherName}) + similarity(${street}, ${otherStreet})) / 2)::numeric, 2)::float8`;

/** A price of one kind (sale or rent) is compared only when both listings ask one. */
const pricesNear = (price: Expression<unknown>, other: Expression<unknown>) =>
  sql<SqlBool>`(${price} IS NULL OR ${other} IS NULL OR ${near(other, price)})`;

/** A listing's columns that likelyPair compares, with its id and barangay, under `alias`. */
export const pairedColumns = (alias: string) =>
  sql.join(
    [
      'property_id',
      'barangay_id',
      'land_area',
      'sale_price_asked',
      'rental_price_asked',
      'property_name',
      'street_name',
    ].map((column) => sql.ref(`${alias}.${column}`)),
  );

/**
 * Whether two listings (aliases) are likely duplicates, but for the barangay, which the caller joins on.
 */
export const likelyPair = (a: string, b: string) => {
  const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(${near(col(b, 'land_area'), col(a, 'land_area'))}
    AND ${pricesNear(col(a, 'sale_price_asked'), col(b, 'sale_price_asked'))}
    AND ${pricesNear(col(a, 'rental_price_asked'), col(b, 'rental_price_asked'))}
    AND ${alikeness(col(a, 'property_name'), col(b, 'property_name'), col(a, 'street_name'), col(b, 'street_name'))} >= ${DUPLICATE_RULES.similarity})`;
};

/** A listing's address on one line: unit, house and street, building, barangay, town. */
export const addressLine = (alias: string) =>
  sql<string>`concat_ws(', ', nullif(concat_ws(' ', ${sql.ref(`${alias}.unit_number`)}, ${sql.ref(`${alias}.house_number`)}, ${sql.ref(`${alias}.street_name`)}), ''), ${sql.ref(`${alias}.building_name`)}, b.barangay_name, t.town_name)`;

/** The listing's agent, else its owner. */
export const agentOrOwner = (alias: string) =>
  sql`coalesce(${sql.ref(`${alias}.agent_id`)}, ${sql.ref(`${alias}.user_id`)})`;

export interface DuplicateCandidate {
  in_scope: boolean;
  property_id: number;
  property_name: string;
  address: string;
  land_area: number;
  price: number | null;
  status: string;
  agent_name: string | null;
  agency_name: string | null;
  similarity: number;
}

/**
 * The likely duplicates of a listing as a form holds it, most alike first, but the listing `input.id`;
 * `inScope` (over alias `p`) says which the caller may open.
 */
export async function duplicateCandidates(
  db: Db,
  input: CheckDuplicateRequest,
  inScope: RawBuilder<SqlBool>,
): Promise<DuplicateCandidate[]> {
  const similarity = alikeness(
    sql.ref('p.property_name'),
    sql`${input.property_name}::text`,
    sql.ref('p.street_name'),
    sql`${input.street_name}::text`,
  );
  const result = await sql<DuplicateCandidate>`
    SELECT ${inScope} AS in_scope, p.property_id, p.property_name, ${addressLine('p')} AS address,
      p.land_area::float8 AS land_area, coalesce(p.sale_price_asked, p.rental_price_asked)::float8 AS price,
      p.status, ${fullNameOf('ag')} AS agent_name, ay.agency_name, ${similarity} AS similarity
    FROM properties p
    JOIN barangays b ON b.barangay_id = p.barangay_id
    JOIN towns t ON t.town_id = p.town_id
    LEFT JOIN users ag ON ag.user_id = ${agentOrOwner('p')}
    LEFT JOIN agencies ay ON ay.agency_id = p.agency_id
    WHERE p.barangay_id = ${input.barangay_id}
      AND ${near(sql.ref('p.land_area'), sql`${input.land_area}::numeric`)}
      AND ${pricesNear(sql`${input.sale_price}::numeric`, sql.ref('p.sale_price_asked'))}
      AND ${pricesNear(sql`${input.rental_price_asked}::numeric`, sql.ref('p.rental_price_asked'))}
      AND p.property_id <> ${input.id ?? 0}
      AND ${similarity} >= ${DUPLICATE_RULES.similarity}
    ORDER BY similarity DESC, p.property_id DESC
    LIMIT ${DUPLICATE_RULES.limit}`.execute(db);
  return result.rows;
}
