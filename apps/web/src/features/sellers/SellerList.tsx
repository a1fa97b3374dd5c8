import { bulkApi, MESSAGES, type SellerRow } from '@app/contract';
import { EntityListPage } from '../../components/EntityListPage.tsx';
import type { ColumnDef } from '../../components/ServerTable.tsx';
import { useRecordBulkActions } from '../../components/server-table/use-record-bulk-actions.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { sellerListQuery } from './api.ts';
import { CALLS, idOf, nameOf, PERMISSIONS, sellerFormPath } from './seller.ts';

type Row = SellerRow;

/** The list's columns; each field is a row field (and the server's sort column). */
const COLUMNS: (ColumnDef<Row> & { field: keyof Row })[] = [
  { field: 'seller_name', headerName: 'Name', flex: 1.4, minWidth: 180 },
  { field: 'property_owner_name', headerName: 'Owner Name', flex: 1, minWidth: 150 },
  { field: 'agency_name', headerName: 'Agency', flex: 1.2, minWidth: 160 },
  { field: 'phone_1', headerName: 'Phone', flex: 1, minWidth: 130 },
  { field: 'email_address', headerName: 'Email', flex: 1.2, minWidth: 180 },
];

/** Seller list (Entity > Seller): Agents and Owner-Agents see their agency's sellers (server scope). */
export function SellerList() {
  const { has } = usePermissions();
  const bulkActions = useRecordBulkActions({
    calls: { delete: bulkApi.bulkDeleteSellers },
    may: { status: false, delete: has(PERMISSIONS.delete) },
    title: 'Sellers',
    one: 'seller',
    many: 'sellers',
    reloads: [CALLS.list, CALLS.lookup],
  });
  return (
    <EntityListPage<Row>
      section="Entity"
      title="Seller"
      entity="Seller"
      list={sellerListQuery}
      columns={COLUMNS}
      defaultSort={{ field: 'seller_name', order: 'asc' }}
      idOf={idOf}
      nameOf={nameOf}
      permissions={PERMISSIONS}
      remove={{ call: CALLS.delete, param: 'seller_id', text: MESSAGES.confirmDeleteSeller }}
      reloads={[CALLS.lookup]}
      formPath={sellerFormPath}
      bulk={{ actions: bulkActions, noun: 'sellers' }}
    />
  );
}
