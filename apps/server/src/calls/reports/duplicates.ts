import { sql, type SqlBool } from 'kysely';
import { seesAllAgencies } from '@app/contract';
import { alikeness, likelyPair } from '../../db/repositories/property-duplicates.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { either, filterOf, withinDays, type ReportSpecs } from './build.ts';
import { fullNameOf } from '../../db/repositories/full-name.ts';

/** The other listing (`q`) is in the user's scope too: propertyScope over its own row. */
const otherInScope = (user: SessionUser) =>
  seesAllAgencies(user.role_id)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`EXISTS (SELECT 1 FROM properties p WHERE p.property_id = q.property_id AND ${propertyScope(user)})`;

const similarity = sql<number>`round(${alikeness(
  sql.ref('p.property_name'),
  sql.ref('q.property_name'),
  sql.ref('p.street_name'),
  sql.ref('q.street_name'),
)} * 100)::int`;
const agentName = fullNameOf<string | null>('ag');
// Looked up per row, not joined: a join on barangays would lead the planner to find each listing's
// neighbours by the barangay alone, then read all of them, instead of by barangay and area.
const barangayName = sql<string>`(SELECT b.barangay_name FROM barangays b WHERE b.barangay_id = p.barangay_id)`;
const otherAgentName = fullNameOf<string | null>('oa');

/**
 * Suspected Duplicates (decision 48): each pair once, under its newer listing (`p`, added between the
 * dates) and an older one (`q`) of the same barangay, both in the user's scope. The dates bound the
 * work: the listings added in them, each compared with the few of its barangay near its area
 * (properties_barangay_area).
 */
export const duplicateReports: Pick<ReportSpecs, 'getSuspectedDuplicatesReport'> = {
  getSuspectedDuplicatesReport: {
    query: (ctx) =>
      ctx.db
        .selectFrom('properties as p')
        .innerJoin('properties as q', (join) =>
          join
            .onRef('q.barangay_id', '=', 'p.barangay_id')
            .onRef('q.property_id', '<', 'p.property_id')
            .on(likelyPair('p', 'q')),
        )
        .leftJoin('users as ag', (join) =>
          join.on(sql<SqlBool>`ag.user_id = coalesce(p.agent_id, p.user_id)`),
        )
        .leftJoin('users as oa', (join) =>
          join.on(sql<SqlBool>`oa.user_id = coalesce(q.agent_id, q.user_id)`),
        )
        .select([
          sql<string>`p.property_id || '-' || q.property_id`.as('pair_id'),
          'p.property_id',
          'q.property_id as other_property_id',
          'p.date_first_added',
          'p.property_name',
          agentName.as('agent_name'),
          'q.property_name as other_property_name',
          otherAgentName.as('other_agent_name'),
          barangayName.as('barangay_name'),
          similarity.as('similarity'),
        ])
        .where(propertyScope(ctx.user))
        .where(otherInScope(ctx.user))
        .where(
          withinDays(
            'p.date_first_added',
            filterOf<string>(ctx, 'from_date'),
            filterOf<string>(ctx, 'to_date'),
          ),
        ),
    sort: {
      date_first_added: 'p.date_first_added',
      property_name: 'p.property_name',
      agent_name: agentName,
      other_property_name: 'q.property_name',
      other_agent_name: otherAgentName,
      barangay_name: barangayName,
      similarity,
    },
    search: (pattern) =>
      either(sql<SqlBool>`p.property_name ILIKE ${pattern}`, sql<SqlBool>`q.property_name ILIKE ${pattern}`),
    tieBreaker: ['p.property_id', 'q.property_id'],
  },
};
