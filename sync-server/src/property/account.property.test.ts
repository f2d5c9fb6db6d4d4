import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../test-fake-oauth.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { bodyVariant, brokenObject, hammer, ip, jsonRequest, junk, nastyString } from './support.ts';

/**
 * ≥ 1,000 hostile inputs at each account write path: no 5xx, a Romanian `{ error }`, nothing stored.
 * One app for the whole file (the fingerprint proves each request left no trace, so they cannot leak
 * into each other).
 */
type App = FastifyInstance & { cleanup(): Promise<void> };
type Who = { token: string; userId: string; email: string };
let app: App;
let fake: FakeOAuth;
let me: Who;
let victim: Who;

beforeAll(async () => {
  fake = await startFakeOAuth();
  app = await buildTestApp(fake.config());
  me = await registerAndLogin(app, 'eu@hobbiz.test');
  victim = await registerAndLogin(app, 'victima@hobbiz.test');
}, 30_000);
afterAll(async () => {
  await app?.cleanup();
  await fake?.close();
});

const T = 60_000;
const weakPassword = fc.constantFrom(
  '',
  'scurt1',
  '12345678',
  '--------',
  'parolasigura',
  'Parola123',
  'qwerty-123',
  'a'.repeat(129),
);
const badEmail = fc.oneof(
  fc.constantFrom('', ' ', 'ana', 'ana@', '@hobbiz.test', 'a b@c.ro', `${'a'.repeat(250)}@x.ro`),
  nastyString.filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim())),
);
const badName = fc.constantFrom('', '   ', 'a'.repeat(51), 'ș'.repeat(51), null, {}, []);
const badPhone = fc.constantFrom('123', '07123456789', '0712-345-67', 'telefon', '+40712345678', {}, [1]);

const post = (
  url: string,
  v: { body: unknown; raw: string | null; type: string },
  headers = {},
  remote?: string,
) =>
  app.inject({
    method: 'POST',
    url,
    ...mergeHeaders(jsonRequest(v.body, v.raw, v.type), headers),
    remoteAddress: remote,
  });
const put = (url: string, v: { body: unknown; raw: string | null; type: string }, headers = {}) =>
  app.inject({ method: 'PUT', url, ...mergeHeaders(jsonRequest(v.body, v.raw, v.type), headers) });
function mergeHeaders(
  r: { payload: string; headers: Record<string, string> },
  extra: Record<string, string>,
) {
  return { payload: r.payload, headers: { ...r.headers, ...extra } };
}
const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });

