import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MASTERS,
  masterSaveSchema,
  propertyFields,
  propertyUpdateFields,
  sellerFields,
  userFields,
} from '@app/contract';
import { fieldRule, fieldRuleIn, isRequiredIn } from '../src/lib/field-rules.ts';

describe('fieldRule', () => {
  it('reads a required text: its maximum and the required mark', () => {
    expect(fieldRule(propertyFields, 'property_name')).toEqual({ maxLength: 200, required: true });
    expect(fieldRule(propertyFields, 'property_description')).toEqual({ maxLength: 6000, required: true });
  });

  it('looks through a preprocess and a nullable: optional text keeps its maximum', () => {
    expect(fieldRule(propertyFields, 'unit_no')).toEqual({ maxLength: 50, required: false });
    expect(fieldRule(propertyUpdateFields, 'suspendedReason')).toEqual({ maxLength: 500, required: false });
    expect(fieldRule(userFields, 'nick_name')).toEqual({ maxLength: 100, required: false });
    expect(fieldRule(userFields, 'website')).toEqual({ maxLength: 300, required: false });
  });

  it('reads the maximum on the input side of a pipe (the e-mail) and of a refined name', () => {
    expect(fieldRule(userFields, 'user_email')).toEqual({ maxLength: 254, required: true });
    expect(fieldRule(userFields, 'first_name')).toEqual({ maxLength: 60, required: true });
  });

  it('reads an optional e-mail and the fields a master declares', () => {
    expect(fieldRule(sellerFields, 'email_address')).toEqual({ maxLength: 254, required: false });
    expect(fieldRule(sellerFields, 'seller_name')).toEqual({ maxLength: 200, required: true });
    const province = masterSaveSchema(MASTERS.province);
    const name = MASTERS.province.fields[0]!.param;
    expect(fieldRule(province, name)).toEqual({ maxLength: 120, required: true });
  });

  it('has no maximum for fields held by a pattern or a number (amounts, phones, ids)', () => {
    expect(fieldRule(propertyFields, 'land_area')).toEqual({ maxLength: undefined, required: true });
    expect(fieldRule(propertyFields, 'sale_price')).toEqual({ maxLength: undefined, required: false });
    expect(fieldRule(userFields, 'phone_1')).toEqual({ maxLength: undefined, required: true });
    expect(fieldRule(propertyFields, 'property_type_id')).toEqual({ maxLength: undefined, required: true });
    expect(fieldRule(propertyFields, 'agent_id')).toEqual({ maxLength: undefined, required: false });
  });

  it('looks through optional, default and nullable wrappers', () => {
    const schema = z.object({
      a: z.string().max(9).optional(),
      b: z.string().max(8).default('x'),
      c: z.string().max(7).nullable(),
    });
    expect(fieldRule(schema, 'a')).toEqual({ maxLength: 9, required: false });
    expect(fieldRule(schema, 'b')).toEqual({ maxLength: 8, required: false });
    expect(fieldRule(schema, 'c')).toEqual({ maxLength: 7, required: true });
  });

  it('calls a name the schema lacks optional and unbounded', () => {
    expect(fieldRule(propertyFields, 'no_such_field')).toEqual({ maxLength: undefined, required: false });
    expect(fieldRuleIn({}, 'street_name')).toEqual({ maxLength: undefined, required: false });
    expect(isRequiredIn(userFields.shape, 'street_name')).toBe(false);
  });
});
