import { sql, type SqlBool } from 'kysely';
import { AGENT_ROLES } from '@app/contract';
import { agencyScope } from '../../lib/scope.ts';
import { userMatches } from '../../db/repositories/user-search.ts';
import { anyMatches, either, oneOf, type ReportSpecs } from './build.ts';
import { fullNameOf } from '../../db/repositories/full-name.ts';

const agentName = fullNameOf<string | null>('u');

/** The agencies whose own fields contain the pattern (a query of their ids). */
const agenciesNamed = (pattern: string) =>
  sql`SELECT agency_id FROM agencies WHERE agency_name ILIKE ${pattern} OR owner_name ILIKE ${pattern}
    OR contact_person ILIKE ${pattern} OR email_address ILIKE ${pattern}`;

/**
 * An Agents by Agency row whose agency or agent contains the pattern. The agency's four fields are
 * tested once per agency, not once per agent (the ids of those that match); the agent's name and
 * e-mail after one LIKE on their search text, which holds both lowered (user-search.ts): counting the
 * 5,751 rows of 'santos' at a million listings tested every agent of the 5,000 agencies it names with
 * six ILIKEs, 108 ms; 40 ms so.
 */
const agencyRowMatches = (pattern: string) => {
  const agent = either(
    sql<SqlBool>`${agentName} ILIKE ${pattern}`,
    sql<SqlBool>`u.user_email ILIKE ${pattern}`,
  );
  return either(
    oneOf('a.agency_id', agenciesNamed(pattern)),
    pattern.includes('\u0001') ? agent : sql<SqlBool>`(u.search_text LIKE lower(${pattern}) AND ${agent})`,
  );
};

/** Agencies, brokers and associations: directories every holder of the permission sees whole. */
export const directoryReports: Pick<
  ReportSpecs,
  | 'GetAgencies'
  | 'GetBrokers'
  | 'GetBrokerAssociations'
  | 'GetAgentsBasedAgency'
  | 'getBrokerLinkedAssociationReport'
