import {
  agencyApi,
  agencyFields,
  brokerApi,
  brokerAssociationApi,
  brokerAssociationFields,
  brokerFields,
  type AnswerOf,
  type GetCall,
  type ListCall,
  type OrganisationApi,
  type Permission,
  type PostCall,
  type RecordCall,
  type OrganisationWire,
} from '@app/contract';
import type { z } from 'zod';
import { EMAIL_FIELD, PHONE_FIELDS, type TextFieldDecl } from '../../components/field-decls.ts';
import type { RelatedTableDef } from '../../components/RelatedRecords.tsx';
import { RECORD_PAGES } from '../../lib/record-pages.ts';

/**
 * Agencies, broker associations and brokers are the same kind of screen: a list, and a form with
 * contact fields, id-list multi-selects, the address and (when editing) the status. Each is one
 * declaration here; OrganisationList.tsx and OrganisationPages.tsx turn it into its list and form.
 */
export type OrganisationKey = 'agency' | 'brokerAssociation' | 'broker';

/** Where a multi-select's options come from (lib/lookups.ts). */
export type LookupSource = 'brokerAssociation' | 'specialization' | 'capability' | 'province';

export interface MultiFieldDecl {
  name: string;
  label: string;
  source: LookupSource;
}

export interface ListColumnDecl<R> {
  field: keyof R & string;
  header: string;
  /** Relative width; the name column takes more. (Every column sorts: the server's whitelist.) */
  flex?: number;
}

/** A list row of an organisation (its list call's), and the record its form loads (its byId call's). */
export type RowOf<A extends OrganisationApi> = z.output<A['row']>;
export type RecordOf<A extends OrganisationApi> = AnswerOf<A['byId']>['resultData'][number];

/** An organisation's screens, over its list row R and its record Rec. */
export interface OrganisationDef<R extends object, Rec extends Record<string, unknown>> {
  key: OrganisationKey;
  /** 'Broker Association': the record kind in headings and confirmations. */
  entity: string;
  /** Route titles (the routes table repeats them for the breadcrumb of each screen). */
  listTitle: string;
  formTitle: string;
  /** The form route's parameter ('agencyId'). */
  routeParam: string;
  listPath: string;
  formPath: (id: number) => string;
  /** The contract's declarations of its calls (agencyApi…); `def.idColumn` is the id's wire name. */
  api: {
    def: { idColumn: string; entity: OrganisationWire['entity'] };
    list: ListCall<R>;
    byId: RecordCall<Rec>;
    save: PostCall;
    update: PostCall;
    delete: PostCall;
    lookup: GetCall;
  };
  idOf: (row: R) => number;
  nameOf: (record: R | Rec) => string;
  permissions: { add: Permission; edit: Permission; delete: Permission };
  columns: readonly ListColumnDecl<R>[];
  /** The list column holding Active/Inactive (shown as a chip). */
  statusColumn: keyof R & string;
  defaultSort: keyof R & string;
  basic: readonly TextFieldDecl[];
  multi: readonly MultiFieldDecl[];
  notes?: TextFieldDecl;
  /** Longest zip code: 6 digits for agencies and associations, a 4-digit postal code for brokers. */
  zipLength: number;
  saveLabel: string;
  /** The edit-mode switch that makes the record Inactive. */
  statusLabel: string;
  /** The contract's fields (required marks); the requests of `api.save` and `api.update` are the form's rules. */
  fields: z.ZodObject;
  /** The record's related tables under its form (decision 49). */
  related?: (id: number) => readonly RelatedTableDef[];
}

type DefOf<A extends OrganisationApi> = OrganisationDef<RowOf<A>, RecordOf<A>>;

const HOME = '/home';
const CONTACT_PERSON: TextFieldDecl = { name: 'contact_person', label: 'Contact Person' };
/** Specializations, capabilities and provinces of operation: every organisation has them. */
const OPERATIONS: readonly MultiFieldDecl[] = [
  { name: 'specialization_id', label: 'Specialization', source: 'specialization' },
  { name: 'capability_id', label: 'Capabilities', source: 'capability' },
  { name: 'province_id', label: 'Provinces of Operations', source: 'province' },
];
const EMAIL_COLUMN = { field: 'email_address', header: 'Email', flex: 1.2 } as const;
const PHONE_COLUMN = { field: 'phone_1', header: 'Phone' } as const;

