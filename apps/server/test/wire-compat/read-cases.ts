import { ROLE } from '@app/contract';
import {
  AGENCY_FIELDS,
  ASSOCIATION_FIELDS,
  BROKER_FIELDS,
  MESSAGE,
  PASSWORD,
  SELLER_FIELDS,
  USER_FIELDS,
  pageReads,
  paged,
  rowReads,
  today,
  w,
  type Case,
} from './harness.ts';
import { words } from './spec-calls.ts';

/** A lookup the old client calls with no parameter, and the fields its select reads. */
const lookup = (call: string, fields: string, query: Record<string, string> = {}): Case => ({
  call,
  send: () => ({ query }),
  reads: rowReads(fields),
});
/** A paged list opened as its screen opens it, and the fields its columns read. */
const list = (
  call: string,
  sortColumn: string,
  fields: string,
  extra?: () => Record<string, string>,
): Case => ({
  call,
  send: () => paged(sortColumn, extra?.()),
  reads: pageReads(fields),
});
const me = () => String(w.superAdmin.userId);
const place = () => ({
  townId: String(w.p.town_id),
  provinceId: String(w.p.province_id),
  barangayId: String(w.p.barangay_id),
});

/** The calls that read: sign-in, lookups, records, lists and reports. Nothing here changes a record. */
export const READ_CASES: Case[] = [
  {
    call: 'webValidateLogin',
    as: () => null,
    send: () => ({ body: { email: w.agent.email, password: PASSWORD } }),
    // What the client keeps of the session (spec 1 §3; legacy-api.md, webValidateLogin).
    reads: [
      'result',
      'message',
      'token',
      ...words('user_id first_name last_name full_name user_email profileImage').map((k) => `userData.${k}`),
      ...rowReads('name role_id', 'roleData'),
    ],
    holds: { result: 'success' },
  },
  {
    call: 'webGetLoggedUserDetailsWithRolesPermission',
    send: () => ({ query: {} }),
    reads: ['userPermission'],
  },
  {
    call: 'forget_password',
    as: () => null,
    send: () => ({ body: { forget_email: w.agent.email } }),
    reads: MESSAGE,
  },
  {
    call: 'webGetAccountDetails',
    send: () => ({ query: { user_id: me() } }),
    reads: rowReads(USER_FIELDS),
  },
  {
    call: 'unreadNotifications',
    send: () => ({ query: { user_id: me() } }),
    reads: ['count', ...rowReads('notification_subject notification_status')],
  },

  // Lookups (spec 1 §7 and spec 2 §7), with the parents their screens send.
  lookup('GetProvinceWithoutPagination', 'province_id province_name'),
  {
    call: 'GetTownWithoutPagination',
    send: () => ({ query: { provinceId: place().provinceId } }),
    reads: rowReads('town_id town_name'),
  },
  {
    call: 'GetBarangayWithoutPagination',
    send: () => ({ query: { townId: place().townId } }),
    reads: rowReads('barangay_id barangay_name'),
  },
  {
    call: 'GetSubdivisionWithoutPagination',
    send: () => ({ query: { barangayId: place().barangayId } }),
    reads: rowReads('subdivision_id subdivision_name'),
  },
  {
    call: 'GetAdjacentTownWithoutPagination',
    send: () => ({ query: { provinceId: place().provinceId, townId: place().townId } }),
    reads: rowReads('town_id town_name'),
  },
  {
    call: 'GetBarangayForSubdivisionWithoutPagination',
    send: () => ({ query: { townId: place().townId, provinceId: place().provinceId } }),
    reads: rowReads('barangay_id barangay_name'),
  },
  {
    call: 'GetAdjacentBarangayWithoutPagination',
    send: () => ({ query: place() }),
    reads: rowReads('barangay_id barangay_name'),
  },
  {
    call: 'GetAdjacentSubdivisionWithoutPagination',
    send: () => ({ query: place() }),
    reads: rowReads('subdivision_id subdivision_name'),
  },
  lookup('GetUserSkillWithoutPagination', 'user_skills_id user_skills'),
  lookup('webGetRolesWithoutPagination', 'id name'),
  lookup('GetSpecializationWithoutPagination', 'specialization_id specialization'),
  lookup('GetCapabilityWithoutPagination', 'capability_id capability_name'),
  lookup('GetPropertyClassificationWithoutPagination', 'property_classification_id property_classification'),
  lookup('GetPropertyTypeWithoutPagination', 'property_type_id property_type dwelling_type'),
  lookup('GetProductCategoryWithoutPagination', 'product_category_id product_category_name'),
  lookup('GetAgriTypeWithoutPagination', 'agri_type_id agri_type_name'),
  lookup('GetDwellingWithoutPagination', 'dwelling_type', { typeId: '2' }),
  lookup('GetMasterAmenitiesWithoutPagination', 'id name'),
  lookup('GetAgencyWithoutPagination', 'agency_id agency_name'),
  lookup('GetBrokerWithoutPagination', 'broker_id broker_name'),
  lookup('GetBrokerAssociationWithoutPagination', 'broker_association_id broker_association_name'),
  lookup('allagents', 'user_id full_name'),
  {
    call: 'GetAssociatedAgencyAddressWithoutPagination',
    send: () => ({ query: { associated_agency_id: String(w.agencyId) } }),
    reads: rowReads('street_name province_id town_id barangay_id'),
  },
  {
    call: 'GetSellerWithoutPagination',
    send: () => ({ query: { user_id: me() } }),
    reads: rowReads('seller_id seller_name'),
  },
  {
    call: 'GetAssociatedAgencyAgents',
    send: () => ({ query: { user_id: me() } }),
    reads: rowReads('full_name'),
  },

  // Records the forms load by id (resultData[0]).
  {
    call: 'GetAgencyById',
    send: () => ({ query: { agency_id: String(w.agencyId) } }),
    reads: rowReads(AGENCY_FIELDS),
  },
  {
    call: 'getBrokerAssociationById',
    send: () => ({ query: { broker_association_id: String(w.associationId) } }),
    reads: rowReads(ASSOCIATION_FIELDS),
  },
  {
    call: 'getBrokerById',
    send: () => ({ query: { broker_id: String(w.brokerId) } }),
    reads: rowReads(BROKER_FIELDS),
  },
  {
    call: 'getSellerById',
    send: () => ({ query: { seller_id: String(w.sellerId) } }),
    reads: rowReads(SELLER_FIELDS),
  },
  {
    call: 'showallimagesvideo',
    send: () => ({ query: { property_id: String(w.listingId) } }),
    reads: rowReads('id property_id type images_video description isDefault', 'resultdata'),
  },

  // Paged lists, sorted as their screens sort by default (spec 2 §7; legacy-api.md for the mixed case).
  {
    call: 'GetUser',
    send: () => paged('full_name', { loggedInUserID: me() }),
    reads: pageReads(USER_FIELDS),
  },
  {
    call: 'GetNewUser',
    send: () => paged('full_name', { endPoint: 'GetNewUser', loggedInUserID: me() }),
    reads: pageReads(USER_FIELDS),
  },
  // The list's own columns (spec 1 §2): the seller form loads the record by id (legacy-api.md).
  list(
    'GetSeller',
    'seller_name',
    'seller_id seller_name property_owner_name agency_name phone_1 email_address',
    () => ({
      user_id: me(),
    }),
  ),
  list('getagency', 'agency_name', 'agency_id agency_name owner_name contact_person phone_1 email_address'),
  list('getbroker', 'broker_name', 'broker_id broker_name email_address phone_1 broker_license_number'),
  list(
    'getbrokerassociation',
    'broker_association_name',
    'broker_association_id broker_association_name contact_person email_address phone_1 broker_association_status',
  ),
  { call: 'webGetRoles', send: () => paged('name'), reads: pageReads('id name is_role_active', 'roleData') },
  list('GetProvince', 'province_name', 'province_id province_name province_status'),
  list(
    'GetTown',
    'town_name',
    'town_id town_name is_town_city province_id province_name adjacent_town_id adjacent_town town_status',
  ),
  list(
    'GetBarangay',
    'barangay_name',
    `barangay_id barangay_name town_id town_name province_id province_name zip_code adjacent_barangay_id
      adjacent_barangay barangay_status`,
  ),
  list(
    'GetSubdivision',
    'subdivision_name',
    `subdivision_id subdivision_name barangay_id barangay_name town_id town_name province_id province_name
      zip_code adjacent_subdivision_id subdivision_status`,
  ),
  list('GetProductMode', 'product_mode', 'product_mode_id product_mode product_mode_status'),
  list(
    'GetPropertyType',
    'property_type',
    'property_type_id property_type dwelling_type property_type_status',
  ),
  list('GetCapability', 'Capability_name', 'capability_id capability_name capability_status'),
  list('GetAgriType', 'agri_type_name', 'agri_type_id agri_type_name agri_type_status'),
  list(
    'GetPropertyClassification',
    'property_classification',
    'property_classification_id property_classification property_classification_status',
  ),
  list('GetZonningCode', 'zonning_code', 'zonning_code_id zonning_code zonning_code_status'),
  list('GetSpecialization', 'specialization', 'specialization_id specialization specialization_status'),
  list('GetUserSkills', 'user_skills', 'user_skills_id user_skills user_skills_status'),
  list('GetProductCategory', 'product_category_name', 'product_category_id product_category_name'),
  {
    // The old notification list sends `page` twice (legacy-api.md, observed).
    call: 'getNotification',
    send: () => ({
      query: `${new URLSearchParams(paged('created_at', { user_id: me() }).query)}&page=1`,
    }),
    reads: pageReads(`notification_id notification_type notification_type_icon notification_subject
      notification_status created_at`),
  },
  {
    // The province dialog checks the name while it is typed; the screen reads only the status (spec 2 §5).
    call: 'provinceExist',
    send: () => ({ body: { provinceName: 'Province WC' } }),
    reads: ['status'],
    holds: { status: 'exist' },
  },
  {
    call: 'allproperty',
    send: () => ({ query: { searchText: '', user_id: me(), product_category_id: '3' } }),
    reads: pageReads(`id property_name property_headline property_description slug status agent_name
      no_bedrooms no_toilets select_floor_level seller_id product_category_id`),
  },

  // Reports, with the filters their screens send.
  list(
    'getOpenPendingPropertyReport',
    'broker_association_id',
    'seller_name agent_name broker_associated property_name months pending broker_association_id status',
  ),
  list(
    'getSoldRentReport',
    'date_sold',
    'seller_name date_sold street_name property_building_name broker_associated status',
    () => ({ date_sold_from_date: today(), date_sold_to_date: today() }),
  ),
  list('getSellerReports', 'seller_name', 'seller_name phone_1 phone_2 email_address'),
  list('getIndividualsReport', 'full_name', 'full_name phone_1 user_email user_status totalProperties'),
  list('GetUserAgents', 'user_id', 'user_id full_name primary_phone user_email'),
  list(
    'GetBrokerAssociations',
    'broker_association_id',
    'broker_association_name email_address phone_1 contact_person',
  ),
  list(
    'GetAgentsBasedAgency',
    'agency_id',
    'agency_id agency_name owner_name contact_person AgentName agency_email_address agent_email phone_1',
  ),
  list('GetAgencies', 'agency_id', 'agency_name owner_name contact_person phone_1 email_address'),
  list('GetBrokers', 'broker_id', 'broker_id broker_name email_address phone_1 broker_license_number'),
  list('GetUserReport', 'user_id', 'user_id full_name role_name primary_phone secondary_phone user_email'),
  list('GetUserToActivated', 'user_id', 'full_name role_name primary_phone secondary_phone user_email'),
  list(
    'getBrokerLinkedAssociationReport',
    'broker_name',
    'broker_name broker_license_number associations phone_1 phone_2 email_address',
    () => ({ itemsPerPage: '15' }),
  ),
  list(
    'getListOfAttachments',
    'property_name',
    'seller_name agent_name property_name type images_video image_video_id',
    () => ({ attachment_type: 'Image' }),
  ),
  list(
    'getPropertyBrokerReport',
    'seller_name',
    'seller_name agent_name broker_associated property_name status',
  ),
  list('getCountOfPropertiesReport', 'date_sold', 'role_type full_name user_status totalProperties', () => ({
    user_id: me(),
    user_type: String(ROLE.SuperAdmin),
  })),
  list(
    'getPropertyTrackingReport',
    'date_first_added',
    `property_name date_first_added date_last_modified date_last_status_change date_suspended user_type
      date_modified_operator operator_name`,
    () => ({ from_date: today(), to_date: today() }),
  ),
];
