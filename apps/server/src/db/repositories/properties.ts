import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import {
  ADMIN_ROLES,
  AGENT_ROLES,
  CLOSED_PROPERTY_STATUSES,
  type PropertySortColumn,
  type PropertyStatus,
  type UserStatus,
} from '@app/contract';
import type { Db, Trx } from '../index.ts';
import type { PropertyTable } from '../schema.ts';
import { recordColumns } from './property-record.ts';
import { propertySearch } from './property-search.ts';
import { anyOf } from '../any-of.ts';
import { fullNameOf } from './full-name.ts';
import { stepParts, type Step } from '../at-once.ts';
import { firstPrepared } from '../prepared.ts';

// The reference masters are not in the typed schema (they are addressed by name from their definitions).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Db) => db as unknown as Kysely<any>;

/** The property's record under the wire names (property-record.ts), if `scope` lets the caller see it. */
export const findPropertyRecord = (db: Db, propertyId: number, scope: Expression<SqlBool>) =>
  db
    .selectFrom('properties as p')
    .select(recordColumns())
    .where('p.property_id', '=', propertyId)
    .where(scope)
    .executeTakeFirst();

/** The status of the users a listing may be given to (the agent chooser, activeAgents, lists only them). */
const ACTIVE: UserStatus = 'Active';

/**
 * The user's id, if they are an Agent or Owner-Agent who is Active, or already one of the three agents
 * of the listing `listingId` (an edit): an agent made inactive takes no listing, and keeps theirs
 * (decision 81). A query, for readAtOnce.
 */
export const agentQuery = (db: Db, userId: number, listingId?: number) =>
  db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role_id', 'in', AGENT_ROLES)
    .where((eb) =>
      listingId === undefined
        ? eb('user_status', '=', ACTIVE)
        : eb.or([
            eb('user_status', '=', ACTIVE),
            eb.exists(
              eb
                .selectFrom('properties as p')
                .select('p.property_id')
                .where('p.property_id', '=', listingId)
                .where(sql<SqlBool>`${userId} IN (p.agent_id, p.secondary_agent_id, p.third_agent_id)`),
            ),
          ]),
    );

/**
 * The agent's agency, if the user is an Active Agent or Owner-Agent (agentQuery), their row held until
 * the transaction ends: an edit of them waits, and this waits for one under way (a deactivation), then
 * reads them as it left them.
 */
export const lockAgent = (trx: Trx, userId: number) =>
  agentQuery(trx, userId).select('associated_agency_id').forShare().executeTakeFirst();

/**
 * The seller's id, if it exists and `scope` (of sellers `s`) holds it, or it is already the seller of
 * the listing `listingId` (an edit keeps the seller an Admin gave, as agentQuery keeps an agent). A query,
 * for readAtOnce.
 */
export const sellerQuery = (db: Db, sellerId: number, scope: Expression<SqlBool>, listingId?: number) =>
  db
    .selectFrom('sellers as s')
    .select('s.seller_id')
    .where('s.seller_id', '=', sellerId)
    .where(
      listingId === undefined
        ? scope
        : sql<SqlBool>`(${scope} OR EXISTS (SELECT 1 FROM properties p
            WHERE p.property_id = ${listingId} AND p.seller_id = s.seller_id))`,
    );

/** The id of the product mode of that name in any case (a query, for readAtOnce). */
export const productModeNamedQuery = (db: Db, name: string) =>
  untyped(db)
    .selectFrom('product_modes')
    .select('product_mode_id')
    .where(sql`lower(product_mode)`, '=', name.toLowerCase())
    .limit(1);

/** The property type's dwelling flag, 'Yes' or 'No' (a query, for readAtOnce). */
export const dwellingQuery = (db: Db, propertyTypeId: number) =>
  untyped(db)
    .selectFrom('property_types')
    .select('dwelling_type')
    .where('property_type_id', '=', propertyTypeId);

/** The user's agency (a query, for readAtOnce). */
export const agencyQuery = (db: Db, userId: number) =>
  db.selectFrom('users').select('associated_agency_id').where('user_id', '=', userId);

/**
 * The owner's id, once a place under their open-listing limit is theirs (decision 72): an advisory lock
 * keyed on the owner held until the transaction ends (decision 83; not their users row, which the saves
 * naming them as agent share), so the saves of one owner that count their open listings take turns, and
 * those counted after the lock. Past the limit the statement fails with OPEN_LIMIT_REACHED. Admins and
 * Super Admins are not limited.
 */
export const claimOpenPlace = (ownerId: number) =>
  sql<number>`claim_open_listing_place(${ownerId}::int,
    ARRAY[${sql.join(ADMIN_ROLES.map((role) => sql.lit(role)))}]::int[],
    ARRAY[${sql.join(CLOSED_PROPERTY_STATUSES.map((status) => sql.lit(status)))}]::text[])`;

