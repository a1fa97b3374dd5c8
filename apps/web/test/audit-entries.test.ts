import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  changedFields,
  fieldLabel,
  recordLabel,
  valueText,
} from '../src/features/audit/entries.ts';

describe('actionLabel', () => {
  it('says the action as a reader would', () => {
    expect(actionLabel({ action: 'status change', entity: 'users' })).toBe('Status changed');
    expect(actionLabel({ action: 'login failed', entity: 'users' })).toBe('Sign-in failed');
  });

  it('names the grant and the removal of a permission so', () => {
    expect(actionLabel({ action: 'create', entity: 'role_permissions' })).toBe('Permission granted');
    expect(actionLabel({ action: 'delete', entity: 'role_permissions' })).toBe('Permission removed');
    expect(actionLabel({ action: 'create', entity: 'users' })).toBe('Created');
  });
});

describe('recordLabel', () => {
  it("is the exported list's name for an export", () => {
    expect(recordLabel({ action: 'export', entity_id: null, details: { list: 'Seller' } })).toBe('Seller');
  });

  it('is the address tried for a failed sign-in without an account', () => {
    expect(
      recordLabel({ action: 'login failed', entity_id: null, details: { email: 'who@example.ph' } }),
    ).toBe('who@example.ph');
  });

  it("is the record's key, with the permission a grant is about", () => {
    expect(recordLabel({ action: 'create', entity_id: '3', details: { permission: 'Add Seller' } })).toBe(
      '3 · Add Seller',
    );
    expect(recordLabel({ action: 'update', entity_id: '42', details: null })).toBe('42');
  });
});

describe('fieldLabel', () => {
  it("turns a column's name into words", () => {
    expect(fieldLabel('user_status')).toBe('User status');
    expect(fieldLabel('reason_for_inactive')).toBe('Reason for inactive');
  });
});

describe('valueText', () => {
  it('shows nothing for none, Yes/No for flags, JSON for lists', () => {
    expect(valueText(null)).toBe('');
    expect(valueText(undefined)).toBe('');
    expect(valueText(true)).toBe('Yes');
    expect(valueText(false)).toBe('No');
    expect(valueText([4, 7])).toBe('[4,7]');
    expect(valueText(12)).toBe('12');
  });

  it('shows a timestamp in Manila time (UTC+8), day first', () => {
    expect(valueText('2026-01-31T16:30:00Z')).toBe('01/02/2026 00:30');
  });
});

describe('changedFields', () => {
  it('lists every field of a change with its value before and after', () => {
    const fields = changedFields({
      before: { user_status: 'Active', reason: null },
      after: { user_status: 'Inactive', reason: 'Left the agency' },
    });
    expect(fields).toEqual([
      { field: 'User status', before: 'Active', after: 'Inactive' },
      { field: 'Reason', before: '', after: 'Left the agency' },
    ]);
  });

  it('leaves the before side empty for a creation', () => {
    expect(changedFields({ before: null, after: { seller_name: 'Juan' } })).toEqual([
      { field: 'Seller name', before: '', after: 'Juan' },
    ]);
  });
});
