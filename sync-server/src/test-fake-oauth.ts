import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { Config } from './config.ts';

export type FakePerson = {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
};

export const FAKE_GOOGLE = { clientId: 'fake-google-client', clientSecret: 'fake-google-secret' };
export const FAKE_FACEBOOK = { appId: '424242', appSecret: 'fake-facebook-secret' };

/**
 * A local stand-in for Google's and Facebook's OAuth endpoints (tests never reach the internet). It
 * checks what the real providers check: client id and secret, the redirect URI, single-use codes, the
 * app a Facebook token was issued to and its appsecret_proof. `google.next` is who "consents" next;
 * `google.deny = true` makes the consent screen answer access_denied.
 */
export async function startFakeOAuth() {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const google = {
    next: null as FakePerson | null,
    deny: false,
    codes: new Map<string, { person: FakePerson; redirectUri: string }>(),
  };
  const googleTokens = new Map<string, FakePerson>();
  const facebookTokens = new Map<
    string,
    { id: string; email?: string; first_name?: string; last_name?: string; appId: string }
  >();
  const calls: string[] = [];

  app.get<{ Querystring: Record<string, string> }>('/google/auth', async (request, reply) => {
    calls.push('google/auth');
    const q = request.query;
    if (q.client_id !== FAKE_GOOGLE.clientId || !q.redirect_uri || !q.state || q.response_type !== 'code')
      return reply.code(400).send('bad authorization request');
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    if (google.deny || !google.next) back.searchParams.set('error', 'access_denied');
    else {
      const code = randomBytes(12).toString('hex');
      google.codes.set(code, { person: google.next, redirectUri: q.redirect_uri });
      back.searchParams.set('code', code);
    }
    return reply.redirect(back.toString(), 302);
  });

  app.post<{ Body: Record<string, string> }>('/google/token', async (request, reply) => {
    calls.push('google/token');
    const b = request.body ?? {};
    const grant = google.codes.get(b.code ?? '');
    google.codes.delete(b.code ?? '');
    if (
      !grant ||
      b.client_id !== FAKE_GOOGLE.clientId ||
      b.client_secret !== FAKE_GOOGLE.clientSecret ||
      b.redirect_uri !== grant.redirectUri ||
      b.grant_type !== 'authorization_code'
    )
      return reply.code(400).send({ error: 'invalid_grant' });
    const token = randomBytes(12).toString('hex');
    googleTokens.set(token, grant.person);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  app.get('/google/userinfo', async (request, reply) => {
    calls.push('google/userinfo');
    const person = googleTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!person) return reply.code(401).send({ error: 'invalid_token' });
    return {
      sub: person.sub,
      email: person.email,
      email_verified: person.emailVerified ?? true,
      given_name: person.givenName ?? 'Ana',
      family_name: person.familyName ?? 'Google',
      picture: person.picture ?? 'https://lh3.googleusercontent.com/a/fake-photo',
    };
  });

  app.get<{ Querystring: Record<string, string> }>('/facebook/debug_token', async (request) => {
    calls.push('facebook/debug_token');
    const { input_token, access_token } = request.query;
    if (access_token !== `${FAKE_FACEBOOK.appId}|${FAKE_FACEBOOK.appSecret}`)
      return { error: { message: 'bad app token' } };
    const t = facebookTokens.get(input_token ?? '');
    if (!t) return { data: { is_valid: false } };
    return { data: { is_valid: true, app_id: t.appId, user_id: t.id } };
  });

  app.get<{ Querystring: Record<string, string> }>('/facebook/me', async (request, reply) => {
    calls.push('facebook/me');
    const { access_token, appsecret_proof } = request.query;
    const t = facebookTokens.get(access_token ?? '');
    const proof = createHmac('sha256', FAKE_FACEBOOK.appSecret)
      .update(access_token ?? '')
      .digest('hex');
    if (!t || appsecret_proof !== proof) return reply.code(400).send({ error: { message: 'bad token' } });
    return { id: t.id, email: t.email, first_name: t.first_name, last_name: t.last_name };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  return {
    base,
    calls,
    google,
    /** A user access token as the Facebook SDK would hand it to the page (for `appId`, ours by default). */
    facebookToken(
      person: { id: string; email?: string; first_name?: string; last_name?: string },
      appId = FAKE_FACEBOOK.appId,
    ) {
      const token = `EAA${randomBytes(16).toString('hex')}`;
      facebookTokens.set(token, { ...person, appId });
      return token;
    },
    /** Environment variables that point a server at this fake provider. */
    env(): Record<string, string> {
      return {
        GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: FAKE_GOOGLE.clientSecret,
        GOOGLE_AUTH_URL: `${base}/google/auth`,
        GOOGLE_TOKEN_URL: `${base}/google/token`,
        GOOGLE_USERINFO_URL: `${base}/google/userinfo`,
        FACEBOOK_APP_ID: FAKE_FACEBOOK.appId,
        FACEBOOK_APP_SECRET: FAKE_FACEBOOK.appSecret,
        FACEBOOK_GRAPH_URL: `${base}/facebook`,
      };
    },
    /** The same, as config overrides for buildTestApp. */
    config(): Pick<Config, 'google' | 'facebook'> {
      return {
        google: {
          ...FAKE_GOOGLE,
          authUrl: `${base}/google/auth`,
          tokenUrl: `${base}/google/token`,
          userInfoUrl: `${base}/google/userinfo`,
        },
        facebook: { ...FAKE_FACEBOOK, graphUrl: `${base}/facebook` },
      };
    },
    close: () => app.close(),
  };
}
export type FakeOAuth = Awaited<ReturnType<typeof startFakeOAuth>>;
