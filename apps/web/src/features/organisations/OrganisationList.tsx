import { useMemo } from 'react';
import { MESSAGES } from '@app/contract';
import { EntityListPage, statusColumn } from '../../components/EntityListPage.tsx';
import type { ColumnDef } from '../../components/ServerTable.tsx';
import { idOf, nameOf, ORGANISATIONS, type OrganisationKey } from './definitions.ts';

type Row = Record<string, unknown>;

/** The list of agencies, broker associations or brokers (their forms: OrganisationPages.tsx). */
export function OrganisationList({ kind }: { kind: OrganisationKey }) {
  const def = ORGANISATIONS[kind];
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      ...def.columns.map((c): ColumnDef<Row> => ({
        field: c.field,
        headerName: c.header,
        flex: c.flex ?? 1,
        minWidth: (c.flex ?? 1) > 1 ? 180 : 130,
      })),
      statusColumn<Row>(def.statusColumn),
    ],
    [def],
  );
  const [idOfRow, nameOfRow] = useMemo(() => [idOf(def), nameOf(def)], [def]);
  return (
    <EntityListPage<Row>
      section="Entity"
      title={def.listTitle}
      entity={def.entity}
      call={def.calls.list}
      columns={columns}
      defaultSort={{ field: def.defaultSort, order: 'asc' }}
      idOf={idOfRow}
      nameOf={nameOfRow}
      permissions={def.permissions}
      remove={{ call: def.calls.delete, param: def.idParam, text: MESSAGES.confirmDelete }}
      reloads={[def.calls.lookup]}
      formPath={def.formPath}
    />
  );
}
