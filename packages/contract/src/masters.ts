import { z } from 'zod';
import { id, idList, listQuery, noInput, requiredText, status } from './common.ts';
import { MESSAGES } from './constants.ts';
import { listPage, messageAnswer } from './answers.ts';
import { declareCalls, type ApiCall } from './calls.ts';
import type { Permission } from './permissions.ts';

/**
 * The fourteen master lists, each declared once. Server (table, calls, integrity) and browser
 * (screen, dialog, validation) are both generated from these definitions.
 *
 * `param` is the request parameter of the legacy save/update calls; `column` is the field in list
 * rows, which is also the database column (or, for references, the id column).
 */
export type MasterFieldInput = 'text' | 'zip' | 'choice' | 'province' | 'town' | 'barangay' | 'adjacent';

export interface MasterField {
  param: string;
  column: string;
  label: string;
  input: MasterFieldInput;
  required: boolean;
  choices?: readonly string[];
  maxLength?: number;
}

export interface MasterColumn {
  field: string;
  header: string;
  sortable?: boolean;
}

export interface MasterDefinition {
  key: string;
  /** Singular, as in 'Add New {entity}'. */
  entity: string;
  table: string;
  idColumn: string;
  nameColumn: string;
  statusColumn: string;
  calls: { list: string; lookup: string; save: string; update: string; delete: string };
  /** Parameter names of the id (update), the status (update) and the id (delete). */
  params: { id: string; status: string; deleteId: string };
  /** The name field comes first. */
  fields: readonly MasterField[];
  /** Names are unique within this parent column (case-insensitively); none: unique in the table. */
  uniqueWithin?: 'province_id' | 'town_id' | 'barangay_id';
  /** Adjacency kept as link rows: the other records of the same master that border this one. */
  adjacency?: { param: string; idsColumn: string; namesColumn: string; label: string };
  columns: readonly MasterColumn[];
  /** Sortable columns; the first is the default sort. */
  sortColumns: readonly [string, ...string[]];
  exportTitle: string;
  menuPermission: Permission;
  /** Screens of these permissions load the paged list too (a report's filter). */
  alsoFor?: readonly Permission[];
  route: string;
  dialogWidth: 400 | 600;
}

const nameField = (param: string, column: string, label = 'Name'): MasterField => ({
  param,
  column,
  label,
  input: 'text',
  required: true,
  maxLength: 120,
});

/** A master with a name and a status only; its columns and call names keep their literal types. */
const simple = <
  const Columns extends { id: string; name: string; status: string },
  const Calls extends MasterDefinition['calls'],
>(
  key: string,
  entity: string,
  table: string,
  columns: Columns,
  calls: Calls,
  params: MasterDefinition['params'] & { name: string },
  extra: Partial<Omit<MasterDefinition, 'calls' | 'idColumn' | 'nameColumn' | 'statusColumn'>> &
    Pick<MasterDefinition, 'exportTitle' | 'menuPermission' | 'route'>,
): MasterDefinition & {
  idColumn: Columns['id'];
  nameColumn: Columns['name'];
  statusColumn: Columns['status'];
  calls: Calls;
} => ({
  key,
  entity,
  table,
  idColumn: columns.id,
  nameColumn: columns.name,
  statusColumn: columns.status,
  calls,
  params,
  fields: [nameField(params.name, columns.name, extra.columns?.[0]?.header ?? 'Name')],
  columns: [
    { field: columns.name, header: 'Name' },
    { field: columns.status, header: 'Status' },
  ],
  sortColumns: [columns.name, columns.id, columns.status],
  dialogWidth: 400,
  ...extra,
});

const nameIdActive = { status: 'isActive', deleteId: 'Id', id: 'Id', name: 'Name' };

