import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, newIdempotencyKey, showServerMessage } from './api.ts';

/** One submission of a form: its body and the Idempotency-Key that every attempt to send it carries. */
interface Submission<TBody> {
  body: TBody;
  key: string;
}

/**
 * A POST that answers `{message}`: shows the message as a success alert and reloads the lists whose
 * query key starts with one of `invalidates` (ServerTable keys start with the list call name).
 * Failures are alerted by the api client. Each `mutate` is one submission with a key of its own (the
 * server replays a create's answer to a repeat of its key: a double submit makes one record); a retry
 * of the mutation sends the same submission, key and all.
 */
export function useApiMutation<TBody>(call: string, invalidates: readonly string[] = []) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ body, key }: Submission<TBody>) =>
      apiPost<{ message?: string }>(call, body, { idempotencyKey: key }),
    onSuccess: async (answer) => {
      showServerMessage(answer);
      await Promise.all(invalidates.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
  const submit = (body: TBody): Submission<TBody> => ({ body, key: newIdempotencyKey() });
  return {
    ...mutation,
    mutate: (body: TBody) => mutation.mutate(submit(body)),
    mutateAsync: (body: TBody) => mutation.mutateAsync(submit(body)),
  };
}
