import { sql } from 'kysely';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_LOG, auditApi } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { escapeLike } from '../lib/list/index.ts';
import { defineList } from './list-call.ts';
import { usersByName } from '../db/repositories/audit.ts';

const TAG = 'Audit log';

/** The start of a Manila day, as a moment. */
const manilaDayStart = (day: string) => sql<Date>`(${day}::date)::timestamp AT TIME ZONE 'Asia/Manila'`;

/** The search's text: the same expression as the audit_log_search index (migration 0008). */
const searchText = sql<string>`(coalesce(a.actor_name, '') || ' ' || coalesce(a.actor_email, '') || ' ' ||
  coalesce(a.ip, '') || ' ' || coalesce(a.call, '') || ' ' || coalesce(a.entity_id, '') || ' ' ||
  coalesce(a.details ->> 'email', ''))`;

/**
 * The audit log (docs/decisions/0017-audit-log.md): read-only, for holders of 'Audit Log'. Each
 * filter has an index that yields its rows newest first, so a page costs the same on a large log.
 */
export const auditCalls: AnyCall[] = [
  defineList(auditApi[AUDIT_LOG.call], {
    access: AUDIT_LOG.permission,
    tag: TAG,
    summary:
      'Every change, sign-in and export, newest first: filters user_id, entity, entity_id, action, from_date/to_date (Manila days, inclusive); search over user, e-mail, IP, call, record and the e-mail of a failed sign-in',
    list: {
      envelope: 'resultData',
      query: ({ db, input }) => {
        let q = db
          .selectFrom('audit_log as a')
          .select([
            'a.id',
            'a.at',
            'a.actor_id',
            'a.actor_name',
            'a.actor_email',
            'a.ip',
            'a.call',
            'a.action',
            'a.entity',
            'a.entity_id',
            'a.before',
            'a.after',
            'a.details',
          ]);
        if (input.user_id !== undefined) q = q.where('a.actor_id', '=', input.user_id);
        if (input.entity !== undefined) q = q.where('a.entity', '=', input.entity);
        if (input.entity_id !== undefined) q = q.where('a.entity_id', '=', input.entity_id);
        if (input.action !== undefined) q = q.where('a.action', '=', input.action);
        if (input.from_date !== undefined) q = q.where('a.at', '>=', manilaDayStart(input.from_date));
        if (input.to_date !== undefined)
          q = q.where('a.at', '<', sql<Date>`${manilaDayStart(input.to_date)} + interval '1 day'`);
        return q;
      },
      sort: { at: 'a.at', id: 'a.id' },
      search: (pattern) => sql<boolean>`${searchText} ILIKE ${pattern}`,
      sortMatches: true,
      tieBreaker: 'a.id',
      export: {
        title: AUDIT_LOG.exportTitle,
        columns: [
          { key: 'id', header: 'ID', type: 'number', width: 10 },
          { key: 'at', header: 'When', type: 'datetime' },
          { key: 'actor_name', header: 'User' },
          { key: 'actor_email', header: 'E-mail' },
          { key: 'ip', header: 'IP', width: 16 },
          { key: 'action', header: 'Action', width: 16, labels: AUDIT_ACTIONS },
          { key: 'entity', header: 'Entity', width: 22, labels: AUDIT_ENTITIES },
          { key: 'entity_id', header: 'Record', width: 10 },
          { key: 'call', header: 'Call', width: 24 },
          { key: 'before', header: 'Before', width: 60 },
          { key: 'after', header: 'After', width: 60 },
          { key: 'details', header: 'Details', width: 40 },
        ],
      },
    },
  }),

  defineCall(auditApi[AUDIT_LOG.usersCall], {
    access: AUDIT_LOG.permission,
    tag: TAG,
    summary: `Users for the audit log's User filter: up to ${AUDIT_LOG.userOptions} whose name or e-mail contains searchText, or the one user_id`,
    async handle({ db, input }) {
      const pattern = input.searchText ? `%${escapeLike(input.searchText)}%` : undefined;
      const resultData = await usersByName(db, {
        userId: input.user_id,
        pattern,
        limit: AUDIT_LOG.userOptions,
      });
      return { resultData };
    },
  }),
];
