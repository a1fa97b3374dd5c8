import {
  MESSAGES,
  type AnswerOf,
  type CallRef,
  type GetCall,
  type PostCall,
  type RequestOf,
} from '@app/contract';
import { notify } from './notify.ts';
import { OFFLINE_TEXT } from './online.ts';

/** A failed call. `status` 0 means the network failed (offline or server unreachable). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export interface CallOptions {
  /** Show no alert on failure (the caller handles it). 401/403 still sign the user out. */
  silent?: boolean;
  /** 401 is an expected answer (e.g. "am I signed in?"): no alert, no redirect, just throw. */
  allowUnauthorized?: boolean;
  /**
   * 403 is a business answer of this call (e.g. "you cannot grant what you do not hold"): it fails
   * like a 409 with the server's message instead of signing the user out. 401 still signs out.
   */
  allowForbidden?: boolean;
  /**
   * Login, logout and permission load: say 'Internet not found' when offline (a GET too is refused up
   * front). Every other write offline is refused up front with OFFLINE_TEXT.action (see offlineRefusal).
   */
  offlineCheck?: boolean;
  signal?: AbortSignal;
  /** Give up when no answer arrived after this long (a hung server), failing with status 408. */
  timeoutMs?: number;
  /**
   * Sent as the Idempotency-Key header: the server answers a repeat of a create with the first answer
   * instead of a second record (see newIdempotencyKey).
   */
  idempotencyKey?: string;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

let unauthorizedHandler: () => void = () => {};
/** The app registers what "signed out by the server" means (clear caches, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Every request says it comes from the web app (the server refuses cross-site writes without it). */
export const BASE_HEADERS = { 'X-Requested-With': 'web', Accept: 'application/json' } as const;
/** A request with an Idempotency-Key whose answer did not arrive is sent once more after this pause. */
const RESEND_AFTER_MS = 1000;
/**
 * A read that had no answer in this time fails, so a list shows why and offers Retry instead of
 * 'Loading data' for ever. Every read answers in well under a second (docs/performance.md).
 */
const READ_TIMEOUT_MS = 30_000;
export const TIMED_OUT = 'The server did not answer in time. Please try again.';

/**
 * The caller's signal, aborted also after `ms` (a timer, not AbortSignal.timeout, so a test's
 * simulated clock can run it); `timedOut` says whether the time ran out.
 */
function withTimeout(signal: AbortSignal | undefined, ms: number | undefined) {
  if (!ms) return { signal, timedOut: () => false, done: () => {} };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return { signal: controller.signal, timedOut: () => expired, done: () => clearTimeout(timer) };
}

function apiUrl(call: string, params?: QueryParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) qs.set(k, String(v));
  }
  const query = qs.toString();
  return `/api/${call}${query ? `?${query}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await res.json();
  } catch {
    return null;
  }
}

function fail(error: ApiError, opts: CallOptions): never {
  if (!opts.silent) notify.error(error.message);
  throw error;
}

/**
 * Offline, what a call is refused with before it is sent (null when it may go): every write (a save, a
 * delete, a status change, an upload) with the words of every action refused offline, so that no form
 * sends, fails and resends; the calls with `offlineCheck` with 'Internet not found'. Reads are sent and
 * fail, and their screens say why (load-failure.ts).
 */
export function offlineRefusal(method: string, opts: CallOptions): ApiError | null {
  if (navigator.onLine) return null;
  if (opts.offlineCheck) return new ApiError(0, MESSAGES.offline);
  return method === 'GET' ? null : new ApiError(0, OFFLINE_TEXT.action);
}

/** Sends a request and applies the app-wide failure rules; returns the raw Response on success. */
async function send(url: string, init: RequestInit, opts: CallOptions): Promise<Response> {
  const refused = offlineRefusal(init.method ?? 'GET', opts);
  if (refused) fail(refused, opts);
  const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';
  const limit = withTimeout(opts.signal, opts.timeoutMs);
  const request = () =>
    fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { ...BASE_HEADERS, ...init.headers },
      signal: limit.signal ?? null,
    });
  let res: Response;
  try {
    res = await request().catch(async (e: unknown) => {
      // The answer may have been lost after the server acted. Sent again with the same key, the
      // server answers with its first answer instead of acting twice: safe to try once more.
      // Not when the connection is gone: that is no lost answer, and the resend would fail as well.
      if (!opts.idempotencyKey || isAbort(e) || !navigator.onLine) throw e;
      await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
      return request();
    });
  } catch (e) {
    if (limit.timedOut()) fail(new ApiError(408, TIMED_OUT), opts);
    if (isAbort(e)) throw e;
    // A write whose connection went while it was under way: said as if it had gone before.
    const offline = opts.offlineCheck || !navigator.onLine;
    const lost = offlineRefusal(init.method ?? 'GET', opts);
    fail(lost ?? new ApiError(0, offline ? MESSAGES.offline : MESSAGES.somethingWrong), opts);
  } finally {
    limit.done();
  }
  if (res.ok) return res;
  failedAnswer(res.status, await readBody(res), opts);
}

