import type { z } from 'zod';
import type { MasterCalls, MasterDefinition, MasterField, RequestOf, Status, masterRow } from '@app/contract';

/**
 * THE one place where list rows, form values and request parameters meet. Form values use the
 * legacy parameter names (so the contract's masterSaveSchema / masterUpdateSchema validate them
 * directly); only the adjacency differs: a list of ids in the form, a comma-joined string on the wire.
 */
/** A row of a master's paged list (fields named by its definition: masterRow in the contract). */
export type MasterRow = z.output<ReturnType<typeof masterRow>>;
/** Form values and request bodies: the update's fields (the save's, plus the id and the status). */
export type MasterValues = RequestOf<MasterCalls['update']>;

const idsOf = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0)
    : String(v ?? '')
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0);

const emptyOf = (f: MasterField): unknown =>
  f.input === 'province' || f.input === 'town' || f.input === 'barangay'
    ? null
    : f.input === 'adjacent'
      ? []
      : '';

const formValueOf = (f: MasterField, v: unknown): unknown => {
  if (v === null || v === undefined) return emptyOf(f);
  if (f.input === 'province' || f.input === 'town' || f.input === 'barangay') return Number(v) || null;
  if (f.input === 'adjacent') return idsOf(v);
  return String(v);
};

/** Form values of a new record. */
export function emptyValues(def: MasterDefinition): MasterValues {
  const values: MasterValues = {};
  for (const f of def.fields) values[f.param] = emptyOf(f);
  if (def.adjacency) values[def.adjacency.param] = [];
  return values;
}

/** Form values of an existing row (with its id and current status, for the update schema). */
export function rowToValues(def: MasterDefinition, row: MasterRow): MasterValues {
  const values: MasterValues = {};
  for (const f of def.fields) values[f.param] = formValueOf(f, row[f.column]);
  if (def.adjacency) values[def.adjacency.param] = idsOf(row[def.adjacency.idsColumn]);
  values[def.params.id] = row[def.idColumn];
  values[def.params.status] = row[def.statusColumn];
  return values;
}

/** Request body from (validated) form values: the adjacency as a comma-joined id string. */
export function valuesToRequest(def: MasterDefinition, values: MasterValues): MasterValues {
  const body = { ...values };
  if (def.adjacency) body[def.adjacency.param] = idsOf(values[def.adjacency.param]).join(',');
  return body;
}

/** The full update of a row with a new status (the status switch). */
export function statusRequest(def: MasterDefinition, row: MasterRow, status: Status): MasterValues {
  const body: MasterValues = {};
  for (const f of def.fields) body[f.param] = row[f.column] ?? null;
  if (def.adjacency) body[def.adjacency.param] = String(row[def.adjacency.idsColumn] ?? '');
  body[def.params.id] = row[def.idColumn];
  body[def.params.status] = status;
  return body;
}

export const rowName = (def: MasterDefinition, row: MasterRow | null | undefined) =>
  row ? String(row[def.nameColumn] ?? '') : '';

export const flipStatus = (s: unknown): Status => (s === 'Active' ? 'Inactive' : 'Active');
