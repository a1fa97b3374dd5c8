import { propertyUpdateFields } from '@app/contract';
import type { TextKind } from '../../../components/field-decls.ts';
import { fieldRule, type FieldRule } from '../../../lib/field-rules.ts';

/**
 * Longest amount and coordinate as typed: the schema holds them by their value (12 digits and 2
 * decimals, with thousands separators: '999,999,999,999.99'; a number between -180 and 180) rather
 * than a string maximum.
 */
const AMOUNT_LENGTH = 18;
const COORDINATE_LENGTH = 20;

/**
 * A property input's maximum length and required mark from the update request's schema (the save
 * request's fields plus the Status panel's); `typedMax` for a field whose schema has no string maximum.
 */
export function propertyInput(name: string, typedMax?: number): FieldRule {
  const rule = fieldRule(propertyUpdateFields, name);
  return { maxLength: rule.maxLength ?? typedMax, required: rule.required };
}

/** An amount input (a price, an area): its kind, longest text and required mark. */
export const amountInput = (name: string): FieldRule & { kind: TextKind } => ({
  ...propertyInput(name, AMOUNT_LENGTH),
  kind: 'amount',
});

/** A coordinate input (longitude, latitude). */
export const coordinateInput = (name: string): FieldRule & { kind: TextKind } => ({
  ...propertyInput(name, COORDINATE_LENGTH),
  kind: 'coordinate',
});
