import { sql, type SqlBool } from 'kysely';
import { AGENT_ROLES, ROLE } from '@app/contract';
import type { Db } from '../../db/index.ts';
import { userMatches } from '../../db/repositories/user-search.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import { sellerScope, userScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  anyMatches,
  either,
  filterOf,
  oneOf,
  withinDays,
  type ReportSpec,
  type ReportSpecs,
} from './build.ts';
import { fullNameOf } from '../../db/repositories/full-name.ts';
import { byNameWords } from '../users.ts';

const fullName = fullNameOf('u');

/** Users (`u`) in the viewer's user scope, with their role (`r`). */
const users = (db: Db, user: SessionUser) =>
  db.selectFrom('users as u').innerJoin('roles as r', 'r.id', 'u.role_id').where(userScope(user));

/** Listings of the user of the page row that the viewer may see: owned, or agent 1, 2 or 3 of. */
const listingsOf = (user: SessionUser, page: string) => {
  const id = sql.ref(`${page}.user_id`);
  return sql<number>`(SELECT count(*)::int FROM properties p WHERE (p.user_id = ${id} OR p.agent_id = ${id}
    OR p.secondary_agent_id = ${id} OR p.third_agent_id = ${id}) AND ${propertyScope(user)})`;
};

/** The contact columns of the user lists, under the report's names. */
const CONTACT = [
  'u.user_id',
  fullName.as('full_name'),
  'r.name as role_name',
  'u.phone_1 as primary_phone',
  'u.phone_2 as secondary_phone',
  'u.user_email',
] as const;
const CONTACT_SORT = {
  user_id: 'u.user_id',
  full_name: fullName,
  role_name: 'r.name',
  primary_phone: 'u.phone_1',
  secondary_phone: 'u.phone_2',
  user_email: 'u.user_email',
};

// By user id, not role id: a role id list is estimated to match most users, and the plan scans them all.
const roleMatches = (pattern: string) =>
  oneOf(
    'u.user_id',
    sql`SELECT ru.user_id FROM users ru JOIN roles rr ON rr.id = ru.role_id WHERE rr.name ILIKE ${pattern}`,
  );
const contactSearch = (pattern: string) =>
  either(userMatches(pattern, ['name', 'phone_1', 'phone_2', 'user_email']), roleMatches(pattern));
/** Whether a role's name matches: its users are not among the searched text's words (decision 103). */
const roleNamed = async (db: Db, pattern: string) =>
  (await sql`SELECT 1 FROM roles WHERE name ILIKE ${pattern} LIMIT 1`.execute(db)).rows.length > 0;
const skillNamed = async (db: Db, pattern: string) =>
  (await sql`SELECT 1 FROM user_skills WHERE user_skills ILIKE ${pattern} LIMIT 1`.execute(db)).rows.length >
  0;

/** Everyone in scope, or those waiting for approval. */
const userList = (waiting: boolean): ReportSpec => ({
  query: (ctx) => {
    const query = users(ctx.db, ctx.user).select(CONTACT);
    return waiting
      ? query.select('u.user_status').where('u.user_status', 'in', ['New', 'Inactive'])
      : query.where(
          withinDays(
            'u.created_at',
            filterOf<string>(ctx, 'created_from_date'),
            filterOf<string>(ctx, 'created_to_date'),
          ),
        );
  },
  sort: waiting ? { ...CONTACT_SORT, user_status: 'u.user_status' } : CONTACT_SORT,
  search: contactSearch,
  inOrder: byNameWords(roleNamed),
  tieBreaker: 'u.user_id',
});

export const peopleReports: Pick<
  ReportSpecs,
  | 'getSellerReports'
  | 'getIndividualsReport'
  | 'GetUserReport'
  | 'GetUserToActivated'
  | 'GetUserBasedSkillReport'
  | 'GetUserAgents'
  | 'getCountOfPropertiesReport'
