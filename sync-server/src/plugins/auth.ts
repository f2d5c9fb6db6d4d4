import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from a valid bearer token; null for guests. Never taken from the body. */
    userId: string | null;
    token: string | null;
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

/** Answers 401 unless the request carries a live session; returns the caller's id. */
export function requireUser(request: FastifyRequest, reply: FastifyReply): string | null {
  if (request.userId) return request.userId;
  void reply.code(401).send({ error: 'Trebuie să fii autentificat.', code: 'unauthorized' });
  return null;
}

export default fp(async function auth(app: FastifyInstance) {
  const touched = new Map<string, number>();
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const userId = await app.sessionsRepo.userIdFor(token);
    if (!userId) return;
    request.token = token;
    request.userId = userId;
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
