import { z } from 'zod';
import type { ApiCall, Permission } from '@app/contract';
import type { Access } from '../lib/access.ts';
import type { CallContext } from '../lib/call-context.ts';
import type { ListSpec } from '../lib/list/index.ts';
import type { SessionUser } from '../lib/session.ts';

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
  /**
   * A search that may take seconds on a large marketplace: it takes its turn with the searches of the
   * large lists (decision 57).
   */
  search?: true;
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

export { noInput } from '@app/contract';
