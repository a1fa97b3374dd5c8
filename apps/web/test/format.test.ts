import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  NO_VALUE,
  shownValue,
} from '../src/lib/format.ts';

describe('formatDate', () => {
  it('writes a calendar date as DD/MM/YYYY without moving it to another day', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
  });

  it("writes a timestamp by its Manila day, which is UTC's next day after 16:00 UTC", () => {
    expect(formatDate('2026-03-01T15:59:00Z')).toBe('01/03/2026');
    expect(formatDate('2026-03-01T16:00:00Z')).toBe('02/03/2026');
  });

  it('writes nothing for no value or an unreadable one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm in Manila time, on a 24-hour clock', () => {
    expect(formatDateTime('2026-03-01T16:05:00Z')).toBe('02/03/2026 00:05');
    expect(formatDateTime(new Date('2026-12-31T05:30:00Z'))).toBe('31/12/2026 13:30');
  });

  it('writes nothing for no value', () => {
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('formatMoney', () => {
  it('writes pesos with thousands separators, without centavos for whole amounts', () => {
    expect(formatMoney(12500000)).toBe('₱12,500,000');
    expect(formatMoney('12500000.00')).toBe('₱12,500,000');
  });

  it('keeps two centavo digits otherwise', () => {
    expect(formatMoney('1234.5')).toBe('₱1,234.50');
  });

  it('reads an amount typed with thousands separators', () => {
    expect(formatMoney('12,500,000')).toBe('₱12,500,000');
  });

  it('writes nothing for no amount or one that is not a number', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('formatCount', () => {
  it('writes thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('shownValue', () => {
  it("writes an empty value as '–' (decision 88), never '', 'null' or 'undefined'", () => {
    expect(NO_VALUE).toBe('–');
    for (const empty of [null, undefined, '', '   ']) expect(shownValue(empty)).toBe('–');
  });

  it('writes any other value as its text, 0 and false included', () => {
    expect(shownValue('Open')).toBe('Open');
    expect(shownValue(0)).toBe('0');
    expect(shownValue(false)).toBe('false');
  });
});
