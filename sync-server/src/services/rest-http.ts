import type { Outcome, Refusal, ServiceResult } from './result.ts';

/**
 * The one way a route refuses: `throw httpError(404, NOT_FOUND, 'not_found')`. The app's error handler
 * (app.ts) answers the REST API's one error shape, `{ error, code?, …extra }`, with a Romanian message
 * and never a stack; `extra` carries a refusal's own fields (the publish form's `errors`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
    /** Seconds for Retry-After (a 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.message, ...(this.code ? { code: this.code } : {}), ...this.extra };
  }
}

export const httpError = (status: number, error: string, code?: string, extra?: Record<string, unknown>) =>
  new HttpError(status, error, code, extra);

/** A service's answer in a route: its value, or its refusal thrown as the HTTP error it names. */
export function unwrap<T>(result: ServiceResult<T> | Outcome<T>): T {
  if (result.ok) return result.value;
  refuse(result);
}

/** A service's refusal thrown as the HTTP error it names (status, message, code, the form's errors). */
export function refuse({ status, error, code, errors, retryAfter }: Refusal): never {
  throw new HttpError(status, error, code, errors ? { errors } : undefined, retryAfter);
}
