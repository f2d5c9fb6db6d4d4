import { type FastifyRequest, LogController } from 'fastify';

/**
 * Query parameters that carry a secret, never written to the log: a session token (`token`,
 * `access_token`, `id_token`), a sign-in's one-time `code` and `state`, the mailed links' `t` (address
 * confirmation, unsubscribe) and a signed chat-file link's `s` (issue 40, L9). Whoever reads the log
 * could otherwise confirm someone's address, unsubscribe them or open their chat files. The user id `u`
 * beside a `t` is no secret and stays readable.
 */
const SECRET_PARAMS = /([?&](?:token|code|state|access_token|id_token|t|s)=)[^&#]*/gi;

/** A request's URL as the log may show it. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

/**
 * Fastify's own "Route … not found" line (its default 404, answered where no not-found handler of ours is
 * set: a server without the built PWA) writes the raw URL; this one writes it redacted.
 */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}
