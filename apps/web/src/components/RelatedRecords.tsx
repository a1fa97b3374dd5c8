import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  brokerAssociationApi,
  propertyApi,
  sellerApi,
  userApi,
  type Permission,
  type RecordKind,
} from '@app/contract';
import type { QueryParams } from '../lib/api.ts';
import { formatDate, formatMoney, isNoValue } from '../lib/format.ts';
import { usePermissions } from '../lib/permissions.ts';
import { listQuery } from '../lib/queries.ts';
import { RecordLink } from './RecordLink.tsx';
import { ServerTable, type ColumnDef } from './ServerTable.tsx';

/**
 * A record's related records under its form (decision 49): each a paged table of an existing list call
 * narrowed to the record (`filter`), in the viewer's scope, shown to those who may open that list.
 */

type Row = Record<string, unknown>;

/** The column naming each row's record: a link to its page. */
const nameColumn = (
  field: string,
  headerName: string,
  kind: RecordKind,
  idField: string,
): ColumnDef<Row> => ({
  field,
  headerName,
  flex: 1.5,
  minWidth: 180,
  renderCell: ({ value, row }) =>
    isNoValue(value) ? null : (
      <RecordLink kind={kind} id={row[idField]}>
        {String(value)}
      </RecordLink>
    ),
});
const column = (field: string, headerName: string, minWidth = 130): ColumnDef<Row> => ({
  field,
  headerName,
  flex: 1,
  minWidth,
});

interface Related {
  list: ReturnType<typeof listQuery<Row>>;
  permission: Permission;
  columns: ColumnDef<Row>[];
  sort: { field: string; order: 'asc' | 'desc' };
  idField: string;
}

const RELATED = {
  listings: {
    list: listQuery<Row>(propertyApi.allproperty),
    permission: 'Property List',
    columns: [
      nameColumn('property_name', 'Property Name', 'listing', 'id'),
      column('status', 'Status', 100),
      { ...column('agent_name', 'Agent', 150), sortable: false },
      {
        ...column('price', 'Price', 130),
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value) => formatMoney(value),
      },
      { ...column('date_first_added', 'Date Added', 110), valueFormatter: (value) => formatDate(value) },
    ],
    sort: { field: 'date_first_added', order: 'desc' },
    idField: 'id',
  },
  sellers: {
    list: listQuery<Row>(sellerApi.GetSeller),
    permission: 'Seller',
    columns: [
      nameColumn('seller_name', 'Name', 'seller', 'seller_id'),
      column('property_owner_name', 'Owner Name', 150),
      column('phone_1', 'Phone'),
      column('email_address', 'Email', 180),
    ],
    sort: { field: 'seller_name', order: 'asc' },
    idField: 'seller_id',
  },
  agents: {
    list: listQuery<Row>(userApi.GetUser),
    permission: 'Users',
    columns: [
      nameColumn('full_name', 'Name', 'user', 'user_id'),
      column('role_name', 'Role', 120),
      column('phone_1', 'Phone'),
      column('user_email', 'Email', 180),
      column('user_status', 'Status', 100),
    ],
    sort: { field: 'full_name', order: 'asc' },
    idField: 'user_id',
  },
  associations: {
    list: listQuery<Row>(brokerAssociationApi.list),
    permission: 'Broker Association',
    columns: [
      nameColumn('broker_association_name', 'Name', 'association', 'broker_association_id'),
      column('contact_person', 'Contact Person', 150),
      column('phone_1', 'Phone'),
      column('email_address', 'Email', 180),
    ],
    sort: { field: 'broker_association_name', order: 'asc' },
    idField: 'broker_association_id',
  },
} satisfies Record<string, Related>;

export type RelatedKind = keyof typeof RELATED;

export interface RelatedTableDef {
  kind: RelatedKind;
  /** The table's heading, e.g. 'Listings'. */
  title: string;
  /** The parent filter, e.g. `{ seller_id: 12 }`. */
  filter: QueryParams;
  /** What the table says without rows, e.g. 'This seller has no listings.' */
  emptyText: string;
}

function RelatedTable({ def, prefix }: { def: RelatedTableDef; prefix: string }) {
  const related: Related = RELATED[def.kind];
  const id = `related-${def.kind}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {def.title}
      </Typography>
      <ServerTable<Row>
        list={related.list}
        label={def.title}
        columns={related.columns}
        defaultSort={related.sort}
        getRowId={(row) => row[related.idField] as number}
        extraParams={def.filter}
        paramPrefix={prefix}
        emptyText={def.emptyText}
      />
    </Box>
  );
}

/** The related tables the viewer may see, under a record's form; nothing for a new record. */
export function RelatedRecords({ tables }: { tables: readonly RelatedTableDef[] }): ReactNode {
  const { has } = usePermissions();
  const shown = tables.filter((t) => has(RELATED[t.kind].permission));
  if (shown.length === 0) return null;
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      {shown.map((t) => (
        <RelatedTable key={t.kind} def={t} prefix={`${t.kind}.`} />
      ))}
    </Stack>
  );
}
