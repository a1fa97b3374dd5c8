import { sellerApi, type SellerRow } from '@app/contract';
import { listQuery, recordQuery } from '../../lib/queries.ts';

/** The seller list (Entity > Seller). */
export const sellerListQuery = listQuery<SellerRow>(sellerApi.GetSeller);
/** A seller's record, as the seller form loads it. */
export const sellerRecordQuery = (id: number | null) => recordQuery(sellerApi.getSellerById, 'seller_id', id);
