import type { z } from 'zod';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import type { ApiErrorBody } from '../../../schema/entities.ts';

/** An HTTP answer that was not 2xx. `message` is the server's Romanian `error`, or the caller's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** 429 (a write limit): the seconds the server asked to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * 507: the server has no room for new files (issue 40, its storage budget): unlike other 5xx it is an
 * answer, with a Romanian message for the person, not an outage; an upload is not retried on its own.
 */
export const isStorageFull = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 507;

/** A write refused for the write limits: it may go through later as it is (keep it, try again then). */
export const isWriteLimited = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 429;

const later = new Map<string, ReturnType<typeof setTimeout>>();
/** Runs `fn` once after the server's Retry-After (a minute when absent); a newer call for `key` replaces it. */
export function retryLater(key: string, fn: () => void, seconds = 60): void {
  clearTimeout(later.get(key));
  later.set(
    key,
    setTimeout(
      () => {
        later.delete(key);
        fn();
      },
      Math.min(seconds, 3600) * 1000 + 250,
    ),
  );
}

/** A request that never reached the server (offline, server down, DNS). */
export class NetworkError extends Error {}

export const OFFLINE_MESSAGE = 'Nu ești conectat la internet. Încearcă din nou când revine conexiunea.';

/** What a form says when a request failed: being offline said plainly, else the server's Romanian message. */
export const failureMessage = (err: unknown): string =>
  err instanceof NetworkError ? OFFLINE_MESSAGE : (err as Error).message;

export function storedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

type ApiInit = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit; fallbackError?: string };

/**
 * Calls the Hobbiz API on the same origin with the stored bearer token. Throws ApiError with the
 * server's Romanian message (or `fallbackError`) and NetworkError when there is no answer at all.
 */
/** What a route answers, read from its schema in schema/api (a type only: nothing is bundled). */
export type Answer<S extends z.ZodType> = z.output<S>;

/**
 * An answer not received in full after this long is given up as a NetworkError (a link that stalled
 * without closing would otherwise leave a form waiting for ever). A body adds its own sending time on top
 * (apiTimeoutMs): a chat file or an avatar may take minutes on a weak link, but not for ever.
 */
export const API_TIMEOUT_MS = 30_000;

/**
 * The slowest uplink a body is given time for: 4 kB/s (32 kbit/s), under what a weak 2G/EDGE phone link
 * still moves (a resized phone photo of ~300 kB takes a minute there, as photo-uploads.ts measured). fetch
 * reports no upload progress, so unlike photo uploads (a stall watchdog on XHR progress) the whole request
 * gets one deadline: a 10 MB chat file about 43 minutes, a 1 MB one under 5 — bounded, where it used to
 * hang for ever on a dead link, and still long enough not to cut a slow upload that is moving.
 */
export const SLOWEST_UPLINK_BYTES_PER_S = 4 * 1024;

/** Bytes a request body puts on the wire (multipart headers aside); null when it cannot be known (a stream). */
export function bodyBytes(body: BodyInit | null | undefined): number | null {
  if (body == null) return 0;
  if (typeof body === 'string') return new TextEncoder().encode(body).byteLength;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof URLSearchParams) return bodyBytes(body.toString());
  if (body instanceof FormData) {
    let total = 0;
    for (const [, value] of body.entries()) total += bodyBytes(value) ?? 0;
    return total;
  }
  return null;
}

/** How long a request with `bytes` of body may take before it is given up: the answer's time plus the sending. */
export const apiTimeoutMs = (bytes: number): number =>
  API_TIMEOUT_MS + Math.ceil((bytes / SLOWEST_UPLINK_BYTES_PER_S) * 1000);

/**
 * The caller's signal and the timeout for this body; aborting either aborts the request. A body of
 * unknown size (a stream) is not timed. `done()` clears the timer once the answer is read.
 */
function timedSignal(own: AbortSignal | null | undefined, body: BodyInit | undefined) {
  const bytes = bodyBytes(body);
  if (bytes === null) return { signal: own ?? undefined, done: () => {} };
  const timed = new AbortController();
  const timer = setTimeout(
    () => timed.abort(new DOMException('no answer in time', 'TimeoutError')),
    apiTimeoutMs(bytes),
  );
  const stop = () => timed.abort(own?.reason);
  // A signal aborted already fires no event: the request is aborted from the start, as fetch would.
  if (own?.aborted) stop();
  else own?.addEventListener('abort', stop, { once: true });
  return {
    signal: timed.signal,
    done: () => {
      clearTimeout(timer);
      own?.removeEventListener('abort', stop);
    },
  };
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, fallbackError, headers, signal: own, ...rest } = init;
  const h = new Headers(headers);
  const token = storedToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    h.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const timed = timedSignal(own, body);
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, { ...rest, headers: h, body, signal: timed.signal });
    text = await res.text();
  } catch (err) {
    // The caller's own abort stays an abort; no answer (offline, a stalled link past the timeout) is a
    // network failure, which forms and outboxes already handle (kept, tried again).
    if (own?.aborted) throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  } finally {
    timed.done();
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const e = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(
      e.error || fallbackError || 'A apărut o eroare. Încearcă din nou.',
      res.status,
      e.code,
      Number(res.headers.get('Retry-After')) || undefined,
    );
  }
  return data as T;
}