export const MASTERS = {
  province: {
    key: 'province',
    entity: 'Province',
    table: 'provinces',
    idColumn: 'province_id',
    nameColumn: 'province_name',
    statusColumn: 'province_status',
    calls: {
      list: 'GetProvince',
      lookup: 'GetProvinceWithoutPagination',
      save: 'SaveProvince',
      update: 'UpdateProvince',
      delete: 'DeleteProvince',
    },
    params: { id: 'provinceId', status: 'provinceStatus', deleteId: 'provinceId' },
    fields: [nameField('provinceName', 'province_name')],
    columns: [
      { field: 'province_name', header: 'Name' },
      { field: 'province_status', header: 'Status' },
    ],
    sortColumns: ['province_name', 'province_id', 'province_status'],
    exportTitle: 'Province',
    menuPermission: 'Province Menu',
    route: 'master/province/province-master',
    dialogWidth: 400,
  },
  town: {
    key: 'town',
    entity: 'Town',
    table: 'towns',
    idColumn: 'town_id',
    nameColumn: 'town_name',
    statusColumn: 'town_status',
    calls: {
      list: 'GetTown',
      lookup: 'GetTownWithoutPagination',
      save: 'SaveTown',
      update: 'UpdateTown',
      delete: 'DeleteTown',
    },
    params: { id: 'townId', status: 'status', deleteId: 'townId' },
    fields: [
      nameField('townName', 'town_name'),
      {
        param: 'isTownCity',
        column: 'is_town_city',
        label: 'City/Town',
        input: 'choice',
        required: true,
        choices: ['City', 'Town'],
      },
      { param: 'provinceId', column: 'province_id', label: 'Province', input: 'province', required: true },
    ],
    uniqueWithin: 'province_id',
    adjacency: {
      param: 'adjacentTown',
      idsColumn: 'adjacent_town_id',
      namesColumn: 'adjacent_town',
      label: 'Adjacent Town',
    },
    columns: [
      { field: 'town_name', header: 'Name' },
      { field: 'is_town_city', header: 'Town/City' },
      { field: 'province_name', header: 'Province' },
      { field: 'adjacent_town', header: 'Adjacent Town', sortable: false },
      { field: 'town_status', header: 'Status' },
    ],
    sortColumns: ['town_name', 'town_id', 'is_town_city', 'province_name', 'town_status'],
    exportTitle: 'TownMaster',
    menuPermission: 'Town Menu',
    route: 'master/town/town-master',
    dialogWidth: 400,
  },
  barangay: {
    key: 'barangay',
    entity: 'Barangay',
    table: 'barangays',
    idColumn: 'barangay_id',
    nameColumn: 'barangay_name',
    statusColumn: 'barangay_status',
    calls: {
      list: 'GetBarangay',
      lookup: 'GetBarangayWithoutPagination',
      save: 'SaveBarangay',
      update: 'UpdateBarangay',
      delete: 'DeleteBarangay',
    },
    params: { id: 'barangay_id', status: 'barangay_status', deleteId: 'barangay_id' },
    fields: [
      nameField('barangay_name', 'barangay_name'),
      { param: 'province_id', column: 'province_id', label: 'Province', input: 'province', required: true },
      { param: 'town_id', column: 'town_id', label: 'Town', input: 'town', required: true },
      {
        param: 'zip_code',
        column: 'zip_code',
        label: 'Zip Code',
        input: 'zip',
        required: true,
        maxLength: 6,
      },
    ],
    uniqueWithin: 'town_id',
    adjacency: {
      param: 'adjacent_barangay_id',
      idsColumn: 'adjacent_barangay_id',
      namesColumn: 'adjacent_barangay',
      label: 'Adjacent Barangays',
    },
    columns: [
      { field: 'barangay_name', header: 'Name' },
      { field: 'town_name', header: 'Town' },
      { field: 'province_name', header: 'Province' },
      { field: 'zip_code', header: 'Zip Code' },
      { field: 'adjacent_barangay', header: 'Adjacent Barangays', sortable: false },
      { field: 'barangay_status', header: 'Status' },
    ],
    sortColumns: [
      'barangay_name',
      'barangay_id',
      'town_name',
      'province_name',
      'zip_code',
      'barangay_status',
    ],
    exportTitle: 'Barangay',
    menuPermission: 'Barangay Menu',
    route: 'master/barangay/barangay-master',
    dialogWidth: 400,
  },
  subdivision: {
    key: 'subdivision',
    entity: 'Subdivision',
    table: 'subdivisions',
    idColumn: 'subdivision_id',
    nameColumn: 'subdivision_name',
    statusColumn: 'subdivision_status',
    calls: {
      list: 'GetSubdivision',
      lookup: 'GetSubdivisionWithoutPagination',
      save: 'SaveSubdivision',
      update: 'UpdateSubdivision',
      delete: 'DeleteSubdivision',
    },
    params: { id: 'subdivision_id', status: 'subdivision_status', deleteId: 'subdivision_id' },
    fields: [
      nameField('subdivision_name', 'subdivision_name'),
      { param: 'province_id', column: 'province_id', label: 'Province', input: 'province', required: true },
      { param: 'town_id', column: 'town_id', label: 'Town', input: 'town', required: true },
      { param: 'barangay_id', column: 'barangay_id', label: 'Barangay', input: 'barangay', required: false },
      {
        param: 'zip_code',
        column: 'zip_code',
        label: 'Zip Code',
        input: 'zip',
        required: false,
        maxLength: 6,
      },
    ],
    uniqueWithin: 'town_id',
    adjacency: {
      param: 'adjacent_subdivision',
      idsColumn: 'adjacent_subdivision_id',
      namesColumn: 'adjacent_subdivision',
      label: 'Adjacent Subdivisions',
    },
    columns: [
      { field: 'subdivision_name', header: 'Name' },
      { field: 'barangay_name', header: 'Barangay' },
      { field: 'town_name', header: 'Town' },
      { field: 'province_name', header: 'Province' },
      { field: 'zip_code', header: 'Zip' },
      { field: 'subdivision_status', header: 'Status' },
    ],
    sortColumns: [
      'subdivision_name',
      'subdivision_id',
      'barangay_name',
      'town_name',
      'province_name',
      'zip_code',
      'subdivision_status',
    ],
    exportTitle: 'Subdivision',
    menuPermission: 'Subdivision Menu',
    route: 'master/subdivision/subdivision-master',
    dialogWidth: 600,
  },
  capability: simple(
    'capability',
    'Capability',
    'capabilities',
    { id: 'capability_id', name: 'capability_name', status: 'capability_status' },
    {
      list: 'GetCapability',
      lookup: 'GetCapabilityWithoutPagination',
      save: 'SaveCapability',
      update: 'UpdateCapability',
      delete: 'DeleteCapability',
    },
    nameIdActive,
    {
      exportTitle: 'Capability',
      menuPermission: 'Capability Menu',
      route: 'master/capability/capability-master',
    },
  ),
  productCategory: simple(
    'productCategory',
    'Product Category',
    'product_categories',
    { id: 'product_category_id', name: 'product_category_name', status: 'product_category_status' },
    {
      list: 'GetProductCategory',
      lookup: 'GetProductCategoryWithoutPagination',
      save: 'SaveProductCategory',
      update: 'UpdateProductCategory',
      delete: 'DeleteProductCategory',
    },
    {
      id: 'product_category_id',
      status: 'product_category_status',
      deleteId: 'product_category_id',
      name: 'product_category_name',
    },
    {
      exportTitle: 'ProductCategory',
      menuPermission: 'Category Menu',
      route: 'master/category/category-master',
    },
  ),
  productMode: simple(
    'productMode',
    'Product Mode',
    'product_modes',
    { id: 'product_mode_id', name: 'product_mode', status: 'product_mode_status' },
    {
      list: 'GetProductMode',
      lookup: 'GetProductModeWithoutPagination',
      save: 'SaveProductMode',
      update: 'UpdateProductMode',
      delete: 'DeleteProductMode',
    },
    {
      id: 'product_mode_id',
      status: 'product_mode_status',
      deleteId: 'product_mode_id',
      name: 'product_mode',
    },
    {
      exportTitle: 'ProductMode',
      menuPermission: 'Product Mode Menu',
      route: 'master/productMode/productMode-master',
      columns: [
        { field: 'product_mode', header: 'Product Mode' },
        { field: 'product_mode_status', header: 'Status' },
      ],
    },
  ),
  propertyType: {
    ...simple(
      'propertyType',
      'Property Type',
      'property_types',
      { id: 'property_type_id', name: 'property_type', status: 'property_type_status' },
      {
        list: 'GetPropertyType',
        lookup: 'GetPropertyTypeWithoutPagination',
        save: 'SavePropertyType',
        update: 'UpdatePropertyType',
        delete: 'DeletePropertyType',
      },
      {
        id: 'property_type_id',
        status: 'property_type_status',
        deleteId: 'property_type_id',
        name: 'property_type',
      },
      {
        exportTitle: 'PropertyType',
        menuPermission: 'Property Type Menu',
        route: 'master/propertyType/propertyType-master',
      },
    ),
    fields: [
      nameField('property_type', 'property_type'),
      {
        param: 'dwelling_type',
        column: 'dwelling_type',
        label: 'Select Dwelling',
        input: 'choice',
        required: true,
        choices: ['Yes', 'No'],
      },
    ],
    columns: [
      { field: 'property_type', header: 'Name' },
      { field: 'dwelling_type', header: 'Dwelling' },
      { field: 'property_type_status', header: 'Status' },
    ],
    sortColumns: ['property_type', 'property_type_id', 'dwelling_type', 'property_type_status'],
  },
  agriType: simple(
    'agriType',
    'Agri Type',
    'agri_types',
    { id: 'agri_type_id', name: 'agri_type_name', status: 'agri_type_status' },
    {
      list: 'GetAgriType',
      lookup: 'GetAgriTypeWithoutPagination',
      save: 'SaveAgriType',
      update: 'UpdateAgriType',
      delete: 'DeleteAgriType',
    },
    { id: 'agri_type_id', status: 'agri_type_status', deleteId: 'agri_type_id', name: 'agri_type_name' },
    { exportTitle: 'AgriType', menuPermission: 'Agri Type Menu', route: 'master/agriType/agriType-master' },
  ),
  propertyClassification: simple(
    'propertyClassification',
    'Property Classification',
    'property_classifications',
    {
      id: 'property_classification_id',
      name: 'property_classification',
      status: 'property_classification_status',
    },
    {
      list: 'GetPropertyClassification',
      lookup: 'GetPropertyClassificationWithoutPagination',
      save: 'SavePropertyClassification',
      update: 'UpdatePropertyClassification',
      delete: 'DeletePropertyClassification',
    },
    {
      id: 'property_classification_id',
      status: 'property_classification_status',
      deleteId: 'property_classification_id',
      name: 'property_classification',
    },
    {
      exportTitle: 'PropertyClassification',
      menuPermission: 'Property Classification Menu',
      route: 'master/propertyClassification/propertyClassification-master',
      columns: [
        { field: 'property_classification', header: 'Classification' },
        { field: 'property_classification_status', header: 'Status' },
      ],
    },
  ),
  zoningCode: simple(
    'zoningCode',
    'Zoning Code',
    'zoning_codes',
    { id: 'zonning_code_id', name: 'zonning_code', status: 'zonning_code_status' },
    {
      list: 'GetZonningCode',
      lookup: 'GetZonningCodeWithoutPagination',
      save: 'SaveZonningCode',
      update: 'UpdateZonningCode',
      delete: 'DeleteZonningCode',
    },
    nameIdActive,
    {
      exportTitle: 'ZonningCode',
      menuPermission: 'Zoning Code Menu',
      route: 'master/zonningCode/zonningCode-master',
    },
  ),
  specialization: simple(
    'specialization',
    'Specialization',
    'specializations',
    { id: 'specialization_id', name: 'specialization', status: 'specialization_status' },
    {
      list: 'GetSpecialization',
      lookup: 'GetSpecializationWithoutPagination',
      save: 'SaveSpecialization',
      update: 'UpdateSpecialization',
      delete: 'DeleteSpecialization',
    },
    nameIdActive,
    {
      exportTitle: 'Specialization',
      menuPermission: 'Specialization Menu',
      route: 'master/specialization/specialization-master',
    },
  ),
  userSkills: simple(
    'userSkills',
    'User Skills',
    'user_skills',
    { id: 'user_skills_id', name: 'user_skills', status: 'user_skills_status' },
    {
      list: 'GetUserSkills',
      lookup: 'GetUserSkillWithoutPagination',
      save: 'SaveUserSkills',
      update: 'UpdateUserSkills',
      delete: 'DeleteUserSkills',
    },
    nameIdActive,
    {
      exportTitle: 'UserSkills',
      menuPermission: 'User Skills Menu',
      // The Skill Based User report's filter loads the paged list in the old client.
      alsoFor: ['Skill Based User Reports'],
      route: 'master/userSkills/userSkills-master',
    },
  ),
  amenity: simple(
    'amenity',
    'Amenity',
    'amenities',
    { id: 'id', name: 'name', status: 'amenity_status' },
    {
      list: 'GetMasterAmenities',
      lookup: 'GetMasterAmenitiesWithoutPagination',
      save: 'SaveMasterAmenity',
      update: 'UpdateMasterAmenity',
      delete: 'DeleteMasterAmenity',
    },
    { id: 'id', status: 'status', deleteId: 'id', name: 'name' },
    // Not in the legacy menu: it is managed under the Property Type permission set.
    {
      exportTitle: 'Amenities',
      menuPermission: 'Property Type Menu',
      route: 'master/amenity/amenity-master',
    },
  ),
} as const satisfies Record<string, MasterDefinition>;

