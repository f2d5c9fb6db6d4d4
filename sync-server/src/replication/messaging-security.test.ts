import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../../schema/rules/messages.ts';
import { newId } from '../lib/ids.ts';
import { rawGet } from '../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

/** What a client may not make up in a message pushed over the sync socket. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let stranger: Who;
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

const connect = (token: string) => connectedClient(app, token);

const message = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  conversationId: '',
  announcementId: ann,
  senderId: '',
  recipientId: '',
  text: 'Bună ziua! Mai este disponibil tortul?',
  image: '',
  replyTo: null,
  reactions: [],
  isRead: false,
  createdAt: new Date().toISOString(),
  _deleted: false,
  ...over,
});
const stored = (id: string) =>
  rawGet<{ text: string; image: string; reply_to: string | null }>(
    app.db,
    sql`SELECT text, image, reply_to FROM messages WHERE id = ${id}`,
  );

describe('reply quotes pushed over sync', () => {
  it('the quote is built from the quoted message of the same conversation; a made-up one is dropped', async () => {
    const b = await connect(buyer.token);
    const first = message();
    expect(await b.push('messages', [{ newDocumentState: first }])).toEqual([]);
    // Quoting a real message of this conversation, with words put in the seller's mouth.
    const real = message({
      text: 'Și încă o întrebare.',
      replyTo: { messageId: first.id, senderId: seller.userId, text: 'Ți-l dau gratis.', image: '' },
    });
    await b.push('messages', [{ newDocumentState: real }]);
    expect(JSON.parse((await stored(real.id))!.reply_to!)).toEqual({
      messageId: first.id,
      senderId: buyer.userId,
      text: first.text,
      image: '',
    });
    // Quoting nothing that exists, and a message of somebody else's conversation.
    const x = await connect(stranger.token);
    const theirs = message({ text: 'Mesajul altcuiva.' });
    await x.push('messages', [{ newDocumentState: theirs }]);
    for (const messageId of ['', newId(), theirs.id]) {
      const fake = message({
        text: 'Citez ceva.',
        replyTo: { messageId, senderId: seller.userId, text: 'Ți-l dau gratis.', image: '/uploads/x.jpg' },
      });
      await b.push('messages', [{ newDocumentState: fake }]);
      expect(await stored(fake.id)).toMatchObject({ text: 'Citez ceva.', reply_to: null });
    }
    // The seller's device receives the server's quote, not the pushed one.
    const s = await connect(seller.token);
    const docs = (await s.pull(null, 20, 'messages')).documents;
    expect(JSON.stringify(docs)).not.toContain('gratis');
  });
});

/** Uploads a chat file as the app does for a message written offline; returns its path. */
async function upload(who: Who, bytes: Uint8Array, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = new Response(form);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/messages/attachments',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': res.headers.get('content-type')! },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return (answer.json() as { image: string }).image;
}
const text = (s: string) => new TextEncoder().encode(s);
const settle = () => settled(app, 30);

describe('chat attachments pushed over sync', () => {
  it('a message may carry a file its sender uploaded here, image or document', async () => {
    const b = await connect(buyer.token);
    const doc = await upload(buyer, text('Lista de prețuri'), 'preturi.txt', 'text/plain');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const photo = await upload(buyer, png, 'tort.png', 'image/png');
    expect(doc).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.txt$/);
    expect(photo).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.jpg$/);
    for (const image of [doc, photo]) {
      const m = message({ text: '', image });
      expect(await b.push('messages', [{ newDocumentState: m }])).toEqual([]);
      expect(await stored(m.id)).toMatchObject({ image });
    }
  });

  it('anything else is answered as a conflict with the reason, and nothing is stored', async () => {
    const b = await connect(buyer.token);
    const theirs = await upload(stranger, text('Al altcuiva'), 'a.txt', 'text/plain');
    const gone = await upload(buyer, text('Șters de pe disc'), 'b.txt', 'text/plain');
    rmSync(join(app.config.dataDir, gone.slice(1)));
    const annPhoto = `/uploads/announcements/${ann}-0a1b2c3d.jpg`;
    const refused = [
      'https://evil.example/tort.jpg',
      '//evil.example/tort.jpg',
      'javascript:alert(1)',
      '/uploads/chat/../../hobbiz.sqlite',
      '/uploads/chat/0123456789abcdef0123456789abcdef.exe',
      `/uploads/chat/${'a'.repeat(32)}.pdf`,
      `${theirs}?x=1`,
      annPhoto,
      theirs,
      gone,
    ];
    for (const image of refused) {
      const m = message({ text: 'Uite fișierul.', image });
      expect(await b.push('messages', [{ newDocumentState: m }]), image).toEqual([{ ...m, _deleted: true }]);
      expect(await stored(m.id), image).toBeUndefined();
    }
    await settle();
    const reasons = b.side.filter((x) => x.type === 'event' && x.name === 'syncRejected');
    expect(reasons).toHaveLength(refused.length);
    for (const r of reasons) {
      expect(r).toMatchObject({ payload: { collection: 'messages', error: ATTACHMENT_MESSAGES.missing } });
    }
    expect(ATTACHMENT_MESSAGES.missing).toBe('Fișierul atașat nu a fost găsit. Atașează-l din nou.');
  });

  it('a file sent with a message over REST is its sender’s too; deleting the account forgets the uploader', async () => {
    const form = new FormData();
    form.append('announcementId', ann);
    form.append('text', 'Cu fișier');
    form.append('image', new Blob([text('Detalii')], { type: 'text/plain' }), 'detalii.txt');
    const res = new Response(form);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The answer's link is the sender's signed one (services/chat-files.ts); the message names the path.
    const path = (sent.json() as { image: string }).image.split('?')[0]!;
    expect(await app.messaging.attachmentRefusal(buyer.userId, path)).toBeNull();
    expect(await app.messaging.attachmentRefusal(seller.userId, path)).toBe(ATTACHMENT_MESSAGES.missing);
    await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { password: 'parola-buna-1' },
    });
    const n = await rawGet<{ n: number }>(
      app.db,
      sql`SELECT COUNT(*) AS n FROM chat_uploads WHERE user_id = ${buyer.userId}`,
    );
    expect(Number(n?.n)).toBe(0);
  });
});
