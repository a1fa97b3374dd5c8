import { QueryClient } from '@tanstack/react-query';

/**
 * networkMode 'always': offline, a call is made and fails at once (and says so) instead of waiting,
 * paused and silent, for the connection to return.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
