import { propertyUpdateFields } from '@app/contract';
import { fieldRule, type FieldRule } from '../../../lib/field-rules.ts';

/**
 * Longest amount and coordinate as typed: the schema holds them with patterns (12 digits and 2
 * decimals, a number between -180 and 180) rather than a string maximum.
 */
export const AMOUNT_LENGTH = 15;
export const COORDINATE_LENGTH = 20;

/**
 * A property input's maximum length and required mark from the update request's schema (the save
 * request's fields plus the Status panel's); `typedMax` for a field whose schema has no string maximum.
 */
export function propertyInput(name: string, typedMax?: number): FieldRule {
  const rule = fieldRule(propertyUpdateFields, name);
  return { maxLength: rule.maxLength ?? typedMax, required: rule.required };
}
