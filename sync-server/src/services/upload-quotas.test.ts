import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../schema/constants.ts';
import { newId } from '../../../schema/ids.ts';
import { UPLOAD_QUOTA_MESSAGES as M, UPLOAD_QUOTAS as Q } from '../../../schema/rules/upload-quotas.ts';
import type { Config } from '../config.ts';
import { rawRun } from '../lib/sql.ts';
import { clientAddress } from '../plugins/write-limits.ts';
import { connectedClient } from '../replication/test-client.ts';
import { jpeg, multipart, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

/**
 * Issue 40, items 4 and 5: quotas on the bytes a person can make the server keep. Real app, temp SQLite,
 * temp uploads directory; the real numbers of schema/rules/upload-quotas.ts.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
afterEach(async () => {
  await app?.cleanup();
});

const start = async (overrides: Partial<Config> = {}) => {
  app = await buildTestApp(overrides);
};
const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
/** A PDF of `size` bytes (kept as it came: no re-encoding). */
const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};
const MB = 1024 * 1024;
/** The largest chat file less a little: five of them fill the unsent quota, a sixth does not fit. */
const bigPdf = () => pdf(LIMITS.attachmentMaxBytes - 1024);

async function form(field: string, data: Buffer, name: string, type: string) {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(data)], { type }), name);
  const res = new Response(f);
  return { payload: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

async function uploadChat(u: User, data: Buffer) {
  const { payload, type } = await form('image', data, 'oferta.pdf', 'application/pdf');
  return app.inject({
    method: 'POST',
    url: '/api/messages/attachments',
    headers: { ...auth(u), 'content-type': type },
    payload,
  });
}

async function putPhoto(u: User, data: Buffer, id = newId()) {
  const { payload, type } = await form('image', data, 'foto.jpg', 'image/jpeg');
  return app.inject({
    method: 'PUT',
    url: `/api/users/my-announcements/photos/${id}`,
    headers: { ...auth(u), 'content-type': type },
    payload,
  });
}

async function putAvatar(u: User, data: Buffer) {
  const { payload, type } = await form('avatar', data, 'eu.jpg', 'image/jpeg');
  return app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    headers: { ...auth(u), 'content-type': type },
    payload,
  });
}

const filesIn = (folder: string) => {
  const dir = join(app.config.dataDir, 'uploads', folder);
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')).length : 0;
};

/** Spends `bytes` of an address's daily budget through the quotas themselves (no file), as other accounts would. */
async function spendAddress(ip: string, bytes: number) {
  for (let left = bytes; left > 0; left -= Q.accountBytesPerDay) {
    const who = { userId: newId(), ip: clientAddress(ip) };
    const spent = await app.uploadQuotas.withRoom(
      who,
      'other',
      Math.min(left, Q.accountBytesPerDay),
      async () => 0,
    );
    expect(spent.ok).toBe(true);
  }
}
const LOCAL = '127.0.0.1';

describe('chat files (item 4: 10 MB PDFs never sent filled the disk)', () => {
  it('one account: five large files wait at most, the sixth is 413 and not written', async () => {
    await start();
    const u = await registerAndLogin(app);
    for (let i = 0; i < 5; i++) expect((await uploadChat(u, bigPdf())).statusCode).toBe(201);
    expect(filesIn('chat')).toBe(5);
    const refused = await uploadChat(u, bigPdf());
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: M.chatUnsent, code: 'quota_exceeded' });
    expect(M.chatUnsent).toContain('Ai atins limita de spațiu pentru fișiere: 50 MB');
    expect(filesIn('chat')).toBe(5);
    // A small file still fits beside them (the quota counts bytes, not files).
    expect((await uploadChat(u, pdf(2048))).statusCode).toBe(201);
  });

  it('parallel uploads of one account cannot overshoot: exactly five of eight are stored', async () => {
    await start();
    const u = await registerAndLogin(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => uploadChat(u, bigPdf())));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 413, 413, 413]);
    expect(filesIn('chat')).toBe(5);
  });

  it('a file sent in a message no longer counts as waiting', async () => {
    await start();
    const seller = await registerAndLogin(app);
    const u = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const images: string[] = [];
    for (let i = 0; i < 5; i++) images.push((await uploadChat(u, bigPdf())).json().image);
    expect((await uploadChat(u, bigPdf())).statusCode).toBe(413);
    // Its message goes over the sync socket, as the device's offline path does.
    const socket = await connectedClient(app, u.token);
    const doc = {
      id: newId(),
      conversationId: '',
      announcementId: ann,
      senderId: '',
      recipientId: '',
      text: 'Oferta',
      image: images[0],
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: new Date().toISOString(),
      _deleted: false,
    };
    expect(await socket.push('messages', [{ newDocumentState: doc }])).toEqual([]);
    expect((await uploadChat(u, bigPdf())).statusCode).toBe(201);
  });

  it('many accounts from one address share its daily budget: 413 past it, nothing written', async () => {
    await start();
    await spendAddress(LOCAL, Q.addressBytesPerDay - 5 * MB);
    const fresh = await registerAndLogin(app);
    const refused = await uploadChat(fresh, bigPdf());
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(M.addressDay);
    expect(filesIn('chat')).toBe(0);
    // What still fits goes through.
    expect((await uploadChat(fresh, pdf(MB))).statusCode).toBe(201);
  });

  it("an account's daily budget: 413 past it, with its own words", async () => {
    await start();
    const u = await registerAndLogin(app);
    const who = { userId: u.userId, ip: clientAddress(LOCAL) };
    expect((await app.uploadQuotas.withRoom(who, 'other', Q.accountBytesPerDay - MB, async () => 0)).ok).toBe(
      true,
    );
    const refused = await uploadChat(u, pdf(2 * MB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(M.accountDay);
    // Another account from the same address is not held back by it.
    const other = await registerAndLogin(app);
    expect((await uploadChat(other, pdf(2 * MB))).statusCode).toBe(201);
  });
});