export type MasterKey = keyof typeof MASTERS;
export const MASTER_LIST: readonly MasterDefinition[] = Object.values(MASTERS);

const zip = (required: boolean) => {
  const digits = z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, 'Zip code must be digits, at most 6');
  return required
    ? z.union([z.string(), z.number()]).transform(String).pipe(digits.min(1, MESSAGES.required))
    : z
        .union([z.string(), z.number(), z.null()])
        .optional()
        .transform((v) => (v === null || v === undefined ? '' : String(v)))
        .pipe(digits);
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
      return f.required
        ? z.coerce.number({ error: MESSAGES.required }).int().positive(MESSAGES.required)
        : z
            .union([z.coerce.number().int().nonnegative(), z.literal(''), z.null()])
            .optional()
            .transform((v) => (v ? Number(v) : null));
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
 * province...), and its adjacency as the legacy comma strings ('4,9' and 'East, North').
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

const lookupAnswer = <R extends z.ZodType>(row: R) => z.object({ resultData: z.array(row) });

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

/** The optional parent id of a cascade lookup: blank or absent means none (the old screens send both). */
const lookupParentId = z
  .union([z.coerce.number().int().positive().max(2_147_483_647, 'Too large'), z.literal('')])
  .optional()
  .transform((v) => (v ? v : undefined));

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

