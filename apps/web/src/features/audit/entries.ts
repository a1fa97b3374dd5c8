import { AUDIT_ACTIONS, auditEntityLabel, type AuditEntry } from '@app/contract';
import { formatDateTime } from '../../lib/format.ts';

/** The action as a reader says it; grants and removals of a permission are named so. */
export function actionLabel(entry: Pick<AuditEntry, 'action' | 'entity'>): string {
  if (entry.entity === 'role_permissions') {
    if (entry.action === 'create') return 'Permission granted';
    if (entry.action === 'delete') return 'Permission removed';
  }
  return AUDIT_ACTIONS[entry.action] ?? entry.action;
}

/** What the entry is about: the record's key (with its permission), the exported list, the address tried. */
export function recordLabel(entry: Pick<AuditEntry, 'entity_id' | 'details' | 'action'>): string {
  const details = entry.details ?? {};
  if (entry.action === 'export') return String(details.list ?? '');
  // A failed sign-in for an address no account has: the address tried.
  if (entry.entity_id === null && typeof details.email === 'string') return details.email;
  const permission = typeof details.permission === 'string' ? ` · ${details.permission}` : '';
  return `${entry.entity_id ?? ''}${permission}`;
}

export const entityLabel = (entry: Pick<AuditEntry, 'entity'>) => auditEntityLabel(entry.entity);

/** 'user_status' → 'User status'. */
export const fieldLabel = (key: string) => {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value as text: empty for none, Yes/No for flags, Manila times, JSON for lists and objects. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && TIMESTAMP.test(value)) return formatDateTime(value);
  return String(value);
}

export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

/** The fields of a change, in their stored order: each with its value before and after. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): ChangedField[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    field: fieldLabel(key),
    before: entry.before ? valueText(before[key]) : '',
    after: entry.after ? valueText(after[key]) : '',
  }));
}
