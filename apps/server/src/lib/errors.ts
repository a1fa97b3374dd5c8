/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
/** `errors` names the one field the conflict is about (a duplicate name...), so a form can show it there. */
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors);

/**
 * Waits for checks started together, and throws the first failure in the order given, as if they had
 * run one after the other: the answer does not depend on which finished first. Answers their values.
 */
export async function inOrder<T extends readonly unknown[]>(checks: { [K in keyof T]: Promise<T[K]> }) {
  const settled = await Promise.allSettled(checks);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
