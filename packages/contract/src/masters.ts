import { z } from 'zod';
import {
  filledAnd,
  id,
  idList,
  optionalId,
  requiredId,
  requiredText,
  status,
  textOrNumber,
} from './common.ts';
import { MESSAGES } from './constants.ts';
import { listPage } from './answers.ts';
import { type MasterField, type MasterDefinition, MASTERS } from './master-catalogue.ts';

// What the master calls take and answer, derived from each master's definition (master-catalogue.ts).

/** A master's zip code: 1-6 digits, or, where optional, '' for none. */
const zip = (required: boolean) => {
  const digits = z.string().regex(/^\d{1,6}$/, MESSAGES.zip6);
  return required
    ? textOrNumber(MESSAGES.zip6, MESSAGES.required)
        .transform(String)
        .pipe(filledAnd(MESSAGES.required, digits))
    : textOrNumber(MESSAGES.zip6)
        .nullish()
        .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
        .pipe(z.union([z.literal(''), digits]));
};

const fieldSchema = (f: MasterField) => {
  switch (f.input) {
    case 'text':
      return requiredText(f.maxLength ?? 120);
    case 'zip':
      return zip(f.required);
    case 'choice':
      return z.enum(f.choices as [string, ...string[]], { error: MESSAGES.required });
    case 'adjacent':
      return idList;
    default:
      // A parent's id, as every other form's: beyond PostgreSQL's integer it is refused on its field.
      return f.required ? requiredId : optionalId;
  }
};

/** The save request of a master: its fields (and adjacency), under their legacy parameter names. */
export function masterSaveSchema(def: MasterDefinition) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) shape[f.param] = fieldSchema(f);
  if (def.adjacency) shape[def.adjacency.param] = idList;
  return z.looseObject(shape);
}

/**
 * The update request: the save fields plus the id and the status (any legacy spelling). A field left out
 * keeps its stored value: status switches post only part of the record.
 */
export function masterUpdateSchema(def: MasterDefinition) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) shape[f.param] = fieldSchema(f).optional();
  // Left out, the adjacency is kept too (an empty list clears it): a town's status switch emptied it.
  if (def.adjacency) shape[def.adjacency.param] = idList.optional();
  return masterSaveSchema(def).extend({
    ...shape,
    [def.params.id]: id,
    [def.params.status]: status.optional(),
  });
}

export function masterDeleteSchema(def: MasterDefinition) {
  return z.looseObject({ [def.params.deleteId]: id });
}

/* What the master calls answer, generated from the same definitions. */

const masterStatus = z.enum(['Active', 'Inactive']);
/** A record a master record borders, as its row lists it. */
const adjacentRecord = z.object({ id: z.number().int(), name: z.string(), status: masterStatus });
export type AdjacentRecord = z.output<typeof adjacentRecord>;
const zipCode = z.string().nullable();
/** The names of a row's parents, in the order rows have always carried them. */
const PARENT_NAMES = [
  ['town', 'town_name'],
  ['province', 'province_name'],
  ['barangay', 'barangay_name'],
] as const;

const fieldAnswer = (f: MasterField): z.ZodType => {
  switch (f.input) {
    case 'text':
      return z.string();
    case 'zip':
      return zipCode;
    case 'choice':
      return z.enum(f.choices as [string, ...string[]]);
    case 'adjacent':
      return z.string();
    default:
      return f.required ? z.number().int() : z.number().int().nullable();
  }
};

/**
 * A row of a master's paged list: its id, status and fields, the names of its parents (a town's
 * province...), and its adjacency as the legacy comma strings ('4,9' and 'East, North') and as records
 * (a name may hold a comma: 'Bgy. No. 42, Apaya').
 */
export function masterRow(def: MasterDefinition) {
  const shape: Record<string, z.ZodType> = {
    [def.idColumn]: z.number().int(),
    [def.statusColumn]: masterStatus,
  };
  for (const f of def.fields) shape[f.column] = fieldAnswer(f);
  for (const [input, column] of PARENT_NAMES) {
    const parent = def.fields.find((f) => f.input === input);
    if (parent) shape[column] = parent.required ? z.string() : z.string().nullable();
  }
  if (def.adjacency) {
    shape[def.adjacency.idsColumn] = z.string();
    shape[def.adjacency.namesColumn] = z.string();
    shape[def.adjacency.chosenColumn] = z.array(adjacentRecord);
  }
  return z.object(shape);
}

