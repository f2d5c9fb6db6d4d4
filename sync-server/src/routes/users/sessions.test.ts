import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { CLOSE_CODES } from '../../../../schema/sync.ts';
import { connectedClient } from '../../replication/test-client.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/** 'Dispozitive conectate' (issue 21): the caller's sessions, with their device, and ending one. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signIn = async (email: string, ua: string) => {
  const r = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'parola-buna-1' },
    headers: { 'user-agent': ua },
  });
  return (r.json() as { token: string }).token;
};
const list = (token: string, ua = ANDROID) =>
  app.inject({
    method: 'GET',
    url: '/api/users/sessions',
    headers: { authorization: `Bearer ${token}`, 'user-agent': ua },
  });

describe('connected devices', () => {
  it('lists the caller’s sessions with their device, marks this one, and ends another (its socket closes)', async () => {
    const me = await registerAndLogin(app, 'ana@hobbiz.test');
    const phone = await signIn('ana@hobbiz.test', ANDROID);
    const iphone = await signIn('ana@hobbiz.test', IPHONE);
    // The iPhone is used once (its first request names it).
    expect((await list(iphone, IPHONE)).statusCode).toBe(200);
    // Written once the answer went out (plugins/auth.ts).
    await new Promise((r) => setTimeout(r, 100));
    const socket = await connectedClient(app, iphone);
    const res = await list(phone);
    const { sessions } = res.json() as { sessions: { id: string; device: string; current: boolean }[] };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome pe Android']);
    const other = sessions.find((s) => s.device === 'Safari pe iPhone')!;
    expect(other).toBeDefined();
    // A stranger cannot end it.
    const stranger = await registerAndLogin(app, 'ion@hobbiz.test');
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${other.id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: ACCOUNT_MESSAGES.deviceNotFound, code: 'not_found' });
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${other.id}`,
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(ended.json()).toEqual({ message: ACCOUNT_MESSAGES.deviceSignedOut });
    expect(await socket.closed).toBe(CLOSE_CODES.unauthorized);
    expect((await list(iphone, IPHONE)).statusCode).toBe(401);
    expect(((await list(phone)).json() as { sessions: unknown[] }).sessions).toHaveLength(2);
    expect(me.userId).toBeTruthy();
  });

  it('a guest is asked to sign in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/sessions' })).statusCode).toBe(401);
  });
});
