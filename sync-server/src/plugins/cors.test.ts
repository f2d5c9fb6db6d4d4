import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const CLIENT = 'https://client.example.ro';

describe('CORS_ORIGINS (issue 12 item 20)', () => {
  it('is read once from the environment: off by default, exact origins, invalid ones refused', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.ro/, http://localhost:3000 ' }).corsOrigins).toEqual([
      'https://a.ro',
      'http://localhost:3000',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS invalid/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.ro/app' })).toThrow(/CORS_ORIGINS invalid/);
  });

  it('lets a listed origin call the REST API with its bearer token, preflight included', async () => {
    app = await buildTestApp({ corsOrigins: [CLIENT] });
    const me = await registerAndLogin(app);
    await insertAnnouncement(app, me.userId);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: {
        origin: CLIENT,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    // A browser client that sends credentials (axios withCredentials) reads the answers (issue 25).
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const profile = await app.inject({
      url: '/api/users/profile',
      headers: { origin: CLIENT, authorization: `Bearer ${me.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(profile.headers['access-control-allow-credentials']).toBe('true');
    const list = await app.inject({ url: '/api/announcements?limit=1', headers: { origin: CLIENT } });
    expect(list.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(list.headers['access-control-expose-headers'])).toContain('X-Next-Cursor');
    const photo = await app.inject({ url: '/uploads/nu-exista.jpg', headers: { origin: CLIENT } });
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');

    // A search page (bytes made on the search side) keeps the origin in Vary beside the encoding.
    const found = await app.inject({
      url: '/api/announcements/search?q=x',
      headers: { origin: CLIENT, 'accept-encoding': 'br' },
    });
    expect(found.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(found.headers.vary).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['origin', 'accept-encoding']),
    );

    // Any other origin gets no permission.
    const stranger = await app.inject({
      url: '/api/announcements',
      headers: { origin: 'https://rau.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS permission at all when CORS_ORIGINS is not set', async () => {
    app = await buildTestApp();
    const res = await app.inject({ url: '/api/announcements', headers: { origin: CLIENT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: CLIENT, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
