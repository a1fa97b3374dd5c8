import { sql } from 'kysely';
import {
  entityApi,
  isAgentRole,
  seesAllAgencies,
  type OrganisationColumn,
  type Permission,
  type Status,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import {
  AGENCY,
  BROKER,
  BROKER_ASSOCIATION,
  type Input,
  type OrganisationDefinition,
} from './organisation-definitions.ts';
import { narrowLookup } from '../lib/lookup.ts';
import type { Db } from '../db/index.ts';
import * as organisations from '../db/repositories/organisations.ts';
import { ORGANISATION_ADDRESS, selectAddress } from '../lib/address.ts';
import { notFound } from '../lib/errors.ts';
import { linkIds } from '../lib/links.ts';
import { defineList } from './list-call.ts';
import type { ExportColumn } from '../lib/list/index.ts';
import { writeRecord, type RecordSpec } from '../lib/records.ts';
import { deleteUnused } from '../lib/references.ts';
import { events } from '../lib/notification-events.ts';
import { agencyOf } from '../lib/scope.ts';

/** A list column, also exported; `column` when the table names it otherwise (status). */
type ListColumn = ExportColumn & Pick<OrganisationColumn, 'column'>;

/** The record as its form loads it: legacy address names, id lists as comma strings. */
const findRecord = (def: OrganisationDefinition, db: Db, recordId: number) =>
  organisations.findOrganisation(
    db,
    def,
    recordId,
    [def.idColumn, ...def.columns, 'status', 'reason_for_inactive', 'created_by', 'updated_by'],
    [
      ...selectAddress(ORGANISATION_ADDRESS, 'o'),
      ...def.links.map((link) => linkIds(link, `o.${def.idColumn}`)),
    ],
  );

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
      summary: `${def.entity} list, paged (search over ${def.list.search.join(', ')}${
        def.listFilters ? `; ${def.listFilters.join(', ')} filters` : ''
      })`,
      list: {
        envelope: 'resultData',
        query: ({ db, input }) =>
          Object.entries(def.list.filters ?? {}).reduce(
            (query, [param, rows]) => {
              const parentId = (input as Input)[param];
              return typeof parentId === 'number' ? query.where(rows(parentId)) : query;
            },
            organisations.organisationList(
              db,
              def.table,
              rowColumns.map((c) => ({ key: c.key, column: sqlColumn(c) })),
            ),
          ),
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
        await writeRecord(
          db,
          spec,
          values,
          // A form without a status keeps the one the record has once locked, with its reason.
          (current) => {
            const status = values.status ?? (current.status as Status);
            return {
              ...ownValues(def, values),
              status,
              reason_for_inactive:
                status === 'Inactive' ? (values.reason_for_inactive ?? current.reason_for_inactive) : null,
              updated_by: user.user_id,
            };
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
          organisations.activeOrganisations(db, def),
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
          def.entity,
          String(current[def.nameColumn]),
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
    const address = await organisations.findAgencyAddress(db, input.associated_agency_id);
    if (!address) throw notFound('Agency');
    return { resultData: [address] };
  },
});

export const organisationCalls: AnyCall[] = [
  ...[AGENCY, BROKER_ASSOCIATION, BROKER].flatMap(callsOf),
  agencyAddress,
];
