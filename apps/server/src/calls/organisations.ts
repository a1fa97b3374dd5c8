import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  agencyAddressAnswer,
  agencyRecord,
  brokerAssociationRecord,
  brokerRecord,
  id,
  isAgentRole,
  listPage,
  listQuery,
  messageAnswer,
  saveAgencyRequest,
  saveBrokerAssociationRequest,
  saveBrokerRequest,
  seesAllAgencies,
  updateAgencyRequest,
  updateBrokerAssociationRequest,
  updateBrokerRequest,
  type Permission,
  type Status,
  lookupQuery,
} from '@app/contract';
import { defineCall, type AnyCall, type ExportColumn } from './registry.ts';
import { narrowLookup } from '../lib/lookup.ts';
import type { Db } from '../db/index.ts';
import { ORGANISATION_ADDRESS, PLAIN_ADDRESS, selectAddress } from '../lib/address.ts';
import { notFound } from '../lib/errors.ts';
import { linkIds, type AnyDb, type Link } from '../lib/links.ts';
import { defineList } from '../lib/list.ts';
import { writeRecord, type RecordSpec } from '../lib/records.ts';
import { deleteUnused } from '../lib/references.ts';
import { events } from '../lib/notifications.ts';
import { agencyOf } from '../lib/scope.ts';

/**
 * Agencies, broker associations and brokers: one definition each, one implementation of their list,
 * record, save, update, lookup and delete. They share the address block, Active/Inactive with a reason,
 * and the operating provinces, specializations and capabilities kept in link tables.
 */
export interface OrganisationDefinition {
  /** Singular, as in 'Agency saved successfully'; also names its permissions ('Agency', 'Add Agency'...). */
  entity: 'Agency' | 'Broker Association' | 'Broker';
  table: 'agencies' | 'broker_associations' | 'brokers';
  idColumn: string;
  nameColumn: string;
  /** The table's own columns, written as sent (name first). */
  columns: readonly string[];
  links: readonly Link[];
  unique: { index: string; message: string };
  calls: { list: string; byId: string; save: string; update: string; lookup: string; delete: string };
  saveInput: z.ZodType;
  updateInput: z.ZodType;
  /** The record as its form loads it, from the contract: the list row and lookup are picked from it. */
  record: z.ZodObject;
  list: {
    /** Row fields in order (the name first). */
    columns: readonly ListColumn[];
    search: readonly string[];
    /** A column computed for the page's rows only (the broker's association names). */
    late?: { field: string; header: string; value: (idRef: string) => RawBuilder<string> };
    exportTitle: string;
  };
}

/** A list column, also exported; `column` when the table names it otherwise (status). */
type ListColumn = ExportColumn & { column?: string };

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

const CONTACT = { key: 'contact_person', header: 'Contact Person' };
const EMAIL = { key: 'email_address', header: 'Email' };
const PHONE = { key: 'phone_1', header: 'Phone', width: 16 };
const statusColumn = (key: string) => ({ key, header: 'Status', width: 12, column: 'status' });

export const AGENCY: OrganisationDefinition = {
  entity: 'Agency',
  table: 'agencies',
  idColumn: 'agency_id',
  nameColumn: 'agency_name',
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
  unique: { index: 'agencies_name_unique', message: 'An agency with this name already exists' },
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
  list: {
    columns: [
      { key: 'agency_name', header: 'Agency Name' },
      { key: 'owner_name', header: 'Owner Name' },
      CONTACT,
      PHONE,
      EMAIL,
      statusColumn('status'),
    ],
    search: ['agency_name', 'owner_name', 'contact_person', 'phone_1', 'email_address'],
    exportTitle: 'Agency',
  },
};

export const BROKER_ASSOCIATION: OrganisationDefinition = {
  entity: 'Broker Association',
  table: 'broker_associations',
  idColumn: 'broker_association_id',
  nameColumn: 'broker_association_name',
  columns: ['broker_association_name', 'contact_person', 'phone_1', 'phone_2', 'email_address'],
  links: operations('broker_association', 'broker_association_id'),
  unique: {
    index: 'broker_associations_name_unique',
    message: 'A broker association with this name already exists',
  },
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
  list: {
    columns: [
      { key: 'broker_association_name', header: 'Name' },
      CONTACT,
      EMAIL,
      PHONE,
      statusColumn('broker_association_status'),
    ],
    search: ['broker_association_name', 'contact_person', 'email_address', 'phone_1'],
    exportTitle: 'BrokerAssociation',
  },
};

