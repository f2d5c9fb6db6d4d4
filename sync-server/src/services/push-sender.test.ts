import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClient } from '../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

/**
 * Issue 23: pushes go to a local HTTPS push receiver with a throwaway certificate, are decrypted here as
 * a browser does (RFC 8291 aes128gcm, the `http_ece` package), say what the spec's person expects, are
 * grouped per conversation, skipped while the conversation is open, retried on a 500, dropped with the
 * subscription on a 410, and never slow a message down.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, opts: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

type Received = { path: string; headers: Record<string, unknown>; body: Buffer };
const received: Received[] = [];
/** What the receiver answers per path (201 when absent); 'hang' never answers. */
const answers = new Map<string, number | 'hang'>();
let receiver: https.Server;
let base = '';
let dir = '';
const previousAgent = https.globalAgent;

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hobbiz-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  receiver = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = answers.get(req.url ?? '') ?? 201;
      if (answer === 'hang') return;
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(receiver.address() as { port: number }).port}/push/`;
  // What NODE_EXTRA_CA_CERTS does for a server process: the receiver's certificate is trusted too.
  https.globalAgent = new https.Agent({ ca: [...rootCertificates, cert.toString()] });
  app = await buildTestApp({ pushEndpointAllow: [base] });
});
afterAll(async () => {
  await app.cleanup();
  https.globalAgent = previousAgent;
  receiver.closeAllConnections();
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A browser's subscription on the receiver, with the keys to decrypt what reaches it. */
async function device(token: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = randomBytes(16);
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: auth(token),
    payload: {
      endpoint: `${base}${name}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: secret.toString('base64url') },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    path: `/push/${name}`,
    read: (r: Received) =>
      JSON.parse(
        ece.decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: secret }).toString(),
      ) as {
        title: string;
        body: string;
        tag: string;
        url: string;
      },
  };
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

const at = (path: string) => received.filter((r) => r.path === path);
async function settle() {
  await app.pushSender.nudge();
  await app.pushSender.nudge();
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
    const author = await registerAndLogin(app);
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

  it('410 removes the subscription; 500 keeps the push for a retry; a hanging service delays no message', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const gone = await device(seller.token, 'gone');
    answers.set(gone.path, 410);
    await message(buyer.token, ann, 'Prima întrebare');
    await settle();
    expect(await app.push.of(seller.userId)).toHaveLength(0);

    const flaky = await device(seller.token, 'flaky');
    answers.set(flaky.path, 500);
    await message(buyer.token, ann, 'A doua întrebare');
    await settle();
    const waiting = (await app.pushRepo.pending()).filter((j) => j.userId === seller.userId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attempts).toBe(1);
    expect(waiting[0]!.nextAt).toBeGreaterThan(Date.now());

    answers.set(flaky.path, 'hang');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push((await message(buyer.token, ann, `Încă o întrebare ${i}`)).ms);
    expect(Math.max(...times)).toBeLessThan(1000);
  });
});
