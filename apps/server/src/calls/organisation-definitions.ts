import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  agencyApi,
  brokerApi,
  brokerAssociationApi,
  type ApiCall,
  type ListQuery,
  type lookupQuery,
  type messageAnswer,
  type OrganisationWire,
} from '@app/contract';
import type { Link } from '../lib/links.ts';

export type Input = Record<string, unknown>;

/**
 * An organisation's calls as declared in the contract (agencyApi, brokerAssociationApi, brokerApi),
 * seen by the one implementation of the three: a record is a row of whichever table, by column name.
 */
interface OrganisationCalls {
  list: ApiCall<string, 'GET', z.ZodType<ListQuery>>;
  byId: ApiCall<string, 'GET', z.ZodType<Input>, z.ZodType<{ resultData: Input[] }>>;
  save: ApiCall<string, 'POST', z.ZodType<Input>, typeof messageAnswer>;
  update: ApiCall<string, 'POST', z.ZodType<Input>, typeof messageAnswer>;
  lookup: ApiCall<string, 'GET', typeof lookupQuery, z.ZodType<{ resultData: Input[] }>>;
  delete: ApiCall<string, 'POST', z.ZodType<Input>, typeof messageAnswer>;
  /** The rows the list and the lookup answer. */
  row: z.ZodObject;
  lookupRow: z.ZodObject;
}

/**
 * Agencies, broker associations and brokers: one definition each, one implementation of their list,
 * record, save, update, lookup and delete. They share the address block, Active/Inactive with a reason,
 * and the operating provinces, specializations and capabilities kept in link tables. What the wire
 * knows of them (names, requests, record, list columns) is the contract's; the tables are here.
 */
export interface OrganisationDefinition extends OrganisationWire {
  /** The declared calls, built from the same definition (`OrganisationWire`). */
  api: OrganisationCalls;
  table: 'agencies' | 'broker_associations' | 'brokers';
  /** The table's own columns, written as sent (name first). */
  columns: readonly string[];
  links: readonly Link[];
  unique: { index: string; field: string; message: string };
  list: {
    search: readonly string[];
    /** The late column's value (`lateColumn`), computed for the page's rows only. */
    late?: (idRef: string) => RawBuilder<string>;
    exportTitle: string;
    /** The rows of the parent whose id a list filter (`listFilters`) names, on alias `o`. */
    filters?: Readonly<Record<string, (parentId: number) => RawBuilder<SqlBool>>>;
  };
}

/** The operating specializations, capabilities and provinces of an organisation, by table prefix. */
const operations = (prefix: string, owner: string): Link[] => [
  {
    field: 'specialization_id',
    table: `${prefix}_specializations`,
    owner,
    target: 'specialization_id',
    targetTable: 'specializations',
    label: 'specialization',
  },
  {
    field: 'capability_id',
    table: `${prefix}_capabilities`,
    owner,
    target: 'capability_id',
    targetTable: 'capabilities',
    label: 'capability',
  },
  {
    field: 'province_id',
    table: `${prefix}_provinces`,
    owner,
    target: 'province_id',
    targetTable: 'provinces',
    label: 'province',
  },
];

export const AGENCY: OrganisationDefinition = {
  ...agencyApi.def,
  api: agencyApi,
  table: 'agencies',
  columns: [
    'agency_name',
    'owner_name',
    'contact_person',
    'phone_1',
    'phone_2',
    'email_address',
    'email_address_secondary',
  ],
  links: operations('agency', 'agency_id'),
  unique: {
    index: 'agencies_name_unique',
    field: 'agency_name',
    message: 'An agency with this name already exists',
  },
  list: {
    search: ['agency_name', 'owner_name', 'contact_person', 'phone_1', 'email_address'],
    exportTitle: 'Agency',
  },
};

export const BROKER_ASSOCIATION: OrganisationDefinition = {
  ...brokerAssociationApi.def,
  api: brokerAssociationApi,
  table: 'broker_associations',
  columns: ['broker_association_name', 'contact_person', 'phone_1', 'phone_2', 'email_address'],
  links: operations('broker_association', 'broker_association_id'),
  unique: {
    index: 'broker_associations_name_unique',
    field: 'broker_association_name',
    message: 'A broker association with this name already exists',
  },
  list: {
    search: ['broker_association_name', 'contact_person', 'email_address', 'phone_1'],
    exportTitle: 'BrokerAssociation',
    filters: {
      broker_id: (brokerId) => sql<SqlBool>`o.broker_association_id IN
        (SELECT broker_association_id FROM broker_broker_associations WHERE broker_id = ${brokerId})`,
    },
  },
};

export const BROKER: OrganisationDefinition = {
  ...brokerApi.def,
  api: brokerApi,
  table: 'brokers',
  columns: [
    'broker_name',
    'broker_license_number',
    'phone_1',
    'phone_2',
    'email_address',
    'notes_about_broker',
  ],
  links: [
    {
      field: 'broker_association_id',
      table: 'broker_broker_associations',
      owner: 'broker_id',
      target: 'broker_association_id',
      targetTable: 'broker_associations',
      label: 'broker association',
    },
    ...operations('broker', 'broker_id'),
  ],
  unique: {
    index: 'brokers_license_unique',
    field: 'broker_license_number',
    message: 'A broker with this licence number already exists',
  },
  list: {
    search: ['broker_name', 'email_address', 'phone_1', 'broker_license_number'],
    late: (idRef) =>
      sql<string>`coalesce((SELECT string_agg(a.broker_association_name, ', ' ORDER BY a.broker_association_name)
        FROM broker_broker_associations l
        JOIN broker_associations a ON a.broker_association_id = l.broker_association_id
        WHERE l.broker_id = ${sql.ref(idRef)}), '')`,
    exportTitle: 'Broker',
  },
};
