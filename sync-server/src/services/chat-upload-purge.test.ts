import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { rawGet } from '../lib/sql.ts';
import { connectedClient } from '../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { CHAT_UPLOAD_GRACE_MS } from './chat-upload-purge.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let buyer: User;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'oferta.pdf');
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages/attachments',
    headers: { ...auth(buyer), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { image: string }).image;
}

const onDisk = (path: string) => existsSync(join(app.config.dataDir, path.slice(1)));
const recorded = async (path: string) =>
  !!(await rawGet(app.db, sql`SELECT 1 AS one FROM chat_uploads WHERE path = ${path}`));
const later = Date.now() + CHAT_UPLOAD_GRACE_MS + 60_000;
/** Waits (≤ 2 s) for what a deletion does after its commit. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await done()).toBe(true);
}

describe('chat files no live message uses', () => {
  it('a file never sent goes after a day, not 30 days (issue 40: unsent files filled the disk)', async () => {
    expect(CHAT_UPLOAD_GRACE_MS).toBe(24 * 3_600_000);
    const unsent = await upload();
    expect(await app.housekeeping.purgeChatUploads(Date.now() + 23 * 3_600_000)).toBe(0);
    expect(onDisk(unsent)).toBe(true);
    expect(await app.housekeeping.purgeChatUploads(Date.now() + 24 * 3_600_000 + 60_000)).toBe(1);
    expect(onDisk(unsent)).toBe(false);
    expect(await recorded(unsent)).toBe(false);
  });

  it('go after the grace period: never sent, or their message deleted; sent ones stay', async () => {
    const unsent = await upload();
    const sent = await upload();
    // The offline path: the file went ahead over REST, its message follows over the sync socket.
    const b = await connectedClient(app, buyer.token);
    const messageId = newId();
    const doc = {
      id: messageId,
      conversationId: '',
      announcementId: ann,
      senderId: '',
      recipientId: '',
      text: 'Oferta',
      image: sent,
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: new Date().toISOString(),
      _deleted: false,
    };
    expect(await b.push('messages', [{ newDocumentState: doc }])).toEqual([]);

    // Within the grace period nothing goes (a device may still push the message for the first file).
    expect(await app.housekeeping.purgeChatUploads()).toBe(0);
    expect(onDisk(unsent) && onDisk(sent)).toBe(true);

    expect(await app.housekeeping.purgeChatUploads(later)).toBe(1);
    expect(onDisk(unsent)).toBe(false);
    expect(await recorded(unsent)).toBe(false);
    expect(onDisk(sent)).toBe(true);
    expect(await recorded(sent)).toBe(true);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/messages/${messageId}`,
      headers: auth(buyer),
    });
    expect(del.statusCode, del.body).toBe(200);
    // Deleting the message took its file at once (services/chat-files.ts); the purge finds nothing left.
    await until(async () => !onDisk(sent) && !(await recorded(sent)));
    expect(await app.housekeeping.purgeChatUploads(later)).toBe(0);
  });

  it('a file still named by another live message of its sender stays when one of them is deleted', async () => {
    const shared = await upload();
    const b = await connectedClient(app, buyer.token);
    const ids = [newId(), newId()];
    const docs = ids.map((id, i) => ({
      id,
      conversationId: '',
      announcementId: ann,
      senderId: '',
      recipientId: '',
      text: `Oferta ${i}`,
      image: shared,
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: new Date(Date.now() + i).toISOString(),
      _deleted: false,
    }));
    expect(
      await b.push(
        'messages',
        docs.map((d) => ({ newDocumentState: d })),
      ),
    ).toEqual([]);
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${ids[0]}`, headers: auth(buyer) });
    expect(del.statusCode, del.body).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(onDisk(shared)).toBe(true);
    expect(await recorded(shared)).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/messages/${ids[1]}`, headers: auth(buyer) });
    await until(async () => !onDisk(shared));
  });
});
