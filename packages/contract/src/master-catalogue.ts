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
  /**
   * Adjacency kept as link rows: the other records of the same master that border this one, all under
   * the same parent (`within`: a town's province, a barangay's or subdivision's town), as the lookups
   * offer them.
   */
  adjacency?: {
    param: string;
    idsColumn: string;
    namesColumn: string;
    /** The same records as id, name and status each, in the names' order (the edit form's chips). */
    chosenColumn: string;
    label: string;
    within: 'province_id' | 'town_id';
  };
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
  const Key extends string,
  const Columns extends { id: string; name: string; status: string },
  const Calls extends MasterDefinition['calls'],
>(
  key: Key,
  entity: string,
  table: string,
  columns: Columns,
  calls: Calls,
  params: MasterDefinition['params'] & { name: string },
  extra: Partial<Omit<MasterDefinition, 'key' | 'calls' | 'idColumn' | 'nameColumn' | 'statusColumn'>> &
    Pick<MasterDefinition, 'exportTitle' | 'menuPermission' | 'route'>,
): MasterDefinition & {
  key: Key;
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
      chosenColumn: 'adjacent_towns',
      label: 'Adjacent Town',
      within: 'province_id',
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
      chosenColumn: 'adjacent_barangays',
      label: 'Adjacent Barangays',
      within: 'town_id',
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
      chosenColumn: 'adjacent_subdivisions',
      label: 'Adjacent Subdivisions',
      within: 'town_id',
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
