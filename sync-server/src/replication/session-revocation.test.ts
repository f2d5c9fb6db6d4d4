import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../schema/sync.ts';
import { rawRun } from '../lib/sql.ts';
import { hashToken } from '../repositories/sessions.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { client, connectedClient } from './test-client.ts';

/** A session that ends (logout, password change, expiry) stops syncing on the sockets it opened. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const connect = (token: string) => connectedClient(app, token);
/** A second session of the same account (another device). */
async function secondDevice(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'parola-buna-1' },
  });
  return (res.json() as { token: string }).token;
}
const tick = () => new Promise((r) => setTimeout(r, 20));
const setExpiry = (token: string, expiresAt: number) =>
  app.uow.write(() =>
    rawRun(app.db, sql`UPDATE sessions SET expires_at = ${expiresAt} WHERE token_hash = ${hashToken(token)}`),
  );
const isOpen = (c: { closed: Promise<number> }) =>
  Promise.race([c.closed.then(() => false), tick().then(() => true)]);
/** Sends a request and returns the answer with its id (a result, or an error). */
const request = async (c: Awaited<ReturnType<typeof connect>>, id: string) => {
  c.send({ type: 'pull', id, collection: 'favorites', checkpoint: null, batchSize: 10 });
  return c.next();
};

describe('revoked and expired sessions on the sync socket', () => {
  it('logout closes the sockets of that session (as unauthorized), not those of the person’s other sessions', async () => {
    const me = await registerAndLogin(app);
    const other = await secondDevice(me.email);
    const here = await connect(me.token);
    const there = await connect(other);
    const res = await app.inject({ url: '/auth/logout', headers: auth(me.token) });
    expect(res.statusCode).toBe(200);
    expect(await here.closed).toBe(CLOSE_CODES.unauthorized);
    expect(await isOpen(there)).toBe(true);
    expect(await request(there, '1')).toMatchObject({ type: 'result', id: '1' });
    // The old token does not open a new socket either.
    const again = client(await app.injectWS('/api/sync'));
    again.hello(me.token);
    expect(await again.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await again.closed).toBe(CLOSE_CODES.unauthorized);
  });

  it('a password change closes every other session’s sockets; the device that asked keeps syncing', async () => {
    const me = await registerAndLogin(app);
    const other = await secondDevice(me.email);
    const here = await connect(me.token);
    const there = await connect(other);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/update-password',
      headers: auth(me.token),
      payload: { currentPassword: 'parola-buna-1', newPassword: 'alta-parola-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(await there.closed).toBe(CLOSE_CODES.unauthorized);
    expect(await isOpen(here)).toBe(true);
    expect(await request(here, '1')).toMatchObject({ type: 'result', id: '1' });
  });

  it('a wrong current password closes nothing', async () => {
    const me = await registerAndLogin(app);
    const there = await connect(await secondDevice(me.email));
    await app.inject({
      method: 'PUT',
      url: '/api/users/update-password',
      headers: auth(me.token),
      payload: { currentPassword: 'gresita-123', newPassword: 'alta-parola-9' },
    });
    expect(await isOpen(there)).toBe(true);
  });

  it('a request on an open socket whose session has ended is refused, and the socket closed', async () => {
    const me = await registerAndLogin(app);
    await insertAnnouncement(app, me.userId);
    const c = await connect(me.token);
    expect(await request(c, '1')).toMatchObject({ type: 'result', id: '1' });
    // The session expires (or goes by a path that did not close the socket): the next request is refused.
    await setExpiry(me.token, Date.now() - 1);
    expect(await request(c, '2')).toMatchObject({ type: 'error', id: '2', code: 'unauthorized' });
    expect(await c.closed).toBe(CLOSE_CODES.unauthorized);
    // Pushes are refused the same way.
    const again = await registerAndLogin(app);
    const d = await connect(again.token);
    await app.uow.write(() =>
      rawRun(app.db, sql`DELETE FROM sessions WHERE token_hash = ${hashToken(again.token)}`),
    );
    d.send({ type: 'push', id: '3', collection: 'favorites', rows: [] });
    expect(await d.next()).toMatchObject({ type: 'error', id: '3', code: 'unauthorized' });
    expect(await d.closed).toBe(CLOSE_CODES.unauthorized);
  });

  it('a socket is closed when its session expires, even if it asks for nothing', async () => {
    const me = await registerAndLogin(app);
    await setExpiry(me.token, Date.now() + 1200);
    const c = await connect(me.token);
    expect(await c.closed).toBe(CLOSE_CODES.unauthorized);
    expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
  });

  it('logout from all devices, and revoking all of a person’s sessions (password reset), close their sockets', async () => {
    const me = await registerAndLogin(app);
    const c = await connect(me.token);
    await app.inject({ method: 'POST', url: '/api/users/logout-all', headers: auth(me.token) });
    expect(await c.closed).toBe(CLOSE_CODES.unauthorized);
    const other = await registerAndLogin(app);
    const d = await connect(other.token);
    await app.sessionsRepo.revokeAll(other.userId);
    expect(await d.closed).toBe(CLOSE_CODES.unauthorized);
  });
});
