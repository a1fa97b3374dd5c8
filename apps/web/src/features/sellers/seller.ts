/** What the seller list (SellerList.tsx) and form (SellerPages.tsx) share: paths, calls, permissions. */
type Row = Record<string, unknown>;

const HOME = '/home';
export const SELLER_LIST_PATH = `${HOME}/Seller/seller`;
export const sellerFormPath = (id: number) => `${HOME}/Broker/add-seller/${id}`;
export const CALLS = {
  list: 'GetSeller',
  byId: 'getSellerById',
  save: 'saveSeller',
  update: 'updateSeller',
  delete: 'deleteSeller',
  lookup: 'GetSellerWithoutPagination',
} as const;
export const PERMISSIONS = { add: 'Add Seller', edit: 'Edit Seller', delete: 'Delete Seller' } as const;

export const idOf = (row: Row) => Number(row.seller_id);
export const nameOf = (row: Row) => String(row.seller_name ?? '');
