import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';

/**
 * An id carrying U+0000 (hostile input the property suites found): PostgreSQL cannot even compare such
 * text (SQLSTATE 22021) where SQLite finds no row. Either way the caller gets a Romanian 4xx, not a 500.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  ({ token } = await registerAndLogin(app));
});
afterAll(async () => {
  await app.cleanup();
});

describe('ids with U+0000 in the path', () => {
  const nul = encodeURIComponent('\u202e\u0000drop');
  it.each([
    ['DELETE', `/api/notifications/${nul}`],
    ['PUT', `/api/messages/conversation/${nul}/mark-read`],
    ['POST', `/api/reviews/${nul}/like`],
    ['DELETE', `/api/reviews/${nul}`],
    ['DELETE', `/api/messages/${nul}`],
  ] as const)('%s %s answers a Romanian 4xx', async (method, url) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
  });
});
