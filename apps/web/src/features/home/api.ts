import { useQuery } from '@tanstack/react-query';
import { homeApi } from '@app/contract';
import { callQuery } from '../../lib/queries.ts';

/** What waits for the user, read afresh each time /home opens (GetHomeSummary). */
export const useHomeSummary = () =>
  useQuery({
    ...callQuery(homeApi.GetHomeSummary, {}, { read: (r) => r.resultData }),
    staleTime: 0,
  });
