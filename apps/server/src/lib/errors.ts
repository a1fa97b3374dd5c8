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
