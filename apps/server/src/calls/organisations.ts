import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  agencyApi,
  brokerApi,
  brokerAssociationApi,
  entityApi,
  isAgentRole,
  seesAllAgencies,
  type ApiCall,
  type ListQuery,
  type lookupQuery,
  type messageAnswer,
  type OrganisationColumn,
  type OrganisationWire,
  type Permission,
  type Status,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { narrowLookup } from '../lib/lookup.ts';
import type { Db } from '../db/index.ts';
import { ORGANISATION_ADDRESS, selectAddress } from '../lib/address.ts';
import { notFound } from '../lib/errors.ts';
import { linkIds, type AnyDb, type Link } from '../lib/links.ts';
import { defineList } from './list-call.ts';
import type { ExportColumn } from '../lib/list/index.ts';
import { writeRecord, type RecordSpec } from '../lib/records.ts';
import { deleteUnused } from '../lib/references.ts';
import { events } from '../lib/notifications.ts';
import { agencyOf } from '../lib/scope.ts';

type Input = Record<string, unknown>;

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
  unique: { index: string; message: string };
  list: {
    search: readonly string[];
    /** The late column's value (`lateColumn`), computed for the page's rows only. */
    late?: (idRef: string) => RawBuilder<string>;
    exportTitle: string;
  };
}

/** A list column, also exported; `column` when the table names it otherwise (status). */
type ListColumn = ExportColumn & Pick<OrganisationColumn, 'column'>;

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
  unique: { index: 'agencies_name_unique', message: 'An agency with this name already exists' },
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
    message: 'A broker association with this name already exists',
  },
  list: {
    search: ['broker_association_name', 'contact_person', 'email_address', 'phone_1'],
    exportTitle: 'BrokerAssociation',
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
  unique: { index: 'brokers_license_unique', message: 'A broker with this licence number already exists' },
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
  ...def.listColumns,
];

/** The rows of an organisation's list and lookup, as the contract declares them. */
export const organisationAnswers = ({ api }: OrganisationDefinition) => ({
  row: api.row,
  lookupRow: api.lookupRow,
});

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
  const { api } = def;
  const late = def.lateColumn && def.list.late && { ...def.lateColumn, value: def.list.late };
  const rowColumns = rowColumnsOf(def);
  const sqlColumn = (c: ListColumn) => `o.${c.column ?? c.key}`;
  const spec: RecordSpec = { ...def, address: ORGANISATION_ADDRESS };

  const mustExist = async (db: Db, recordId: number) => {
    const current = await findRecord(def, db, recordId);
    if (!current) throw notFound(def.entity);
    return current;
  };

  return [
    defineList(api.list, {
      access: readAccess,
      tag,
      summary: `${def.entity} list, paged (search over ${def.list.search.join(', ')})`,
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
            columns: (page) => [late.value(`${page}.${def.idColumn}`).as(late.key)],
          },
        }),
        export: {
          title: def.list.exportTitle,
          columns: late ? [...rowColumns, { key: late.key, header: late.header }] : rowColumns,
        },
      },
    }),

    defineCall(api.byId, {
      access: readAccess,
      tag,
      summary: `One ${lower} for its form: resultData is [record], id lists as comma strings`,
      handle: async ({ db, input }) => ({ resultData: [await mustExist(db, input[def.idColumn] as number)] }),
    }),

    defineCall(api.save, {
      create: true,
      access: permissions.add,
      tag,
      summary: `Add a ${lower} (Active)`,
      async handle({ db, input, user }) {
        await writeRecord(db, spec, input, {
          ...ownValues(def, input),
          status: 'Active',
          reason_for_inactive: null,
          created_by: user.user_id,
          updated_by: user.user_id,
        });
        return { message: `${def.entity} saved successfully` };
      },
    }),

    defineCall(api.update, {
      access: permissions.edit,
      tag,
      summary: `Change a ${lower}; Inactive needs reason_for_inactive`,
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

    defineCall(api.lookup, {
      access: 'signed-in',
      tag: 'Lookups',
      summary: `Active ${lower} records by name; searchText or ids narrow them`,
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

    defineCall(api.delete, {
      access: permissions.delete,
      tag,
      summary: `Delete a ${lower} that nothing uses (409 naming what uses it)`,
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
const agencyAddress = defineCall(entityApi.GetAssociatedAgencyAddressWithoutPagination, {
  access: 'signed-in',
  tag: 'Lookups',
  summary: "An agency's address (resultData: [address]); Agents and Owner-Agents only their own agency's",
  async handle({ db, input, user }) {
    const mayReadAny =
      !isAgentRole(user.role_id) &&
      (seesAllAgencies(user.role_id) ||
        (['Add User', 'Edit User', 'Agency'] as const).some((p) => user.permissions.has(p)));
    if (!mayReadAny && (await agencyOf(db, user.user_id)) !== input.associated_agency_id) {
      throw notFound('Agency');
    }
    // PLAIN_ADDRESS's columns, named here so that the row is typed as the answer declares it.
    const address = await db
      .selectFrom('agencies as o')
      .select([
        'o.unit_number',
        'o.street_name',
        'o.town_id',
        'o.barangay_id',
        'o.subdivision_id',
        'o.house_number',
        'o.building_name',
        'o.floor',
        'o.zip_code',
        'o.province_id',
      ])
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
