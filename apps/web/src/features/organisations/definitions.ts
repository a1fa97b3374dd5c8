import {
  agencyFields,
  brokerAssociationFields,
  brokerFields,
  saveAgencyRequest,
  saveBrokerAssociationRequest,
  saveBrokerRequest,
  updateAgencyRequest,
  updateBrokerAssociationRequest,
  updateBrokerRequest,
  type Permission,
} from '@app/contract';
import type { z } from 'zod';
import { EMAIL_FIELD, PHONE_FIELDS, type TextFieldDecl } from '../../components/fieldDecls.ts';

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

export interface ListColumnDecl {
  field: string;
  header: string;
  /** Relative width; the name column takes more. (Every column sorts: the server's whitelist.) */
  flex?: number;
}

export interface OrganisationDef {
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
  /** Wire names of the id and the name. */
  idParam: string;
  nameField: string;
  calls: { list: string; byId: string; save: string; update: string; delete: string; lookup: string };
  permissions: { add: Permission; edit: Permission; delete: Permission };
  columns: readonly ListColumnDecl[];
  /** The list column holding Active/Inactive (shown as a chip). */
  statusColumn: string;
  defaultSort: string;
  basic: readonly TextFieldDecl[];
  multi: readonly MultiFieldDecl[];
  notes?: TextFieldDecl;
  /** Longest zip code: 6 digits for agencies and associations, a 4-digit postal code for brokers. */
  zipLength: number;
  saveLabel: string;
  /** The edit-mode switch that makes the record Inactive. */
  statusLabel: string;
  /** The contract's fields (required marks) and request schemas (the form's rules). */
  fields: z.ZodObject;
  saveSchema: z.ZodType;
  updateSchema: z.ZodType;
}

const HOME = '/home';
const CONTACT_PERSON: TextFieldDecl = { name: 'contact_person', label: 'Contact Person', maxLength: 200 };
/** Specializations, capabilities and provinces of operation: every organisation has them. */
const OPERATIONS: readonly MultiFieldDecl[] = [
  { name: 'specialization_id', label: 'Specialization', source: 'specialization' },
  { name: 'capability_id', label: 'Capabilities', source: 'capability' },
  { name: 'province_id', label: 'Provinces of Operations', source: 'province' },
];
const EMAIL_COLUMN: ListColumnDecl = { field: 'email_address', header: 'Email', flex: 1.2 };
const PHONE_COLUMN: ListColumnDecl = { field: 'phone_1', header: 'Phone' };

export const ORGANISATIONS: Record<OrganisationKey, OrganisationDef> = {
  agency: {
    key: 'agency',
    entity: 'Agency',
    listTitle: 'Agency',
    formTitle: 'Agency Details',
    routeParam: 'agencyId',
    listPath: `${HOME}/Agency/agency`,
    formPath: (id) => `${HOME}/Agency/add-agency/${id}`,
    idParam: 'agency_id',
    nameField: 'agency_name',
    calls: {
      list: 'getagency',
      byId: 'GetAgencyById',
      save: 'saveagency',
      update: 'updateagency',
      delete: 'deleteagency',
      lookup: 'GetAgencyWithoutPagination',
    },
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
      { name: 'agency_name', label: 'Agency Name', maxLength: 200 },
      { name: 'owner_name', label: 'Owner Name', maxLength: 200 },
      CONTACT_PERSON,
      ...PHONE_FIELDS,
      EMAIL_FIELD,
      { name: 'email_address_secondary', label: 'Secondary Email', kind: 'email', maxLength: 254 },
    ],
    multi: OPERATIONS,
    zipLength: 6,
    saveLabel: 'Save',
    statusLabel: 'Inactive Agency',
    fields: agencyFields,
    saveSchema: saveAgencyRequest,
    updateSchema: updateAgencyRequest,
  },
  brokerAssociation: {
    key: 'brokerAssociation',
    entity: 'Broker Association',
    listTitle: 'Broker Association',
    formTitle: 'Broker Association Details',
    routeParam: 'brokerAssociationId',
    listPath: `${HOME}/Broker/broker-association`,
    formPath: (id) => `${HOME}/Broker/add-broker-association/${id}`,
    idParam: 'broker_association_id',
    nameField: 'broker_association_name',
    calls: {
      list: 'getbrokerassociation',
      byId: 'getBrokerAssociationById',
      save: 'savebrokerassociation',
      update: 'updatebrokerassociation',
      delete: 'deletebrokerassociation',
      lookup: 'GetBrokerAssociationWithoutPagination',
    },
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
      { name: 'broker_association_name', label: 'Broker Association Name', maxLength: 200 },
      CONTACT_PERSON,
      EMAIL_FIELD,
      ...PHONE_FIELDS,
    ],
    multi: OPERATIONS,
    zipLength: 6,
    saveLabel: 'Save Broker Association',
    statusLabel: 'Inactive Broker Association',
    fields: brokerAssociationFields,
    saveSchema: saveBrokerAssociationRequest,
    updateSchema: updateBrokerAssociationRequest,
  },
  broker: {
    key: 'broker',
    entity: 'Broker',
    listTitle: 'Broker',
    formTitle: 'Broker Details',
    routeParam: 'brokerId',
    listPath: `${HOME}/Broker/broker`,
    formPath: (id) => `${HOME}/Broker/add-broker/${id}`,
    idParam: 'broker_id',
    nameField: 'broker_name',
    calls: {
      list: 'getbroker',
      byId: 'getBrokerById',
      save: 'savebroker',
      update: 'updatebroker',
      delete: 'deletebroker',
      lookup: 'GetBrokerWithoutPagination',
    },
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
      { name: 'broker_name', label: 'Broker Name', maxLength: 200 },
      { name: 'broker_license_number', label: 'Broker License Number', maxLength: 50 },
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
      maxLength: 2000,
      hint: 'Profile statement, up to 100 words',
    },
    zipLength: 4,
    saveLabel: 'Save Broker',
    statusLabel: 'Inactive Broker',
    fields: brokerFields,
    saveSchema: saveBrokerRequest,
    updateSchema: updateBrokerRequest,
  },
};

type Row = Record<string, unknown>;
export const nameOf = (def: OrganisationDef) => (row: Row) => String(row[def.nameField] ?? '');
export const idOf = (def: OrganisationDef) => (row: Row) => Number(row[def.idParam]);
