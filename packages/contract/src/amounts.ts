import { MESSAGES } from './constants.ts';

/**
 * Amounts as people type them (issue 21 item 8, decision 41): '12,500,000' is twelve and a half
 * million, on the form and from an old client alike. Commas count only as thousands separators in
 * their places ('12,5' is refused, never read as 12.5 or 125). What is wrong is said in plain words;
 * too many decimals keeps the spec's message.
 */
export const AMOUNT_MESSAGES = {
  notANumber: 'Enter a number',
  negative: 'Enter a number of 0 or more',
  decimals: MESSAGES.decimals,
  tooLarge: 'Enter at most 12 digits before the decimal point',
} as const;

/** Digits before the decimal point an amount may have (the columns' numeric(14,2)). */
export const AMOUNT_DIGITS = 12;

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * An amount typed or sent (a number, '12500000', '12,500,000.50'): the number, or the sentence
 * saying what is wrong with it.
 */
export function readAmount(value: string | number): number | string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (text.startsWith('-') && readAmount(text.slice(1)) !== AMOUNT_MESSAGES.notANumber)
    return AMOUNT_MESSAGES.negative;
  const parts = PLAIN.exec(text) ?? GROUPED.exec(text);
  if (!parts) return AMOUNT_MESSAGES.notANumber;
  const whole = parts[1]!.replaceAll(',', '');
  const decimals = parts[2] ?? '';
  if (whole.replace(/^0+(?=\d)/, '').length > AMOUNT_DIGITS) return AMOUNT_MESSAGES.tooLarge;
  if (decimals.length > 2) return AMOUNT_MESSAGES.decimals;
  return Number(decimals ? `${whole}.${decimals}` : whole);
}

/** An amount as a number: NaN when it is not one (blank, letters, a negative...). */
export function amountValue(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  const read = readAmount(value);
  return typeof read === 'number' ? read : Number.NaN;
}
