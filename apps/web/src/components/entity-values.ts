import { toIds } from './IdMultiSelect.tsx';

/** The kinds of form field an entity form holds, by wire name. */
export interface FieldKinds {
  /** Free text (shown as typed; blank is '' in the form and null on the wire). */
  text: readonly string[];
  /** One id from a select (null when none). */
  ids: readonly string[];
  /** Id lists: arrays in the form, comma strings on the wire. */
  lists: readonly string[];
}

const toId = (v: unknown): number | null => {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

/** Form values of a record (or of a new one, when `record` is null). */
export function formValues(
  kinds: FieldKinds,
  record: Record<string, unknown> | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of kinds.text) values[name] = record?.[name] == null ? '' : String(record[name]);
  for (const name of kinds.ids) values[name] = toId(record?.[name]);
  for (const name of kinds.lists) values[name] = toIds(record?.[name]);
  return values;
}

/** The request body from parsed form values: id lists travel comma-joined ('4,7,9'). */
export function requestOf(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    body[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return body;
}
