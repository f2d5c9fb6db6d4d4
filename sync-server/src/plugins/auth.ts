import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_REQUIRED } from '../../../schema/rules/common.ts';
import { deviceLabel } from '../lib/device.ts';
import { redactUrl } from '../lib/redact-url.ts';
import { httpError } from '../services/rest-http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from a valid bearer token; null for guests. Never taken from the body. */
    userId: string | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** A guest's 401 text where the spec words it for this one route (liking a review). */
    signInMessage?: string;
  }
}

const LAST_SEEN_EVERY_MS = 60_000;
/** Replicated profiles carry last activity at a coarser grain, so activity does not flood every device. */
const LAST_SEEN_REPLICATE_MS = 10 * 60_000;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * A route folder's signed-in routes: `routes` registers them in this scope, whose one onRequest hook
 * answers a guest 401 `{ error, code: 'unauthorized' }` before anything else runs (write budget, body,
 * validation, handler). Inside, handlers read the caller with `callerOf(request)`.
 */
export function signedIn(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async function signedInScope(scope) {
    scope.addHook('onRequest', async (request) => {
      if (request.userId) return;
      throw httpError(401, request.routeOptions.config.signInMessage ?? SIGN_IN_REQUIRED, 'unauthorized');
    });
    await scope.register(routes);
  };
}

/** The caller of a route inside `signedIn` (its hook let only signed-in requests through). */
export function callerOf(request: FastifyRequest): string {
  if (!request.userId) throw new Error(`callerOf outside a signedIn scope: ${redactUrl(request.url)}`);
  return request.userId;
}

/**
 * The caller of a per-user list route (`/…/:userId`): the list is only ever the caller's own, and any
 * other user's answers `notFound` (404), as an unknown id does, so a stranger learns nothing.
 */
export function listOwner(request: FastifyRequest<{ Params: { userId: string } }>, notFound: string): string {
  const callerId = callerOf(request);
  if (request.params.userId !== callerId) throw httpError(404, notFound, 'not_found');
  return callerId;
}

/** The session token of that caller (set together with the caller by the hook below). */
export function sessionOf(request: FastifyRequest): string {
  if (!request.token) throw new Error(`sessionOf outside a signedIn scope: ${redactUrl(request.url)}`);
  return request.token;
}

/** A session's 'last seen' in 'Dispozitive conectate' is written at most this often. */
const SESSION_SEEN_EVERY_MS = 5 * 60_000;
/** Sessions whose last write is remembered (the oldest are forgotten first: one more write, no harm). */
const SESSIONS_REMEMBERED = 50_000;

export default fp(async function auth(app: FastifyInstance) {
  const touched = new Map<string, number>();
  const sessionSeen = new Map<string, number>();
  /**
   * A session's 'last seen' is written once its request was answered, never in its way: the request's
   * own writes go first, and a failure here is only logged.
   */
  const seenOnResponse = new WeakSet<FastifyRequest>();
  app.addHook('onResponse', async (request) => {
    if (!seenOnResponse.has(request) || !request.token) return;
    seenOnResponse.delete(request);
    try {
      await app.sessionsRepo.touch(request.token, deviceLabel(request.headers['user-agent']));
    } catch (err) {
      request.log.warn({ err }, 'session last-seen not written');
    }
  });
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const userId = await app.sessionsRepo.userIdFor(token);
    if (!userId) return;
    request.token = token;
    request.userId = userId;
    const seenAt = Date.now();
    if ((sessionSeen.get(token) ?? 0) + SESSION_SEEN_EVERY_MS < seenAt) {
      sessionSeen.delete(token);
      sessionSeen.set(token, seenAt);
      if (sessionSeen.size > SESSIONS_REMEMBERED) sessionSeen.delete(sessionSeen.keys().next().value!);
      seenOnResponse.add(request);
    }
    // 'Last seen' for public profiles, written at most once a minute per user.
    const now = Date.now();
    if ((touched.get(userId) ?? 0) + LAST_SEEN_EVERY_MS < now) {
      touched.set(userId, now);
      const user = await app.usersRepo.byId(userId);
      const stale = !user || Date.parse(user.lastSeen) + LAST_SEEN_REPLICATE_MS < now;
      await app.accounts.touchLastSeen(userId, new Date(now).toISOString(), stale);
    }
  });
});
