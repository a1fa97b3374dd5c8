// Text inputs as data, apart from FormInputs.tsx: a list page can read a declaration (e.g. the
// organisation definitions) without loading the form library.

/**
 * How a text input treats what is typed: phones and digits keep digits only; an amount (a price, an
 * area) and a coordinate keep digits, a sign and a decimal point, an amount also thousands separators.
 */
export type TextKind = 'text' | 'email' | 'phone' | 'digits' | 'amount' | 'coordinate' | 'notes';

/**
 * A text input declared as data (forms built from a declaration). Its maximum length and required
 * mark come from the contract's schema; `maxLength` only where the schema holds the text by a pattern
 * instead (phones: up to 12 digits).
 */
export interface TextFieldDecl {
  name: string;
  label: string;
  kind?: TextKind;
  maxLength?: number;
  hint?: string;
  disabled?: boolean;
}

/** The phones and e-mail of agencies, brokers, associations and sellers (the same wire names). */
export const PHONE_FIELDS: readonly TextFieldDecl[] = [
  { name: 'phone_1', label: 'Primary Phone', kind: 'phone', maxLength: 12 },
  { name: 'phone_2', label: 'Secondary Phone', kind: 'phone', maxLength: 12 },
];
export const EMAIL_FIELD: TextFieldDecl = {
  name: 'email_address',
  label: 'Email',
  kind: 'email',
};