export const BROKER: OrganisationDefinition = {
  entity: 'Broker',
  table: 'brokers',
  idColumn: 'broker_id',
  nameColumn: 'broker_name',
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
  unique: { index: 'brokers_license_unique', message: 'A broker with this licence number already exists' },
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
  list: {
    columns: [
      { key: 'broker_name', header: 'Name' },
      EMAIL,
      PHONE,
      { key: 'broker_license_number', header: 'Broker License', width: 18 },
      statusColumn('status'),
    ],
    search: ['broker_name', 'email_address', 'phone_1', 'broker_license_number'],
    late: {
      field: 'associations',
      header: 'Associations',
      value: (idRef) =>
        sql<string>`coalesce((SELECT string_agg(a.broker_association_name, ', ' ORDER BY a.broker_association_name)
          FROM broker_broker_associations l
          JOIN broker_associations a ON a.broker_association_id = l.broker_association_id
          WHERE l.broker_id = ${sql.ref(idRef)}), '')`,
    },
    exportTitle: 'Broker',
  },
};

type Input = Record<string, unknown>;
// The three tables are addressed by name from their definitions, so queries here are untyped.
const untyped = (db: Db) => db as unknown as AnyDb;

/** The record as its form loads it: legacy address names, id lists as comma strings. */
const findRecord = (def: OrganisationDefinition, db: Db, recordId: number) =>
  untyped(db)
    .selectFrom(`${def.table} as o`)
    .select([
      ...[def.idColumn, ...def.columns, 'status', 'reason_for_inactive', 'created_by', 'updated_by'].map(
        (c) => `o.${c}`,
      ),
      ...selectAddress(ORGANISATION_ADDRESS, 'o'),
      ...def.links.map((link) => linkIds(link, `o.${def.idColumn}`)),
    ])
    .where(`o.${def.idColumn}`, '=', recordId)
    .executeTakeFirst() as Promise<Input | undefined>;

const ownValues = (def: OrganisationDefinition, input: Input) =>
  Object.fromEntries(def.columns.map((c) => [c, input[c] ?? null]));

/** A list column's key and its SQL column (`o.status` for broker_association_status). */
const rowColumnsOf = (def: OrganisationDefinition): ListColumn[] => [
  { key: def.idColumn, header: 'ID', type: 'number', width: 8 },
  ...def.list.columns,
];

/**
 * What the calls of an organisation answer, from its definition: the record (the contract's), the
 * list row picked from it column by column (a late column is text), and the lookup's id and name.
 */
export function organisationAnswers(def: OrganisationDefinition) {
  const { shape } = def.record;
  const field = (column: string) => {
    const schema = shape[column];
    if (!schema) throw new Error(`${def.entity}: the record declares no ${column}`);
    return schema;
  };
  const row = z.object({
    ...Object.fromEntries(rowColumnsOf(def).map((c) => [c.key, field(c.column ?? c.key)])),
    ...(def.list.late && { [def.list.late.field]: z.string() }),
  });
  const lookupRow = z.object({
    [def.idColumn]: field(def.idColumn),
    [def.nameColumn]: field(def.nameColumn),
  });
  return {
    row,
    lookupRow,
    list: z.object({ resultData: listPage(row) }),
    byId: z.object({ resultData: z.array(def.record) }),
    lookup: z.object({ resultData: z.array(lookupRow) }),
  };
}

