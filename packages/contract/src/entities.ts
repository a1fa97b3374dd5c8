import { z } from 'zod';
import {
  email,
  id,
  idList,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  phone,
  requiredId,
  requiredIdList,
  requiredText,
  status,
  zip4,
  zip6,
} from './common.ts';
import { MESSAGES, STATUSES, type Status } from './constants.ts';
import { listPage } from './answers.ts';

/**
 * Agencies, brokers, broker associations and sellers: their save/update requests under the legacy
 * parameter names, shared by the server (validation) and the browser (form rules).
 */

/** The address block of agencies, brokers and associations (the province is `address_province_id`). */
const orgAddress = (opts: { houseRequired: boolean; zip: z.ZodType<string | null, unknown> }) => ({
  unit_number: optionalText(50),
  house_number: opts.houseRequired ? requiredText(100) : optionalText(100),
  street_name: requiredText(200),
  building_name: optionalText(200),
  floor: optionalText(50),
  address_province_id: requiredId,
  town_id: requiredId,
  barangay_id: requiredId,
  subdivision_id: optionalId,
  zip_code: opts.zip,
});

/** Status and its reason; the status is set only when editing (new records are Active). */
const statusFields = {
  status: status.optional(),
  reason_for_inactive: optionalText(500),
};
const reasonWhenInactive = (v: { status?: Status | undefined; reason_for_inactive: string | null }) =>
  v.status !== 'Inactive' || !!v.reason_for_inactive;
const reasonIssue = { message: MESSAGES.reasonRequired, path: ['reason_for_inactive'] };

const operations = {
  specialization_id: idList,
  capability_id: idList,
  province_id: requiredIdList,
};

export const agencyFields = z.looseObject({
  agency_name: requiredText(200),
  owner_name: requiredText(200),
  contact_person: requiredText(200),
  phone_1: phone,
  phone_2: optionalPhone,
  email_address: email,
  email_address_secondary: optionalEmail,
  ...operations,
  ...statusFields,
  ...orgAddress({ houseRequired: true, zip: zip6(true) }),
});
export const saveAgencyRequest = agencyFields.refine(reasonWhenInactive, reasonIssue);
export const updateAgencyRequest = agencyFields
  .extend({ agency_id: id })
  .refine(reasonWhenInactive, reasonIssue);

export const brokerAssociationFields = z.looseObject({
  broker_association_name: requiredText(200),
  contact_person: requiredText(200),
  email_address: email,
  phone_1: phone,
  phone_2: optionalPhone,
  ...operations,
  ...statusFields,
  ...orgAddress({ houseRequired: true, zip: zip6(true) }),
});
export const saveBrokerAssociationRequest = brokerAssociationFields.refine(reasonWhenInactive, reasonIssue);
export const updateBrokerAssociationRequest = brokerAssociationFields
  .extend({ broker_association_id: id })
  .refine(reasonWhenInactive, reasonIssue);

export const brokerFields = z.looseObject({
  broker_name: requiredText(200),
  broker_license_number: requiredText(50),
  email_address: email,
  phone_1: phone,
  phone_2: optionalPhone,
  broker_association_id: requiredIdList,
  notes_about_broker: optionalText(2000),
  ...operations,
  ...statusFields,
  ...orgAddress({ houseRequired: false, zip: zip4(false) }),
});
export const saveBrokerRequest = brokerFields.refine(reasonWhenInactive, reasonIssue);
export const updateBrokerRequest = brokerFields
  .extend({ broker_id: id })
  .refine(reasonWhenInactive, reasonIssue);

/**
 * A seller. `agency_id` is required from those who choose it (Operator, Admin, Super Admin: see
 * `seesAllAgencies`); an Agent's or Owner-Agent's seller belongs to their own agency.
 */
