import { sellerApi, type SellerRow } from '@app/contract';
import { listQuery } from '../../lib/queries.ts';

/** The seller list (Entity > Seller). */
export const sellerListQuery = listQuery<SellerRow>(sellerApi.GetSeller);