/** The SQLSTATE of claim_open_listing_place's refusal; the limit reached is its detail. */
export const OPEN_LIMIT_REACHED = 'UOL01';

/** The limit a refused claimOpenPlace reached, if that is what the error is. */
export const openLimitReached = (error: unknown) => {
  const { code, detail } = error as { code?: string; detail?: string };
  return code === OPEN_LIMIT_REACHED ? Number(detail) : undefined;
};

/** The user's role and open property limit, and how many of their listings count against it (no lock). */
export const openListingsOf = (db: Db, userId: number) =>
  db
    .selectFrom('users as u')
    .select([
      'u.role_id',
      'u.open_property_limit',
      sql<string>`(SELECT count(*) FROM properties p WHERE p.user_id = u.user_id
        AND p.status NOT IN (${sql.join(CLOSED_PROPERTY_STATUSES)}))`.as('open'),
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** Who saves a listing: the user, and whether they are an Operator (whose saves are stamped as such). */
export interface SavedBy {
  userId: number;
  operator: boolean;
}
const operatorStamp = (by: SavedBy) =>
  by.operator ? { date_modified_operator: sql<Date>`now()`, operator_id: by.userId } : {};

/**
 * A new listing with the saver's stamps ('p', answering its people and agency) and its first history row
 * (its status, from none), as steps of one statement.
 */
export const newPropertySteps = (db: Db, values: Record<string, unknown>, by: SavedBy): Step[] => [
  {
    name: 'p',
    step: sql`${db
      .insertInto('properties')
      .values({
        ...(values as unknown as Insertable<PropertyTable>),
        ...operatorStamp(by),
        created_by: by.userId,
        updated_by: by.userId,
      })
      .returning([
        'property_id',
        'status',
        'user_id',
        'agent_id',
        'secondary_agent_id',
        'third_agent_id',
        'agency_id',
      ])}`,
  },
  {
    name: 'h',
    step: sql`INSERT INTO property_history (property_id, field, old_value, new_value, changed_by)
      SELECT property_id, 'status', NULL, status, ${by.userId}::int FROM p`,
  },
];

/** Inserts a new listing (newPropertySteps) in one statement, with the `more` steps; answers its id. */
export async function insertNewProperty(db: Db, values: Record<string, unknown>, by: SavedBy, more?: Step[]) {
  const steps = [...newPropertySteps(db, values, by), ...(more ?? [])];
  const query = sql<{ property_id: number }>`WITH ${stepParts(steps)} SELECT property_id FROM p`;
  return (await firstPrepared(db, query.compile(db))).property_id;
}

/**
 * Writes the listing's columns with the modification dates: the status's when it changed to
 * `changedTo` (and the sale's or suspension's), the Operator's, and the row's own.
 */
type UpdateArgs = [
  trx: Trx,
  propertyId: number | readonly number[],
  values: Record<string, unknown>,
  changedTo: string | null,
  by: SavedBy,
];
const updateQuery = (...[trx, propertyId, values, changedTo, by]: UpdateArgs) =>
  trx
    .updateTable('properties')
    .set({
      ...(values as Updateable<PropertyTable>),
      date_last_modified: sql`now()`,
      ...(changedTo !== null ? { date_last_status_change: sql`now()` } : {}),
      ...(changedTo === 'Sold' ? { date_sold: sql`now()` } : {}),
      ...(changedTo === 'Suspended' ? { date_suspended: sql`now()` } : {}),
      ...operatorStamp(by),
      updated_by: by.userId,
      updated_at: sql`now()`,
    })
    .where(anyOf('property_id', propertyId));

export const updateProperty = (...args: UpdateArgs) => updateQuery(...args).execute();

/** updateProperty's statement for one listing, answering the row as stored (updateWithHistory's update). */
export const propertyUpdate = (...args: UpdateArgs) =>
  sql`${updateQuery(...args).returning(sql<Record<string, unknown>>`to_jsonb(properties)`.as('row'))}`;

/** Deletes one listing or several, with what cascades from them (media rows, amenities, history). */
export const deleteProperty = (db: Db | Trx, propertyIds: number | readonly number[]) =>
  db.deleteFrom('properties').where(anyOf('property_id', propertyIds)).execute();

const price = sql<string | null>`coalesce(p.sale_price_asked, p.rental_price_asked)`;
const agentName = fullNameOf<string | null>('a');
const slug = sql<string>`trim(both '-' from lower(regexp_replace(p.property_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || p.property_id`;

/**
 * The listing's sort columns: all that its page selects beside the key, in the order the contract's
 * propertyListRow declares them. The rest of a row is late.
 */
export const LISTING_SORT: Record<PropertySortColumn, RawBuilder<unknown>> = {
  date_first_added: sql.ref('p.date_first_added'),
  property_name: sql.ref('p.property_name'),
  price,
  status: sql.ref('p.status'),
};
const ON_LISTING_PAGE = new Set(['id', ...Object.keys(LISTING_SORT)]);

/** The listing's search over name and headline, through the search document. */
export const listingSearch = (_pattern: string, text: string): Expression<SqlBool> =>
  propertySearch(text, ['name', 'headline']);

/** The Property List's optional filters (property-filters.ts), with the caller and Manila's today. */
export interface ListingFilters {
  productCategoryId: number | null;
  status?: PropertyStatus;
  rentalExpiresWithin?: number;
  ownOpenOf?: number;
  /** A record's related listings: a seller's, an agency's, a broker's (decision 49). */
  sellerId?: number | null;
  agencyId?: number | null;
  brokerId?: number | null;
  today: string;
}

/** The listing's keys and sort columns in `scope`, narrowed by the filters that are given. */
export function listingBase(db: Db, scope: Expression<SqlBool>, filters: ListingFilters) {
  const { productCategoryId, status, rentalExpiresWithin, ownOpenOf, today } = filters;
  const { sellerId, agencyId, brokerId } = filters;
  let query = db
    .selectFrom('properties as p')
    .select([
      sql.ref('p.property_id').as('id'),
      ...Object.entries(LISTING_SORT).map(([name, column]) => column.as(name)),
    ])
    .where(scope);
  if (productCategoryId !== null) query = query.where('p.product_category_id', '=', productCategoryId);
  if (status !== undefined) query = query.where('p.status', '=', status);
  if (rentalExpiresWithin !== undefined)
    query = query.where(
      sql<SqlBool>`p.current_rental_expires BETWEEN ${today}::date AND ${today}::date + ${rentalExpiresWithin}::int`,
    );
  // As the open-listing limit counts them (countOpenListings).
  if (ownOpenOf !== undefined)
    query = query.where('p.user_id', '=', ownOpenOf).where('p.status', 'not in', CLOSED_PROPERTY_STATUSES);
  if (typeof sellerId === 'number') query = query.where('p.seller_id', '=', sellerId);
  if (typeof agencyId === 'number') query = query.where('p.agency_id', '=', agencyId);
  if (typeof brokerId === 'number') query = query.where('p.broker_id', '=', brokerId);
  return query;
}

/** The page's keys joined to the whole record and its agent. LEFT JOIN: a listing without an agent is listed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list engine's page query
export const joinListingPage = (page: SelectQueryBuilder<any, any, any>) =>
  page
    .innerJoin('properties as p', 'p.property_id', 'page.id')
    .leftJoin('users as a', 'a.user_id', 'p.agent_id');

/** The rest of a listing row, for the rows of the page (`page`) only: the record, its agent and image. */
export const listingLateColumns = (page: string) => [
  ...recordColumns().filter((column) => !ON_LISTING_PAGE.has(column.alias as string)),
  slug.as('slug'),
  agentName.as('agent_name'),
  sql.ref('a.phone_1').as('agent_phone_1'),
  sql.ref('a.phone_2').as('agent_phone_2'),
  sql<string | null>`(SELECT '/media/' || m.thumbnail FROM property_media m
            WHERE m.property_id = ${sql.ref(`${page}.id`)} AND m.is_default)`.as('image'),
  sql<string | null>`(SELECT t.town_name FROM towns t WHERE t.town_id = p.town_id)`.as('town_name'),
  sql<string | null>`(SELECT v.province_name FROM provinces v WHERE v.province_id = p.province_id)`.as(
    'province_name',
  ),
  sql<string | null>`(SELECT c.product_category_name FROM product_categories c
            WHERE c.product_category_id = p.product_category_id)`.as('product_category_name'),
  sql<string | null>`(SELECT y.property_type FROM property_types y
            WHERE y.property_type_id = p.property_type_id)`.as('property_type'),
];

/** The expression of the users' full-name trigram index. */
export const agentFullName = fullNameOf();

/** Active Agents and Owner-Agents by name: user_id, full_name. */
export const activeAgents = (db: Db) =>
  db
    .selectFrom('users')
    .select(['user_id', agentFullName.as('full_name')])
    .where('role_id', 'in', AGENT_ROLES)
    .where('user_status', '=', ACTIVE)
    .orderBy(agentFullName)
    .orderBy('user_id');

/** The active agents (activeAgents) of the agency. */
export const activeAgentsOf = (db: Db, agencyId: number) =>
  activeAgents(db).where('associated_agency_id', '=', agencyId).execute();