export const masterPageAnswer = (def: MasterDefinition) => z.object({ resultData: listPage(masterRow(def)) });

/** The columns of a master's lookup (…WithoutPagination): id, name and its choices (a dwelling type). */
export const masterLookupColumns = (def: MasterDefinition): string[] => [
  def.idColumn,
  def.nameColumn,
  ...def.fields.filter((f) => f.input === 'choice').map((f) => f.column),
];

/** A lookup answers its rows under resultData. */
export const lookupAnswer = <R extends z.ZodType>(row: R) => z.object({ resultData: z.array(row) });

/** A definition whose columns are known by name (MASTERS' own), not any master's. */
type Named<D extends MasterDefinition, T> = string extends D['idColumn'] ? Record<string, z.ZodType> : T;
/** The choice fields of a definition (a property type's dwelling), each as its enum. */
type ChoiceShape<D extends MasterDefinition> = {
  [
    F in D['fields'][number] as F extends { input: 'choice'; column: infer C extends string } ? C : never
  ]: F extends { choices: infer V extends readonly [string, ...string[]] }
    ? z.ZodEnum<{ [K in V[number]]: K }>
    : z.ZodEnum;
};
/** The columns of a master's lookup row, as masterLookupColumns lists them. */
export type MasterLookupShape<D extends MasterDefinition> = Named<
  D,
  { [K in D['idColumn']]: z.ZodNumber } & { [K in D['nameColumn']]: z.ZodString } & ChoiceShape<D>
>;

/** A master's lookup row: the same column schemas as its list row, picked in masterLookupColumns' order. */
export const masterLookupRow = <D extends MasterDefinition>(def: D) => {
  const { shape } = masterRow(def);
  const columns = Object.fromEntries(masterLookupColumns(def).map((c) => [c, shape[c]!]));
  return z.object(columns as MasterLookupShape<D>);
};

export const masterLookupAnswer = <D extends MasterDefinition>(def: D) => lookupAnswer(masterLookupRow(def));

const masterId = z.number().int();
const masterName = z.string();
const townRow = {
  town_id: masterId,
  town_name: masterName,
  is_town_city: z.enum(MASTERS.town.fields[1].choices),
  province_id: masterId,
  zip_code: zipCode,
};
const barangayRow = {
  barangay_id: masterId,
  barangay_name: masterName,
  town_id: masterId,
  zip_code: zipCode,
};
const subdivisionRow = {
  subdivision_id: masterId,
  subdivision_name: masterName,
  barangay_id: masterId.nullable(),
  town_id: masterId,
  zip_code: zipCode,
};

/** Rows of the geographic cascade's lookups (the columns of the masters' list rows that they carry). */
export const townLookupRow = z.object(townRow);
export const barangayLookupRow = z.object(barangayRow);
export const subdivisionLookupRow = z.object(subdivisionRow);
export const adjacentTownRow = z.object({ town_id: townRow.town_id, town_name: townRow.town_name });
export const barangayForSubdivisionRow = z.object({
  barangay_id: barangayRow.barangay_id,
  barangay_name: barangayRow.barangay_name,
  zip_code: barangayRow.zip_code,
});
export const adjacentBarangayRow = z.object({
  barangay_id: barangayRow.barangay_id,
  barangay_name: barangayRow.barangay_name,
});
export const adjacentSubdivisionRow = z.object({
  subdivision_id: subdivisionRow.subdivision_id,
  subdivision_name: subdivisionRow.subdivision_name,
});
export const dwellingRow = z.object({ dwelling_type: z.enum(MASTERS.propertyType.fields[1].choices) });
export type AdjacentTownRow = z.output<typeof adjacentTownRow>;
export type AdjacentBarangayRow = z.output<typeof adjacentBarangayRow>;
export type AdjacentSubdivisionRow = z.output<typeof adjacentSubdivisionRow>;
export type DwellingRow = z.output<typeof dwellingRow>;
