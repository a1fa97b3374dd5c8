import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRef, PostCall, RequestOf } from '@app/contract';
import { apiPost, newIdempotencyKey, showServerMessage } from './api.ts';

/** One submission of a form: its body and the Idempotency-Key that every attempt to send it carries. */
interface Submission<TBody> {
  body: TBody;
  key: string;
}

/**
 * A POST that answers `{message}`: shows the message as a success alert and reloads the lists whose
 * query key starts with the name of one of `invalidates` (queries are keyed by their call's name first).
 * Failures are alerted by the api client. Each `mutate` is one submission with a key of its own (the
 * server replays a create's answer to a repeat of its key: a double submit makes one record); a retry
 * of the mutation sends the same submission, key and all.
 */
export function useApiMutation<C extends PostCall>(call: C, invalidates: readonly CallRef[] = []) {
  type TBody = RequestOf<C> | FormData;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ body, key }: Submission<TBody>) => apiPost(call, body, { idempotencyKey: key }),
    onSuccess: async (answer) => {
      showServerMessage(answer);
      await Promise.all(invalidates.map(({ name }) => queryClient.invalidateQueries({ queryKey: [name] })));
    },
  });
  const submit = (body: TBody): Submission<TBody> => ({ body, key: newIdempotencyKey() });
  return {
    ...mutation,
    mutate: (body: TBody) => mutation.mutate(submit(body)),
    mutateAsync: (body: TBody) => mutation.mutateAsync(submit(body)),
  };
}
