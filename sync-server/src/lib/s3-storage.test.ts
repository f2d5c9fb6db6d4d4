import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../schema/ids.ts';
import { imageVariant } from '../../../schema/images.ts';
import { jpeg, multipart, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { startTestS3, type TestS3 } from '../test-s3.ts';
import { S3Storage } from './s3-storage.ts';

/**
 * Issue 22, "Photos past one machine": uploads in an S3-compatible bucket (tested against s3rver), so two
 * instances with nothing shared on disk serve each other's files.
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
});

describe('S3Storage', () => {
  it('puts, reads back, checks and deletes; a missing object is null, not an error', async () => {
    const storage = new S3Storage({ ...s3.config, prefix: 'unit/' });
    await storage.put('chat/abc.txt', Buffer.from('Bună ziua'));
    const file = await storage.get('chat/abc.txt');
    expect(file?.size).toBe(Buffer.byteLength('Bună ziua'));
    expect(file?.modifiedAt).toBeGreaterThan(0);
    expect(await text(file!.stream)).toBe('Bună ziua');
    expect(await storage.exists('chat/abc.txt')).toBe(true);
    await storage.delete(['chat/abc.txt', 'chat/nu-exista.txt']);
    expect(await storage.exists('chat/abc.txt')).toBe(false);
    expect(await storage.get('chat/abc.txt')).toBeNull();
    await storage.delete([]);
    storage.close();
  });

  it('accepts only <folder>/<name>.<ext> keys', async () => {
    const storage = new S3Storage(s3.config);
    for (const bad of ['../hobbiz.sqlite', 'chat/../../x.txt', 'x.txt', 'chat/a/b.txt']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow();
      expect(await storage.get(bad)).toBeNull();
      expect(await storage.exists(bad)).toBe(false);
    }
    storage.close();
  });
});

describe('two instances, separate DATA_DIRs, one bucket', () => {
  it('serve each other’s photos (sent one by one and in the form); a removal is seen by both', async () => {
    const one = await buildTestApp({ s3: s3.config, uploadsDir: null });
    const two = await buildTestApp({ s3: s3.config, uploadsDir: null });
    try {
      const ana = await registerAndLogin(one);
      const auth = { authorization: `Bearer ${ana.token}` };
      // A photo sent on its own (issue 22) and one inside the form, both on instance one.
      const photoId = newId();
      const single = new FormData();
      single.append(
        'image',
        new Blob([new Uint8Array(await jpeg(90, 60, '#206040'))], { type: 'image/jpeg' }),
      );
      const body = new Response(single);
      const put = await one.inject({
        method: 'PUT',
        url: `/api/users/my-announcements/photos/${photoId}`,
        headers: { ...auth, 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(put.statusCode, put.body).toBe(201);
      const form = await multipart({ ...validForm, photoIds: JSON.stringify([photoId]) }, [
        { data: await jpeg() },
      ]);
      const published = await one.inject({
        method: 'POST',
        url: '/api/users/my-announcements',
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(published.statusCode, published.body).toBe(201);
      const { _id: id, images } = published.json() as { _id: string; images: string[] };
      expect(images).toHaveLength(2);
      for (const path of images.flatMap((p) => [p, imageVariant(p, 320), imageVariant(p, 640)])) {
        const [a, b] = await Promise.all([one.inject({ url: path }), two.inject({ url: path })]);
        expect(b.statusCode, path).toBe(200);
        expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
        expect(b.headers.etag).toBe(a.headers.etag);
      }
      expect((await two.inject({ url: images[0]! })).headers['content-type']).toBe('image/jpeg');
      const removed = await one.inject({
        method: 'DELETE',
        url: `/api/users/my-announcements/${id}`,
        headers: auth,
      });
      expect(removed.statusCode).toBe(200);
      for (const p of images) expect((await two.inject({ url: p })).statusCode).toBe(404);
    } finally {
      await one.cleanup();
      await two.cleanup();
    }
  });
});
