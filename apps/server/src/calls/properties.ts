import {
  sql,
  type AliasedRawBuilder,
  type Expression,
  type RawBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import {
  CLOSED_PROPERTY_STATUSES,
  PROPERTY_MESSAGES,
  countsAsOpen,
  hasOpenPropertyLimit,
  ROLE,
  isAgentRole,
  manilaToday,
  pricePerSqM,
  propertyApi,
  propertyIssues,
  seesAllAgencies,
  type PropertyFields,
  type PropertyRecord,
  type PropertySortColumn,
  type PropertyStatus,
  type PropertyUpdateFields,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { narrowLookup } from '../lib/lookup.ts';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import type { PropertyTable } from '../db/schema.ts';
import { addressValues, checkAddress, type AddressNames } from '../lib/address.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { assertExist, type AnyDb } from '../lib/links.ts';
import { defineList } from './list-call.ts';
import { removeMedia } from '../lib/media.ts';
import { events } from '../lib/notifications.ts';
import { propertyInScope, propertyScope } from '../lib/property-scope.ts';
import { isForeignKeyViolation } from '../lib/references.ts';
import { agencyOf } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';

const TAG = 'Properties';

/** The address block: wire name → column (spec 1 §3 spells `subdivison_id`). */
const PROPERTY_ADDRESS = {
  unit_no: 'unit_number',
  house_lot_no: 'house_number',
  street_name: 'street_name',
  property_building_name: 'building_name',
  province_id: 'province_id',
  town_id: 'town_id',
  barangay_id: 'barangay_id',
  subdivison_id: 'subdivision_id',
  zipcode: 'zip_code',
} as const satisfies AddressNames;

/** Every other field the form sends: wire name → honest column. */
const FIELDS = {
  seller_id: 'seller_id',
  associatedBroker: 'broker_id',
  domain: 'domain',
  agent_id: 'agent_id',
  secondary_agent_id: 'secondary_agent_id',
  third_agent_id: 'third_agent_id',
  isFeatured: 'is_featured',
  property_name: 'property_name',
  property_headline: 'property_headline',
  property_description: 'property_description',
  property_classification_id: 'property_classification_id',
  product_category_id: 'product_category_id',
  property_type_id: 'property_type_id',
  agri_type: 'agri_type_id',
  price_asked: 'price_asked',
  land_area: 'land_area',
  building_area: 'building_area',
  longitude: 'longitude',
  latitude: 'latitude',
  no_bedrooms: 'bedrooms',
  no_toilets: 'toilets',
  car_spaces_uncovered_property: 'uncovered_car_spaces',
  garage_spaces_covered_property: 'covered_car_spaces',
  furnishing: 'furnishing',
  select_floor_level: 'floor_level',
  rental_price_asked: 'rental_price_asked',
  rental_pricing_unit: 'rental_pricing_unit',
  minimum_rental_period_rent: 'minimum_rental_period',
  car_spaces_rent: 'maximum_rental_period',
  date_of_month_rent_due: 'rent_due_day',
  period_can_extend: 'period_can_extend',
  date_rental_started: 'date_rental_started',
  current_rental_expires: 'current_rental_expires',
  rental_switch_on: 'rental_switch_on',
  sale_price: 'sale_price_asked',
  price_per_sq_m: 'price_per_sq_m',
  sale_switch_on: 'sale_switch_on',
  minimum_rental_period_sale: 'product_mode_id',
  garage: 'garage',
  cooling: 'cooling',
  heatingtype: 'heating_type',
  elevator: 'elevator',
  freewifi: 'free_wifi',
  exteriour: 'exterior',
  kitchen: 'kitchen',
  fireplace: 'fireplace',
  swimming_pool: 'swimming_pool',
  year: 'year',
  // Edit only
  status: 'status',
  suspendedReason: 'suspended_reason',
  priceRented: 'price_rented',
  priceSoldFor: 'sale_price',
  zonalValue: 'zonal_value',
  zonningCode: 'zoning_code_id',
  active_date: 'active_date',
} as const satisfies Readonly<Record<string, keyof PropertyTable>>;

type Stored = Selectable<PropertyTable>;
/**
 * Where the record's type is narrower than its column's: text columns that a CHECK constraint holds to
 * the contract's choices, and period_can_extend, read as Yes/No.
 */
type Narrowed = Pick<
  PropertyRecord,
  'domain' | 'furnishing' | 'select_floor_level' | 'rental_pricing_unit' | 'period_can_extend'
>;
type Names = Readonly<Record<string, keyof Stored>>;
/** The columns of `names` under their wire names, each of its column's type (or the Narrowed one). */
type WireColumn<N extends Names> = {
  [W in keyof N & string]: AliasedRawBuilder<W extends keyof Narrowed ? Narrowed[W] : Stored[N[W]], W>;
}[keyof N & string];
const wireColumns = <N extends Names>(names: N, read: (column: N[keyof N]) => RawBuilder<unknown>) =>
  Object.entries(names).map(([wire, column]) => read(column as N[keyof N]).as(wire)) as WireColumn<N>[];

const DATE_COLUMNS = new Set<string>(['date_rental_started', 'current_rental_expires', 'active_date']);
const readField = (column: string) =>
  DATE_COLUMNS.has(column)
    ? sql`to_char(${sql.ref(`p.${column}`)}, 'YYYY-MM-DD')`
    : column === 'period_can_extend'
      ? sql`CASE p.period_can_extend WHEN true THEN 'Yes' WHEN false THEN 'No' END`
      : sql`${sql.ref(`p.${column}`)}`;
const stamp = <C extends keyof Stored & `date_${string}`>(column: C) =>
  sql<Stored[C]>`${sql.ref(`p.${column}`)}`.as(column);

/**
 * The stored record under the wire names, with the read-only dates and names (spec 1 §3: every field
 * the form sends and reads): GetPropertyById's record and every `allproperty` row. The contract's
 * propertyRecord declares its fields in this order.
 */
const recordColumns = () => [
  sql<number>`p.property_id`.as('id'),
  sql<number>`p.user_id`.as('user_id'),
  sql<number | null>`p.user_type`.as('user_type'),
  sql<number | null>`p.created_by`.as('created_by'),
  sql<number | null>`p.agency_id`.as('agency_id'),
  ...wireColumns(PROPERTY_ADDRESS, (column) => sql`${sql.ref(`p.${column}`)}`),
  ...wireColumns(FIELDS, readField),
  stamp('date_first_added'),
  stamp('date_last_modified'),
  stamp('date_last_status_change'),
  stamp('date_sold'),
  stamp('date_suspended'),
  stamp('date_modified_operator'),
  // The old record's name for the active date: the form reads it, and sends it back as active_date.
  sql<string | null>`to_char(p.active_date, 'YYYY-MM-DD')`.as('active_property_date_limit'),
  sql<
    string | null
  >`(SELECT o.first_name || ' ' || o.last_name FROM users o WHERE o.user_id = p.operator_id)`.as(
    'operator_name',
  ),
  sql<string>`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.user_id = p.user_id)`.as(
    'owner_name',
  ),
];

async function readRecord(db: Db, user: SessionUser, propertyId: number) {
  const record = await db
    .selectFrom('properties as p')
    .select(recordColumns())
    .where('p.property_id', '=', propertyId)
    .where(propertyScope(user))
    .executeTakeFirst();
  if (!record) throw notFound('Property');
  const history = await db
    .selectFrom('property_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.changed_by')
    .select([
      'h.field',
      'h.old_value',
      'h.new_value',
      'h.changed_by',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('changed_by_name'),
      'h.changed_at',
    ])
    .where('h.property_id', '=', propertyId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return { ...record, history };
}

type Input = PropertyFields & Partial<PropertyUpdateFields>;

/** 400 on the field unless the chosen agent is an Agent or Owner-Agent. */
async function assertAgents(db: Db, input: Input) {
  for (const field of ['agent_id', 'secondary_agent_id', 'third_agent_id'] as const) {
    const agentId = input[field];
    if (agentId === null) continue;
    const agent = await db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', '=', agentId)
      .where('role_id', 'in', [ROLE.Agent, ROLE.OwnerAgent])
      .executeTakeFirst();
    if (!agent) throw badRequest(`${field}: Unknown agent`, { [field]: 'Unknown agent' });
  }
}

/** The seller, if the caller may choose it: Individuals have none; Agents choose their agency's. */
async function sellerFor(db: Db, user: SessionUser, sellerId: number | null) {
  if (sellerId === null || user.role_id === ROLE.Individual) return null;
  let query = db.selectFrom('sellers').select('seller_id').where('seller_id', '=', sellerId);
  if (isAgentRole(user.role_id)) {
    query = query.where('agency_id', '=', (await agencyOf(db, user.user_id)) ?? -1);
  } else if (!seesAllAgencies(user.role_id)) {
    query = query.where('created_by', '=', user.user_id);
  }
  if (!(await query.executeTakeFirst()))
    throw badRequest('seller_id: Unknown seller', { seller_id: 'Unknown seller' });
  return sellerId;
}

/** The product mode's id, from its id (that exists) or its name in any case. */
async function productModeId(db: AnyDb, mode: number | string | null) {
  const field = 'minimum_rental_period_sale';
  if (typeof mode !== 'string') {
    if (mode) await assertExist(db, 'product_modes', 'product_mode_id', [mode], field, 'product mode');
    return mode;
  }
  const found = (await db
    .selectFrom('product_modes')
    .select('product_mode_id')
    .where(sql`lower(product_mode)`, '=', mode.toLowerCase())
    .executeTakeFirst()) as { product_mode_id: number } | undefined;
  if (!found) throw badRequest(`${field}: Unknown product mode`, { [field]: 'Unknown product mode' });
  return found.product_mode_id;
}

/** Contract rules that need the database: the chosen records exist; the type decides the dwelling panel. */
async function checkChoices(db: Db, input: Input, today: string) {
  const t = db as unknown as AnyDb;
  const type = (await t
    .selectFrom('property_types')
    .select('dwelling_type')
    .where('property_type_id', '=', input.property_type_id)
    .executeTakeFirst()) as { dwelling_type: 'Yes' | 'No' } | undefined;
  if (!type)
    throw badRequest('property_type_id: Unknown property type', {
      property_type_id: 'Unknown property type',
    });
  const issues = propertyIssues(input, { dwelling: type.dwelling_type === 'Yes', today });
  if (issues.length > 0) {
    const errors = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]));
    throw badRequest(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), errors);
  }
  const exist = async (
    table: string,
    key: string,
    value: number | null | undefined,
    field: string,
    label: string,
  ) => (value ? assertExist(t, table, key, [value], field, label) : undefined);
  await exist(
    'property_classifications',
    'property_classification_id',
    input.property_classification_id,
    'property_classification_id',
    'classification',
  );
  await exist(
    'product_categories',
    'product_category_id',
    input.product_category_id,
    'product_category_id',
    'product category',
  );
  await exist('agri_types', 'agri_type_id', input.agri_type, 'agri_type', 'agricultural type');
  // The saves write the id: a mode sent by name becomes its id here.
  input.minimum_rental_period_sale = await productModeId(t, input.minimum_rental_period_sale);
  await exist('zoning_codes', 'zonning_code_id', input.zonningCode, 'zonningCode', 'zoning code');
  await exist('brokers', 'broker_id', input.associatedBroker, 'associatedBroker', 'broker');
  await assertAgents(db, input);
}

