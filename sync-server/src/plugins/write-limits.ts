import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WriteKind } from '../../../schema/constants.ts';
import { writeLimitMessage } from '../../../schema/rules/write-limits.ts';
import { redactUrl } from '../lib/redact-url.ts';
import { WriteLimiter, type Writer } from '../services/write-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared write budgets (REST and sync socket); null when WRITE_LIMITS=off. */
    writeLimiter: WriteLimiter | null;
  }
}

/**
 * A write route's budget: `config: writeLimit('messages')`. Routes of one kind share it (the kind is
 * @fastify/rate-limit's groupId), and the socket spends the same one (replication/socket.ts).
 */
export const writeLimit = (kind: WriteKind) => ({ rateLimit: { groupId: kind } });

const givenBack = new WeakSet<FastifyRequest>();
/** Marks a write that made nothing and cost little: its budget is given back after the answer. */
export const giveWriteBack = (request: FastifyRequest): void => void givenBack.add(request);

/** The address a budget is kept for: IPv6 clients by their /64 (one home or phone has the whole block). */
export const clientAddress = (ip: string | undefined): string => (ip ? normalizeIP(ip) : 'unknown');

const kindOf = (request: FastifyRequest): WriteKind | null => {
  const rl = request.routeOptions.config.rateLimit;
  return rl ? ((rl.groupId as WriteKind | undefined) ?? null) : null;
};

/** The store's key carries the writer; the route's kind comes with the child store (groupId). */
const keyOf = (request: FastifyRequest) => `${request.userId ?? ''}|${clientAddress(request.ip)}|`;
const writerOf = (key: string): Writer => {
  const [userId, ip] = key.split('|');
  return { userId: userId || null, ip: ip ?? '' };
};

/**
 * REST write limits: @fastify/rate-limit on every route that declares `writeLimit(kind)` (not global),
 * checked in onRequest — after the auth plugin has identified the caller, before a body (up to 55 MB of
 * photos) is read. Its store is the shared WriteLimiter, so a route and a socket push of the same kind
 * count together. Refused: 429, `{ error: <Romanian>, code: 'rate_limited' }` and Retry-After (seconds).
 */
export default fp(async function writeLimits(app: FastifyInstance) {
  const { writeLimits: limits, now } = app.config;
  const limiter = limits ? new WriteLimiter(app.throttles, limits, now) : null;
  app.decorate('writeLimiter', limiter);
  if (!limiter) return;

  // The plugin makes one store with its options, then a child per route with that route's settings.
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly kind: WriteKind | null = null,
    ) {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      if (!this.kind) return callback(null, { current: 0, ttl: 0 });
      limiter!.take(this.kind, writerOf(key)).then((verdict) => {
        // The plugin refuses when current > max (max below is the same number the verdict used).
        if (verdict.ok) return callback(null, { current: verdict.count, ttl: verdict.resetInMs });
        return callback(null, { current: Number.MAX_SAFE_INTEGER, ttl: verdict.retryAfterSeconds * 1000 });
      }, callback);
    }
    child(routeOptions: object) {
      // Typed as the route's options; it is the route's merged rate-limit settings (groupId = kind).
      return new SharedStore(null, ((routeOptions as { groupId?: string }).groupId as WriteKind) ?? null);
    }
  }

  // Publishing counts announcements made, not attempts (issue 25): the route gives the write back when it
  // made nothing and did no costly work — a replay of one already made (200), a form refused by its rules
  // before any photo was decoded (giveWriteBack). A photo refused by the encoder, a 401 (nothing was
  // taken), a 5xx keep it: the budget is there against sharp's work. (If the window turned meanwhile,
  // the new one gets the write back.)
  app.addHook('onResponse', async (request) => {
    if (kindOf(request) !== 'publish' || !givenBack.has(request)) return;
    await limiter
      .refund('publish', writerOf(keyOf(request)))
      .catch((err) => request.log.warn({ err }, 'publish write not given back'));
  });

  await app.register(rateLimit, {
    global: false,
    store: SharedStore,
    keyGenerator: keyOf,
    // Only for the X-RateLimit-* headers: the account's allowance, or the address's where there is none.
    max: (request) => {
      const l = limits![kindOf(request) ?? 'register'];
      return request.userId && l.perAccount !== undefined ? l.perAccount : l.perIp;
    },
    timeWindow: (request) => limits![kindOf(request) ?? 'register'].windowMs,
    onExceeded: (request) =>
      request.log.info({ kind: kindOf(request), url: redactUrl(request.url) }, 'write limit reached'),
    errorResponseBuilder: (request, context) =>
      Object.assign(new Error(writeLimitMessage(kindOf(request) ?? 'register', context.ttl / 1000)), {
        statusCode: 429,
        code: 'rate_limited',
      }),
  });
});
