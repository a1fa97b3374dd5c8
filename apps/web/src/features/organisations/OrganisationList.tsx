import { useMemo, type ReactElement } from 'react';
import { MESSAGES, organisationBulkApi } from '@app/contract';
import { EntityListPage, statusColumn } from '../../components/EntityListPage.tsx';
import type { ColumnDef } from '../../components/ServerTable.tsx';
import { useRecordBulkActions } from '../../components/server-table/use-record-bulk-actions.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { organisationListQuery } from './api.ts';
import { ORGANISATIONS, type OrganisationDef, type OrganisationKey } from './definitions.ts';

/** The list of one organisation, over its list row R (its list call's). */
function OrganisationListOf<R extends object, Rec extends Record<string, unknown>>({
  def,
}: {
  def: OrganisationDef<R, Rec>;
}) {
  const columns = useMemo<ColumnDef<R>[]>(
    () => [
      ...def.columns.map((c): ColumnDef<R> => ({
        field: c.field,
        headerName: c.header,
        flex: c.flex ?? 1,
        minWidth: (c.flex ?? 1) > 1 ? 180 : 130,
      })),
      statusColumn<R>(def.statusColumn),
    ],
    [def],
  );
  const list = useMemo(() => organisationListQuery(def), [def]);
  const { has } = usePermissions();
  const many = def.listTitle === 'Agency' ? 'agencies' : `${def.listTitle.toLowerCase()}s`;
  const bulkActions = useRecordBulkActions({
    calls: organisationBulkApi[def.api.def.entity],
    may: { status: has(def.permissions.edit), delete: has(def.permissions.delete) },
    askReason: true,
    title: many.replace(/\b\w/g, (c) => c.toUpperCase()),
    one: def.listTitle.toLowerCase(),
    many,
    reloads: [def.api.list, def.api.lookup],
  });
  return (
    <EntityListPage<R>
      section="Entity"
      title={def.listTitle}
      entity={def.entity}
      list={list}
      columns={columns}
      defaultSort={{ field: def.defaultSort, order: 'asc' }}
      idOf={def.idOf}
      nameOf={def.nameOf}
      permissions={def.permissions}
      remove={{ call: def.api.delete, param: def.api.def.idColumn, text: MESSAGES.confirmDelete }}
      reloads={[def.api.lookup]}
      formPath={def.formPath}
      bulk={{ actions: bulkActions, noun: many }}
    />
  );
}

/** Each organisation's list, typed by its own row. */
const LISTS: Record<OrganisationKey, () => ReactElement> = {
  agency: () => <OrganisationListOf def={ORGANISATIONS.agency} />,
  brokerAssociation: () => <OrganisationListOf def={ORGANISATIONS.brokerAssociation} />,
  broker: () => <OrganisationListOf def={ORGANISATIONS.broker} />,
};

/** The list of agencies, broker associations or brokers (their forms: OrganisationPages.tsx). */
export function OrganisationList({ kind }: { kind: OrganisationKey }) {
  return LISTS[kind]();
}
