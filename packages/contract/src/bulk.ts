import { z } from 'zod';
import { id, status, statusReason, storable } from './common.ts';
import { type ListQuery } from './list-query.ts';
import { declareCalls } from './calls.ts';
import { PROPERTY_STATUSES, type PropertyStatus } from './property-rules.ts';
import { propertyListQuery } from './property-answers.ts';
import { newUserListQuery } from './user-answers.ts';
import { MESSAGES } from './constants.ts';
import { agencyApi, brokerApi, brokerAssociationApi, sellerListQuery } from './entity-api.ts';
import { roleListQuery } from './roles.ts';

/** The most rows one bulk action changes: a larger selection is refused whole (400), never cut short. */
export const BULK_MAX = 10_000;

const ids = z
  .array(id, { error: 'ids must be a list of ids' })
  .min(1, 'Select at least one row')
  .max(BULK_MAX, `At most ${BULK_MAX.toLocaleString('en-US')} rows at once`);

/**
 * The rows an action is for: the `ids` chosen, or every row that the list shows for `matching` (its
 * search and filters, as the list call takes them). Either way only rows in the caller's scope.
 */
const selection = <Q extends z.ZodType<ListQuery>>(query: Q) => ({
  ids: ids.optional(),
  matching: query.optional(),
});
const oneSelection = (v: { ids?: unknown; matching?: unknown }) =>
  (v.ids === undefined) !== (v.matching === undefined);
const selectionRule = { message: 'Send either ids or matching', path: ['ids'] };

/** A bulk request over the list `query` is the query of: the selection, and the action's own fields. */
export const bulkRequest = <Q extends z.ZodType<ListQuery>, S extends z.ZodRawShape>(query: Q, fields: S) =>
  z.object({ ...selection(query), ...fields }).refine(oneSelection, selectionRule);

/** Why a bulk change sets Inactive or Suspended: optional here, the action's rule says when it is needed. */
const reasonText = storable(z.string().trim().max(500, 'At most 500 characters')).optional();

/** An organisation's bulk status change: Inactive needs its reason, as the single update does. */
export const bulkRecordStatusRequest = <Q extends z.ZodType<ListQuery>>(query: Q) =>
  bulkRequest(query, {
    status,
    reason_for_inactive: reasonText,
  }).refine((v) => v.status !== 'Inactive' || !!v.reason_for_inactive, {
    message: MESSAGES.reasonRequired,
    path: ['reason_for_inactive'],
  });

/** Which list of users the selection is from: every user, or those waiting for approval. */
const userList = z
  .enum(['GetUser', 'GetNewUser'], { error: 'list must be GetUser or GetNewUser' })
  .default('GetUser');

/** The users' `matching` is either list's query (GetNewUser's holds one filter more, `approvable`). */
export const bulkUserStatusRequest = bulkRequest(newUserListQuery, {
  list: userList,
  status,
  reason: statusReason,
});

export const bulkDeleteUsersRequest = bulkRequest(newUserListQuery, { list: userList });

/** A status change (Active or Inactive) of the rows a list of records with a status selects. */
export const bulkStatusRequest = <Q extends z.ZodType<ListQuery>>(query: Q) => bulkRequest(query, { status });

/** A delete of the rows a list selects. */
export const bulkDeleteRequest = <Q extends z.ZodType<ListQuery>>(query: Q) => bulkRequest(query, {});

export const bulkPropertyStatusRequest = z
  .object({
    ...selection(propertyListQuery),
    status: z.enum(PROPERTY_STATUSES, { error: `Choose one of ${PROPERTY_STATUSES.join(', ')}` }),
    suspendedReason: reasonText,
  })
  .refine(oneSelection, selectionRule)
  .refine(
    (v: { status: PropertyStatus; suspendedReason?: string }) =>
      v.status !== 'Suspended' || !!v.suspendedReason,
    {
      message: 'Give the reason for suspending',
      path: ['suspendedReason'],
    },
  );

export const bulkAssignAgentRequest = bulkRequest(propertyListQuery, { agent_id: id });
export const bulkDeletePropertiesRequest = bulkDeleteRequest(propertyListQuery);
export const bulkDeleteSellersRequest = bulkDeleteRequest(sellerListQuery);

