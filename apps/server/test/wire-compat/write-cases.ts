import { sql } from 'kysely';
import { agencyPayload, associationPayload, brokerPayload, sellerPayload } from '../entity-fixtures.ts';
import {
  MESSAGE,
  PASSWORD,
  gallery,
  idBy,
  listingForm,
  oldUserForm,
  png,
  rowReads,
  today,
  w,
  type Case,
  type Row,
} from './harness.ts';

/** A save, update or delete: the request the old client posts, answered with a message. */
const posts = (call: string, body: () => Row | Promise<Row>): Case => ({
  call,
  send: async () => ({ body: await body() }),
  reads: MESSAGE,
});
const me = () => w.superAdmin.userId;
/** Multipart carries text only: the filled fields of a form, as FormData would carry them. */
const filled = (form: Row) => Object.fromEntries(Object.entries(form).filter(([, v]) => v != null));
const NEW_USER = 'lorna.reyes@wire.ph';
const ROLE_NAME = 'WC Role';
const roleId = () => idBy('roles', 'id', 'name', ROLE_NAME);

/**
 * A master as its dialog saves it, its switch or dialog updates it and its delete removes it (spec 2 §7,
 * Master saves): the parameter names of each, and where its record is found by name.
 */
interface Master {
  calls: [save: string, update: string, remove: string];
  table: [table: string, id: string, name: string];
  name: string;
  save(name: string): Row;
  update(id: number, name: string): Row;
  remove(id: number): Row;
}
/** Zoning code, user skills, specialization and capability: Name, Id, and 'Active' or 'InActive'. */
const nameIdMaster = (entity: string, table: Master['table'], name: string): Master => ({
  calls: [`Save${entity}`, `Update${entity}`, `Delete${entity}`],
  table,
  name,
  save: (Name) => ({ Name, created_by: 1 }),
  update: (Id, Name) => ({ Name, Id, isActive: 'InActive', updated_by: me() }),
  remove: (Id) => ({ Id }),
});
const MASTERS: Master[] = [
  {
    calls: ['SaveProvince', 'UpdateProvince', 'DeleteProvince'],
    table: ['provinces', 'province_id', 'province_name'],
    name: 'WC Province Two',
    save: (provinceName) => ({ provinceName, createdBy: me() }),
    update: (provinceId, provinceName) => ({
      provinceId,
      provinceName,
      provinceStatus: 'Inactive',
      updatedBy: me(),
    }),
    remove: (provinceId) => ({ provinceId }),
  },
  {
    calls: ['SaveTown', 'UpdateTown', 'DeleteTown'],
    table: ['towns', 'town_id', 'town_name'],
    name: 'WC Town Two',
    save: (townName) => ({
      townName,
      isTownCity: 'Town',
      provinceId: w.p.province_id,
      adjacentTown: String(w.p.town_id),
      createdBy: 1,
    }),
    update: (townId, townName) => ({
      townId,
      townName,
      isTownCity: 'City',
      provinceId: w.p.province_id,
      status: 'Inactive',
      adjacentTown: null,
      updatedBy: me(),
    }),
    remove: (townId) => ({ townId }),
  },
  {
    calls: ['SaveBarangay', 'UpdateBarangay', 'DeleteBarangay'],
    table: ['barangays', 'barangay_id', 'barangay_name'],
    name: 'WC Barangay Two',
    save: (barangay_name) => ({
      barangay_name,
      town_id: w.p.town_id,
      province_id: w.p.province_id,
      zip_code: '1210',
      adjacent_barangay_id: String(w.p.barangay_id),
      created_by: me(),
    }),
    update: (barangay_id, barangay_name) => ({
      barangay_id,
      barangay_name,
      town_id: w.p.town_id,
      province_id: w.p.province_id,
      zip_code: '1211',
      adjacent_barangay_id: '',
      updated_by: me(),
      barangay_status: 'Inactive',
    }),
    remove: (barangay_id) => ({ barangay_id }),
  },
  {
    calls: ['SaveSubdivision', 'UpdateSubdivision', 'DeleteSubdivision'],
    table: ['subdivisions', 'subdivision_id', 'subdivision_name'],
    name: 'WC Subdivision Two',
    save: (subdivision_name) => ({
      subdivision_name,
      barangay_id: w.p.barangay_id,
      town_id: w.p.town_id,
      province_id: w.p.province_id,
      zip_code: '1209',
      adjacent_subdivision: String(w.p.subdivision_id),
      created_by: me(),
    }),
    update: (subdivision_id, subdivision_name) => ({
      subdivision_id,
      subdivision_name,
      barangay_id: w.p.barangay_id,
      town_id: w.p.town_id,
      province_id: w.p.province_id,
      zip_code: '1209',
      adjacent_subdivision: null,
      subdivision_status: 'Inactive',
      updated_by: me(),
    }),
    remove: (subdivision_id) => ({ subdivision_id }),
  },
  {
    calls: ['SaveProductMode', 'UpdateProductMode', 'DeleteProductMode'],
    table: ['product_modes', 'product_mode_id', 'product_mode'],
    name: 'WC Mode',
    save: (product_mode) => ({ product_mode, created_by: 1 }),
    update: (product_mode_id, product_mode) => ({
      product_mode,
      product_mode_id,
      product_mode_status: 'Inactive',
      updated_by: me(),
    }),
    remove: (product_mode_id) => ({ product_mode_id }),
  },
  {
    calls: ['SavePropertyType', 'UpdatePropertyType', 'DeletePropertyType'],
    table: ['property_types', 'property_type_id', 'property_type'],
    name: 'WC Type',
    save: (property_type) => ({ property_type, dwelling_type: 'Yes', created_by: 1 }),
    update: (property_type_id, property_type) => ({
      property_type,
      property_type_id,
      dwelling_type: 'No',
      property_type_status: 'Inactive',
      updated_by: me(),
    }),
    remove: (property_type_id) => ({ property_type_id }),
  },
  {
    calls: ['SavePropertyClassification', 'UpdatePropertyClassification', 'DeletePropertyClassification'],
    table: ['property_classifications', 'property_classification_id', 'property_classification'],
    name: 'WC Classification',
    save: (property_classification) => ({ property_classification, created_by: 1 }),
    update: (property_classification_id, property_classification) => ({
      property_classification,
      property_classification_id,
      property_classification_status: 'Inactive',
    }),
    remove: (property_classification_id) => ({ property_classification_id }),
  },
  nameIdMaster('ZonningCode', ['zoning_codes', 'zonning_code_id', 'zonning_code'], 'WC Zone'),
  nameIdMaster('UserSkills', ['user_skills', 'user_skills_id', 'user_skills'], 'WC Skill'),
  nameIdMaster('Specialization', ['specializations', 'specialization_id', 'specialization'], 'WC Specialty'),
  nameIdMaster('Capability', ['capabilities', 'capability_id', 'capability_name'], 'WC Capability'),
  {
    // The agri type switch sends 1 or 0.
    calls: ['SaveAgriType', 'UpdateAgriType', 'DeleteAgriType'],
    table: ['agri_types', 'agri_type_id', 'agri_type_name'],
    name: 'WC Agri',
    save: (agri_type_name) => ({ agri_type_name }),
    update: (agri_type_id, agri_type_name) => ({ agri_type_name, agri_type_id, agri_type_status: 0 }),
    remove: (agri_type_id) => ({ agri_type_id }),
  },
  {
    calls: ['SaveProductCategory', 'UpdateProductCategory', 'DeleteProductCategory'],
    table: ['product_categories', 'product_category_id', 'product_category_name'],
    name: 'WC Category',
    save: (product_category_name) => ({ product_category_name, created_by: 1 }),
    update: (product_category_id, product_category_name) => ({
      product_category_name,
      product_category_id,
      product_category_status: 'Inactive',
    }),
    remove: (product_category_id) => ({ product_category_id }),
  },
];
const masterId = (m: Master) => idBy(...m.table, m.name);