export const ORGANISATIONS: {
  agency: DefOf<typeof agencyApi>;
  brokerAssociation: DefOf<typeof brokerAssociationApi>;
  broker: DefOf<typeof brokerApi>;
} = {
  agency: {
    key: 'agency',
    entity: 'Agency',
    listTitle: 'Agency',
    formTitle: 'Agency Details',
    routeParam: 'agencyId',
    listPath: `${HOME}/Agency/agency`,
    formPath: RECORD_PAGES.agency.path,
    api: agencyApi,
    idOf: (row) => row.agency_id,
    nameOf: (record) => record.agency_name,
    permissions: { add: 'Add Agency', edit: 'Edit Agency', delete: 'Delete Agency' },
    columns: [
      { field: 'agency_name', header: 'Agency Name', flex: 1.5 },
      { field: 'owner_name', header: 'Owner Name' },
      { field: 'contact_person', header: 'Contact Person' },
      PHONE_COLUMN,
      EMAIL_COLUMN,
    ],
    statusColumn: 'status',
    defaultSort: 'agency_name',
    basic: [
      { name: 'agency_name', label: 'Agency Name' },
      { name: 'owner_name', label: 'Owner Name' },
      CONTACT_PERSON,
      ...PHONE_FIELDS,
      EMAIL_FIELD,
      { name: 'email_address_secondary', label: 'Secondary Email', kind: 'email' },
    ],
    multi: OPERATIONS,
    zipLength: 6,
    saveLabel: 'Save',
    statusLabel: 'Inactive Agency',
    fields: agencyFields,
    related: (id) => [
      {
        kind: 'agents',
        title: 'Agents',
        filter: { associated_agency_id: id },
        emptyText: 'No user works for this agency.',
      },
      {
        kind: 'sellers',
        title: 'Sellers',
        filter: { agency_id: id },
        emptyText: 'This agency has no sellers.',
      },
      {
        kind: 'listings',
        title: 'Listings',
        filter: { agency_id: id },
        emptyText: 'This agency has no listings.',
      },
    ],
  },
  brokerAssociation: {
    key: 'brokerAssociation',
    entity: 'Broker Association',
    listTitle: 'Broker Association',
    formTitle: 'Broker Association Details',
    routeParam: 'brokerAssociationId',
    listPath: `${HOME}/Broker/broker-association`,
    formPath: RECORD_PAGES.association.path,
    api: brokerAssociationApi,
    idOf: (row) => row.broker_association_id,
    nameOf: (record) => record.broker_association_name,
    permissions: {
      add: 'Add Broker Association',
      edit: 'Edit Broker Association',
      delete: 'Delete Broker Association',
    },
    columns: [
      { field: 'broker_association_name', header: 'Name', flex: 1.5 },
      { field: 'contact_person', header: 'Contact Person' },
      EMAIL_COLUMN,
      PHONE_COLUMN,
    ],
    statusColumn: 'broker_association_status',
    defaultSort: 'broker_association_name',
    basic: [
      { name: 'broker_association_name', label: 'Broker Association Name' },
      CONTACT_PERSON,
      EMAIL_FIELD,
      ...PHONE_FIELDS,
    ],
    multi: OPERATIONS,
    zipLength: 6,
    saveLabel: 'Save Broker Association',
    statusLabel: 'Inactive Broker Association',
    fields: brokerAssociationFields,
  },
  broker: {
    key: 'broker',
    entity: 'Broker',
    listTitle: 'Broker',
    formTitle: 'Broker Details',
    routeParam: 'brokerId',
    listPath: `${HOME}/Broker/broker`,
    formPath: RECORD_PAGES.broker.path,
    api: brokerApi,
    idOf: (row) => row.broker_id,
    nameOf: (record) => record.broker_name,
    permissions: { add: 'Add Broker', edit: 'Edit Broker', delete: 'Delete Broker' },
    columns: [
      { field: 'broker_name', header: 'Name', flex: 1.5 },
      EMAIL_COLUMN,
      PHONE_COLUMN,
      { field: 'broker_license_number', header: 'Broker License' },
    ],
    statusColumn: 'status',
    defaultSort: 'broker_name',
    basic: [
      { name: 'broker_name', label: 'Broker Name' },
      { name: 'broker_license_number', label: 'Broker License Number' },
      EMAIL_FIELD,
      ...PHONE_FIELDS,
    ],
    multi: [
      { name: 'broker_association_id', label: 'Broker Associations', source: 'brokerAssociation' },
      ...OPERATIONS,
    ],
    notes: {
      name: 'notes_about_broker',
      label: 'Notes About Broker',
      kind: 'notes',
      hint: 'Profile statement, up to 100 words',
    },
    zipLength: 4,
    saveLabel: 'Save Broker',
    statusLabel: 'Inactive Broker',
    fields: brokerFields,
    related: (id) => [
      {
        kind: 'associations',
        title: 'Broker Associations',
        filter: { broker_id: id },
        emptyText: 'This broker belongs to no broker association.',
      },
      {
        kind: 'listings',
        title: 'Listings',
        filter: { broker_id: id },
        emptyText: 'This broker has no listings.',
      },
    ],
  },
};
