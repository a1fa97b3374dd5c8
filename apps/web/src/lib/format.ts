/**
 * How the whole app writes dates, times and money: Manila time, DD/MM/YYYY and HH:mm, and pesos with
 * thousands separators. One definition, so a listing never shows one event on two different days.
 */

const MANILA_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Manila',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Manila day and time of a timestamp: {day, month, year, hour, minute}, or null. */
function manilaParts(value: unknown): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(MANILA_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
}

/** DD/MM/YYYY: a calendar date ('2026-01-31') as it is, a timestamp by its Manila day; '' for none. */
export function formatDate(value: unknown): string {
  const plain = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const p = manilaParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** DD/MM/YYYY HH:mm in Manila; '' for none. */
export function formatDateTime(value: unknown): string {
  const p = manilaParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

const pesos = (fractionDigits: number) =>
  new Intl.NumberFormat('en-PH', {
    style: 'currency',
    currency: 'PHP',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
const WHOLE_PESOS = pesos(0);
const PESOS_AND_CENTAVOS = pesos(2);

/**
 * ₱ with thousands separators: whole amounts without centavos ('₱12,500,000'), others with two
 * ('₱1,234.50'); '' for no amount or one that is not a number.
 */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  if (!Number.isFinite(amount)) return '';
  return (Number.isInteger(amount) ? WHOLE_PESOS : PESOS_AND_CENTAVOS).format(amount);
}

/** A count with thousands separators ('12,345'). */
export const formatCount = (value: number): string => value.toLocaleString('en-PH');

/**
 * What the screen shows for an empty value (decision 88): tables, reports, cards, the status panel and
 * the audit log all write it so, and a user tells 'empty' from 'not loaded'. Exports keep empty cells.
 */
export const NO_VALUE = '–';

/** Whether a value shows as nothing: none, or text of spaces only. */
export const isNoValue = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A value as the screen writes it: its text, or NO_VALUE when empty. */
export const shownValue = (value: unknown): string => (isNoValue(value) ? NO_VALUE : String(value));
