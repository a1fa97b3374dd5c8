import { sql, type SqlBool } from 'kysely';
import { seesAllAgencies, type MediaType, type PropertyStatus } from '@app/contract';
import type { Db } from '../../db/index.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  listingsInNameOrder,
  propertySearch,
  type PropertySearchField,
} from '../../db/repositories/property-search.ts';
import {
  either,
  filterOf,
  manilaDay,
  withinDays,
  type ReportContext,
  type ReportSpec,
  type ReportSpecs,
} from './build.ts';
import { fullNameOf } from '../../db/repositories/full-name.ts';
import { roleIdsLike } from '../../db/repositories/roles.ts';
import { anyOf } from '../../db/any-of.ts';
import { escapeLike } from '../../lib/list/index.ts';

/**
 * Listings in the user's scope with their seller (`s`), agent (`ag`) and broker (`b`): LEFT JOINs, so
 * a listing without any of them is still listed (PostgreSQL drops the joins a report does not read).
 */
const listings = (db: Db, user: SessionUser) =>
  db
    .selectFrom('properties as p')
    .leftJoin('sellers as s', 's.seller_id', 'p.seller_id')
    .leftJoin('users as ag', 'ag.user_id', 'p.agent_id')
    .leftJoin('brokers as b', 'b.broker_id', 'p.broker_id')
    .where(propertyScope(user));

const agentName = fullNameOf<string | null>('ag');
const PEOPLE = [
  'p.property_id',
  's.seller_name',
  agentName.as('agent_name'),
  'b.broker_name as broker_associated',
  // The ids of the seller and the agent, whose names link to their pages (decision 49).
  'p.seller_id',
  'p.agent_id',
] as const;
const PEOPLE_SORT = {
  seller_name: 's.seller_name',
  agent_name: agentName,
  broker_associated: 'b.broker_name',
};

/**
 * Sorted by a person's name, all listings: those with one through the name's index, then those without
 * (a scoped viewer's few listings are sorted as they are).
 */
const peopleSplit = (idField: string): ReportSpec['split'] => ({
  when: ({ user }) => seesAllAgencies(user.role_id),
  idField,
  columns: {
    seller_name: {
      present: sql<SqlBool>`s.seller_id IS NOT NULL`,
      absent: sql<SqlBool>`p.seller_id IS NULL`,
    },
    agent_name: { present: sql<SqlBool>`ag.user_id IS NOT NULL`, absent: sql<SqlBool>`p.agent_id IS NULL` },
    broker_associated: {
      present: sql<SqlBool>`b.broker_id IS NOT NULL`,
      absent: sql<SqlBool>`p.broker_id IS NULL`,
    },
  },
});

/** The listing's own fields and its parents' names, all in its search document (migration 0029). */
const documentSearch =
  (...fields: PropertySearchField[]) =>
  (_pattern: string, text: string) =>
    propertySearch(text, fields);

/**
 * A search of the listing's name and its parents' names: by its document, and sorted by the name, for
 * many matches, among the listings of the name's words (decision 102).
 */
const searchedByName = (...fields: PropertySearchField[]): Pick<ReportSpec, 'search' | 'inOrder'> => ({
  search: documentSearch(...fields),
  inOrder: async ({ db, input }) => {
    if (input.sortColumn !== 'property_name' || !input.searchText) return undefined;
    const direction = input.sortOrder === 'desc' ? 'desc' : 'asc';
    const text = input.searchText;
    const found = await listingsInNameOrder(
      db,
      { text, pattern: `%${escapeLike(text)}%` },
      fields,
      direction,
    );
    return found && { ...found, on: 'p.property_id' };
  },
});

/** Whole months from a moment to now, counted on Manila calendars. */
const monthsSince = (column: string) => {
  const age = sql`age(now() AT TIME ZONE 'Asia/Manila', ${sql.ref(column)} AT TIME ZONE 'Asia/Manila')`;
  return sql<number>`(extract(year FROM ${age}) * 12 + extract(month FROM ${age}))::int`;
};
const months = monthsSince('p.date_first_added');
const pendingMonths = sql<number | null>`CASE WHEN p.status = 'Pending'
  THEN ${monthsSince('p.date_last_status_change')} END`;

/**
 * The day a sale or rental was booked: the sale's Manila day, or the rental's start (without one, the
 * Manila day it became Occupied). Kept identical to the index properties_booking (migration 0006).
 */
const booking = sql<string>`(CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END)`;
const rentedOn = sql<string | null>`CASE WHEN p.status = 'Occupied' THEN ${booking} END`;
/** What a sale or rental was booked at: the price sold or rented for, else the price asked. */
const bookedPrice = sql<
  number | null
>`(CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8`;

const ownerType = sql<string | null>`ut.name`;
const operatorName = fullNameOf<string | null>('op');

const range = (ctx: ReportContext, from: string, to: string) =>
  [filterOf<string>(ctx, from), filterOf<string>(ctx, to)] as const;

export const listingReports: Pick<
  ReportSpecs,
  | 'getOpenPendingPropertyReport'
  | 'getSoldRentReport'
  | 'getPropertyBrokerReport'
  | 'getListOfAttachments'
  | 'getPropertyTrackingReport'
