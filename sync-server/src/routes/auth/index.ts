import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthErrorCode } from '../../../../schema/rules/account.ts';
import { RateWindow } from '../../services/rate-window.ts';
import { OAuthStates, SOCIAL_MESSAGES, socialAuthService } from '../../services/social-auth.ts';

const STATE_COOKIE = 'hobbiz_oauth_state';
const errorAnswer = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
} as const;

function cookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export default async function authRoutes(app: FastifyInstance) {
  const social = socialAuthService({
    config: app.config,
    users: app.usersRepo,
    sessions: app.sessionsRepo,
    uow: app.uow,
  });
  const states = new OAuthStates();
  const facebookPerIp = new RateWindow(app.throttles, 'facebook:ip', 30, 15 * 60_000);
  const base = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const callbackUrl = (request: FastifyRequest) => `${base(request)}/auth/google/callback`;
  const secure = (request: FastifyRequest) => base(request).startsWith('https:');
  /** Back to the sign-in page with a reason it shows in Romanian (see pwa/src/routes/login.tsx). */
  const backToLogin = (reply: FastifyReply, reason: OAuthErrorCode) =>
    reply.header('Cache-Control', 'no-store').redirect(`/login?oauthError=${reason}`, 302);

  // Logout revokes the presented session; answering 200 without one keeps logout idempotent.
  app.get(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Ieșire din cont (revocă sesiunea prezentată)' } },
    async (request) => {
      if (request.token) await app.accounts.logout(request.token);
      return { message: 'Ai fost deconectat din cont.' };
    },
  );

  // Which social sign-ins this server offers; the Facebook app id is public by nature (the SDK needs it).
  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Autentificări sociale disponibile',
        response: {
          200: {
            type: 'object',
            properties: { google: { type: 'boolean' }, facebookAppId: { type: ['string', 'null'] } },
          },
        },
      },
    },
    async () => ({
      google: social.googleConfigured(),
      facebookAppId: social.facebookConfigured() ? app.config.facebook.appId : null,
    }),
  );

  app.get(
    '/auth/google',
    { schema: { tags: ['auth'], summary: 'Începe autentificarea cu Google (redirect către Google)' } },
    async (request, reply) => {
      if (!social.googleConfigured()) return backToLogin(reply, 'google-off');
      const state = states.issue();
      // The state is also bound to this browser: a callback carrying someone else's state is refused.
      reply.header(
        'Set-Cookie',
        `${STATE_COOKIE}=${state}; Path=/auth/google; Max-Age=600; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`,
      );
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(social.googleAuthorizeUrl(state, callbackUrl(request)), 302);
    },
  );

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    '/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Întoarcerea de la Google: redirect către /oauth-success?token=…',
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 200 },
            error: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header(
        'Set-Cookie',
        `${STATE_COOKIE}=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`,
      );
      if (!social.googleConfigured()) return backToLogin(reply, 'google-off');
      const { code, state, error } = request.query;
      const bound = cookie(request, STATE_COOKIE);
      const stateOk = !!state && bound === state && states.consume(state);
      if (!stateOk) return backToLogin(reply, 'google-failed');
      if (error) return backToLogin(reply, error === 'access_denied' ? 'google-cancelled' : 'google-failed');
      if (!code) return backToLogin(reply, 'google-failed');
      const result = await social.googleCallback(code, callbackUrl(request));
      if (!result.ok) {
        request.log.warn({ reason: result.error }, 'google sign-in refused');
        return backToLogin(reply, 'google-failed');
      }
      return reply
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .redirect(`/oauth-success?token=${encodeURIComponent(result.value.token)}`, 302);
    },
  );

  app.post<{ Body: { access_token?: unknown } }>(
    '/api/auth/facebook/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Autentificare cu Facebook: schimbă tokenul de acces Facebook pe o sesiune Hobbiz',
        body: { type: 'object', properties: { access_token: { type: 'string', maxLength: 4096 } } },
        response: {
          200: { type: 'object', properties: { token: { type: 'string' }, userId: { type: 'string' } } },
          '4xx': errorAnswer,
          '5xx': errorAnswer,
        },
      },
    },
    async (request, reply) => {
      if (!social.facebookConfigured())
        return reply.code(503).send({ error: SOCIAL_MESSAGES.facebookNotConfigured, code: 'not_configured' });
      const accessToken = request.body?.access_token;
      if (typeof accessToken !== 'string' || accessToken.trim() === '')
        return reply.code(400).send({ error: SOCIAL_MESSAGES.facebookTokenMissing });
      if (!(await facebookPerIp.hit(request.ip)))
        return reply.code(429).send({ error: SOCIAL_MESSAGES.facebookFailed, code: 'throttled' });
      const result = await social.facebookToken(accessToken.trim());
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return result.value;
    },
  );
}
