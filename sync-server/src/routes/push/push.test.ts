import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointProblem, PUSH_MESSAGES } from '../../services/push.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/** Issue 23, item 1 and the endpoint rule of item 5: keys, subscriptions, their clean-up. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A subscription as a browser's `toJSON()` gives it, with real key sizes. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const subscribe = (token: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: auth(token),
    payload: body as object,
  });

describe('push keys and subscriptions', () => {
  it('answers the same public key every time (made once, kept in the database)', async () => {
    const a = (await app.inject({ url: '/api/push/key' })).json() as { publicKey: string };
    const b = (await app.inject({ url: '/api/push/key' })).json() as { publicKey: string };
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.publicKey).toBe(a.publicKey);
  });

  it('keeps a device’s subscription; a guest gets 401; bad keys 400', async () => {
    const u = await registerAndLogin(app);
    expect((await subscribe(u.token, browserSubscription())).statusCode).toBe(201);
    expect(await app.push.of(u.userId)).toHaveLength(1);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: browserSubscription(),
    });
    expect(guest.statusCode).toBe(401);
    const bad = browserSubscription();
    bad.keys.auth = 'scurt';
    expect((await subscribe(u.token, bad)).statusCode).toBe(400);
  });

  it('refuses endpoints that are not a known push service over https (request forgery)', async () => {
    const u = await registerAndLogin(app);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/x',
      'https://localhost/x',
      'https://push.example.ro/x',
      'https://fcm.googleapis.com.evil.ro/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'nu-este-o-adresa',
    ]) {
      const res = await subscribe(u.token, browserSubscription(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error, endpoint).toBe(PUSH_MESSAGES.endpoint);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QO2x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(endpointProblem(endpoint, []), endpoint).toBeNull();
    }
    expect(endpointProblem('https://127.0.0.1:9443/push/1', ['https://127.0.0.1:9443/push/'])).toBeNull();
  });

  it('refuses an endpoint that two URL parsers read differently: the host checked is the host sent to (issue 40, item 3)', async () => {
    const u = await registerAndLogin(app);
    for (const endpoint of [
      // The finding: WHATWG URL drops the tab and sees Google; url.parse (web-push) sees no host at all
      // and posts to https://localhost:443/…
      'https:/\t//fcm.googleapis.com/../admin',
      'https:/\n//fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/x\n',
      ' https://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/a b',
      'https:\\\\fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com\\@evil.ro/x',
      'https://fcm.googleapis.com@evil.ro/x',
      'https://evil.ro@fcm.googleapis.com/x',
      'https://fcm%2egoogleapis.com/fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/%zz',
      'https://FCM.googleapis.com/fcm/send/x',
      'HTTPS://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com/fcm/../send/x',
      'https://fcm.googleapis.com/fcm/send/x#frag',
      'https://fcm.googleapis.com/fcm/send/ș',
      'https://142.250.180.10/fcm/send/x',
      'https://[2a00:1450:4001::200a]/fcm/send/x',
      'https://0x7f000001/x',
    ]) {
      const res = await subscribe(u.token, browserSubscription(endpoint));
      expect(res.statusCode, JSON.stringify(endpoint)).toBe(400);
      expect(res.json().error, JSON.stringify(endpoint)).toBe(PUSH_MESSAGES.endpoint);
    }
    expect(await app.push.of(u.userId)).toHaveLength(0);
    // The real shapes still pass, the Mozilla one with its base64 '=' padding.
    expect(
      (
        await subscribe(
          u.token,
          browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn_x-Y='),
        )
      ).statusCode,
    ).toBe(201);
    // An allowed prefix is an origin and a path, not a string prefix.
    const allow = ['https://push.example.ro/push/'];
    expect(endpointProblem('https://push.example.ro/push/1', allow)).toBeNull();
    expect(endpointProblem('https://push.example.ro/push/../admin', allow)).toBe(PUSH_MESSAGES.endpoint);
    expect(endpointProblem('https://push.example.ro.evil.ro/push/1', ['https://push.example.ro'])).toBe(
      PUSH_MESSAGES.endpoint,
    );
  });

  it('goes with its session: this device’s logout, logout everywhere, a password change, account deletion', async () => {
    const u = await registerAndLogin(app);
    const second = (
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: u.email, password: 'parola-buna-1' },
      })
    ).json() as { token: string };
    await subscribe(u.token, browserSubscription());
    await subscribe(second.token, browserSubscription());
    expect(await app.push.of(u.userId)).toHaveLength(2);

    // DELETE: this device only.
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: auth(second.token) }))
        .statusCode,
    ).toBe(200);
    expect(await app.push.of(u.userId)).toHaveLength(1);
    await subscribe(second.token, browserSubscription());

    // Logout of one device: its subscription goes, the other stays.
    await app.inject({ url: '/auth/logout', headers: auth(second.token) });
    expect((await app.push.of(u.userId)).length).toBe(1);

    // A password change keeps this device and ends the others.
    const third = (
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: u.email, password: 'parola-buna-1' },
      })
    ).json() as { token: string };
    await subscribe(third.token, browserSubscription());
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/update-password',
      headers: auth(u.token),
      payload: {
        currentPassword: 'parola-buna-1',
        newPassword: 'parola-noua-2',
        confirmPassword: 'parola-noua-2',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await app.push.of(u.userId)).toHaveLength(1);

    // Logout everywhere: none left.
    await app.inject({ method: 'POST', url: '/api/users/logout-all', headers: auth(u.token) });
    expect(await app.push.of(u.userId)).toHaveLength(0);

    // Account deletion.
    const v = await registerAndLogin(app);
    await subscribe(v.token, browserSubscription());
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: auth(v.token),
      payload: { password: 'parola-buna-1' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await app.push.of(v.userId)).toHaveLength(0);
  });

  it('one subscription per session: subscribing again with a new endpoint replaces the old one', async () => {
    const u = await registerAndLogin(app);
    for (let i = 0; i < 5; i++)
      expect((await subscribe(u.token, browserSubscription())).statusCode).toBe(201);
    expect(await app.push.of(u.userId)).toHaveLength(1);
  });

  it('one endpoint is one device: signed in as someone else, it moves to them', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    const sub = browserSubscription();
    await subscribe(a.token, sub);
    await subscribe(b.token, sub);
    expect(await app.push.of(a.userId)).toHaveLength(0);
    expect(await app.push.of(b.userId)).toHaveLength(1);
  });

  it('a stranger who posts someone’s endpoint without its keys does not take it (issue 40, L10)', async () => {
    const owner = await registerAndLogin(app);
    const stranger = await registerAndLogin(app);
    const sub = browserSubscription();
    expect((await subscribe(owner.token, sub)).statusCode).toBe(201);
    for (const keys of [browserSubscription().keys, { ...sub.keys, auth: browserSubscription().keys.auth }]) {
      const res = await subscribe(stranger.token, { ...sub, keys });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(PUSH_MESSAGES.endpointTaken);
    }
    const [kept] = await app.push.of(owner.userId);
    expect(kept?.auth).toBe(sub.keys.auth);
    expect(await app.push.of(stranger.userId)).toHaveLength(0);
    // The owner's own session may renew its keys; its other session needs the stored ones, like anyone.
    const renewed = browserSubscription(sub.endpoint);
    expect((await subscribe(owner.token, renewed)).statusCode).toBe(201);
    expect((await app.push.of(owner.userId))[0]?.auth).toBe(renewed.keys.auth);
  });
});