/** The columns a save writes, from the validated request (owner, status and dates are decided elsewhere). */
function columnsOf(input: Input, editing: boolean) {
  const values: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(FIELDS)) {
    if (
      !editing &&
      [
        'status',
        'suspendedReason',
        'priceRented',
        'priceSoldFor',
        'zonalValue',
        'zonningCode',
        'active_date',
      ].includes(wire)
    )
      continue;
    if (wire === 'status' || wire === 'suspendedReason') continue;
    const value = (input as Record<string, unknown>)[wire];
    values[column] =
      column === 'period_can_extend' ? (value === null ? null : value === 'Yes') : (value ?? null);
  }
  values.rental_pricing_unit = input.rental_pricing_unit ?? 'Month';
  values.price_per_sq_m = input.sale_price === null ? null : pricePerSqM(input.sale_price, input.land_area);
  return values;
}

/** The agency a listing belongs to: its agent's, else its owner's. */
const agencyForListing = async (db: Db, ownerId: number, agentId: number | null) =>
  (agentId !== null ? await agencyOf(db, agentId) : null) ?? (await agencyOf(db, ownerId));

/**
 * Refuses (409) one more listing that counts as open for the owner when theirs already reach their
 * limit (decision 29). Every save that makes a listing count calls it in its transaction: a new one, and
 * a change from Sold or Archived to any other status, whoever makes it. It locks the owner's users row
 * first, so those saves of one owner take turns and each counts what the one before it committed. NO KEY
 * UPDATE: rows that refer to the owner (key-share locks) need not wait, nor make two such saves
 * deadlock. Admins and Super Admins are not limited.
 */
