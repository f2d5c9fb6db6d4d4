import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  facebookTokenBody,
  googleCallbackQuery,
  googleStartQuery,
  providersAnswer,
  redirectAnswer,
} from '../../../../schema/api/auth.ts';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { loginAnswer } from '../../../../schema/api/users.ts';
import type { OAuthErrorCode } from '../../../../schema/rules/account.ts';
import { linkOrigin } from '../../config.ts';
import type { Api } from '../../lib/route-schema.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';
import { SOCIAL_MESSAGES } from '../../services/social-auth.ts';

const STATE_COOKIE = 'hobbiz_oauth_state';
/** How the token goes back to the page that started the sign-in: 'fragment' (the app) or the query. */
const HANDOFF_COOKIE = 'hobbiz_oauth_handoff';
const err = { '4xx': apiError, '5xx': apiError };
const doc = (summary: string) => ({ tags: ['auth'], summary });
const logout = { response: { 200: apiMessage } };
const providers = { response: { 200: providersAnswer } };
const googleStart = { querystring: googleStartQuery, response: { 302: redirectAnswer } };
const googleBack = { querystring: googleCallbackQuery, response: { 302: redirectAnswer } };
const facebook = { body: facebookTokenBody, response: { 200: loginAnswer, ...err } };

function cookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export default async function authRoutes(app: Api) {
  const { social, oauthStates: states } = app;
  // PUBLIC_URL, else this server's own address: never the request's Host (issue 40, item 8), which would
  // let a forged Host choose where Google sends the authorization code.
  const base = linkOrigin(app.config);
  const callbackUrl = `${base}/auth/google/callback`;
  const secure = base.startsWith('https:');
  /** Back to the sign-in page with a reason it shows in Romanian (see pwa/src/routes/login.tsx). */
  const backToLogin = (reply: FastifyReply, reason: OAuthErrorCode) =>
    reply.header('Cache-Control', 'no-store').redirect(`/login?oauthError=${reason}`, 302);

  // Logout revokes the presented session; answering 200 without one keeps logout idempotent.
  app.get(
    '/auth/logout',
    { schema: { ...logout, ...doc('Ieșire din cont (revocă sesiunea prezentată)') } },
    async (request) => {
      if (request.token) await app.accounts.logout(request.token);
      return { message: 'Ai fost deconectat din cont.' };
    },
  );

  // Which social sign-ins this server offers; the Facebook app id is public by nature (the SDK needs it).
  app.get(
    '/api/auth/providers',
    { schema: { ...providers, ...doc('Autentificări sociale disponibile') } },
    async () => ({
      google: social.googleConfigured(),
      facebookAppId: social.facebookConfigured() ? app.config.facebook.appId : null,
    }),
  );

  app.get(
    '/auth/google',
    { schema: { ...googleStart, ...doc('Începe autentificarea cu Google (redirect către Google)') } },
    async (request, reply) => {
      if (!social.googleConfigured()) return backToLogin(reply, 'google-off');
      const state = await states.issue();
      const attrs = `Path=/auth/google; Max-Age=600; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      // The state is also bound to this browser: a callback carrying someone else's state is refused.
      const cookies = [`${STATE_COOKIE}=${state}; ${attrs}`];
      if (request.query.handoff === 'fragment') cookies.push(`${HANDOFF_COOKIE}=fragment; ${attrs}`);
      reply.header('Set-Cookie', cookies);
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(social.googleAuthorizeUrl(state, callbackUrl), 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        ...googleBack,
        ...doc(
          'Întoarcerea de la Google: redirect către /oauth-success?token=… (sau #token=… cu handoff=fragment)',
        ),
      },
    },
    async (request, reply) => {
      const gone = `Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      reply.header('Set-Cookie', [`${STATE_COOKIE}=; ${gone}`, `${HANDOFF_COOKIE}=; ${gone}`]);
      const handoff = cookie(request, HANDOFF_COOKIE) === 'fragment' ? '#' : '?';
      if (!social.googleConfigured()) return backToLogin(reply, 'google-off');
      const { code, state, error } = request.query;
      const bound = cookie(request, STATE_COOKIE);
      const stateOk = !!state && bound === state && (await states.consume(state));
      if (!stateOk) return backToLogin(reply, 'google-failed');
      if (error) return backToLogin(reply, error === 'access_denied' ? 'google-cancelled' : 'google-failed');
      if (!code) return backToLogin(reply, 'google-failed');
      const result = await social.googleCallback(code, callbackUrl);
      if (!result.ok) {
        request.log.warn({ reason: result.error }, 'google sign-in refused');
        return backToLogin(reply, 'google-failed');
      }
      return reply
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .redirect(`/oauth-success${handoff}token=${encodeURIComponent(result.value.token)}`, 302);
    },
  );

  app.post(
    '/api/auth/facebook/token',
    {
      schema: {
        ...facebook,
        ...doc('Autentificare cu Facebook: schimbă tokenul de acces Facebook pe o sesiune Hobbiz'),
      },
    },
    async (request) => {
      if (!social.facebookConfigured())
        throw httpError(503, SOCIAL_MESSAGES.facebookNotConfigured, 'not_configured');
      const accessToken = request.body?.access_token;
      if (typeof accessToken !== 'string' || accessToken.trim() === '')
        throw httpError(400, SOCIAL_MESSAGES.facebookTokenMissing);
      if (!(await app.facebookPerIp.hit(request.ip)))
        throw httpError(429, SOCIAL_MESSAGES.facebookFailed, 'throttled');
      return unwrap(await social.facebookToken(accessToken.trim()));
    },
  );
}