/** The calls that create and change records, in an order where each finds what it needs. */
export const WRITE_CASES: Case[] = [
  {
    call: 'UpdateProfile',
    as: () => w.profileUser.token,
    send: () => ({
      form: {
        firstName: 'Profile',
        lastName: 'Owner',
        nickName: 'Pro',
        unitNumber: '3C',
        houseLotNumber: '12',
        streetName: 'Mabini Street',
        propertyBuildingName: 'Wire Court',
        subdivision: w.p.subdivision_id,
        barangay: w.p.barangay_id,
        town: w.p.town_id,
        province: w.p.province_id,
        zipCode: '1209',
        floor: 'Ground',
        selectBirthDay: 3,
        selectBirthMonth: 7,
        userSkills: w.skillIds.join(','),
        phone1: '09175556666',
        openPropertyLimit: 5,
        email: w.profileUser.email,
        user_id: w.profileUser.userId,
        verify_password: PASSWORD,
      },
    }),
    reads: ['message', 'coverImage'],
  },
  {
    call: 'change_password',
    as: () => w.passwordUser.token,
    send: () => ({
      body: {
        current_password: PASSWORD,
        new_password: 'Changed123',
        confirm_password: 'Changed123',
        user_id: w.passwordUser.userId,
      },
    }),
    reads: MESSAGE,
  },
  // The Add User form, multipart as spec 1 §7 sends it (no picture chosen: its text fields only).
  { call: 'SaveUser', send: () => ({ form: filled(oldUserForm(NEW_USER)) }), reads: MESSAGE },
  posts('UpdateUser', async () => ({
    ...oldUserForm(NEW_USER),
    user_id: await idBy('users', 'user_id', 'user_email', NEW_USER),
    nickName: 'Lorie',
    inactiveUser: 'Active',
  })),
  posts('changeUserStatus', () => ({ user_id: w.newUserId, status: 'Active' })),
  {
    call: 'WebVerifyOTP',
    send: () => ({ body: { user_id: w.waitingSuperAdmin.userId, verify_otp: w.waitingSuperAdmin.code } }),
    reads: ['result', 'message'],
    holds: { result: 'success' },
  },

  // Agencies, associations, brokers and sellers: a second of each, saved then edited.
  posts('saveagency', () => ({ ...agencyPayload(w.p, 'WC Agency Two'), created_by: me() })),
  posts('updateagency', async () => ({
    ...agencyPayload(w.p, 'WC Agency Two'),
    agency_id: await idBy('agencies', 'agency_id', 'agency_name', 'WC Agency Two'),
    contact_person: 'Nena Cruz',
    status: 'Active',
    reason_for_inactive: '',
    updated_by: me(),
  })),
  posts('savebrokerassociation', () => ({
    ...associationPayload(w.p, 'WC Association Two'),
    created_by: me(),
  })),
  posts('updatebrokerassociation', async () => ({
    ...associationPayload(w.p, 'WC Association Two'),
    broker_association_id: await idBy(
      'broker_associations',
      'broker_association_id',
      'broker_association_name',
      'WC Association Two',
    ),
    contact_person: 'Nena Cruz',
    created_by: me(),
  })),
  posts('savebroker', () => ({
    ...brokerPayload(w.p, 'WC Broker Two', [w.associationId]),
    created_by: me(),
  })),
  posts('updatebroker', async () => ({
    ...brokerPayload(w.p, 'WC Broker Two', [w.associationId]),
    broker_id: await idBy('brokers', 'broker_id', 'broker_name', 'WC Broker Two'),
    notes_about_broker: 'Now also Cebu.',
    created_by: me(),
  })),
  posts('saveSeller', () => ({ ...sellerPayload(w.p, 'WC Seller Two', w.agencyId), user_id: me() })),
  posts('updateSeller', async () => ({
    ...sellerPayload(w.p, 'WC Seller Two', w.agencyId),
    seller_id: await idBy('sellers', 'seller_id', 'seller_name', 'WC Seller Two'),
    notes_about_seller: 'Prefers calls after 5 pm.',
    user_id: me(),
  })),

  // Listings, media and amenities.
  posts('saveproperty', () => listingForm('WC Listing Two')),
  // The Edit Property form suspends a listing: the whole form, its id, the status and the reason.
  posts('updateproperty', () => ({
    ...listingForm('WC Doomed Listing'),
    id: w.doomedListingId,
    status: 'Suspended',
    suspendedReason: 'Owner withdrew',
    priceRented: null,
    priceSoldFor: null,
    zonalValue: null,
    zonningCode: null,
    active_date: today(),
    domain: 'Personal',
  })),
  {
    call: 'saveimagesupload',
    send: async () => ({
      form: {
        type: 'Image',
        property_id: w.listingId,
        isDefault: 0,
        description: 'Living room',
        created_by: me(),
      },
      file: { name: 'images_video', bytes: await png(), filename: 'living.png' },
    }),
    reads: MESSAGE,
  },
  // The image just uploaded becomes the default (the first one was).
  posts('propertyimagesisDefault', async () => ({
    image_id: (await gallery()).find((r) => r.isDefault === 0 && r.type === 'Image')!.id,
    property_id: w.listingId,
    isDefault: 1,
  })),
  posts('savePropertyMappingAmenities', () => ({
    ammentiesId: w.amenityIds.join(','),
    propertyId: w.listingId,
    created_by: me(),
  })),
  {
    call: 'getSelectedPropertyAmenities',
    send: () => ({ query: { propertyId: String(w.listingId) } }),
    reads: rowReads('amenities_id'),
  },

  // A role and its permissions.
  posts('webSaveRole', () => ({ roleName: ROLE_NAME })),
  {
    call: 'getAssignedUnAssignedPermission',
    send: async () => ({ query: { roleId: String(await roleId()) } }),
    reads: [
      'roleData.data',
      ...rowReads('permission_id permission_name Module is_permission_assigned', 'roleData.data'),
    ],
  },
  {
    // Sent on each toggle and on Save: the full assigned list. 'Record Saved' is the client's own text.
    call: 'webAssignPermissionRoleWise',
    send: async () => ({
      body: {
        roleId: await roleId(),
        permissionId: (
          await sql<{ id: number }>`SELECT id FROM permissions WHERE name IN ('Users', 'Seller')`.execute(
            w.t.db,
          )
        ).rows.map((r) => r.id),
      },
    }),
  },
  posts('webUpdateRole', async () => ({
    roleName: ROLE_NAME,
    roleId: await roleId(),
    isRoleActive: 'Inactive',
  })),
  // Prepared in the old client but not triggered: the status as 1 or 0.
  posts('webUpdateRoles', async () => ({ roleName: ROLE_NAME, roleId: await roleId(), isRoleActive: 1 })),

  // Masters: each saved, then updated as its switch or dialog sends it.
  ...MASTERS.flatMap((m) => [
    posts(m.calls[0], () => m.save(m.name)),
    posts(m.calls[1], async () => m.update(await masterId(m), m.name)),
  ]),
  posts('setNotificationStatus', () => ({ status: 'Inactive', Id: w.notificationIds[0] })),
];

/** The deletes, last: each removes a record made for it (children before parents). */
export const DELETE_CASES: Case[] = [
  posts('deleteNotification', () => ({ Id: w.notificationIds[1] })),
  // The first image is no longer the default: it may go.
  posts('deletepropertyimages', async () => ({
    image_id: (await gallery()).find((r) => r.isDefault === 0 && r.type === 'Image')!.id,
    property_id: w.listingId,
  })),
  posts('deleteproperty', () => ({ property_id: w.doomedListingId })),
  posts('deleteSeller', async () => ({
    seller_id: await idBy('sellers', 'seller_id', 'seller_name', 'WC Seller Two'),
  })),
  posts('deleteUser', () => ({ user_id: w.spareUserId })),
  posts('webDeleteRoles', async () => ({ roleId: await roleId() })),
  ...[...MASTERS].reverse().map((m) => posts(m.calls[2], async () => m.remove(await masterId(m)))),
  // The session ends last.
  { call: 'webLogout', as: () => w.logoutUser.token, send: () => ({}) },
];
