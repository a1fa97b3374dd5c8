import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiCall, Permission } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { Config } from '../config.ts';
import type { Mailer } from '../lib/mail.ts';
import type { SessionUser } from '../lib/session.ts';
import type { AliasedExpression, Expression, SelectQueryBuilder, SqlBool } from 'kysely';

/**
 * Who may make a call: anyone, any signed-in user, a user holding the named permission, or a user
 * holding any one of a list of permissions.
 */
export type Access = 'public' | 'signed-in' | Permission | readonly Permission[];

export const describeAccess = (access: Access): string =>
  typeof access === 'string' ? access : access.join(' or ');

export function allows(access: Access, user: SessionUser | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'signed-in') return true;
  return typeof access === 'string'
    ? user.permissions.has(access)
    : access.some((p) => user.permissions.has(p));
}

export interface Services {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export interface CallContext<I, U> extends Services {
  input: I;
  user: U;
  /** Uploaded files of a multipart call, by field name (see `upload`). */
  files: Record<string, Buffer>;
  req: FastifyRequest;
  reply: FastifyReply;
}

type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;

/**
 * What a handler may return for a declared answer: the answer's type, where a string may still be a
 * Date (a timestamp; the serializer writes it as ISO 8601).
 */
export type Served<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Served<E>[]
    : T extends object
      ? { [K in keyof T]: Served<T[K]> }
      : T;

/** How the server makes a call that the contract declares (`ApiCall`: name, method, input, answer). */
export interface CallBehaviour<A extends Access, S extends z.ZodType, R extends z.ZodType> {
  access: A;
  /**
   * A read-only call that screens of other permissions load (a report's filter reading a master list):
   * those permissions may make it too, combined into `access`. A 403 would sign an old client out.
   */
  alsoFor?: A extends Permission | readonly Permission[] ? readonly Permission[] : never;
  summary: string;
  tag: string;
  handle: (ctx: CallContext<z.output<S>, UserFor<A>>) => Promise<Served<z.output<R>>>;
  /**
   * The call also takes multipart/form-data (JSON still works): `files` names its file fields, each at
   * most 1 MB (`tooLarge` is the message otherwise). Text fields are validated with `input` as usual.
   */
  upload?: { files: readonly string[]; tooLarge: string };
  /** Paged lists also answer `GET /api/<name>/export` with the same query as an .xlsx file. */
  list?: ListSpec<z.output<S>>;
  /**
   * The call creates a record: it takes an Idempotency-Key header, and a repeat of a successful request
   * with the same key gets the first answer instead of a second record (lib/idempotency.ts).
   */
  create?: A extends 'public' ? never : true;
}

/**
 * A registered call: its declaration from the contract and its behaviour here. The answer is
 * serialized through `response`, so a field it does not declare never leaves the server
 * (lib/answers.ts), and the OpenAPI document shows it.
 */
export type CallDefinition<
  A extends Access = Access,
  S extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = ApiCall<string, 'GET' | 'POST', S, R> & CallBehaviour<A, S, R>;

// The registry stores calls with their types erased; each definition was checked when declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCall = CallDefinition<Access, any, any>;

export const defineCall = <const A extends Access, S extends z.ZodType, R extends z.ZodType>(
  call: ApiCall<string, 'GET' | 'POST', S, R>,
  behaviour: CallBehaviour<A, S, R>,
): AnyCall => {
  const def = { ...call, ...behaviour };
  if (!def.alsoFor?.length) return def as unknown as AnyCall;
  if (def.method !== 'GET')
    throw new Error(`${def.name}: only a read-only call is also for other permissions`);
  const access = [...new Set([def.access, ...def.alsoFor].flat())] as Permission[];
  return { ...def, access } as unknown as AnyCall;
};

export interface ExportColumn {
  key: string;
  header: string;
  /**
   * Dates ('YYYY-MM-DD') and datetimes (timestamps) become real Excel dates showing Manila wall-clock
   * values; numbers numbers; links and text text.
   */
  type?: 'text' | 'number' | 'date' | 'datetime' | 'link';
  width?: number;
  /** Words shown in the sheet for stored values (a status code). */
  labels?: Readonly<Record<string, string>>;
}

/**
 * What a paged list declares: its scoped base query, the whitelist mapping each public sort column
 * to a SQL column, the searched columns and the export sheet. Everything else is generic.
 */
export interface ListSpec<I> {
  envelope: 'resultData' | 'roleData';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: (ctx: CallContext<I, SessionUser>) => SelectQueryBuilder<any, any, any>;
  /** Public sort column → SQL column (a reference such as 'u.user_email', or an expression). */
  sort: Record<string, string | Expression<unknown>>;
  /** Searched columns, or a predicate built from the ILIKE pattern (to reach parent tables by index). */
  search: readonly string[] | ((pattern: string) => Expression<SqlBool>);
  /** The primary key (or keys, in order) ending every ORDER BY, so paging is stable. */
  tieBreaker: string | readonly string[];
  /**
   * While searching, count the matches first (through the search's indexes) and page them by their
   * keys: few are sorted, many are looked for by a bounded walk of the sort order (runList). A plain
   * ORDER BY ... LIMIT walks the sort column's index to the end for a rare term.
   */
  sortMatches?: boolean;
  /** A cheaper query with the same row count, used for the total when nothing is searched. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  unfilteredCount?: (ctx: CallContext<I, SessionUser>) => SelectQueryBuilder<any, any, any>;
  /**
   * Costly columns computed only for the rows of the page, not for every row skipped on the way.
   * `idField` is the row field of the tie-breaker; sort columns must be row fields. `join` adds the
   * tables they read to the page (`page`): a wide row is the page's keys joined to the whole record.
   */
  late?: {
    idField: string;
    columns: (page: string, ctx: CallContext<I, SessionUser>) => AliasedExpression<unknown, string>[];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    join?: (page: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
  };
  /**
   * Sort columns from an outer join (a seller's name): no index orders them. Their page is merged from
   * the rows that have the parent (`present`), walked through the parent's index, and the rows that
   * have none (`absent`: the column is null there), walked by the tie-breaker. The sort column and
   * `idField`, the tie-breaker's row field, must be row fields. Only for large results: not when
   * searching, nor when `when` says the viewer's scope is small (a sort of a few rows is cheaper).
   */
  split?: {
    when?: (ctx: CallContext<I, SessionUser>) => boolean;
    idField: string;
    columns: Partial<Record<string, { present: Expression<SqlBool>; absent: Expression<SqlBool> }>>;
  };
  export: { title: string; columns: readonly ExportColumn[] };
}

export { noInput } from '@app/contract';
