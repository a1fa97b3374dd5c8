import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, MESSAGES, pricePerSqM, propertyFields, readAmount } from '@app/contract';
import { groupThousands, keepTyped } from '../src/lib/number-input.ts';

/** Issue 21 item 8: what number and phone fields keep, how amounts read and show, what they say. */
describe('keepTyped', () => {
  it('keeps only digits in a phone, a zip code or a year', () => {
    expect(keepTyped('digits', 'abc123456789')).toBe('123456789');
    expect(keepTyped('digits', '0917-123 4567')).toBe('09171234567');
  });

  it('keeps digits, separators, a point and a sign in an amount, so that its rule can say what is wrong', () => {
    expect(keepTyped('amount', 'abc12,500,000')).toBe('12,500,000');
    expect(keepTyped('amount', '₱ 1,234.50')).toBe('1,234.50');
    expect(keepTyped('amount', '-5')).toBe('-5');
  });

  it('keeps digits, a point and a sign in a coordinate, never separators', () => {
    expect(keepTyped('coordinate', 'E 123.89')).toBe('123.89');
    expect(keepTyped('coordinate', '-10,5')).toBe('-105');
  });
});

describe('groupThousands', () => {
  it('shows an amount with thousands separators, its decimals as typed', () => {
    expect(groupThousands('12500000')).toBe('12,500,000');
    expect(groupThousands('1234.5')).toBe('1,234.5');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('0.75')).toBe('0.75');
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
  });

  it('is the same again on a grouped amount, and regroups one grouped by hand', () => {
    expect(groupThousands('12,500,000')).toBe('12,500,000');
    expect(groupThousands('1,000000')).toBe('1,000000');
    expect(groupThousands(' 12500 ')).toBe('12,500');
  });

  it('leaves what is not a number as typed, for its message', () => {
    expect(groupThousands('')).toBe('');
    expect(groupThousands('12,5')).toBe('12,5');
    expect(groupThousands('1.2.3')).toBe('1.2.3');
    expect(groupThousands('-5000')).toBe('-5,000');
  });
});

describe('readAmount', () => {
  it('reads plain and grouped amounts, as text or a number', () => {
    expect(readAmount('12,500,000')).toBe(12_500_000);
    expect(readAmount('12500000')).toBe(12_500_000);
    expect(readAmount('1,234.50')).toBe(1234.5);
    expect(readAmount(' 300 ')).toBe(300);
    expect(readAmount(1000000.5)).toBe(1000000.5);
    expect(readAmount('0')).toBe(0);
  });

  it('says in plain words what is wrong, keeping the spec message for decimals', () => {
    expect(readAmount('-5')).toBe('Enter a number of 0 or more');
    expect(readAmount(-5)).toBe('Enter a number of 0 or more');
    expect(readAmount('10.123')).toBe(MESSAGES.decimals);
    expect(readAmount('abc')).toBe('Enter a number');
    expect(readAmount('12,5')).toBe('Enter a number');
    expect(readAmount('1,2345')).toBe('Enter a number');
    expect(readAmount('-')).toBe('Enter a number');
    expect(readAmount('1234567890123')).toBe(AMOUNT_MESSAGES.tooLarge);
    expect(readAmount('999,999,999,999.99')).toBe(999_999_999_999.99);
  });
});

describe('the property form reads amounts the same way', () => {
  it('gives the field messages of the request schema', () => {
    const message = (value: unknown) =>
      propertyFields.shape.sale_price.safeParse(value).error?.issues[0]?.message;
    expect(propertyFields.shape.sale_price.parse('12,500,000')).toBe(12_500_000);
    expect(message('-1')).toBe('Enter a number of 0 or more');
    expect(message('1.234')).toBe('Please provide Value upto 2 Decimal');
    expect(message('abc')).toBe('Enter a number');
  });

  it('computes the price per SqM of a price typed with separators', () => {
    expect(pricePerSqM('12,500,000', '250')).toBe(50_000);
    expect(pricePerSqM('12,500,000', '1,250')).toBe(10_000);
    expect(pricePerSqM('12,500,000', '')).toBe(0);
    expect(pricePerSqM('abc', '250')).toBe(0);
  });
});