describe('announcement photos (item 5: no total quota)', () => {
  it("an account's photos not yet published: 413 past the quota, the photo not stored", async () => {
    await start();
    const u = await registerAndLogin(app);
    // Photos already waiting (as uploaded before), a few KB short of the quota.
    await rawRun(
      app.db,
      sql`INSERT INTO photo_uploads (id, user_id, path, created_at, announcement_id, bytes)
        VALUES (${newId()}, ${u.userId}, '/uploads/announcements/x.jpg', ${Date.now()}, '', ${Q.photosUnclaimedBytes - 1000})`,
    );
    const refused = await putPhoto(u, await jpeg(400, 300));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: M.photosUnclaimed, code: 'quota_exceeded' });
    expect(filesIn('announcements')).toBe(0);
    // Another account is not concerned.
    expect((await putPhoto(await registerAndLogin(app), await jpeg(400, 300))).statusCode).toBe(201);
  });

  it('the bytes of a stored photo count towards the quota; a retry of the same id counts nothing', async () => {
    await start();
    const u = await registerAndLogin(app);
    const id = newId();
    const photo = await jpeg(400, 300);
    expect((await putPhoto(u, photo, id)).statusCode).toBe(201);
    expect((await putPhoto(u, photo, id)).statusCode).toBe(200);
    expect(await app.photoUploads.own(u.userId, id)).not.toBeNull();
    const live = await app.throttles.peek([`upload-bytes:acct:${u.userId}`], Date.now());
    expect(live.get(`upload-bytes:acct:${u.userId}`)?.count).toBe(photo.length);
  });

  it('many accounts from one address: 413 once the address has added its day', async () => {
    await start();
    await spendAddress(LOCAL, Q.addressBytesPerDay - 1000);
    const refused = await putPhoto(await registerAndLogin(app), await jpeg(400, 300));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(M.addressDay);
    expect(filesIn('announcements')).toBe(0);
  });

  it('a photo refused by its own rules gives its bytes back', async () => {
    await start();
    const u = await registerAndLogin(app);
    const notJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5000, 1)]);
    expect((await putPhoto(u, notJpeg)).statusCode).toBe(400);
    const live = await app.throttles.peek([`upload-bytes:acct:${u.userId}`], Date.now());
    expect(live.get(`upload-bytes:acct:${u.userId}`)?.count ?? 0).toBe(0);
  });
});

describe('photos sent inside the publish form', () => {
  it("count in the account's day: 413 past it, no announcement and no file", async () => {
    await start();
    const u = await registerAndLogin(app);
    const who = { userId: u.userId, ip: clientAddress(LOCAL) };
    expect(
      (await app.uploadQuotas.withRoom(who, 'other', Q.accountBytesPerDay - 100, async () => 0)).ok,
    ).toBe(true);
    const { payload, headers } = await multipart(validForm, [{ data: await jpeg(400, 300) }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      payload,
      headers: { ...headers, ...auth(u) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(M.accountDay);
    expect(filesIn('announcements')).toBe(0);
    const mine = await app.inject({ method: 'GET', url: '/api/users/my-announcements', headers: auth(u) });
    expect(mine.json()).toEqual([]);
  });
});

describe('avatars', () => {
  it("count in the account's daily budget: 413 past it", async () => {
    await start();
    const u = await registerAndLogin(app);
    const who = { userId: u.userId, ip: clientAddress(LOCAL) };
    expect(
      (await app.uploadQuotas.withRoom(who, 'other', Q.accountBytesPerDay - 100, async () => 0)).ok,
    ).toBe(true);
    const refused = await putAvatar(u, await jpeg(200, 200));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(M.accountDay);
    expect(filesIn('avatars')).toBe(0);
  });
});

describe("the instance's storage (507)", () => {
  it('past the daily budget of the instance every new file is 507, whoever sends it', async () => {
    await start({ uploadDailyBudgetBytes: 3 * MB });
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    expect((await uploadChat(a, pdf(2 * MB))).statusCode).toBe(201);
    const refused = await uploadChat(b, pdf(2 * MB));
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      error: 'Serverul nu mai are spațiu pentru fișiere noi. Încearcă mai târziu.',
      code: 'storage_full',
    });
    expect((await putAvatar(b, await jpeg(100, 80))).statusCode).toBe(200);
    expect(filesIn('chat')).toBe(1);
    // The budget counts bytes: what still fits in it goes through.
    expect((await uploadChat(b, pdf(512 * 1024))).statusCode).toBe(201);
  });

  it('when the uploads disk has less free space than kept free: 507, nothing written', async () => {
    await start({ uploadMinFreeBytes: Number.MAX_SAFE_INTEGER });
    const u = await registerAndLogin(app);
    const refused = await uploadChat(u, pdf(4096));
    expect(refused.statusCode).toBe(507);
    expect(refused.json().error).toBe(M.instanceFull);
    expect((await putPhoto(u, await jpeg(100, 80))).statusCode).toBe(507);
    expect((await putAvatar(u, await jpeg(100, 80))).statusCode).toBe(507);
    expect(filesIn('chat') + filesIn('announcements') + filesIn('avatars')).toBe(0);
  });
});
