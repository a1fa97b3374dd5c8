import type { z } from 'zod';
import type { ApiCall, ListQuery, Permission } from '@app/contract';
import { runList, type ListSpec } from '../lib/list/index.ts';
import { defineCall, type AnyCall } from './registry.ts';

/** Declares a paged list call: its handler answers the `{[envelope]: page}` shape from the spec. */
export const defineList = <S extends z.ZodType<ListQuery>, R extends z.ZodType>(
  call: ApiCall<string, 'GET', S, R>,
  def: {
    access: Permission | readonly Permission[] | 'signed-in';
    alsoFor?: readonly Permission[];
    summary: string;
    tag: string;
    list: ListSpec<z.output<S>>;
  },
): AnyCall =>
  defineCall(call, {
    ...def,
    // The rows are checked against the declared row where it matters: the wire suite parses them.
    handle: async (ctx) => ({ [def.list.envelope]: await runList(def.list, ctx) }) as never,
  });

/** The spec of a registered list call (what a bulk action selects from); throws at start-up if none. */
export function listOf<S extends z.ZodType<ListQuery>>(
  calls: readonly AnyCall[],
  call: ApiCall<string, 'GET', S>,
): ListSpec<z.output<S>> {
  const spec = calls.find((c) => c.name === call.name)?.list;
  if (!spec) throw new Error(`${call.name} is not a registered list`);
  return spec as ListSpec<z.output<S>>;
}
