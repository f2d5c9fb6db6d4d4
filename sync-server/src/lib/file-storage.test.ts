import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { imageVariant } from '../../../schema/images.ts';
import { jpeg, multipart, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { LocalDirectoryStorage, uploadKey } from './file-storage.ts';

/**
 * Issue 13, "Uploads": every upload goes through one storage; with UPLOADS_DIR two instances (each with
 * its own DATA_DIR here) share one directory and serve what the other stored.
 */
const root = mkdtempSync(join(tmpdir(), 'hobbiz-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalDirectoryStorage', () => {
  const storage = new LocalDirectoryStorage(join(root, 'unit'));

  it('puts, reads back, checks and deletes; a missing file is null, not an error', async () => {
    await storage.put('chat/abc.txt', Buffer.from('Bună ziua'));
    const file = await storage.get('chat/abc.txt');
    expect(file?.size).toBe(Buffer.byteLength('Bună ziua'));
    expect(await text(file!.stream)).toBe('Bună ziua');
    expect(await storage.exists('chat/abc.txt')).toBe(true);
    await storage.delete(['chat/abc.txt', 'chat/nu-exista.txt']);
    expect(await storage.exists('chat/abc.txt')).toBe(false);
    expect(await storage.get('chat/abc.txt')).toBeNull();
    // Written aside then renamed: nothing half-written is left behind.
    expect(readdirSync(join(root, 'unit', 'chat'))).toEqual([]);
  });

  it('accepts only <folder>/<name>.<ext> keys: nothing outside the directory is reachable', async () => {
    for (const bad of ['../hobbiz.sqlite', 'chat/../../x.txt', 'x.txt', 'chat/a/b.txt', '/etc/passwd']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow();
      expect(await storage.get(bad)).toBeNull();
      expect(await storage.exists(bad)).toBe(false);
    }
    expect(uploadKey('/uploads/chat/0123abcd.pdf')).toBe('chat/0123abcd.pdf');
    expect(uploadKey('/uploads/chat/../../hobbiz.sqlite')).toBeNull();
    expect(uploadKey('https://example.ro/uploads/chat/a.jpg')).toBeNull();
  });
});

describe('two instances, separate DATA_DIRs, one UPLOADS_DIR', () => {
  type App = Awaited<ReturnType<typeof buildTestApp>>;
  let apps: App[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.cleanup();
  });

  it('serve each other’s announcement photos and chat files, and a removal is seen by both', async () => {
    const shared = join(root, 'shared');
    const one = await buildTestApp({ uploadsDir: shared });
    const two = await buildTestApp({ uploadsDir: shared });
    apps = [one, two];
    expect(one.config.dataDir).not.toBe(two.config.dataDir);
    const ana = await registerAndLogin(one);
    const auth = { authorization: `Bearer ${ana.token}` };

    // A photo published on instance one…
    const form = await multipart(validForm, [{ data: await jpeg() }]);
    const published = await one.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(published.statusCode, published.body).toBe(201);
    const { _id: id, images } = published.json() as { _id: string; images: string[] };
    // …is served by instance two, with its size variants, byte for byte.
    for (const path of [images[0]!, imageVariant(images[0]!, 320), imageVariant(images[0]!, 640)]) {
      const [a, b] = await Promise.all([one.inject({ url: path }), two.inject({ url: path })]);
      expect(b.statusCode, path).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      // The same validator from both: a browser's cached copy stays valid whichever answers.
      expect(b.headers.etag).toBe(a.headers.etag);
    }
    expect((await two.inject({ url: images[0]! })).headers['content-type']).toBe('image/jpeg');

    // A chat file uploaded on instance two is served by instance one, as what it is.
    const chat = new FormData();
    chat.append('image', new Blob(['Lista de prețuri: 150 lei'], { type: 'text/plain' }), 'preturi.txt');
    const bob = await registerAndLogin(two);
    // Bob is an account of instance two's database (each instance has its own here; only files are shared).
    const again = new Response(chat);
    const stored = await two.inject({
      method: 'POST',
      url: '/api/messages/attachments',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': again.headers.get('content-type')! },
      payload: Buffer.from(await again.arrayBuffer()),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const file = (stored.json() as { image: string }).image;
    // Instance one's storage reads it (who may open it over HTTP is the database's question: each instance
    // has its own here, so the uploader opens it on theirs).
    const read = await one.storage.get(uploadKey(file)!);
    expect(read?.size).toBe(Buffer.byteLength('Lista de prețuri: 150 lei'));
    read?.stream.destroy();
    const served = await two.inject({ url: file, headers: { authorization: `Bearer ${bob.token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('Lista de prețuri: 150 lei');
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await one.inject({ url: file })).statusCode).toBe(404);

    // Deleting the announcement on instance one removes its photos for instance two too.
    const removed = await one.inject({
      method: 'DELETE',
      url: `/api/users/my-announcements/${id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await two.inject({ url: images[0]! })).statusCode).toBe(404);
    expect((await two.inject({ url: imageVariant(images[0]!, 320) })).statusCode).toBe(404);
  });
});
