import { sql } from 'kysely';
import {
  agencyApi,
  brokerApi,
  brokerAssociationApi,
  propertyApi,
  searchApi,
  sellerApi,
  SEARCH_KINDS,
  seesAllAgencies,
  userApi,
  type ApiCall,
  type ListQuery,
  type SearchGroup,
  type SearchKind,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { organisationCalls } from './organisations.ts';
import { propertyCalls } from './properties.ts';
import { sellerCalls } from './sellers.ts';
import { userCalls } from './users.ts';
import { inTransaction } from '../db/index.ts';
import { propertySearch, someNamedListings } from '../db/repositories/property-search.ts';
import { allows } from '../lib/access.ts';
import { HIT_CANDIDATES, listHits, type HitSpec } from '../lib/list/index.ts';

const text = (f: string, column: string) => sql<string>`coalesce(${sql.ref(`${f}.${column}`)}, '')`;
/** The non-empty values, joined by ' · '. */
const line = (...parts: ReturnType<typeof sql<string>>[]) =>
  sql<string>`concat_ws(' · ', ${sql.join(parts.map((p) => sql`nullif(${p}, '')`))})`;

/** A listing's slug (`name-words-123`, as the listing row carries it) names its id. */
const slugId = (q: string) => {
  const match = /^[a-z0-9]+(?:-[a-z0-9]+)*-(\d{1,9})$/i.exec(q);
  return match ? Number(match[1]) : undefined;
};

/** Each kind: the list it is (its call, so its access, scope and search) and how a row shows as a hit. */
const KINDS: Readonly<Record<SearchKind, { list: ApiCall; hit: Omit<HitSpec, 'kind'> }>> = {
  listing: {
    list: propertyApi.allproperty,
    hit: {
      id: 'id',
      title: (f) => text(f, 'property_name'),
      subtitle: (f) =>
        sql<string>`(SELECT concat_ws(' · ', ${sql.ref(`${f}.status`)}, nullif(concat_ws(', ',
          nullif(x.building_name, ''), nullif(x.street_name, ''), t.town_name), ''))
          FROM properties x LEFT JOIN towns t ON t.town_id = x.town_id
          WHERE x.property_id = ${sql.ref(`${f}.id`)})`,
      // The list's name and headline, and its address (street and building) and the slug the listing's
      // link shows: one read of the search document.
      search: (q) => propertySearch(q, ['name', 'headline', 'street', 'building'], slugId(q)),
    },
  },
  user: {
    list: userApi.GetUser,
    hit: {
      id: 'user_id',
      title: (f) => text(f, 'full_name'),
      subtitle: (f) => line(text(f, 'role_name'), text(f, 'user_email'), text(f, 'phone_1')),
    },
  },
  seller: {
    list: sellerApi.GetSeller,
    hit: {
      id: 'seller_id',
      title: (f) => text(f, 'seller_name'),
      subtitle: (f) => line(text(f, 'agency_name'), text(f, 'email_address'), text(f, 'phone_1')),
    },
  },
  agency: {
    list: agencyApi.list,
    hit: {
      id: 'agency_id',
      title: (f) => text(f, 'agency_name'),
      subtitle: (f) => line(text(f, 'owner_name'), text(f, 'email_address'), text(f, 'phone_1')),
    },
  },
  broker: {
    list: brokerApi.list,
    hit: {
      id: 'broker_id',
      title: (f) => text(f, 'broker_name'),
      subtitle: (f) => line(text(f, 'broker_license_number'), text(f, 'email_address'), text(f, 'phone_1')),
    },
  },
  brokerAssociation: {
    list: brokerAssociationApi.list,
    hit: {
      id: 'broker_association_id',
      title: (f) => text(f, 'broker_association_name'),
      subtitle: (f) => line(text(f, 'contact_person'), text(f, 'email_address'), text(f, 'phone_1')),
    },
  },
};

const LISTS: readonly AnyCall[] = [...propertyCalls, ...userCalls, ...sellerCalls, ...organisationCalls];
/** The registered list call of a kind: its access and its ListSpec are the list's own. */
const registered = (call: ApiCall) => {
  const found = LISTS.find((c) => c.name === call.name && c.list);
  if (!found?.list) throw new Error(`Global search: ${call.name} is not a registered list`);
  return found as AnyCall & { list: NonNullable<AnyCall['list']> };
};
const REGISTERED = SEARCH_KINDS.map((kind) => ({ kind, call: registered(KINDS[kind].list) }));

export const searchCalls: AnyCall[] = [
  defineCall(searchApi.globalSearch, {
    access: 'signed-in',
    search: true,
    tag: 'Search',
    summary:
      'Listings, users, sellers, agencies, brokers and broker associations matching q, a few of each (limit), grouped by kind; each kind only for those who may open its list, in that list’s scope',
    async handle(ctx) {
      const { q, limit } = ctx.input;
      const open = REGISTERED.filter(({ call }) => allows(call.access, ctx.user));
      if (!open.length) return { groups: [] };
      // Listings named by the text, which all match it, come first from their names' words; the others
      // are read only if those are too few. Not for who sees few listings: an Agent's own are found
      // sooner through their scope's index than among others' (40 → 80 ms, 'santos').
      const named =
        seesAllAgencies(ctx.user.role_id) && open.some(({ kind }) => kind === 'listing')
          ? await someNamedListings(ctx.db, q, HIT_CANDIDATES)
          : undefined;
      const [first, ...others] = open.map(({ kind, call }) => {
        const input = call.input.parse({ searchText: q }) as ListQuery;
        const hit = {
          kind,
          ...KINDS[kind].hit,
          ...(kind === 'listing' && named && { first: { rows: named, on: 'p.property_id' } }),
        };
        return listHits(call.list, { ...ctx, input }, hit, limit);
      });
      // One statement: one connection and one snapshot for every kind.
      const query = others.reduce((all, next) => all.unionAll(next), first!).compile();
      const { rows } = await inTransaction(ctx.db, async (trx) => {
        // Every column searched is trigram-indexed, but PostgreSQL prices ILIKE like `=` (decision 20):
        // it would test each of 5,000 agencies five times over (50 ms) rather than read the indexes
        // (1 ms), and start parallel workers for a few rows. Only for this statement.
        await sql`SELECT set_config('enable_seqscan', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
        return trx.executeQuery(query);
      });
      const groups: SearchGroup[] = open.map(({ kind }) => ({
        kind,
        hits: rows
          .filter((r) => r.kind === kind)
          .sort((a, b) => Number(a.position) - Number(b.position))
          .map((r) => ({ id: Number(r.id), title: String(r.title), subtitle: String(r.subtitle) })),
      }));
      return { groups };
    },
  }),
];
