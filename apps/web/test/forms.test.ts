import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldValues, ResolverOptions, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../src/lib/api.ts';
import { applyServerErrors, resolverWithCrossRules } from '../src/lib/forms.ts';

describe('applyServerErrors', () => {
  const collect = () => {
    const set: Record<string, string | undefined> = {};
    const setError = ((name: string, error: { message?: string }) => {
      set[name] = error.message;
    }) as UseFormSetError<FieldValues>;
    return { set, setError };
  };
  const answer = new ApiError(400, 'Invalid', {
    seller_name: 'Field is required',
    agency_id: 'Field is required',
  });

  it("puts a 400 answer's messages on their fields", () => {
    const { set, setError } = collect();
    applyServerErrors(answer, setError);
    expect(set).toEqual({ seller_name: 'Field is required', agency_id: 'Field is required' });
  });

  it('leaves out the fields the form does not show', () => {
    const { set, setError } = collect();
    applyServerErrors(answer, setError, { seller_name: '' });
    expect(set).toEqual({ seller_name: 'Field is required' });
  });

  it('does nothing for an error that is no answer', () => {
    const { set, setError } = collect();
    expect(applyServerErrors(new Error('boom'), setError)).toBe(false);
    expect(set).toEqual({});
  });

  it("puts a 409 answer's field at its field and the cursor in the first field shown", () => {
    const focused: string[] = [];
    const setError = ((name: string, _error: unknown, options?: { shouldFocus?: boolean }) => {
      if (options?.shouldFocus) focused.push(name);
    }) as UseFormSetError<FieldValues>;
    const taken = new ApiError(409, 'A user with this e-mail address already exists', {
      hidden: 'Not on this form',
      user_email: 'A user with this e-mail address already exists',
      phone_1: 'Provide valid Mobile number',
    });
    expect(applyServerErrors(taken, setError, { user_email: '', phone_1: '' })).toBe(true);
    expect(focused).toEqual(['user_email']);
  });
});

describe('resolverWithCrossRules', () => {
  const fields = z.object({
    name: z.string().min(1, 'Field is required'),
    status: z.string(),
    reason: z.string(),
  });
  const resolver = resolverWithCrossRules(fields, (v: { status?: string; reason?: string }) =>
    v.status === 'Inactive' && !v.reason
      ? [{ path: ['reason'], message: 'Reason for Inactive is required' }]
      : [],
  );
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

  it("shows a cross-field message together with the other fields' messages", async () => {
    const result = await resolver({ name: '', status: 'Inactive', reason: '' }, undefined, options);
    expect(result.errors.name?.message).toBe('Field is required');
    expect(result.errors.reason?.message).toBe('Reason for Inactive is required');
  });

  it('passes valid values through', async () => {
    const result = await resolver({ name: 'Cebu', status: 'Active', reason: '' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Cebu', status: 'Active', reason: '' });
  });
});
