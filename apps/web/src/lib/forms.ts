import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from './api.ts';

/**
 * Copies a 400 answer's `errors: {field: message}` onto the form's fields. With `fields`, only onto
 * those: an error on a field the form does not show (the alert has said it) must not block the next
 * submit invisibly.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: Record<string, unknown>,
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.errors)) {
    if (!fields || field in fields) setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * A resolver for a form whose rules span fields (required only for agents, a reason only when
 * Inactive...). zod runs such rules only once every field is valid; this one also checks them on the
 * fields that are valid so far, so that every message shows at once.
 */
export function resolverWithCrossRules<S extends z.ZodObject, O>(
  fields: S,
  crossRules: (values: O) => { path: (string | number)[]; message: string }[],
): Resolver<FieldValues> {
  const base = zodResolver(fields as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const parsed: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(fields.shape as Record<string, z.ZodType>)) {
      const field = schema.safeParse(values[name]);
      parsed[name] = field.success ? field.data : undefined;
    }
    const errors: FieldErrors = { ...result.errors };
    for (const issue of crossRules(parsed as O)) {
      const name = String(issue.path[0]);
      errors[name] ??= { type: 'custom', message: issue.message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : result;
  };
}