function callsOf(def: OrganisationDefinition): AnyCall[] {
  const permissions = {
    menu: def.entity,
    add: `Add ${def.entity}`,
    edit: `Edit ${def.entity}`,
    delete: `Delete ${def.entity}`,
  } as const satisfies Record<string, Permission>;
  /** Lists and records: the menu permission, or adding or editing (the form loads the record). */
  const readAccess = [permissions.menu, permissions.add, permissions.edit];
  const tag = def.entity === 'Agency' ? 'Agencies' : `${def.entity}s`;
  const lower = def.entity.toLowerCase();
  const idInput = z.looseObject({ [def.idColumn]: id });
  const { columns, late } = def.list;
  const rowColumns = rowColumnsOf(def);
  const answers = organisationAnswers(def);
  const sqlColumn = (c: ListColumn) => `o.${c.column ?? c.key}`;
  // The name sorts by default, then the id; then the other columns.
  const sortColumns = [columns[0]!.key, def.idColumn, ...columns.slice(1).map((c) => c.key)];
  const spec: RecordSpec = { ...def, address: ORGANISATION_ADDRESS };

  const mustExist = async (db: Db, recordId: number) => {
    const current = await findRecord(def, db, recordId);
    if (!current) throw notFound(def.entity);
    return current;
  };

  return [
    defineList({
      name: def.calls.list,
      access: readAccess,
      tag,
      summary: `${def.entity} list, paged (search over ${def.list.search.join(', ')})`,
      input: listQuery(sortColumns as [string, ...string[]]),
      response: answers.list,
      list: {
        envelope: 'resultData',
        query: ({ db }) =>
          untyped(db)
            .selectFrom(`${def.table} as o`)
            .select(rowColumns.map((c) => sql.ref(sqlColumn(c)).as(c.key))),
        sort: Object.fromEntries(rowColumns.map((c) => [c.key, sqlColumn(c)])),
        search: def.list.search.map((c) => `o.${c}`),
        tieBreaker: `o.${def.idColumn}`,
        ...(late && {
          late: {
            idField: def.idColumn,
            columns: (page) => [late.value(`${page}.${def.idColumn}`).as(late.field)],
          },
        }),
        export: {
          title: def.list.exportTitle,
          columns: late ? [...rowColumns, { key: late.field, header: late.header }] : rowColumns,
        },
      },
    }),

    defineCall({
      name: def.calls.byId,
      method: 'GET',
      access: readAccess,
      tag,
      summary: `One ${lower} for its form: resultData is [record], id lists as comma strings`,
      input: idInput,
      response: answers.byId,
      handle: async ({ db, input }) => ({ resultData: [await mustExist(db, input[def.idColumn] as number)] }),
    }),

    defineCall({
      name: def.calls.save,
      method: 'POST',
      create: true,
      access: permissions.add,
      tag,
      summary: `Add a ${lower} (Active)`,
      input: def.saveInput,
      response: messageAnswer,
      async handle({ db, input, user }) {
        await writeRecord(db, spec, input as Input, {
          ...ownValues(def, input as Input),
          status: 'Active',
          reason_for_inactive: null,
          created_by: user.user_id,
          updated_by: user.user_id,
        });
        return { message: `${def.entity} saved successfully` };
      },
    }),

    defineCall({
      name: def.calls.update,
      method: 'POST',
      access: permissions.edit,
      tag,
      summary: `Change a ${lower}; Inactive needs reason_for_inactive`,
      input: def.updateInput,
      response: messageAnswer,
      async handle({ db, input, user }) {
        const values = input as Input & { status?: Status; reason_for_inactive: string | null };
        const recordId = values[def.idColumn] as number;
        const current = await mustExist(db, recordId);
        const status = values.status ?? (current.status as Status);
        await writeRecord(
          db,
          spec,
          values,
          {
            ...ownValues(def, values),
            status,
            reason_for_inactive:
              status === 'Inactive' ? (values.reason_for_inactive ?? current.reason_for_inactive) : null,
            updated_by: user.user_id,
          },
          recordId,
          (trx, brokerId, changed) =>
            def === BROKER && changed.has('broker_association_id')
              ? events.brokerAssociationsChanged(trx, user, brokerId, String(values.broker_name))
              : Promise.resolve(),
        );
        return { message: `${def.entity} updated successfully` };
      },
    }),

    defineCall({
      name: def.calls.lookup,
      method: 'GET',
      access: 'signed-in',
      tag: 'Lookups',
      summary: `Active ${lower} records by name; searchText or ids narrow them`,
      input: lookupQuery,
      response: answers.lookup,
      handle: async ({ db, input }) => ({
        resultData: await narrowLookup(
          untyped(db)
            .selectFrom(def.table)
            .select([def.idColumn, def.nameColumn])
            .where('status', '=', 'Active')
            .orderBy(def.nameColumn)
            .orderBy(def.idColumn),
          input,
          sql.ref(def.nameColumn),
          def.idColumn,
        ).execute(),
      }),
    }),

    defineCall({
      name: def.calls.delete,
      method: 'POST',
      access: permissions.delete,
      tag,
      summary: `Delete a ${lower} that nothing uses (409 naming what uses it)`,
      input: idInput,
      response: messageAnswer,
      async handle({ db, input }) {
        const recordId = input[def.idColumn] as number;
        const current = await mustExist(db, recordId);
        await deleteUnused(
          db,
          def.table,
          def.idColumn,
          recordId,
          `${def.entity} : ${String(current[def.nameColumn])}`,
        );
        return { message: `${def.entity} deleted successfully` };
      },
    }),
  ];
}

/** The address of an agency, for the user form's 'same as agency'. An Agent reads only their own agency's. */
const agencyAddress = defineCall({
  name: 'GetAssociatedAgencyAddressWithoutPagination',
  method: 'GET',
  access: 'signed-in',
  tag: 'Lookups',
  summary: "An agency's address (resultData: [address]); Agents and Owner-Agents only their own agency's",
  input: z.looseObject({ associated_agency_id: id }),
  response: agencyAddressAnswer,
  async handle({ db, input, user }) {
    const mayReadAny =
      !isAgentRole(user.role_id) &&
      (seesAllAgencies(user.role_id) ||
        (['Add User', 'Edit User', 'Agency'] as const).some((p) => user.permissions.has(p)));
    if (!mayReadAny && (await agencyOf(db, user.user_id)) !== input.associated_agency_id) {
      throw notFound('Agency');
    }
    const address = await db
      .selectFrom('agencies as o')
      .select(selectAddress(PLAIN_ADDRESS, 'o'))
      .where('o.agency_id', '=', input.associated_agency_id)
      .executeTakeFirst();
    if (!address) throw notFound('Agency');
    return { resultData: [address] };
  },
});

export const organisationCalls: AnyCall[] = [
  ...[AGENCY, BROKER_ASSOCIATION, BROKER].flatMap(callsOf),
  agencyAddress,
];