async function assertOpenPlace(trx: Trx, ownerId: number) {
  const owner = await trx
    .selectFrom('users')
    .select(['role_id', 'open_property_limit'])
    .where('user_id', '=', ownerId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  if (!hasOpenPropertyLimit(owner.role_id)) return;
  const open = await trx
    .selectFrom('properties')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', ownerId)
    .where('status', 'not in', CLOSED_PROPERTY_STATUSES)
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= owner.open_property_limit)
    throw conflict(PROPERTY_MESSAGES.limitReached(owner.open_property_limit));
}

/** Keys of the stored row that are bookkeeping, not a change worth a history row. */
const NOT_HISTORY = new Set([
  'updated_at',
  'updated_by',
  'date_last_modified',
  'date_last_status_change',
  'date_modified_operator',
  'operator_id',
  'date_sold',
  'date_suspended',
  'created_at',
]);

/** Answers how many columns changed. */
async function writeHistory(
  trx: AnyDb,
  propertyId: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  userId: number,
): Promise<number> {
  const text = (v: unknown) =>
    v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const rows = Object.keys(after)
    .filter((k) => !NOT_HISTORY.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({
      property_id: propertyId,
      field,
      old_value: text(before[field]),
      new_value: text(after[field]),
      changed_by: userId,
    }));
  if (rows.length > 0) await trx.insertInto('property_history').values(rows).execute();
  return rows.length;
}

