/**
 * The one way a service answers, whatever the transport: its value, or a refusal with the HTTP status a
 * REST route answers with (`unwrap` in rest-http.ts), a Romanian message (what the sync socket sends as a
 * rejection), and for some an error code or the form's field errors.
 */
export type FieldErrorMap = Record<string, string>;

export type Refusal = {
  ok: false;
  status: number;
  error: string;
  code?: string;
  errors?: FieldErrorMap;
  /** A 429's wait in seconds: REST sends it as Retry-After. */
  retryAfter?: number;
  /** The request parameter at fault (the search's), for a caller that treats one differently; not sent. */
  field?: string;
};

export type ServiceResult<T> = { ok: true; value: T } | Refusal;

/** A result whose success has its own status too (201 for a publication, 200 for a retried one). */
export type Outcome<T> = { ok: true; status: number; value: T } | Refusal;

export const ok = <T>(value: T) => ({ ok: true, value }) as const;

export function fail(status: number, error: string, code?: string, errors?: FieldErrorMap): Refusal {
  return { ok: false, status, error, ...(code ? { code } : {}), ...(errors ? { errors } : {}) };
}

/** A refusal for too many requests, with how long to wait (Retry-After, whole seconds, at least 1). */
export function throttled(error: string, waitMs: number): Refusal {
  return { ...fail(429, error, 'throttled'), retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
}
