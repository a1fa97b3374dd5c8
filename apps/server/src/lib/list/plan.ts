import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AnyQuery } from './page.ts';

/** PostgreSQL's plan of a query, not run: the rows and the cost it expects. */
export async function planOf(db: Db, query: AnyQuery) {
  const { sql: text, parameters } = query.compile();
  const plan = await db.executeQuery<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number; 'Total Cost': number } }];
  }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...parameters]));
  const top = plan.rows[0]?.['QUERY PLAN'][0].Plan;
  return { rows: Math.round(top?.['Plan Rows'] ?? 0), cost: top?.['Total Cost'] ?? 0 };
}

export const estimatedRows = async (db: Db, query: AnyQuery) => (await planOf(db, query)).rows;