> = {
  GetAgencies: {
    query: ({ db }) =>
      db
        .selectFrom('agencies as a')
        .select([
          'a.agency_id',
          'a.agency_name',
          'a.owner_name',
          'a.contact_person',
          'a.phone_1',
          'a.email_address',
        ]),
    sort: {
      agency_id: 'a.agency_id',
      agency_name: 'a.agency_name',
      owner_name: 'a.owner_name',
      contact_person: 'a.contact_person',
      phone_1: 'a.phone_1',
      email_address: 'a.email_address',
    },
    search: ['a.agency_name', 'a.owner_name', 'a.contact_person', 'a.phone_1', 'a.email_address'],
    tieBreaker: 'a.agency_id',
  },

  GetBrokers: {
    query: ({ db }) =>
      db
        .selectFrom('brokers as b')
        .select(['b.broker_id', 'b.broker_name', 'b.email_address', 'b.phone_1', 'b.broker_license_number']),
    sort: {
      broker_id: 'b.broker_id',
      broker_name: 'b.broker_name',
      email_address: 'b.email_address',
      phone_1: 'b.phone_1',
      broker_license_number: 'b.broker_license_number',
    },
    search: ['b.broker_name', 'b.email_address', 'b.phone_1', 'b.broker_license_number'],
    tieBreaker: 'b.broker_id',
  },

  GetBrokerAssociations: {
    query: ({ db }) =>
      db
        .selectFrom('broker_associations as ba')
        .select([
          'ba.broker_association_id',
          'ba.broker_association_name',
          'ba.email_address',
          'ba.phone_1',
          'ba.contact_person',
        ]),
    sort: {
      broker_association_id: 'ba.broker_association_id',
      broker_association_name: 'ba.broker_association_name',
      email_address: 'ba.email_address',
      phone_1: 'ba.phone_1',
      contact_person: 'ba.contact_person',
    },
    search: ['ba.broker_association_name', 'ba.email_address', 'ba.phone_1', 'ba.contact_person'],
    tieBreaker: 'ba.broker_association_id',
  },

  // One row per agency and agent; an agency without agents keeps one row with empty agent fields.
  GetAgentsBasedAgency: {
    query: ({ db, user }) =>
      db
        .selectFrom('agencies as a')
        .leftJoin('users as u', (join) =>
          join.onRef('u.associated_agency_id', '=', 'a.agency_id').on('u.role_id', 'in', AGENT_ROLES),
        )
        .select([
          sql<string>`a.agency_id || '-' || coalesce(u.user_id::text, 'none')`.as('row_id'),
          'a.agency_id',
          'a.agency_name',
          'a.owner_name',
          'a.contact_person',
          agentName.as('AgentName'),
          'a.email_address as agency_email_address',
          'u.user_email as agent_email',
          'u.phone_1',
          'u.user_id',
        ])
        .where(agencyScope(user)),
    sort: {
      agency_id: 'a.agency_id',
      agency_name: 'a.agency_name',
      owner_name: 'a.owner_name',
      contact_person: 'a.contact_person',
      AgentName: agentName,
      agency_email_address: 'a.email_address',
      agent_email: 'u.user_email',
      phone_1: 'u.phone_1',
    },
    // The agencies that can match come first, through the trigram indexes: those matching themselves and
    // those of agents matching (their first phone too: a wider set only to start from, read through the
    // users' search text); then each row is tested. Only agents are rows here, and their role's index
    // leaves out the other users' matches before their rows are read ('santos' at ten million listings:
    // 57,500 agents of 250,000 users). A walk of the sort order tests its rows alone.
    search: (pattern) =>
      sql<SqlBool>`(${oneOf(
        'a.agency_id',
        sql`${agenciesNamed(pattern)}
          UNION SELECT u.associated_agency_id FROM users u
            WHERE u.role_id IN (${sql.join(AGENT_ROLES)}) AND ${userMatches(pattern, ['name', 'user_email', 'phone_1'])}`,
      )} AND ${agencyRowMatches(pattern)})`,
    searchRow: agencyRowMatches,
    tieBreaker: ['a.agency_id', 'u.user_id'],
  },

  getBrokerLinkedAssociationReport: {
    query: ({ db }) =>
      db
        .selectFrom('brokers as b')
        .select([
          'b.broker_id',
          'b.broker_name',
          'b.broker_license_number',
          'b.phone_1',
          'b.phone_2',
          'b.email_address',
        ]),
    sort: {
      broker_name: 'b.broker_name',
      broker_license_number: 'b.broker_license_number',
      phone_1: 'b.phone_1',
      phone_2: 'b.phone_2',
      email_address: 'b.email_address',
    },
    // EXISTS, not a join: a broker with several matching associations is still one row.
    search: (pattern) =>
      either(
        anyMatches(
          pattern,
          sql.ref('b.broker_name'),
          sql.ref('b.broker_license_number'),
          sql.ref('b.phone_1'),
          sql.ref('b.phone_2'),
          sql.ref('b.email_address'),
        ),
        sql<SqlBool>`EXISTS (SELECT 1 FROM broker_broker_associations l
          JOIN broker_associations ba USING (broker_association_id)
          WHERE l.broker_id = b.broker_id AND ba.broker_association_name ILIKE ${pattern})`,
      ),
    tieBreaker: 'b.broker_id',
    late: {
      idField: 'broker_id',
      columns: (page) => [
        sql<string>`(SELECT coalesce(string_agg(ba.broker_association_name, ', '
            ORDER BY ba.broker_association_name), '')
          FROM broker_broker_associations l JOIN broker_associations ba USING (broker_association_id)
          WHERE l.broker_id = ${sql.ref(`${page}.broker_id`)})`.as('associations'),
      ],
    },
  },
};
