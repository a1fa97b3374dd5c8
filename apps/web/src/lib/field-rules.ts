import type { z } from 'zod';

/** What a text input takes from its contract field: the longest text and whether it is required. */
export interface FieldRule {
  maxLength: number | undefined;
  required: boolean;
}

/** A schema's wrapped schemas to look through (optional, nullable, default, pipe, preprocess). */
function innerSchemas(schema: z.ZodType): z.ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return [def.innerType as z.ZodType];
    case 'pipe':
      // A preprocess is a pipe from a transform; `.pipe()` after a string keeps the max on its input.
      return [def.in as z.ZodType, def.out as z.ZodType];
    default:
      return [];
  }
}

/** The string maximum (`.max(n)`) of a field, looking through its wrappers; undefined without one. */
function maxLengthOf(schema: z.ZodType): number | undefined {
  const max = (schema as { maxLength?: number | null }).maxLength;
  if (typeof max === 'number') return max;
  for (const inner of innerSchemas(schema)) {
    const found = maxLengthOf(inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Whether a field of a contract schema is required: it refuses an absent value. The required marks
 * of a form are read from the same schema that validates it, so they cannot disagree.
 */
export function isRequiredIn(shape: Record<string, z.ZodType>, name: string): boolean {
  const field = shape[name];
  return !!field && !field.safeParse(undefined).success;
}

/** The rule of `name` among a schema's fields (`schema.shape`); a name it lacks is optional, unbounded. */
export function fieldRuleIn(shape: Record<string, z.ZodType>, name: string): FieldRule {
  const field = shape[name];
  return { maxLength: field && maxLengthOf(field), required: isRequiredIn(shape, name) };
}

/** The maximum length and required mark of `name` as the request schema (a zod object) declares them. */
export const fieldRule = (schema: z.ZodObject, name: string): FieldRule =>
  fieldRuleIn(schema.shape as Record<string, z.ZodType>, name);
