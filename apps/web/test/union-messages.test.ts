import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES, phone, status, zip4, zip6 } from '@app/contract';

/**
 * Issue 21 item 4: the form resolver shows a failed union's first branch message, so each branch of a
 * text-or-number field must carry the field's message itself. A per-parse map marks any message the
 * schema does not give (it ranks above the contract's global net), so this fails on a bare branch.
 */
const form = z.object({ zip6: zip6(true), zip4: zip4(true), phone, status });

describe('union fields name their own message in the form', () => {
  it.each([{}, { zip6: null, zip4: null, phone: null, status: null }])('%j', async (values) => {
    const resolve = zodResolver(form as never, { error: () => 'NOT THE SCHEMA' } as never) as unknown as (
      ...args: unknown[]
    ) => Promise<{ errors: Record<string, unknown> }>;
    const { errors } = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (v as { message: string }).message])),
    ).toEqual({
      zip6: MESSAGES.required,
      zip4: MESSAGES.zipRequired,
      phone: MESSAGES.required,
      status: 'Status must be Active or Inactive',
    });
  });
});
