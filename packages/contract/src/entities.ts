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
import { MESSAGES, type Status } from './constants.ts';

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
export type AgencyInput = z.input<typeof agencyFields>;

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
const agencyChosen = (v: { agency_id: number | null }) => v.agency_id !== null;
const agencyIssue = { message: MESSAGES.required, path: ['agency_id'] };
/** The seller request; with `agencyRequired` the agency must be chosen. */
export const saveSellerRequest = (agencyRequired: boolean) =>
  agencyRequired ? sellerFields.refine(agencyChosen, agencyIssue) : sellerFields;
export const updateSellerRequest = (agencyRequired: boolean) =>
  agencyRequired
    ? sellerFields.extend({ seller_id: id }).refine(agencyChosen, agencyIssue)
    : sellerFields.extend({ seller_id: id });
