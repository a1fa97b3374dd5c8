import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  agencyFields,
  brokerFields,
  changePasswordRequest,
  masterSaveSchema,
  MASTERS,
  MESSAGES,
  saveUserRequest,
  sellerFields,
  updateProfileRequest,
  verifyOtpRequest,
} from '../src/index.ts';

/**
 * Fields typed as text (phones, zip codes and an OTP, which take a number too; a name, an e-mail): true,
 * false, an array or an object is refused as a wrong word is, with the field's own rule, not 'Field is
 * required' (decision 95). Each row: what, the schema, the field, its message for a wrong word, and its
 * message when nothing is sent (none for an optional field), and a wrong word ('abc' unless given).
 */
const TEXT_FIELDS: [string, z.ZodType, string, string, string | undefined, unknown?][] = [
  ['a user’s mobile', saveUserRequest, 'phone_1', MESSAGES.mobile, MESSAGES.required],
  ['a user’s second phone', saveUserRequest, 'phone_2', MESSAGES.mobile, undefined],
  ['a user’s zip code', saveUserRequest, 'zip_code', MESSAGES.zip4, undefined],
  ['a seller’s mobile', sellerFields, 'phone_1', MESSAGES.mobile, MESSAGES.required],
  ['an agency’s zip code', agencyFields, 'zip_code', MESSAGES.zip6, MESSAGES.required],
  ['a broker’s zip code', brokerFields, 'zip_code', MESSAGES.zip4, undefined],
  ['a one-time password', verifyOtpRequest, 'verify_otp', MESSAGES.otpLength, MESSAGES.required],
  ['a subdivision’s zip code', masterSaveSchema(MASTERS.subdivision), 'zip_code', MESSAGES.zip6, undefined],
  ['a barangay’s zip code', masterSaveSchema(MASTERS.barangay), 'zip_code', MESSAGES.zip6, MESSAGES.required],
  ['a seller’s name', sellerFields, 'seller_name', 'Must be text', MESSAGES.required, 12345],
  ['an agency’s e-mail', agencyFields, 'email_address', MESSAGES.emailInvalid, MESSAGES.emailRequired],
];

/** The messages a parse gives `field`, with `value` there (absent for undefined). */
const messagesOf = (schema: z.ZodType, field: string, value: unknown) => {
  const result = schema.safeParse(value === undefined ? {} : { [field]: value });
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
};

describe('a text field that takes a number too', () => {
  it.each(TEXT_FIELDS)('%s refuses true, false, arrays and objects with its own rule', (...row) => {
    const [, schema, field, rule, , wrong = 'abc'] = row;
    expect(messagesOf(schema, field, wrong), `${field} = ${JSON.stringify(wrong)}`).toEqual([rule]);
    for (const value of [true, false, [5], ['5'], [], {}, { v: 5 }])
      expect(messagesOf(schema, field, value), `${field} = ${JSON.stringify(value)}`).toEqual([rule]);
  });

  it.each(TEXT_FIELDS)('%s says once what is missing when nothing is sent', (...row) => {
    const [, schema, field, , missing] = row;
    for (const value of [undefined, null, '', '  '])
      expect(messagesOf(schema, field, value), `${field} = ${JSON.stringify(value)}`).toEqual(
        missing ? [missing] : [],
      );
  });
});

/** Passwords are typed as they are (not trimmed): each row the schema and the field (decision 100). */
const TYPED_PASSWORDS: [z.ZodType, string][] = [
  [changePasswordRequest, 'current_password'],
  [changePasswordRequest, 'confirm_password'],
  [updateProfileRequest, 'verify_password'],
];

describe('a password typed to confirm', () => {
  it.each(TYPED_PASSWORDS)(
    '%#: %s of the wrong kind must be text; missing or empty, is required',
    (...row) => {
      const [schema, field] = row;
      for (const value of [12345678, true, ['Secret123'], {}])
        expect(messagesOf(schema, field, value), `${field} = ${JSON.stringify(value)}`).toEqual([
          'Must be text',
        ]);
      for (const value of [undefined, null, ''])
        expect(messagesOf(schema, field, value)[0], `${field} = ${JSON.stringify(value)}`).toBe(
          MESSAGES.required,
        );
    },
  );
});
