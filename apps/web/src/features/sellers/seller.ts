import { sellerApi, type AnswerOf, type SellerRow } from '@app/contract';
import { RECORD_PAGES } from '../../lib/record-pages.ts';

/** What the seller list (SellerList.tsx) and form (SellerPages.tsx) share: paths, calls, permissions. */

/** A seller as its form loads it (getSellerById). */
export type SellerRecord = AnswerOf<typeof sellerApi.getSellerById>['resultData'][number];

const HOME = '/home';
export const SELLER_LIST_PATH = `${HOME}/Seller/seller`;
export const sellerFormPath = RECORD_PAGES.seller.path;
/** The contract's seller calls by what they do. */
export const CALLS = {
  list: sellerApi.GetSeller,
  byId: sellerApi.getSellerById,
  save: sellerApi.saveSeller,
  update: sellerApi.updateSeller,
  delete: sellerApi.deleteSeller,
  lookup: sellerApi.GetSellerWithoutPagination,
} as const;
export const PERMISSIONS = { add: 'Add Seller', edit: 'Edit Seller', delete: 'Delete Seller' } as const;

export const idOf = (row: SellerRow) => row.seller_id;
export const nameOf = (row: Pick<SellerRow, 'seller_name'>) => row.seller_name;