/**
 * The app-wide rules for an answer that is not ok (also for uploads sent without fetch): 401/403 sign
 * out, 400/409/429 say the server's message, the rest 'Something went wrong'. Throws the ApiError.
 */
export function failedAnswer(status: number, answer: unknown, opts: CallOptions): never {
  const res = { status };
  const body = answer as { message?: unknown; errors?: unknown } | null;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
  const errors =
    body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};

  if (res.status === 403 && opts.allowForbidden) {
    fail(new ApiError(res.status, serverMessage ?? MESSAGES.unauthorized, errors), opts);
  }
  if (res.status === 401 || res.status === 403) {
    if (opts.allowUnauthorized) throw new ApiError(res.status, MESSAGES.unauthorized);
    notify.error(MESSAGES.unauthorized);
    unauthorizedHandler();
    throw new ApiError(res.status, MESSAGES.unauthorized);
  }
  const showServer = res.status === 400 || res.status === 409 || res.status === 429;
  fail(new ApiError(res.status, (showServer && serverMessage) || MESSAGES.somethingWrong, errors), opts);
}

/** The query string of a GET: its request's fields, as text. */
const queryOf = (request: unknown) => (request ?? {}) as QueryParams;

/**
 * Makes a declared GET call (its declaration, or a CallRef to it) with its request as the query;
 * answers what the call declares.
 */
export function apiGet<C extends GetCall>(
  call: C,
  request?: RequestOf<C>,
  opts?: CallOptions,
): Promise<AnswerOf<C>>;
export function apiGet<C extends GetCall>(
  call: CallRef<C>,
  request?: RequestOf<C>,
  opts?: CallOptions,
): Promise<AnswerOf<C>>;
export async function apiGet(call: CallRef, request?: unknown, opts: CallOptions = {}): Promise<unknown> {
  const res = await send(
    apiUrl(call.name, queryOf(request)),
    { method: 'GET' },
    { timeoutMs: READ_TIMEOUT_MS, ...opts },
  );
  return readBody(res);
}

/**
 * A new Idempotency-Key: 128 random bits in hex. Not crypto.randomUUID, which browsers offer only on
 * https and localhost, and the app may be served over plain http inside an office network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Makes a declared POST call (its declaration, or a CallRef to it): its request as JSON, or multipart
 * when the body is a FormData (an upload; the browser sets its boundary). Answers what the call declares.
 */
export function apiPost<C extends PostCall>(
  call: C,
  body: RequestOf<C> | FormData,
  opts?: CallOptions,
): Promise<AnswerOf<C>>;
export function apiPost<C extends PostCall>(
  call: CallRef<C>,
  body: RequestOf<C> | FormData,
  opts?: CallOptions,
): Promise<AnswerOf<C>>;
export async function apiPost(call: CallRef, body: unknown, opts: CallOptions = {}): Promise<unknown> {
  const key: Record<string, string> = opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {};
  const init: RequestInit =
    body instanceof FormData
      ? { method: 'POST', body, headers: key }
      : {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...key },
          body: JSON.stringify(body ?? {}),
        };
  const res = await send(apiUrl(call.name), init, opts);
  return readBody(res);
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Downloads a list's Excel export (GET /api/<list>/export with the list's query) under the server's name for it. */
export async function apiDownload(call: GetCall, params: QueryParams, opts: CallOptions = {}): Promise<void> {
  const res = await send(apiUrl(`${call.name}/export`, params), { method: 'GET' }, opts);
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), `${call.name}.xlsx`);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** A `{message}` answer: shows it as a success alert (7000 ms) when present. */
export function showServerMessage(answer: unknown): void {
  const message = (answer as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) notify.success(message);
}