export const sellerFields = z.looseObject({
  seller_name: requiredText(200),
  property_owner_name: optionalText(200),
  phone_1: phone,
  phone_2: optionalPhone,
  email_address: optionalEmail,
  unit_number: optionalText(50),
  house_no: requiredText(100),
  street_name: requiredText(200),
  province_id: requiredId,
  town_id: requiredId,
  barangay_id: requiredId,
  subdivision_id: optionalId,
  zipcode: zip6(true),
  agency_id: optionalId,
  notes_about_seller: optionalText(2000),
});
/** The seller requests. Whether the agency is required depends on who saves: the server checks it. */
export const saveSellerRequest = sellerFields;
export const updateSellerRequest = sellerFields.extend({ seller_id: id });

/*
 * Answers. Text columns are strings (null where the table allows it, though a form requires them),
 * ids integers; an id list is the wire's comma string ('4,7,9' ascending, '' for none).
 */
const int = z.number().int();
const maybeText = z.string().nullable();
const maybeId = int.nullable();
/** A list of ids on the wire: '4,7,9', ascending; '' for none. */
export const commaIds = z.string();
const audit = { created_by: maybeId, updated_by: maybeId };

/**
 * An address under the columns' own names: what the user form's 'same as agency' copies. (Fields in
 * the order the server selects them, so the answer's text is the same as before it was declared.)
 */
export const addressAnswer = z.object({
  unit_number: maybeText,
  street_name: maybeText,
  town_id: maybeId,
  barangay_id: maybeId,
  subdivision_id: maybeId,
  house_number: maybeText,
  building_name: maybeText,
  floor: maybeText,
  zip_code: maybeText,
  province_id: maybeId,
});
/** GetAssociatedAgencyAddressWithoutPagination: resultData is [address]. */
export const agencyAddressAnswer = z.object({ resultData: z.array(addressAnswer) });

/**
 * An agency, broker association or broker as its form loads it: its own fields, the status and its
 * reason, the operating lists and the address (its province is `address_province_id`).
 */
const organisationRecord = <S extends z.ZodRawShape, L extends z.ZodRawShape>(own: S, links: L) =>
  z.object({
    ...own,
    status: z.enum(STATUSES),
    reason_for_inactive: maybeText,
    ...audit,
    ...addressAnswer.omit({ province_id: true }).shape,
    address_province_id: maybeId,
    ...links,
    specialization_id: commaIds,
    capability_id: commaIds,
    province_id: commaIds,
  });
const contactAnswer = { phone_1: z.string(), phone_2: maybeText, email_address: z.string() };
export const agencyRecord = organisationRecord(
  {
    agency_id: int,
    agency_name: z.string(),
    owner_name: z.string(),
    contact_person: z.string(),
    ...contactAnswer,
    email_address_secondary: maybeText,
  },
  {},
);
export const brokerAssociationRecord = organisationRecord(
  {
    broker_association_id: int,
    broker_association_name: z.string(),
    contact_person: z.string(),
    ...contactAnswer,
  },
  {},
);
export const brokerRecord = organisationRecord(
  {
    broker_id: int,
    broker_name: z.string(),
    broker_license_number: z.string(),
    ...contactAnswer,
    notes_about_broker: maybeText,
  },
  { broker_association_id: commaIds },
);

/** A seller in its list: with its agency's name (null without one). */
export const sellerRow = z.object({
  seller_id: int,
  seller_name: z.string(),
  property_owner_name: maybeText,
  agency_id: maybeId,
  agency_name: maybeText,
  phone_1: z.string(),
  email_address: maybeText,
});
export type SellerRow = z.output<typeof sellerRow>;
export const sellerPageAnswer = z.object({ resultData: listPage(sellerRow) });
/** A seller as its form loads it: the row and the rest, the address under `house_no` and `zipcode`. */
export const sellerRecord = sellerRow.extend({
  phone_2: maybeText,
  notes_about_seller: maybeText,
  ...audit,
  ...addressAnswer.pick({
    unit_number: true,
    street_name: true,
    town_id: true,
    barangay_id: true,
    subdivision_id: true,
  }).shape,
  house_no: maybeText,
  province_id: maybeId,
  zipcode: maybeText,
});
export const sellerByIdAnswer = z.object({ resultData: z.array(sellerRecord) });
export const sellerLookupAnswer = z.object({
  resultData: z.array(sellerRow.pick({ seller_id: true, seller_name: true })),
});
