import { MESSAGES } from '@app/contract';
import { ApiError } from './api.ts';

/** Why a list could not be loaded, in plain words, from the error its call failed with. */
export function loadFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 0) {
    return navigator.onLine
      ? 'Could not reach the server. Check your connection.'
      : 'You are offline. Check your connection.';
  }
  if (error.status === 408) return error.message;
  if (error.status >= 500) return 'The server ran into a problem. Please try again in a moment.';
  // 400, 409, 429: the server's own sentence, when it said one.
  if (error.message && error.message !== MESSAGES.somethingWrong) return error.message;
  return 'Something went wrong. Please try again.';
}