/** A selected row the action left as it was, and why ('in use: 2 properties', 'already Active'). */
export const bulkRefusal = z.object({ id: z.number().int(), label: z.string(), reason: z.string() });
export type BulkRefusal = z.output<typeof bulkRefusal>;

/** What a bulk action answers: the summary ('12 changed, 2 refused: in use'), and row by row. */
export const bulkAnswer = z.object({
  message: z.string(),
  changed: z.number().int(),
  refused: z.array(bulkRefusal),
});
export type BulkAnswer = z.output<typeof bulkAnswer>;

/** The reason's kind: its words before a colon ('in use: 2 properties' → 'in use'). */
const kindOf = (reason: string) => reason.split(':')[0]!;

/** '12 changed, 2 refused: in use' (reasons by kind, most frequent first, each counted when several). */
export function bulkSummary(changed: number, refused: readonly { reason: string }[]): string {
  const head = `${changed} changed`;
  if (refused.length === 0) return head;
  const kinds = new Map<string, number>();
  for (const r of refused) kinds.set(kindOf(r.reason), (kinds.get(kindOf(r.reason)) ?? 0) + 1);
  const sorted = [...kinds].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const reasons = sorted.length === 1 ? sorted[0]![0] : sorted.map(([kind, n]) => `${n} ${kind}`).join(', ');
  return `${head}, ${refused.length} refused: ${reasons}`;
}

/** The selection of an export (`GET /api/<list>/export?ids=1,2,3`): only these rows of the list. */
export const exportIdsQuery = z.object({
  ids: z
    .string()
    .optional()
    .transform((v): unknown[] | undefined => (v ? v.split(',').map((s) => s.trim()) : undefined))
    .pipe(ids.optional()),
});

/** An organisation's bulk delete and status change, over its list. */
const recordDelete = <Q extends z.ZodType<ListQuery>>(list: { input: Q }) =>
  ({ method: 'POST', input: bulkDeleteRequest(list.input), response: bulkAnswer }) as const;
const recordStatus = <Q extends z.ZodType<ListQuery>>(list: { input: Q }) =>
  ({ method: 'POST', input: bulkRecordStatusRequest(list.input), response: bulkAnswer }) as const;

/** The bulk actions: one call per action and entity, each in one transaction. */
export const bulkApi = declareCalls({
  bulkUserStatus: { method: 'POST', input: bulkUserStatusRequest, response: bulkAnswer },
  bulkDeleteUsers: { method: 'POST', input: bulkDeleteUsersRequest, response: bulkAnswer },
  bulkPropertyStatus: { method: 'POST', input: bulkPropertyStatusRequest, response: bulkAnswer },
  bulkAssignAgent: { method: 'POST', input: bulkAssignAgentRequest, response: bulkAnswer },
  bulkDeleteProperties: { method: 'POST', input: bulkDeletePropertiesRequest, response: bulkAnswer },
  bulkDeleteSellers: { method: 'POST', input: bulkDeleteSellersRequest, response: bulkAnswer },
  bulkDeleteAgencies: recordDelete(agencyApi.list),
  bulkAgencyStatus: recordStatus(agencyApi.list),
  bulkDeleteBrokerAssociations: recordDelete(brokerAssociationApi.list),
  bulkBrokerAssociationStatus: recordStatus(brokerAssociationApi.list),
  bulkDeleteBrokers: recordDelete(brokerApi.list),
  bulkBrokerStatus: recordStatus(brokerApi.list),
  bulkRoleStatus: { method: 'POST', input: bulkStatusRequest(roleListQuery), response: bulkAnswer },
  bulkDeleteRoles: { method: 'POST', input: bulkDeleteRequest(roleListQuery), response: bulkAnswer },
});

/** Each organisation's bulk calls, by its entity (server and web build theirs from this). */
export const organisationBulkApi = {
  Agency: { delete: bulkApi.bulkDeleteAgencies, status: bulkApi.bulkAgencyStatus },
  'Broker Association': {
    delete: bulkApi.bulkDeleteBrokerAssociations,
    status: bulkApi.bulkBrokerAssociationStatus,
  },
  Broker: { delete: bulkApi.bulkDeleteBrokers, status: bulkApi.bulkBrokerStatus },
} as const;
