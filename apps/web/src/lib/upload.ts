import { MESSAGES, type AnswerOf, type PostCall } from '@app/contract';
import {
  ApiError,
  BASE_HEADERS,
  failedAnswer,
  newIdempotencyKey,
  offlineRefusal,
  type CallOptions,
} from './api.ts';
import { notify } from './notify.ts';

export interface UploadOptions extends CallOptions {
  /** How much of the body has been sent, from 0 to 1. */
  onProgress?: (sent: number) => void;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Posts a multipart body to a declared call, reporting how much of it has been sent: XMLHttpRequest,
 * since fetch tells nothing of an upload's progress. Same headers, cookie and failure rules as apiPost
 * (lib/api.ts), with an Idempotency-Key of its own unless one is given.
 */
export function uploadWithProgress<C extends PostCall>(
  call: C,
  body: FormData,
  opts: UploadOptions = {},
): Promise<AnswerOf<C>> {
  // Offline, refused before anything is sent, as apiPost refuses.
  const refused = offlineRefusal('POST', opts);
  if (refused) {
    if (!opts.silent) notify.error(refused.message);
    return Promise.reject(refused);
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${call.name}`);
    for (const [name, value] of Object.entries(BASE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Idempotency-Key', opts.idempotencyKey ?? newIdempotencyKey());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const answer = xhr.getResponseHeader('content-type')?.includes('json') ? parse(xhr.responseText) : null;
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(answer as AnswerOf<C>);
        return;
      }
      try {
        failedAnswer(xhr.status, answer, opts);
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => reject(offlineRefusal('POST', opts) ?? new ApiError(0, MESSAGES.somethingWrong));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
