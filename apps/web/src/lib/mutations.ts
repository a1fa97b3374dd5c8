import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, showServerMessage } from './api.ts';

/**
 * A POST that answers `{message}`: shows the message as a success alert and reloads the lists whose
 * query key starts with one of `invalidates` (ServerTable keys start with the list call name).
 * Failures are alerted by the api client.
 */
export function useApiMutation<TBody>(call: string, invalidates: readonly string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => apiPost<{ message?: string }>(call, body),
    onSuccess: async (answer) => {
      showServerMessage(answer);
      await Promise.all(invalidates.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}
