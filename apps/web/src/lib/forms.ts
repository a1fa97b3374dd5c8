import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from './api.ts';

/**
 * Copies a 400 or 409 answer's `errors: {field: message}` onto the form's fields and puts the cursor
 * in the first of them, so a duplicate e-mail is read and retyped where it is. With `fields`, only onto
 * those: an error on a field the form does not show (the alert has said it) must not block the next
 * submit invisibly. Says whether any field took a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: Record<string, unknown>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const shown = Object.entries(error.errors).filter(([field]) => !fields || field in fields);
  shown.forEach(([field, message], i) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }),
  );
  return shown.length > 0;
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