const rowAsJson = (trx: AnyDb, propertyId: number) =>
  sql<{
    row: Record<string, unknown>;
  }>`SELECT to_jsonb(p) AS row FROM properties p WHERE property_id = ${propertyId} FOR NO KEY UPDATE`
    .execute(trx)
    .then((r) => r.rows[0]?.row);

const translate = (error: unknown) =>
  isForeignKeyViolation(error) ? badRequest('A chosen record no longer exists') : error;

const price = sql<string | null>`coalesce(p.sale_price_asked, p.rental_price_asked)`;
const agentName = sql<string | null>`a.first_name || ' ' || a.last_name`;
const slug = sql<string>`trim(both '-' from lower(regexp_replace(p.property_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || p.property_id`;

/**
 * The listing's sort columns: all that its page selects beside the key, in the order the contract's
 * propertyListRow declares them. The rest of a row is late.
 */
const LISTING_SORT: Record<PropertySortColumn, RawBuilder<unknown>> = {
  date_first_added: sql.ref('p.date_first_added'),
  property_name: sql.ref('p.property_name'),
  price,
  status: sql.ref('p.status'),
};
const ON_LISTING_PAGE = new Set(['id', ...Object.keys(LISTING_SORT)]);

export const propertyCalls: AnyCall[] = [
  defineList(propertyApi.allproperty, {
    access: 'Property List',
    tag: TAG,
    summary:
      'Property cards in your scope, each with the whole record as GetPropertyById names it (old clients fill the edit form from the row), paged, newest first (search over name and headline; product_category_id filters)',
    list: {
      envelope: 'resultData',
      query: ({ db, user, input }) => {
        let query = db
          .selectFrom('properties as p')
          .select([
            sql.ref('p.property_id').as('id'),
            ...Object.entries(LISTING_SORT).map(([name, column]) => column.as(name)),
          ])
          .where(propertyScope(user));
        if (input.product_category_id !== null)
          query = query.where('p.product_category_id', '=', input.product_category_id);
        return query;
      },
      sort: LISTING_SORT,
      search: (pattern): Expression<SqlBool> =>
        sql<SqlBool>`(p.property_name ILIKE ${pattern} OR p.property_headline ILIKE ${pattern})`,
      tieBreaker: 'p.property_id',
      // The old admin client fills its edit form from this row (decision 35): the card and the whole
      // record, for the rows of the page only. LEFT JOINs: a listing without an agent or image is listed.
      late: {
        idField: 'id',
        join: (page) =>
          page
            .innerJoin('properties as p', 'p.property_id', 'page.id')
            .leftJoin('users as a', 'a.user_id', 'p.agent_id'),
        columns: (page) => [
          ...recordColumns().filter((column) => !ON_LISTING_PAGE.has(column.alias as string)),
          slug.as('slug'),
          agentName.as('agent_name'),
          sql.ref('a.phone_1').as('agent_phone_1'),
          sql.ref('a.phone_2').as('agent_phone_2'),
          sql<string | null>`(SELECT '/media/' || m.thumbnail FROM property_media m
            WHERE m.property_id = ${sql.ref(`${page}.id`)} AND m.is_default)`.as('image'),
        ],
      },
      export: {
        title: 'Properties',
        columns: [
          { key: 'id', header: 'ID', type: 'number', width: 8 },
          { key: 'property_name', header: 'Name' },
          { key: 'property_headline', header: 'Headline' },
          { key: 'status', header: 'Status', width: 12 },
          { key: 'agent_name', header: 'Agent' },
          { key: 'agent_phone_1', header: 'Agent Phone', width: 16 },
          { key: 'price', header: 'Price', type: 'number', width: 16 },
          { key: 'date_first_added', header: 'Date Added', type: 'date' },
        ],
      },
    },
  }),

  defineCall(propertyApi.GetPropertyById, {
    access: ['Edit Property', 'Property List', 'Property Image'],
    tag: TAG,
    summary:
      'One property in your scope for its form: resultData is [record under the wire names, with history]',
    handle: async ({ db, input, user }) => ({ resultData: [await readRecord(db, user, input.id)] }),
  }),

  defineCall(propertyApi.saveproperty, {
    create: true,
    access: 'Add Property',
    tag: TAG,
    summary: 'Add a property owned by you (user_id/created_by are ignored); your open property limit applies',
    async handle({ db, input, user }) {
      const today = manilaToday();
      await checkChoices(db, input, today);
      const sellerId = await sellerFor(db, user, input.seller_id);
      const agentId = input.agent_id ?? (isAgentRole(user.role_id) ? user.user_id : null);
      const address = addressValues(PROPERTY_ADDRESS, input);
      const agencyId = await agencyForListing(db, user.user_id, agentId);
      try {
        await inTransaction(db, async (trx) => {
          const t = trx as unknown as AnyDb;
          await checkAddress(t, PROPERTY_ADDRESS, address);
          await assertOpenPlace(trx, user.user_id);
          const saved = await t
            .insertInto('properties')
            .values({
              ...columnsOf(input, false),
              ...address,
              minimum_rental_period: input.minimum_rental_period_rent ?? '6',
              maximum_rental_period: input.car_spaces_rent ?? '12',
              active_date: today,
              year: input.year ?? Number(today.slice(0, 4)),
              seller_id: sellerId,
              agent_id: agentId,
              agency_id: agencyId,
              user_id: user.user_id,
              user_type: user.role_id,
              status: 'Open',
              ...(user.role_id === ROLE.Operator
                ? { date_modified_operator: sql`now()`, operator_id: user.user_id }
                : {}),
              created_by: user.user_id,
              updated_by: user.user_id,
            })
            .returning('property_id')
            .executeTakeFirstOrThrow();
          await t
            .insertInto('property_history')
            .values({
              property_id: saved.property_id,
              field: 'status',
              old_value: null,
              new_value: 'Open',
              changed_by: user.user_id,
            })
            .execute();
          await events.propertyListed(t, user, saved.property_id, input.property_name);
        });
      } catch (error) {
        throw translate(error);
      }
      return { message: 'Property saved successfully' };
    },
  }),

  defineCall(propertyApi.updateproperty, {
    access: 'Edit Property',
    tag: TAG,
    summary:
      'Change a property in your scope; status dates and the modification history are kept by the server',
    async handle({ db, input, user }) {
      const today = manilaToday();
      await propertyInScope(db, user, input.id);
      await checkChoices(db, input, today);
      const sellerId = await sellerFor(db, user, input.seller_id);
      const agentId = input.agent_id ?? (isAgentRole(user.role_id) ? user.user_id : null);
      const address = addressValues(PROPERTY_ADDRESS, input);
      try {
        await inTransaction(db, async (trx) => {
          const t = trx as unknown as AnyDb;
          await checkAddress(t, PROPERTY_ADDRESS, address);
          const before = (await rowAsJson(t, input.id))!;
          const oldStatus = before.status as PropertyStatus;
          const status = input.status ?? oldStatus;
          const changed = status !== oldStatus;
          // Reopening takes a place like a new listing does (issue 18: archive, create, reopen).
          if (!countsAsOpen(oldStatus) && countsAsOpen(status))
            await assertOpenPlace(trx, before.user_id as number);
          const agencyId = await agencyForListing(trx, before.user_id as number, agentId);
          await t
            .updateTable('properties')
            .set({
              ...columnsOf(input, true),
              ...address,
              seller_id: sellerId,
              agent_id: agentId,
              agency_id: agencyId,
              status,
              suspended_reason: status === 'Suspended' ? input.suspendedReason : null,
              active_date: input.active_date ?? (before.active_date as string | null) ?? today,
              date_last_modified: sql`now()`,
              ...(changed ? { date_last_status_change: sql`now()` } : {}),
              ...(changed && status === 'Sold' ? { date_sold: sql`now()` } : {}),
              ...(changed && status === 'Suspended' ? { date_suspended: sql`now()` } : {}),
              ...(user.role_id === ROLE.Operator
                ? { date_modified_operator: sql`now()`, operator_id: user.user_id }
                : {}),
              updated_by: user.user_id,
              updated_at: sql`now()`,
            })
            .where('property_id', '=', input.id)
            .execute();
          const after = (await rowAsJson(t, input.id))!;
          if ((await writeHistory(t, input.id, before, after, user.user_id)) > 0)
            await events.propertyChanged(t, user, input.id, input.property_name, {
              from: oldStatus,
              to: status,
            });
        });
      } catch (error) {
        throw translate(error);
      }
      return { message: 'Property updated successfully' };
    },
  }),

  defineCall(propertyApi.deleteproperty, {
    access: 'Delete Property',
    tag: TAG,
    summary: 'Delete a Suspended property in your scope with its media, amenities and history',
    async handle({ db, config, input, user }) {
      const property = await propertyInScope(db, user, input.property_id);
      if (property.status !== 'Suspended') throw conflict(PROPERTY_MESSAGES.deleteOnlySuspended);
      const media = await db
        .selectFrom('property_media')
        .select(['file', 'thumbnail'])
        .where('property_id', '=', property.property_id)
        .execute();
      await db.deleteFrom('properties').where('property_id', '=', property.property_id).execute();
      await removeMedia(config.dataDir, ...media.flatMap((m) => [m.file, m.thumbnail]));
      return { message: 'Property deleted successfully' };
    },
  }),

  defineCall(propertyApi.allagents, {
    access: ['Add Property', 'Edit Property', 'Property List'],
    tag: 'Lookups',
    summary: 'Active Agents and Owner-Agents by name: user_id, full_name; searchText or ids narrow them',
    handle: async ({ db, input }) => ({
      resultData: await narrowLookup(agentsQuery(db), input, fullName, 'user_id').execute(),
    }),
  }),

  defineCall(propertyApi.GetAssociatedAgencyAgents, {
    access: ['Add Property', 'Edit Property', 'Property List'],
    tag: 'Lookups',
    summary: 'Active agents of your own agency (user_id is ignored: the session decides)',
    async handle({ db, user }) {
      const agencyId = await agencyOf(db, user.user_id);
      if (agencyId === null) return { resultData: [] };
      return {
        resultData: await agentsQuery(db).where('associated_agency_id', '=', agencyId).execute(),
      };
    },
  }),
];

/** The expression of the users' full-name trigram index. */
const fullName = sql<string>`first_name || ' ' || last_name`;
const agentsQuery = (db: Db) =>
  db
    .selectFrom('users')
    .select(['user_id', fullName.as('full_name')])
    .where('role_id', 'in', [ROLE.Agent, ROLE.OwnerAgent])
    .where('user_status', '=', 'Active')
    .orderBy(fullName)
    .orderBy('user_id');
