import { z } from 'zod';
import { id, lookupQuery, parentId } from './common.ts';
import { listQuery } from './list-query.ts';
import { listPage, messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';
import {
  saveAgencyRequest,
  updateAgencyRequest,
  saveBrokerAssociationRequest,
  updateBrokerAssociationRequest,
  saveBrokerRequest,
  updateBrokerRequest,
  saveSellerRequest,
  updateSellerRequest,
  agencyAddressAnswer,
  agencyRecord,
  brokerAssociationRecord,
  brokerRecord,
  sellerPageAnswer,
  sellerByIdAnswer,
  sellerLookupAnswer,
} from './entities.ts';

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
  /** Optional parent filters of the list (a broker's associations: `broker_id`; decision 49). */
  readonly listFilters?: readonly string[];
}

type RecordShape<D extends OrganisationWire> = D['record']['shape'];
/** The record's field a list column shows. */
type SourceOf<C extends { key: string }> = C extends { column: infer K extends string } ? K : C['key'];
/** The list row: the id, the list columns, then the late column (a string). */
type RowShape<D extends OrganisationWire> = {
  [C in D['listColumns'][number] | { key: D['idColumn'] } as C['key']]: RecordShape<D>[SourceOf<C>];
} & (D['lateColumn'] extends { key: infer L extends string } ? Record<L, z.ZodString> : unknown);
/** The list's optional parent filters, each an optional id. */
type ListFilters<D extends OrganisationWire> = D extends {
  listFilters: readonly (infer F extends string)[];
}
  ? { [K in F]: typeof parentId }
  : Record<never, never>;
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
      input: listQuery(sortColumns).extend(
        Object.fromEntries((def.listFilters ?? []).map((f) => [f, parentId])) as ListFilters<D>,
      ),
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
  listFilters: ['broker_id'],
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

/** The seller list's query; `agency_id` keeps an agency's sellers (decision 49). */
export const sellerListQuery = listQuery([
  'seller_name',
  'seller_id',
  'property_owner_name',
  'agency_name',
  'phone_1',
  'email_address',
]).extend({ agency_id: parentId });
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