> = {
  getSellerReports: {
    query: ({ db, user }) =>
      db
        .selectFrom('sellers as s')
        .leftJoin('agencies as a', 'a.agency_id', 's.agency_id')
        .select([
          's.seller_id',
          's.seller_name',
          's.property_owner_name',
          'a.agency_name',
          's.phone_1',
          's.phone_2',
          's.email_address',
        ])
        .where(sellerScope(user)),
    sort: {
      seller_name: 's.seller_name',
      property_owner_name: 's.property_owner_name',
      agency_name: 'a.agency_name',
      phone_1: 's.phone_1',
      phone_2: 's.phone_2',
      email_address: 's.email_address',
    },
    search: (pattern) =>
      either(
        anyMatches(
          pattern,
          sql.ref('s.seller_name'),
          sql.ref('s.property_owner_name'),
          sql.ref('s.phone_1'),
          sql.ref('s.email_address'),
        ),
        oneOf('s.agency_id', sql`SELECT agency_id FROM agencies WHERE agency_name ILIKE ${pattern}`),
      ),
    tieBreaker: 's.seller_id',
    late: {
      idField: 'seller_id',
      columns: (page, { user }) => [
        sql<number>`(SELECT count(*)::int FROM properties p
          WHERE p.seller_id = ${sql.ref(`${page}.seller_id`)} AND ${propertyScope(user)})`.as(
          'total_properties',
        ),
      ],
    },
  },

  getIndividualsReport: {
    query: ({ db, user }) =>
      users(db, user)
        .select([
          'u.user_id',
          fullName.as('full_name'),
          'r.name as role_name',
          'u.phone_1',
          'u.user_email',
          'u.user_status',
        ])
        .where('u.role_id', '=', ROLE.Individual),
    sort: {
      full_name: fullName,
      role_name: 'r.name',
      phone_1: 'u.phone_1',
      user_email: 'u.user_email',
      user_status: 'u.user_status',
    },
    search: (pattern) => userMatches(pattern, ['name', 'phone_1', 'user_email']),
    inOrder: byNameWords(),
    tieBreaker: 'u.user_id',
    late: {
      idField: 'user_id',
      columns: (page, { user }) => [listingsOf(user, page).as('totalProperties')],
    },
  },

  GetUserReport: userList(false),
  GetUserToActivated: userList(true),

  GetUserBasedSkillReport: {
    query: (ctx) => {
      const skill = filterOf(ctx, 'user_skills_id');
      return users(ctx.db, ctx.user)
        .select(['u.user_id as id', fullName.as('full_name'), 'r.name as role_name'])
        .where(
          skill
            ? sql<SqlBool>`EXISTS (SELECT 1 FROM user_skill_links l
                WHERE l.user_id = u.user_id AND l.user_skills_id = ${skill})`
            : sql<SqlBool>`EXISTS (SELECT 1 FROM user_skill_links l WHERE l.user_id = u.user_id)`,
        );
    },
    sort: { id: 'u.user_id', full_name: fullName, role_name: 'r.name' },
    search: (pattern) =>
      either(
        userMatches(pattern, ['name']),
        roleMatches(pattern),
        oneOf(
          'u.user_id',
          sql`SELECT l.user_id FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
            WHERE k.user_skills ILIKE ${pattern}`,
        ),
      ),
    inOrder: byNameWords(async (db, pattern) => (await roleNamed(db, pattern)) || skillNamed(db, pattern)),
    tieBreaker: 'u.user_id',
    late: {
      idField: 'id',
      columns: (page) => [
        sql<string>`(SELECT coalesce(string_agg(k.user_skills, ', ' ORDER BY k.user_skills), '')
          FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
          WHERE l.user_id = ${sql.ref(`${page}.id`)})`.as('user_skills'),
      ],
    },
  },

  GetUserAgents: {
    query: ({ db, user }) =>
      users(db, user)
        .select(['u.user_id', fullName.as('full_name'), 'u.phone_1 as primary_phone', 'u.user_email'])
        .where('u.role_id', 'in', AGENT_ROLES),
    sort: {
      full_name: fullName,
      primary_phone: 'u.phone_1',
      user_email: 'u.user_email',
      user_id: 'u.user_id',
    },
    search: (pattern) => userMatches(pattern, ['name', 'phone_1', 'user_email']),
    inOrder: byNameWords(),
    tieBreaker: 'u.user_id',
  },

  getCountOfPropertiesReport: {
    query: (ctx) => {
      const type = filterOf(ctx, 'user_type');
      const query = users(ctx.db, ctx.user).select([
        'u.user_id',
        'r.name as role_type',
        fullName.as('full_name'),
        'u.user_status',
      ]);
      return type ? query.where('u.role_id', '=', type) : query;
    },
    sort: { role_type: 'r.name', full_name: fullName, user_status: 'u.user_status' },
    search: (pattern) => userMatches(pattern, ['name']),
    inOrder: byNameWords(),
    tieBreaker: 'u.user_id',
    late: { idField: 'user_id', columns: (page, { user }) => [listingsOf(user, page).as('totalProperties')] },
  },
};
