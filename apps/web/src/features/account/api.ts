import { useQuery } from '@tanstack/react-query';
import { accountApi } from '@app/contract';
import { callQuery } from '../../lib/queries.ts';

/**
 * The signed-in user's own record (webGetAccountDetails), read afresh each time the page opens and
 * not kept after it closes.
 */
export const useAccountDetails = () =>
  useQuery({
    ...callQuery(accountApi.webGetAccountDetails, {}, { read: (r) => r.resultData[0]! }),
    staleTime: 0,
    gcTime: 0,
  });