/** The geographic cascade's lookups, and the dwelling question of a property type. */
export const geographyLookupAnswers = {
  GetTownWithoutPagination: lookupAnswer(townLookupRow),
  GetBarangayWithoutPagination: lookupAnswer(barangayLookupRow),
  GetSubdivisionWithoutPagination: lookupAnswer(subdivisionLookupRow),
  GetAdjacentTownWithoutPagination: lookupAnswer(adjacentTownRow),
  GetBarangayForSubdivisionWithoutPagination: lookupAnswer(barangayForSubdivisionRow),
  GetAdjacentBarangayWithoutPagination: lookupAnswer(adjacentBarangayRow),
  GetAdjacentSubdivisionWithoutPagination: lookupAnswer(adjacentSubdivisionRow),
  GetDwellingWithoutPagination: lookupAnswer(dwellingRow),
} as const;

export const provinceExistAnswer = z.object({ status: z.enum(['exist', 'notexist']) });

const answers = geographyLookupAnswers;
/**
 * The cascade's lookups (each answers the active records under the parent it is given) and the
 * province name check. Three of them are also the town, barangay and subdivision masters' lookups.
 */
export const geographyApi = declareCalls({
  GetTownWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ provinceId: lookupParentId }),
    response: answers.GetTownWithoutPagination,
  },
  GetBarangayWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetBarangayWithoutPagination,
  },
  GetSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ barangayId: lookupParentId, townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetSubdivisionWithoutPagination,
  },
  GetAdjacentTownWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ provinceId: lookupParentId, townId: lookupParentId }),
    response: answers.GetAdjacentTownWithoutPagination,
  },
  GetBarangayForSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetBarangayForSubdivisionWithoutPagination,
  },
  GetAdjacentBarangayWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId, barangayId: lookupParentId }),
    response: answers.GetAdjacentBarangayWithoutPagination,
  },
  GetAdjacentSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId, barangayId: lookupParentId }),
    response: answers.GetAdjacentSubdivisionWithoutPagination,
  },
  GetDwellingWithoutPagination: {
    method: 'GET',
    input: z.looseObject({
      typeId: z.coerce.number().int().positive('typeId is required').max(2_147_483_647, 'Too large'),
    }),
    response: answers.GetDwellingWithoutPagination,
  },
  provinceExist: {
    method: 'POST',
    input: z.looseObject({ provinceName: requiredText(120) }),
    response: provinceExistAnswer,
  },
});
type GeographyApi = typeof geographyApi;

