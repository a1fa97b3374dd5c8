import { z } from 'zod';
import { MESSAGES } from './constants.ts';

/**
 * The one net under every schema of the contract: a check that names no message of its own gets a
 * plain sentence here instead of zod's 'Invalid input: expected string, received null'. The schemas
 * give the spec's messages (common.ts...); this only catches what they miss, on the server's 400
 * answers and in the web forms alike (both import the contract through index.ts, which loads this).
 */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  date: 'a date',
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** A bound on a size, in words; `inclusive` false is a strict bound (positive(): more than 0). */
const sizeMessage = (
  bound: 'least' | 'most',
  origin: string | undefined,
  limit: number | bigint,
  inclusive = true,
): string | undefined => {
  if (origin === 'string') return `At ${bound} ${limit} characters`;
  if (origin === 'array' || origin === 'set') return `Choose at ${bound} ${limit}`;
  if (origin !== 'number' && origin !== 'int' && origin !== 'bigint') return undefined;
  if (!inclusive) return `Must be ${bound === 'least' ? 'more' : 'less'} than ${limit}`;
  return bound === 'least' ? `Must be ${limit} or more` : `Must be ${limit} or less`;
};

export const plainMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return blank(issue.input) ? MESSAGES.required : `Must be ${KINDS[issue.expected] ?? 'a valid value'}`;
    case 'invalid_union':
      return blank(issue.input) ? MESSAGES.required : 'This value is not valid';
    case 'too_small':
      return blank(issue.input)
        ? MESSAGES.required
        : sizeMessage('least', issue.origin, issue.minimum, issue.inclusive);
    case 'too_big':
      return sizeMessage('most', issue.origin, issue.maximum, issue.inclusive) ?? 'This value is too large';
    case 'invalid_format':
      return issue.format === 'email' ? MESSAGES.emailInvalid : 'This value is not valid';
    case 'invalid_value':
      return issue.values.length <= 12
        ? `Choose one of ${issue.values.map(String).join(', ')}`
        : 'Choose one of the offered values';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    default:
      return 'This value is not valid';
  }
};

z.config({ customError: plainMessage });
