import { z } from 'zod';
import {
  email,
  id,
  idList,
  listQuery,
  lookupQuery,
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
import { listPage, messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';

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

/*
 * The calls. Agencies, broker associations and brokers have the same six calls, declared here from
 * one definition each (their wire names, id and name fields, requests, record and list columns): the
 * server registers them from these declarations, the web app makes them with the same objects.
 */

/** The calls every organisation has, by what they do. */
export type OrganisationRole = 'list' | 'byId' | 'save' | 'update' | 'lookup' | 'delete';

/** A column of an organisation's list after its id: its row field; `column` when the record names it otherwise. */
export interface OrganisationColumn {
  readonly key: string;
  /** Its header in the export sheet. */
  readonly header: string;
  readonly width?: number;
  readonly column?: string;
}

/** What the wire knows of an agency, broker association or broker. */
export interface OrganisationWire {
  /** Singular, as in 'Agency saved successfully'; also names its permissions ('Agency', 'Add Agency'...). */
  readonly entity: 'Agency' | 'Broker Association' | 'Broker';
  readonly idColumn: string;
  readonly nameColumn: string;
  /** The wire names of its calls. */
  readonly calls: Readonly<Record<OrganisationRole, string>>;
  readonly saveInput: z.ZodType;
  readonly updateInput: z.ZodType;
  /** The record as its form loads it: the list row and the lookup are picked from it. */
  readonly record: z.ZodObject;
  /** The list row's fields after the id, in the answer's order (the name first; it sorts by default). */
  readonly listColumns: readonly [OrganisationColumn, ...OrganisationColumn[]];
  /** A text field computed for the page's rows only, last in the row (the broker's association names). */
  readonly lateColumn?: { readonly key: string; readonly header: string };
}

type RecordShape<D extends OrganisationWire> = D['record']['shape'];
/** The record's field a list column shows. */
type SourceOf<C extends { key: string }> = C extends { column: infer K extends string } ? K : C['key'];
/** The list row: the id, the list columns, then the late column (a string). */
type RowShape<D extends OrganisationWire> = {
  [C in D['listColumns'][number] | { key: D['idColumn'] } as C['key']]: RecordShape<D>[SourceOf<C>];
} & (D['lateColumn'] extends { key: infer L extends string } ? Record<L, z.ZodString> : unknown);
type LookupShape<D extends OrganisationWire> = Pick<RecordShape<D>, D['idColumn'] | D['nameColumn']>;

/** One call of an organisation, declared under its wire name (its `name`). */
const declareOne = <
  N extends string,
  C extends { method: 'GET' | 'POST'; input: z.ZodType; response: z.ZodType },
>(
  name: N,
  call: C,
) => declareCalls({ [name]: call } as Record<N, C>)[name];

/**
 * An organisation's calls by what they do (`list`, `byId`…), each declared under its wire name, with
 * the list row and the lookup row they answer. Built once per organisation: the server and the web app
 * use these very objects.
 */
function organisationApi<const D extends OrganisationWire>(def: D) {
  const { shape } = def.record;
  const field = (column: string) => {
    const schema = shape[column];
    if (!schema) throw new Error(`${def.entity}: the record declares no ${column}`);
    return schema;
  };
  // Built from the definition's columns at run time; its type is the same mapping (RowShape).
  const rowShape = {
    [def.idColumn]: field(def.idColumn),
    ...Object.fromEntries(def.listColumns.map((c) => [c.key, field(c.column ?? c.key)])),
    ...(def.lateColumn && { [def.lateColumn.key]: z.string() }),
  } as RowShape<D>;
  const row = z.object(rowShape);
  const lookupRow = z.object({
    [def.idColumn]: field(def.idColumn),
    [def.nameColumn]: field(def.nameColumn),
  } as LookupShape<D>);
  const [first, ...others] = def.listColumns;
  // The name sorts by default, then the id; then the other columns.
  const sortColumns: [string, ...string[]] = [first.key, def.idColumn, ...others.map((c) => c.key)];
  const idInput = z.looseObject({ [def.idColumn]: id } as Record<D['idColumn'], typeof id>);
  return {
    def,
    row,
    lookupRow,
    list: declareOne(def.calls.list as D['calls']['list'], {
      method: 'GET',
      input: listQuery(sortColumns),
      response: z.object({ resultData: listPage(row) }),
    }),
    byId: declareOne(def.calls.byId as D['calls']['byId'], {
      method: 'GET',
      input: idInput,
      response: z.object({ resultData: z.array(def.record as D['record']) }),
    }),
    save: declareOne(def.calls.save as D['calls']['save'], {
      method: 'POST',
      input: def.saveInput as D['saveInput'],
      response: messageAnswer,
    }),
    update: declareOne(def.calls.update as D['calls']['update'], {
      method: 'POST',
      input: def.updateInput as D['updateInput'],
      response: messageAnswer,
    }),
    lookup: declareOne(def.calls.lookup as D['calls']['lookup'], {
      method: 'GET',
      input: lookupQuery,
      response: z.object({ resultData: z.array(lookupRow) }),
    }),
    delete: declareOne(def.calls.delete as D['calls']['delete'], {
      method: 'POST',
      input: idInput,
      response: messageAnswer,
    }),
  };
}

const CONTACT = { key: 'contact_person', header: 'Contact Person' } as const;
const EMAIL = { key: 'email_address', header: 'Email' } as const;
const PHONE = { key: 'phone_1', header: 'Phone', width: 16 } as const;
const statusColumn = <const K extends string>(key: K) =>
  ({ key, header: 'Status', width: 12, column: 'status' }) as const;

export const agencyApi = organisationApi({
  entity: 'Agency',
  idColumn: 'agency_id',
  nameColumn: 'agency_name',
  calls: {
    list: 'getagency',
    byId: 'GetAgencyById',
    save: 'saveagency',
    update: 'updateagency',
    lookup: 'GetAgencyWithoutPagination',
    delete: 'deleteagency',
  },
  saveInput: saveAgencyRequest,
  updateInput: updateAgencyRequest,
  record: agencyRecord,
  listColumns: [
    { key: 'agency_name', header: 'Agency Name' },
    { key: 'owner_name', header: 'Owner Name' },
    CONTACT,
    PHONE,
    EMAIL,
    statusColumn('status'),
  ],
});

export const brokerAssociationApi = organisationApi({
  entity: 'Broker Association',
  idColumn: 'broker_association_id',
  nameColumn: 'broker_association_name',
  calls: {
    list: 'getbrokerassociation',
    byId: 'getBrokerAssociationById',
    save: 'savebrokerassociation',
    update: 'updatebrokerassociation',
    lookup: 'GetBrokerAssociationWithoutPagination',
    delete: 'deletebrokerassociation',
  },
  saveInput: saveBrokerAssociationRequest,
  updateInput: updateBrokerAssociationRequest,
  record: brokerAssociationRecord,
  listColumns: [
    { key: 'broker_association_name', header: 'Name' },
    CONTACT,
    EMAIL,
    PHONE,
    statusColumn('broker_association_status'),
  ],
});

export const brokerApi = organisationApi({
  entity: 'Broker',
  idColumn: 'broker_id',
  nameColumn: 'broker_name',
  calls: {
    list: 'getbroker',
    byId: 'getBrokerById',
    save: 'savebroker',
    update: 'updatebroker',
    lookup: 'GetBrokerWithoutPagination',
    delete: 'deletebroker',
  },
  saveInput: saveBrokerRequest,
  updateInput: updateBrokerRequest,
  record: brokerRecord,
  listColumns: [
    { key: 'broker_name', header: 'Name' },
    EMAIL,
    PHONE,
    { key: 'broker_license_number', header: 'Broker License', width: 18 },
    statusColumn('status'),
  ],
  lateColumn: { key: 'associations', header: 'Associations' },
});

/** An agency's, broker association's or broker's calls (agencyApi, brokerAssociationApi, brokerApi). */
export type OrganisationApi = typeof agencyApi | typeof brokerAssociationApi | typeof brokerApi;

/** An organisation's six calls under their wire names. */
type ByName<A extends OrganisationApi> = {
  readonly [R in OrganisationRole as A[R]['name']]: A[R];
};
const byName = <A extends OrganisationApi>(a: A) =>
  Object.fromEntries(
    (['list', 'byId', 'save', 'update', 'lookup', 'delete'] as const).map((r) => [a[r].name, a[r]]),
  ) as ByName<A>;

export const sellerListQuery = listQuery([
  'seller_name',
  'seller_id',
  'property_owner_name',
  'agency_name',
  'phone_1',
  'email_address',
]);
const sellerIdInput = z.looseObject({ seller_id: id });

/** The seller calls, by their wire names. */
export const sellerApi = declareCalls({
  GetSeller: { method: 'GET', input: sellerListQuery, response: sellerPageAnswer },
  getSellerById: { method: 'GET', input: sellerIdInput, response: sellerByIdAnswer },
  /** The agency is checked by the server (required from those who choose it). */
  saveSeller: { method: 'POST', input: saveSellerRequest, response: messageAnswer },
  updateSeller: { method: 'POST', input: updateSellerRequest, response: messageAnswer },
  deleteSeller: { method: 'POST', input: sellerIdInput, response: messageAnswer },
  GetSellerWithoutPagination: { method: 'GET', input: lookupQuery, response: sellerLookupAnswer },
});

/** Every call of agencies, broker associations, brokers and sellers, by its wire name. */
export const entityApi = {
  ...byName(agencyApi),
  ...byName(brokerAssociationApi),
  ...byName(brokerApi),
  ...declareCalls({
    /** The user form's 'same as agency': an agency's address. */
    GetAssociatedAgencyAddressWithoutPagination: {
      method: 'GET',
      input: z.looseObject({ associated_agency_id: id }),
      response: agencyAddressAnswer,
    },
  }),
  ...sellerApi,
};