/* The five calls of every master, declared once from its definition. */

const declared = <
  const N extends string,
  const M extends 'GET' | 'POST',
  I extends z.ZodType,
  R extends z.ZodType,
>(
  name: N,
  method: M,
  input: I,
  response: R,
): ApiCall<N, M, I, R> => ({ name, method, input, response });

/** Some master's lookup, when which one is not known (a screen of any master). */
type AnyMasterLookupCall = ApiCall<
  string,
  'GET',
  z.ZodType,
  z.ZodType<{ resultData: Record<string, unknown>[] }>
>;
/** A master's lookup: the cascade's own for a town, barangay or subdivision, else its id and name. */
type MasterLookupCall<D extends MasterDefinition> = string extends D['calls']['lookup']
  ? AnyMasterLookupCall
  : D['calls']['lookup'] extends keyof GeographyApi
    ? GeographyApi[D['calls']['lookup']]
    : ApiCall<D['calls']['lookup'], 'GET', typeof noInput, ReturnType<typeof masterLookupAnswer<D>>>;

/** The declarations of a master's calls: list, lookup, save, update and delete. */
export interface MasterCalls<D extends MasterDefinition = MasterDefinition> {
  list: ApiCall<
    D['calls']['list'],
    'GET',
    ReturnType<typeof listQuery<D['sortColumns']>>,
    ReturnType<typeof masterPageAnswer>
  >;
  lookup: MasterLookupCall<D>;
  save: ApiCall<D['calls']['save'], 'POST', ReturnType<typeof masterSaveSchema>, typeof messageAnswer>;
  update: ApiCall<D['calls']['update'], 'POST', ReturnType<typeof masterUpdateSchema>, typeof messageAnswer>;
  delete: ApiCall<D['calls']['delete'], 'POST', ReturnType<typeof masterDeleteSchema>, typeof messageAnswer>;
}
export type MasterCallKind = keyof MasterCalls;

