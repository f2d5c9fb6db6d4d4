import { STORAGE_KEYS } from '../../../schema/constants.ts';
import type { ApiErrorBody } from '../../../schema/entities.ts';

/** An HTTP answer that was not 2xx. `message` is the server's Romanian `error`, or the caller's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A request that never reached the server (offline, server down, DNS). */
export class NetworkError extends Error {}

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
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, fallbackError, headers, ...rest } = init;
  const h = new Headers(headers);
  const token = storedToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    h.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(path, { ...rest, headers: h, body });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
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
    );
  }
  return data as T;
}
