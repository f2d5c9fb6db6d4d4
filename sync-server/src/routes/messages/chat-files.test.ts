import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageVariant } from '../../../../schema/images.ts';
import { chatFiles } from '../../services/chat-files.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let buyer: User;
let stranger: User;
let ann: string;

beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (u: User | null) => (u ? { authorization: `Bearer ${u.token}` } : {});
const open = (url: string, as: User | null = null) => app.inject({ method: 'GET', url, headers: auth(as) });
const bare = (url: string) => url.split('?')[0]!;
const onDisk = (path: string) => existsSync(join(app.config.dataDir, bare(path).replace(/^\//, '')));

/** The buyer sends the seller a file (multipart, as a browser's FormData). */
async function sendFile(name: string, data: Buffer): Promise<{ _id: string; image: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ announcementId: ann, destinatarId: seller.userId, text: '' }))
    form.append(k, v);
  form.append('image', new Blob([new Uint8Array(data)]), name);
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { ...auth(buyer), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('chat files are the two people’s only (issue 21)', () => {
  it('served to the sender and the recipient, privately; to no one else, not even with the URL', async () => {
    const msg = await sendFile('oferta.txt', Buffer.from('Preț final: 300 lei\n'));
    const path = bare(msg.image);
    expect(path).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.txt$/);
    for (const who of [buyer, seller]) {
      const res = await open(path, who);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('Preț final: 300 lei\n');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    for (const who of [stranger, null]) {
      const res = await open(path, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Resursa nu a fost găsită.' });
    }
  });

  it('a REST answer gives each reader a signed link that works without a token, for that file only', async () => {
    const msg = await sendFile('oferta.txt', Buffer.from('Salut\n'));
    // The sender's answer: a link bound to the sender, opened by an <img> that sends no header.
    expect(msg.image).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.txt\?s=\d+\.[0-9a-f]{24}\.[\w-]{43}$/);
    expect(msg.image).toContain(`.${buyer.userId}.`);
    expect((await open(msg.image)).statusCode).toBe(200);
    // The recipient's view of the conversation: their own link.
    const cid = `${seller.userId}-${buyer.userId}-${ann}`;
    const [seen] = (await open(`/api/messages/conversation/${cid}`, seller)).json() as { image: string }[];
    expect(seen!.image).toContain(`.${seller.userId}.`);
    expect((await open(seen!.image)).statusCode).toBe(200);
    // A forged reader, a changed signature, or the signature moved onto another file: nothing.
    const [, query] = msg.image.split('?s=') as [string, string];
    const [exp, , sig] = query.split('.');
    expect((await open(`${bare(msg.image)}?s=${exp}.${stranger.userId}.${sig}`)).statusCode).toBe(404);
    expect((await open(`${bare(msg.image)}?s=${exp}.${buyer.userId}.${sig!.slice(1)}A`)).statusCode).toBe(
      404,
    );
    const other = await sendFile('alta.txt', Buffer.from('Altceva\n'));
    expect((await open(`${bare(other.image)}?s=${query}`)).statusCode).toBe(404);
    // A stranger's own valid link to a file that is not theirs opens nothing either.
    const strangers = await app.chatFiles.signedUrl(bare(msg.image), stranger.userId);
    expect((await open(strangers)).statusCode).toBe(404);
  });

  it('a signed link expires at the end of the next UTC day', async () => {
    const msg = await sendFile('oferta.txt', Buffer.from('Salut\n'));
    const dayAgo = chatFiles({
      repo: app.messagingRepo,
      keys: app.pushRepo,
      uow: app.uow,
      storage: app.storage,
      now: () => Date.now() - 2 * 86_400_000 - 1000,
    });
    const stale = await dayAgo.signedUrl(bare(msg.image), buyer.userId);
    expect((await open(stale)).statusCode).toBe(404);
    const fresh = await app.chatFiles.signedUrl(bare(msg.image), buyer.userId);
    const expires = Number(fresh.split('?s=')[1]!.split('.')[0]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
  });

  it('an image’s size variants follow the same rule', async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const msg = await sendFile('poza.png', png);
    const variant = imageVariant(bare(msg.image), 320);
    expect(onDisk(variant)).toBe(true);
    expect((await open(variant, seller)).statusCode).toBe(200);
    expect((await open(variant, stranger)).statusCode).toBe(404);
    expect((await open(variant)).statusCode).toBe(404);
  });

  it('deleting the message deletes its file: the old URL and links answer 404 at once', async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#00a' } })
      .png()
      .toBuffer();
    const msg = await sendFile('poza.png', png);
    const path = bare(msg.image);
    const variant = imageVariant(path, 640);
    expect(onDisk(path) && onDisk(variant)).toBe(true);
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${msg._id}`, headers: auth(buyer) });
    expect(del.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(onDisk(path)).toBe(false);
    expect(onDisk(variant)).toBe(false);
    expect(await app.messagingRepo.uploaderOf(path)).toBeNull();
    expect((await open(path, buyer)).statusCode).toBe(404);
    expect((await open(path, seller)).statusCode).toBe(404);
    expect((await open(msg.image)).statusCode).toBe(404);
  });
});