> = {
  getOpenPendingPropertyReport: {
    query: ({ db, user }) =>
      listings(db, user)
        .select([
          ...PEOPLE,
          'p.property_name',
          months.as('months'),
          pendingMonths.as('pending'),
          'p.status',
          'p.broker_id',
        ])
        .where(sql<SqlBool>`p.status IN ('Open', 'Pending')`),
    sort: {
      ...PEOPLE_SORT,
      property_name: 'p.property_name',
      months,
      pending: pendingMonths,
      status: 'p.status',
      broker_id: 'p.broker_id',
    },
    ...searchedByName('name', 'seller', 'agent', 'broker'),
    tieBreaker: 'p.property_id',
    split: peopleSplit('property_id'),
    late: {
      idField: 'property_id',
      columns: (page) => [
        sql<string>`(SELECT coalesce(string_agg(l.broker_association_id::text, ','
            ORDER BY l.broker_association_id), '')
          FROM broker_broker_associations l WHERE l.broker_id = ${sql.ref(`${page}.broker_id`)})`.as(
          'broker_association_id',
        ),
      ],
    },
  },

  getSoldRentReport: {
    query: (ctx) => {
      const [from, to] = range(ctx, 'date_sold_from_date', 'date_sold_to_date');
      return listings(ctx.db, ctx.user)
        .select([
          'p.property_id',
          's.seller_name',
          'p.property_name',
          bookedPrice.as('price'),
          manilaDay('p.date_sold').as('date_sold'),
          sql<string | null>`to_char(${rentedOn}, 'YYYY-MM-DD')`.as('date_rented'),
          'p.street_name',
          'p.building_name as property_building_name',
          'b.broker_name as broker_associated',
          'p.status',
          'p.seller_id',
          'p.broker_id',
        ])
        .where(sql<SqlBool>`p.status IN ('Sold', 'Occupied')`)
        .where(sql<SqlBool>`${booking} BETWEEN ${from}::date AND ${to}::date`);
    },
    sort: {
      seller_name: 's.seller_name',
      property_name: 'p.property_name',
      price: bookedPrice,
      date_sold: booking,
      date_rented: rentedOn,
      street_name: 'p.street_name',
      property_building_name: 'p.building_name',
      broker_associated: 'b.broker_name',
      status: 'p.status',
    },
    search: documentSearch('name', 'street', 'building', 'seller', 'broker'),
    tieBreaker: 'p.property_id',
  },

  getPropertyBrokerReport: {
    query: (ctx) => {
      let query = listings(ctx.db, ctx.user).select([
        ...PEOPLE,
        'p.property_name',
        'p.status',
        'p.broker_id',
      ]);
      const status = filterOf<PropertyStatus>(ctx, 'status');
      const category = filterOf(ctx, 'product_category_id');
      const province = filterOf(ctx, 'province_id');
      if (status) query = query.where('p.status', '=', status);
      if (category) query = query.where('p.product_category_id', '=', category);
      if (province) query = query.where('p.province_id', '=', province);
      return query;
    },
    sort: { ...PEOPLE_SORT, property_name: 'p.property_name', status: 'p.status' },
    ...searchedByName('name', 'seller', 'agent', 'broker'),
    tieBreaker: 'p.property_id',
    split: peopleSplit('property_id'),
  },

  getListOfAttachments: {
    query: (ctx) => {
      const type = filterOf<MediaType>(ctx, 'attachment_type');
      const query = listings(ctx.db, ctx.user)
        .innerJoin('property_media as m', 'm.property_id', 'p.property_id')
        .select([
          'm.id as image_video_id',
          's.seller_name',
          agentName.as('agent_name'),
          'p.property_name',
          'm.type',
          sql<string | null>`CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END`.as(
            'images_video',
          ),
          'p.property_id',
          'p.seller_id',
          'p.agent_id',
        ]);
      return type ? query.where('m.type', '=', type) : query;
    },
    sort: {
      seller_name: 's.seller_name',
      agent_name: agentName,
      property_name: 'p.property_name',
      type: 'm.type',
      image_video_id: 'm.id',
    },
    ...searchedByName('name', 'seller', 'agent'),
    tieBreaker: 'm.id',
    split: peopleSplit('image_video_id'),
  },

  getPropertyTrackingReport: {
    query: (ctx) => {
      const [from, to] = range(ctx, 'from_date', 'to_date');
      return ctx.db
        .selectFrom('properties as p')
        .leftJoin('roles as ut', 'ut.id', 'p.user_type')
        .leftJoin('users as op', 'op.user_id', 'p.operator_id')
        .select([
          'p.property_id',
          'p.property_name',
          'p.date_first_added',
          'p.date_last_modified',
          'p.date_last_status_change',
          'p.date_suspended',
          ownerType.as('user_type'),
          'p.date_modified_operator',
          operatorName.as('operator_name'),
        ])
        .where(propertyScope(ctx.user))
        .where(withinDays('p.date_first_added', from, to));
    },
    sort: {
      property_name: 'p.property_name',
      date_first_added: 'p.date_first_added',
      date_last_modified: 'p.date_last_modified',
      date_last_status_change: 'p.date_last_status_change',
      date_suspended: 'p.date_suspended',
      user_type: ownerType,
      date_modified_operator: 'p.date_modified_operator',
      operator_name: operatorName,
    },
    // Through indexes the planner can combine with the report's days (decision 69): the operator's name
    // is in the listing's search document, and the owner types so named are looked up first, as values.
    searchIds: (ctx, pattern) => roleIdsLike(ctx.db, pattern),
    search: (_pattern, text, ownerTypes) => {
      const document = propertySearch(text, ['name', 'operator']);
      return ownerTypes.length ? either(anyOf('p.user_type', ownerTypes), document) : document;
    },
    tieBreaker: 'p.property_id',
  },
};
