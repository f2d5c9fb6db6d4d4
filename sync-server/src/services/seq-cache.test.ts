import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { seqCache } from './seq-cache.ts';

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

describe('seqCache', () => {
  /** A counter the test moves, and a reply that records what was sent. */
  const setup = () => {
    let seq = 1;
    const counters = { get: async () => seq } as unknown as Parameters<typeof seqCache>[0];
    const send = seqCache(counters, 't');
    const reply = () => {
      const r = {
        sent: undefined as unknown,
        header: () => r,
        type: () => r,
        code: () => r,
        send: (body: unknown) => {
          r.sent = body;
          return r;
        },
      };
      return r;
    };
    const request = { headers: {} } as never;
    return { send, reply, request, bump: () => seq++ };
  };

  it('builds a version once, however many requests wait for it at the same moment', async () => {
    const { send, reply, request, bump } = setup();
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return { n: builds };
    };
    const replies = Array.from({ length: 50 }, reply);
    await Promise.all(replies.map((r) => send(request, r as never, 'k', build)));
    expect(builds).toBe(1);
    expect(new Set(replies.map((r) => r.sent))).toEqual(new Set(['{"n":1}']));
    // The data changed: the next ones build the new version, once.
    bump();
    await Promise.all(Array.from({ length: 20 }, reply).map((r) => send(request, r as never, 'k', build)));
    expect(builds).toBe(2);
  });

  it('a build that failed is tried again by the next request', async () => {
    const { send, reply, request } = setup();
    let calls = 0;
    const build = async () => {
      calls++;
      if (calls === 1) throw new Error('database busy');
      return { ok: true };
    };
    await expect(send(request, reply() as never, 'k', build)).rejects.toThrow('database busy');
    const r = reply();
    await send(request, r as never, 'k', build);
    expect(r.sent).toBe('{"ok":true}');
  });
});
