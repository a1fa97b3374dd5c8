import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deleteNotificationRequest,
  deleteViewRequest,
  geographyApi,
  globalSearchQuery,
  id,
  listQuery,
  MASTERS,
  masterSaveSchema,
  optionalId,
  propertyListFilters,
  requiredId,
  savePropertyRequest,
  saveUserRequest,
  saveViewRequest,
  setNotificationStatusRequest,
} from '../src/index.ts';

/**
 * Every number the contract reads from a client (decision 93): true, false, an array or an object is
 * no number, refused with the message the field gives a word ('abc'); a number and its text are read
 * as before. Each row: what, the schema, the field, and two values it takes (a number and a text).
 */
const NUMBER_FIELDS: [string, z.ZodType, string, unknown, unknown][] = [
  ['an id', z.looseObject({ id }), 'id', 5, '5'],
  ['an optional id', z.looseObject({ v: optionalId }), 'v', 5, '5'],
  ['a required id', z.looseObject({ v: requiredId }), 'v', 5, '5'],
  ['a page', listQuery(['name']), 'page', 5, '5'],
  ['a page size', listQuery(['name']), 'itemsPerPage', 7, '7'],
  ['a listing filter', z.object(propertyListFilters), 'rental_expires_within', 5, '5'],
  ['a search limit', globalSearchQuery, 'limit', 5, '5'],
  ['a user’s birth day', saveUserRequest, 'birth_day', 5, '5'],
  ['a user’s birth year', saveUserRequest, 'birth_year', 1990, '1990'],
  ['a user’s open-listing limit', saveUserRequest, 'open_property_limit', 5, '5'],
  ['a listing’s price', savePropertyRequest, 'sale_price', 5, '5'],
  ['a listing’s land area', savePropertyRequest, 'land_area', 5, '5'],
  ['a listing’s bedrooms', savePropertyRequest, 'no_bedrooms', 5, '5'],
  ['a listing’s latitude', savePropertyRequest, 'latitude', 5, '5'],
  ['a listing’s rent due day', savePropertyRequest, 'date_of_month_rent_due', 5, '5'],
  ['a listing’s year', savePropertyRequest, 'year', 2020, '2020'],
  ['a listing’s minimum rental period', savePropertyRequest, 'minimum_rental_period_rent', 5, '5'],
  ['a town’s province', masterSaveSchema(MASTERS.town), 'provinceId', 5, '5'],
  ['a subdivision’s barangay', masterSaveSchema(MASTERS.subdivision), 'barangay_id', 5, '5'],
  ['a cascade lookup’s parent', geographyApi.GetTownWithoutPagination.input, 'provinceId', 5, '5'],
  ['a dwelling lookup’s type', geographyApi.GetDwellingWithoutPagination.input, 'typeId', 5, '5'],
  ['a notification to delete', deleteNotificationRequest, 'Id', 5, '5'],
  ['a notification to mark', setNotificationStatusRequest, 'Id', 5, '5'],
  ['a saved view to delete', deleteViewRequest, 'id', 5, '5'],
  ['a saved view to overwrite', saveViewRequest, 'id', 5, '5'],
];

/** The messages a parse gives `field`, with `value` there. */
const messagesOf = (schema: z.ZodType, field: string, value: unknown) => {
  const result = schema.safeParse({ [field]: value });
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
};

describe('a number field', () => {
  it.each(NUMBER_FIELDS)('%s refuses true, false, arrays and objects as it refuses a word', (...row) => {
    const [, schema, field] = row;
    const plain = messagesOf(schema, field, 'abc');
    expect(plain, `${field} = 'abc'`).toHaveLength(1);
    for (const value of [true, false, [5], ['5'], [], {}, { v: 5 }])
      expect(messagesOf(schema, field, value), `${field} = ${JSON.stringify(value)}`).toEqual(plain);
  });

  it.each(NUMBER_FIELDS)('%s still takes a number and its text', (...row) => {
    const [, schema, field, number, text] = row;
    for (const value of [number, text, ` ${String(text)} `])
      expect(messagesOf(schema, field, value), `${field} = ${JSON.stringify(value)}`).toEqual([]);
  });
});
