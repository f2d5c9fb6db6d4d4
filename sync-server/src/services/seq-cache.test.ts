import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

describe('popular announcements, cached per data version', () => {
  it('answers 304 while nothing changed and a fresh list after a favourite', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ids = await Promise.all(
      [0, 1, 2].map((i) => insertAnnouncement(app, seller.userId, { title: `Anunț popular ${i}` })),
    );
    const first = await app.inject({ url: '/api/announcements/popular?limit=3' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(
      (await app.inject({ url: '/api/announcements/popular?limit=3', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);

    // A favourite changes a counter: the same request now gets the new order and a new version.
    const fav = await app.inject({
      method: 'POST',
      url: `/api/favorites/${ids[0]}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(fav.statusCode).toBeLessThan(300);
    const after = await app.inject({
      url: '/api/announcements/popular?limit=3',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const list = after.json() as { _id: string; favoritesCount: number }[];
    expect(list[0]).toMatchObject({ _id: ids[0], favoritesCount: 1 });
  });

  it('sends the precompressed body to browsers that accept brotli', async () => {
    const seller = await registerAndLogin(app);
    for (let i = 0; i < 6; i++) await insertAnnouncement(app, seller.userId);
    const plain = await app.inject({ url: '/api/announcements/popular' });
    const br = await app.inject({
      url: '/api/announcements/popular',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
