import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClient } from '../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, registerEstablished } from '../test-helper.ts';
import { deviceKeys, type PushReceiver, startPushReceiver } from '../test-push-receiver.ts';
import { subscriptionId } from './push.ts';

/**
 * Issue 23: pushes go to a local HTTPS push receiver with a throwaway certificate, are decrypted here as
 * a browser does (RFC 8291 aes128gcm, the `http_ece` package), say what the spec's person expects, are
 * grouped per conversation, skipped while the conversation is open, retried on a 500, dropped with the
 * subscription on a 410, and never slow a message down.
 */
let receiver: PushReceiver;
const previousAgent = https.globalAgent;

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;

beforeAll(async () => {
  receiver = await startPushReceiver();
  // What NODE_EXTRA_CA_CERTS does for a server process: the receiver's certificate is trusted too.
  https.globalAgent = new https.Agent({ ca: [...rootCertificates, receiver.cert] });
  app = await buildTestApp({ pushEndpointAllow: [receiver.base] });
});
afterAll(async () => {
  await app.cleanup();
  https.globalAgent = previousAgent;
  await receiver.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A browser's subscription on the receiver, with the keys to decrypt what reaches it. */
async function device(token: string, name: string) {
  const { keys, read } = deviceKeys();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: auth(token),
    payload: { endpoint: `${receiver.base}${name}`, expirationTime: null, keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { path: `/push/${name}`, read };
}

async function message(token: string, announcementId: string, text: string) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(token),
    payload: { announcementId, text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ms: performance.now() - started,
    conversationId: (res.json() as { conversationId: string }).conversationId,
  };
}

const at = (path: string) => receiver.at(path);
async function settle() {
  await app.pushSender.flush();
}

describe('web push to a local receiver', () => {
  it('a message reaches the seller’s device encrypted, saying who, about what, and the first 80 characters', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const phone = await device(seller.token, 'seller-phone');
    const text = `Bună ziua! ${'Mai este disponibil anunțul? '.repeat(5)}`;
    const { conversationId } = await message(buyer.token, ann, text);
    await settle();
    const [push] = at(phone.path);
    expect(push, 'one push').toBeDefined();
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.urgency).toBe('high');
    expect(String(push!.headers.authorization)).toMatch(/^vapid t=/);
    const shown = phone.read(push!);
    expect(shown.title).toBe('Ana');
    expect(shown.tag).toBe(`chat-${conversationId}`);
    expect(shown.url).toBe(`/chat/${conversationId}`);
    const [titleLine, preview] = shown.body.split('\n');
    expect(titleLine).toBeTruthy();
    expect(preview!.length).toBeLessThanOrEqual(80);
    expect(text.startsWith(preview!.replace(/…$/, ''))).toBe(true);
    // The payload is not readable on the way: no plain text in the body.
    expect(push!.body.includes(Buffer.from('Bună ziua'))).toBe(false);
  });

  it('five messages in a row: one tag, the last says how many; none while the conversation is open', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const phone = await device(seller.token, 'seller-five');
    for (let i = 1; i <= 5; i++) await message(buyer.token, ann, `Mesajul ${i}`);
    await settle();
    const pushes = at(phone.path).map(phone.read);
    expect(pushes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(pushes.map((p) => p.tag)).size).toBe(1);
    expect(pushes.at(-1)!.title).toBe('Ana: 5 mesaje noi');

    // The seller opens the conversation on a device: no push for what arrives meanwhile.
    const before = at(phone.path).length;
    const ws = await connectedClient(app, seller.token);
    ws.send({ type: 'viewing', conversationId: pushes[0]!.tag.slice('chat-'.length) });
    await new Promise((r) => setTimeout(r, 100));
    await message(buyer.token, ann, 'Sunteți acolo?');
    await settle();
    expect(at(phone.path).length).toBe(before);
    ws.close();
  });

  it('a review is pushed too', async () => {
    const seller = await registerAndLogin(app);
    const author = await registerEstablished(app);
    const phone = await device(seller.token, 'seller-review');
    const res = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(author.token),
      payload: { user: seller.userId, score: 5, comment: 'Foarte amabil și punctual, recomand cu căldură!' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const [push] = at(phone.path).map(phone.read);
    expect(push).toEqual({
      title: 'Recenzie nouă',
      body: 'Ana ți-a lăsat o recenzie.',
      tag: `review-${seller.userId}`,
      url: `/profil/${seller.userId}`,
    });
  });

  it('favourites: one notification per announcement saying how many saved it; none for a re-add, the owner’s own, or when turned off', async () => {
    const seller = await registerAndLogin(app);
    const phone = await device(seller.token, 'seller-favorites');
    const ann = await insertAnnouncement(app, seller.userId, { title: 'Lecții de chitară' });
    const fav = (token: string, method: 'POST' | 'DELETE', id = ann) =>
      app.inject({ method, url: `/api/favorites/${id}`, headers: auth(token) });
    const buyers = [await registerAndLogin(app), await registerAndLogin(app)];
    expect((await fav(buyers[0]!.token, 'POST')).statusCode).toBe(200);
    await settle();
    expect(at(phone.path).map(phone.read)).toEqual([
      {
        title: 'Anunțul tău a fost salvat la favorite',
        body: '„Lecții de chitară”: 1 persoană l-a salvat.',
        tag: `fav-${ann}`,
        url: `/announcement/${ann}`,
        quiet: true,
      },
    ]);
    // Removing and adding again, and the owner's own favourite, say nothing new.
    await fav(buyers[0]!.token, 'DELETE');
    await fav(buyers[0]!.token, 'POST');
    await fav(seller.token, 'POST');
    await settle();
    expect(at(phone.path)).toHaveLength(1);
    await fav(buyers[1]!.token, 'POST');
    await settle();
    expect(at(phone.path).map(phone.read).at(-1)!.body).toBe('„Lecții de chitară”: 3 persoane l-au salvat.');
    // Turned off in 'Setează notificările': a new favourite sends nothing.
    await app.inject({
      method: 'PUT',
      url: '/api/users/notification-settings',
      headers: auth(seller.token),
      payload: { favorites: false },
    });
    const third = await registerAndLogin(app);
    await fav(third.token, 'POST');
    await settle();
    expect(at(phone.path)).toHaveLength(2);
  });

  it('an endpoint stored before the stricter rule is checked again and dropped, not posted to (issue 40, item 3)', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const phone = await device(seller.token, 'seller-healthy');
    // What the old rule let in: web-push's url.parse reads no host in it and posts to localhost:443.
    const endpoint = 'https:/\t//fcm.googleapis.com/../admin';
    const { keys } = deviceKeys();
    await app.uow.write(() =>
      app.pushRepo.subscribe({
        id: subscriptionId(endpoint),
        userId: seller.userId,
        sessionHash: 'a-session-of-last-year',
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        createdAt: Date.now(),
      }),
    );
    expect(await app.push.of(seller.userId)).toHaveLength(2);
    await message(buyer.token, ann, 'Mai este de vânzare?');
    await settle();
    expect(at(phone.path)).toHaveLength(1);
    expect((await app.push.of(seller.userId)).map((s) => s.endpoint)).toEqual([
      `${receiver.base}seller-healthy`,
    ]);
    // Nothing left to retry: the bad endpoint was not a failed send.
    expect((await app.pushRepo.pending()).filter((j) => j.userId === seller.userId)).toHaveLength(0);
  });

  it('410 removes the subscription; 500 keeps the push for a retry; a hanging service delays no message and no one else’s push', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const gone = await device(seller.token, 'gone');
    receiver.answers.set(gone.path, 410);
    await message(buyer.token, ann, 'Prima întrebare');
    await settle();
    expect(await app.push.of(seller.userId)).toHaveLength(0);

    const flaky = await device(seller.token, 'flaky');
    receiver.answers.set(flaky.path, 500);
    await message(buyer.token, ann, 'A doua întrebare');
    await settle();
    const waiting = (await app.pushRepo.pending()).filter((j) => j.userId === seller.userId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attempts).toBe(1);
    expect(waiting[0]!.nextAt).toBeGreaterThan(Date.now());

    receiver.answers.set(flaky.path, 'hang');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push((await message(buyer.token, ann, `Încă o întrebare ${i}`)).ms);
    expect(Math.max(...times)).toBeLessThan(1000);
    // Nor does it hold up anyone else's pushes while its sends wait for their 5 s timeout.
    const other = await registerAndLogin(app);
    const otherPhone = await device(other.token, 'other-healthy');
    const started = Date.now();
    await message(buyer.token, await insertAnnouncement(app, other.userId), 'Pentru altcineva');
    await expect.poll(() => at(otherPhone.path).length, { timeout: 4000, interval: 20 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