describe('account write paths under hostile input', () => {
  it('POST /api/users/register', { timeout: T }, async () => {
    const base = {
      firstName: 'Ana',
      lastName: 'Pop',
      email: 'noutate@hobbiz.test',
      password: 'buna-parola-1',
      phone: '',
    };
    const arb = bodyVariant(
      fc.oneof(
        { weight: 1, arbitrary: junk },
        {
          weight: 4,
          arbitrary: brokenObject(base, {
            firstName: badName,
            lastName: badName,
            email: fc.oneof(
              badEmail,
              fc.constant('victima@hobbiz.test'),
              fc.constant(' VICTIMA@hobbiz.test '),
            ),
            password: fc.oneof(weakPassword, fc.constant('x-noutate-1')),
            phone: badPhone,
          }),
        },
      ),
    );
    // The victim's address, otherwise valid: answered as a new registration (issue 21, item 9), and still
    // nothing may change (the fingerprint says so).
    const victims = (v: unknown) =>
      String((v as { body?: { email?: unknown } })?.body?.email ?? '')
        .trim()
        .toLowerCase() === 'victima@hobbiz.test';
    await hammer(app, arb, (v) => post('/api/users/register', v), { noOpOk: victims });
  });

  it('POST /api/users/login', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject(
          { email: 'victima@hobbiz.test', password: 'parola-buna-1' },
          {
            email: badEmail,
            password: fc.oneof(
              fc.constant(undefined),
              fc.constant(''),
              fc.constant(null),
              fc.constant({}),
              fc.constant([]),
            ),
          },
        ),
        fc.record({
          email: fc.constant('victima@hobbiz.test'),
          password: nastyString.filter((p) => p !== '' && p !== 'parola-buna-1'),
        }),
      ),
    );
    // Wrong guesses from one address soon meet the growing delay (429): also a refusal, in Romanian.
    await hammer(app, arb, (v) => post('/api/users/login', v, {}, '10.99.0.1'));
  });

  it('PUT /api/users/profile', { timeout: T }, async () => {
    const base = { firstName: 'Ana', lastName: 'Pop', localitate: 'Cluj-Napoca', phone: '0712345678' };
    const arb = bodyVariant(
      brokenObject(base, {
        firstName: badName,
        lastName: badName,
        phone: badPhone,
        localitate: fc.constantFrom('Atlantida', 'Paris', 'a'.repeat(300), '<b>'),
      }),
    );
    await hammer(app, arb, (v) => put('/api/users/profile', v, auth(me)));
    // A guest cannot write any profile.
    await hammer(app, bodyVariant(junk), (v) => put('/api/users/profile', v), { numRuns: 50 });
  });

  it('PUT /api/users/update-email', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        fc.record({
          newEmail: fc.oneof(
            badEmail,
            fc.constantFrom('victima@hobbiz.test', 'VICTIMA@hobbiz.test', 'eu@hobbiz.test'),
          ),
          userId: fc.constant(victim.userId),
        }),
      ),
    );
    await hammer(app, arb, (v) => put('/api/users/update-email', v, auth(me)));
  });

  it('PUT /api/users/update-password', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject(
          { currentPassword: 'parola-buna-1', newPassword: 'alta-parola-9' },
          {
            currentPassword: fc.constantFrom(undefined, '', null, 42, {}),
            newPassword: fc.oneof(weakPassword, fc.constant('parola-buna-1')),
          },
        ),
        // Right shape, wrong current password: refused after the (slow, memory-hard) check; kept rare.
        fc.constant({
          currentPassword: 'nu-e-parola-mea-1',
          newPassword: 'alta-parola-9',
          userId: victim.userId,
        }),
      ),
    );
    await hammer(app, arb, (v) => put('/api/users/update-password', v, auth(me)));
  });

  it('POST /api/users/forgot-password', { timeout: T }, async () => {
    const arb = fc.record({ v: bodyVariant(fc.oneof(junk, fc.record({ email: badEmail }))), from: ip });
    await hammer(app, arb, ({ v, from }) => post('/api/users/forgot-password', v, {}, from));
  });

  it('POST /api/users/reset-password', { timeout: T }, async () => {
    const arb = fc.record({
      v: bodyVariant(
        fc.oneof(
          junk,
          brokenObject(
            { email: 'victima@hobbiz.test', code: '123456', password: 'buna-parola-1' },
            {
              email: badEmail,
              code: fc.oneof(fc.constantFrom('', '12345', '1234567', 'abcdef', null, 123456), nastyString),
              password: weakPassword,
            },
          ),
          // Well-formed guesses at the victim's code (no code was ever requested): refused.
          fc.record({
            email: fc.constant('victima@hobbiz.test'),
            code: fc.stringMatching(/^\d{6}$/),
            password: fc.constant('preiau-contul-1'),
          }),
        ),
      ),
      from: ip,
    });
    await hammer(app, arb, ({ v, from }) => post('/api/users/reset-password', v, {}, from));
  });

  it('POST /api/auth/facebook/token', { timeout: T }, async () => {
    const arb = fc.record({
      v: bodyVariant(
        fc.oneof(
          junk,
          fc.record({ access_token: fc.oneof(nastyString, junk) }),
          // A real token, but issued to another app: the provider says so and we refuse it.
          fc.constant('foreign').map(() => ({
            access_token: fake.facebookToken({ id: 'fb-x', email: 'victima@hobbiz.test' }, '999'),
          })),
        ),
      ),
      from: ip,
    });
    await hammer(app, arb, ({ v, from }) => post('/api/auth/facebook/token', v, {}, from));
  });

  it('POST /api/users/avatar', { timeout: T }, async () => {
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc.uint8Array({ maxLength: 2000 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...b])),
      fc
        .uint8Array({ maxLength: 500 })
        .map((b) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
    );
    const arb = fc.record({
      field: fc.constantFrom('avatar', 'avatar', 'avatar', 'poza', 'images'),
      name: fc.oneof(fc.constantFrom('poza.jpg', 'x.png', '../../a.jpg', ''), nastyString),
      type: fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream'),
      bytes: file,
      asJson: fc.boolean().map((b) => b && Math.random() < 0.1),
    });
    await hammer(app, arb, async ({ field, name, type, bytes, asJson }) => {
      if (asJson)
        return app.inject({
          method: 'POST',
          url: '/api/users/avatar',
          headers: auth(me),
          payload: { avatar: 'x' },
        });
      const form = new FormData();
      form.append(field, new Blob([bytes], { type }), name || 'f');
      const res = new Response(form);
      return app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { ...auth(me), 'content-type': res.headers.get('content-type')! },
        payload: Buffer.from(await res.arrayBuffer()),
      });
    });
  });

  it('PUT /api/users/notification-settings', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject(
          { messages: true, reviews: false, favorites: true },
          {
            // A switch left out keeps its value (issue 23): only a wrong type is refused.
            messages: fc.constantFrom('false', 0, 1, null, [], {}),
            reviews: fc.constantFrom('true', 0, 1, null, [], {}),
            favorites: fc.constantFrom('da', 0, null, [], {}),
          },
        ),
      ),
    );
    await hammer(app, arb, (v) => put('/api/users/notification-settings', v, auth(me)));
  });
});