/** The masters whose lookup is the cascade's. */
const cascadeLookups: Partial<Record<string, AnyMasterLookupCall>> = {
  GetTownWithoutPagination: geographyApi.GetTownWithoutPagination,
  GetBarangayWithoutPagination: geographyApi.GetBarangayWithoutPagination,
  GetSubdivisionWithoutPagination: geographyApi.GetSubdivisionWithoutPagination,
};
const declareMaster = (def: MasterDefinition): MasterCalls => ({
  list: declared(def.calls.list, 'GET', listQuery(def.sortColumns), masterPageAnswer(def)),
  lookup:
    cascadeLookups[def.calls.lookup] ?? declared(def.calls.lookup, 'GET', noInput, masterLookupAnswer(def)),
  save: declared(def.calls.save, 'POST', masterSaveSchema(def), messageAnswer),
  update: declared(def.calls.update, 'POST', masterUpdateSchema(def), messageAnswer),
  delete: declared(def.calls.delete, 'POST', masterDeleteSchema(def), messageAnswer),
});
const MASTER_CALLS = new Map(MASTER_LIST.map((def) => [def.key, declareMaster(def)]));

/**
 * The declarations of a master's five calls, built once: the server registers them and the web app
 * makes them, so both hold the same objects. `masterCalls(MASTERS.userSkills).list` is GetUserSkills.
 */
export function masterCalls<D extends MasterDefinition>(def: D): MasterCalls<D>;
export function masterCalls(def: MasterDefinition): MasterCalls {
  const calls = MASTER_CALLS.get(def.key);
  if (!calls) throw new Error(`${def.key} is not a master of MASTERS`);
  return calls;
}

/** The geography lookups, the province master's and the cascade's: a master save reloads them. */
export const GEOGRAPHY_LOOKUPS = [
  masterCalls(MASTERS.province).lookup,
  geographyApi.GetTownWithoutPagination,
  geographyApi.GetBarangayWithoutPagination,
  geographyApi.GetSubdivisionWithoutPagination,
  geographyApi.GetAdjacentTownWithoutPagination,
  geographyApi.GetBarangayForSubdivisionWithoutPagination,
  geographyApi.GetAdjacentBarangayWithoutPagination,
  geographyApi.GetAdjacentSubdivisionWithoutPagination,
] as const;

type AnyMasterCall = { [K in MasterKey]: MasterCalls<(typeof MASTERS)[K]>[MasterCallKind] }[MasterKey];
/** Every master call and cascade lookup by its wire name. */
export type MasterApi = { readonly [C in AnyMasterCall as C['name']]: C } & GeographyApi;

export const masterApi = {
  ...Object.fromEntries(
    [...MASTER_CALLS.values()].flatMap((calls) => Object.values(calls).map((c) => [c.name, c])),
  ),
  ...geographyApi,
} as MasterApi;
