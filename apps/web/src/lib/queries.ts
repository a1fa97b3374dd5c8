import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnswerOf, CallRef, GetCall, ListCall, Page, RecordCall, RequestOf } from '@app/contract';
import { ApiError, apiGet, type CallOptions, type QueryParams } from './api.ts';

/**
 * Where every query of the app gets its key and its fetch: a declared GET call and its request. Keys
 * are `[call.name, request]`, so a mutation reloads a call's queries by its name alone
 * (useApiMutation's `invalidates`, lib/notifications.ts).
 */

export type CallKey = readonly [name: string, request: unknown];
/** The query key of a call with a request. */
export const callKey = (call: CallRef, request: unknown): CallKey => [call.name, request];

type ReadOptions = Omit<CallOptions, 'signal'>;

/**
 * The queryOptions of a declared GET call: keyed `[call.name, request]`, fetched with apiGet (aborted
 * when the query is dropped). `read` keeps part of the answer, e.g. its rows.
 */
export function callQuery<C extends GetCall>(
  call: C,
  request: RequestOf<C>,
  options?: ReadOptions,
): ReturnType<typeof queryOf<AnswerOf<C>>>;
export function callQuery<C extends GetCall, T>(
  call: C,
  request: RequestOf<C>,
  options: ReadOptions & { read: (answer: AnswerOf<C>) => T },
): ReturnType<typeof queryOf<T>>;
export function callQuery(
  call: GetCall,
  request: unknown,
  { read, ...options }: ReadOptions & { read?: (answer: unknown) => unknown } = {},
) {
  return queryOf(callKey(call, request), async (signal) => {
    const answer = await apiGet(call, request as RequestOf<GetCall>, { ...options, signal });
    return read ? read(answer) : answer;
  });
}

/**
 * The record of a read by id (`{[param]: id}`, answered as `resultData: [record]`), or null when there
 * is none: an unknown id (404) is said on the page, not as an alert.
 */
export function recordQuery<R>(call: RecordCall<R>, param: string, id: number | null) {
  const request = { [param]: id };
  return queryOf(callKey(call, request), (signal) =>
    apiGet(call as GetCall, request, { signal, silent: true }).then(
      (r) => ((r as { resultData?: R[] } | null)?.resultData?.[0] ?? null) as R | null,
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      },
    ),
  );
}

/** The query of one record by id, as a form page loads it (a feature's api.ts builds it: recordQuery). */
export type RecordQuery<R> = ReturnType<typeof recordQuery<R>>;

function queryOf<T>(queryKey: CallKey, fetch: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal) });
}

/** The query string of a paged list: the table's page, size, sort and search, and any filters. */
export type ListParams = QueryParams;

/**
 * A server-paged list as ServerTable shows it: the query of a page, and the call itself, whose export
 * is GET /api/{call}/export with the same params.
 */
export interface ListQuery<R> {
  call: GetCall;
  page: (params: ListParams) => ReturnType<typeof pageQuery<R>>;
}

/** A page of a list call: keyed like every call, the last page stays while the next one loads. */
function pageQuery<R>(call: GetCall, envelope: string, params: ListParams) {
  return queryOptions({
    queryKey: callKey(call, params),
    queryFn: ({ signal }) =>
      // Silent: a failed page is said in the list itself (ServerTable's error state), not as an alert.
      apiGet(call, params as RequestOf<GetCall>, { signal, silent: true }) as Promise<
        Record<string, Page<R> | undefined>
      >,
    select: (answer) => answer?.[envelope],
    placeholderData: keepPreviousData,
  });
}

/**
 * The key of a list's page in its answer, as the call declares it: every list answers one object
 * holding its page (`{resultData: page}`, `{roleData: page}` for roles).
 */
export function envelopeOf(call: ListCall): string {
  const shape = (call.response as { shape?: Record<string, unknown> }).shape;
  const keys = Object.keys(shape ?? {});
  return keys.length === 1 ? keys[0]! : 'resultData';
}

/** A list call as a ListQuery, its page read under the envelope its declaration names. */
export function listQuery<R>(call: ListCall<R>): ListQuery<R> {
  const envelope = envelopeOf(call);
  return { call, page: (params) => pageQuery<R>(call, envelope, params) };
}
