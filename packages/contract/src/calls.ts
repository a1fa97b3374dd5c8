import type { z } from 'zod';

/**
 * A call of the API, declared once here: the server registers it from this declaration (and
 * serializes its answer through `response`), the web app makes it from the same object, so a renamed
 * field or call breaks the type check on both sides.
 */
export interface ApiCall<
  N extends string = string,
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  I extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** The name on the wire: /api/<name>. */
  readonly name: N;
  readonly method: M;
  /** The query of a GET, the body of a POST (JSON, or multipart for an upload's text fields). */
  readonly input: I;
  /** What the call answers with HTTP 200. */
  readonly response: R;
}

export type GetCall = ApiCall<string, 'GET'>;
export type PostCall = ApiCall<string, 'POST'>;

type Declarations = Record<string, { method: 'GET' | 'POST'; input: z.ZodType; response: z.ZodType }>;

/** Declares calls by their wire name: each key becomes the declaration's `name`. */
export function declareCalls<const T extends Declarations>(
  calls: T,
): { readonly [K in keyof T & string]: T[K] & { readonly name: K } } {
  return Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, { ...call, name }])) as never;
}

/** What a client sends to a call. */
export type RequestOf<C extends ApiCall> = z.input<C['input']>;
/** What a call answers (the JSON a client reads). */
export type AnswerOf<C extends ApiCall> = z.output<C['response']>;

/** A paged list call whose page, under its envelope (`resultData`, `roleData`), holds rows of type R. */
export type ListCall<R = unknown> = ApiCall<
  string,
  'GET',
  z.ZodType,
  z.ZodType<Partial<Record<string, { data: R[] }>>>
>;

/** A read of one record by its id, answered as `resultData: [record]` (the old clients' shape). */
export type RecordCall<R = unknown> = ApiCall<string, 'GET', z.ZodType, z.ZodType<{ resultData: R[] }>>;

/**
 * A declared call by its name and method only, typed by its declaration: for the code of the sign-in
 * page, which must not load zod or the schemas (decision 19). The name is checked against the
 * declaration's, so renaming the call still breaks the type check.
 */
export interface CallRef<C extends ApiCall = ApiCall> {
  readonly name: C['name'];
  readonly method: C['method'];
  /** Never set: carries the declaration's type. */
  readonly declaration?: C;
}
export const callRef = <C extends ApiCall>(name: C['name'], method: C['method']): CallRef<C> => ({
  name,
  method,
});
