import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../repositories/sessions.ts';
import { buildTestApp, insertAnnouncement, registerEstablished, sqlRun } from '../test-helper.ts';
import { bodyVariant, brokenObject, hammer, jsonRequest, junk, nastyString, unknownId } from './support.ts';

/**
 * ≥ 1,000 hostile inputs at each removal, toggle and upload path that content.property and
 * account.property do not cover: deletes aimed at other people's things (or at nothing), renew and
 * (de)activate, the guest favourite toggles, chat files that are not what they claim, and the account
 * paths that need nothing but a session (delete-account, logout-all) called without a live one.
 * No 5xx, a Romanian `{ error }`, nothing stored.
 */
type App = FastifyInstance & { cleanup(): Promise<void> };
type Who = { token: string; userId: string; email: string };
let app: App;
let me: Who;
let victim: Who;
let third: Who;
const ids = {
  myAnn: '',
  myDeletedAnn: '',
  victimAnn: '',
  victimPausedAnn: '',
  deletedAnn: '',
  victimReview: '',
  reviewOfMe: '',
  victimMessage: '',
  toMeMessage: '',
  myDeletedMessage: '',
};
let myAvatar = '';
let victimAvatar = '';
/** Tokens that were real once, or look real: revoked, expired, of a deleted account, altered. */
const deadTokens: string[] = [];

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
async function ok(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json() as Record<string, unknown>;
}
async function multipart(files: { field: string; bytes: Uint8Array; name: string; type: string }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
const login = async (email: string) =>
  (
    (await ok(
      app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'parola-buna-1' } }),
    )) as { token: string }
  ).token;

beforeAll(async () => {
  app = await buildTestApp();
  me = await registerEstablished(app, 'eu@hobbiz.test');
  victim = await registerEstablished(app, 'victima@hobbiz.test');
  third = await registerEstablished(app, 'altcineva@hobbiz.test');
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  for (const who of [me, victim]) {
    const body = await multipart([{ field: 'avatar', bytes: jpeg, name: 'eu.jpg', type: 'image/jpeg' }]);
    const res = await ok(
      app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        ...body,
        headers: { ...body.headers, ...auth(who) },
      }),
    );
    if (who === me) myAvatar = res.avatar as string;
    else victimAvatar = res.avatar as string;
  }
  ids.myAnn = await insertAnnouncement(app, me.userId);
  ids.myDeletedAnn = await insertAnnouncement(app, me.userId, { deleted: true });
  ids.victimAnn = await insertAnnouncement(app, victim.userId);
  ids.victimPausedAnn = await insertAnnouncement(app, victim.userId, { active: false });
  ids.deletedAnn = await insertAnnouncement(app, victim.userId, { deleted: true });
  const post = (who: Who, url: string, payload: object) =>
    ok(app.inject({ method: 'POST', url, headers: auth(who), payload }));
  ids.victimReview = (await post(victim, '/api/reviews', { user: third.userId, score: 4, comment: 'Bun' }))
    ._id as string;
  ids.reviewOfMe = (await post(victim, '/api/reviews', { user: me.userId, score: 2, comment: 'Așa și așa' }))
    ._id as string;
  ids.victimMessage = (await post(third, '/api/messages', { announcementId: ids.victimAnn, text: 'Bună!' }))
    ._id as string;
  // Me and the victim talking about her announcement: her answer is mine to see, not to delete.
  await post(me, '/api/messages', { announcementId: ids.victimAnn, text: 'Salut!' });
  ids.toMeMessage = (
    await post(victim, '/api/messages', {
      announcementId: ids.victimAnn,
      destinatarId: me.userId,
      text: 'Bună ziua!',
    })
  )._id as string;
  ids.myDeletedMessage = (await post(me, '/api/messages', { announcementId: ids.victimAnn, text: 'Greșit' }))
    ._id as string;
  await ok(app.inject({ method: 'DELETE', url: `/api/messages/${ids.myDeletedMessage}`, headers: auth(me) }));
  // A real chat file already stored (the chat folder exists; the check is about what would be added).
  const txt = await multipart([
    { field: 'image', bytes: new TextEncoder().encode('Salut'), name: 'a.txt', type: 'text/plain' },
  ]);
  await ok(
    app.inject({
      method: 'POST',
      url: '/api/messages/attachments',
      ...txt,
      headers: { ...txt.headers, ...auth(me) },
    }),
  );
  // Sessions that ended: logged out, expired, of an account since deleted.
  const loggedOut = await login(victim.email);
  await ok(app.inject({ url: '/auth/logout', headers: { authorization: `Bearer ${loggedOut}` } }));
  const expired = await login(victim.email);
  await sqlRun(
    app,
    sql`UPDATE sessions SET expires_at = ${Date.now() - 1000} WHERE token_hash = ${hashToken(expired)}`,
  );
  const gone = await registerEstablished(app, 'plecat@hobbiz.test');
  await ok(
    app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: auth(gone),
      payload: { password: 'parola-buna-1' },
    }),
  );
  const live = victim.token;
  const swap = (c: string) => (c === 'A' ? 'B' : 'A');
  deadTokens.push(
    loggedOut,
    expired,
    gone.token,
    `${live}x`,
    live.slice(0, -1),
    `${live.slice(0, -1)}${swap(live.at(-1)!)}`,
    live.toUpperCase() === live ? live.toLowerCase() : live.toUpperCase(),
    hashToken(live),
    `${live},x`,
  );
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const T = 60_000;
const path = (id: string) => encodeURIComponent(id);
const oddId = nastyString.filter(
  (s) => s.length > 0 && s.length <= 200 && s.trim() !== '' && s !== '.' && s !== '..',
);
/** Ids that are not the caller's to touch: other people's, deleted, unknown, or not ids at all. */
const foreignId = (...own: string[]) =>
  fc.oneof(
    fc.constantFrom(...Object.values(ids).filter((id) => !own.includes(id))),
    fc.constantFrom(victim.userId, third.userId),
    unknownId,
    oddId,
  );
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  v: { body: unknown; raw: string | null; type: string },
  headers: Record<string, string> = auth(me),
) => {
  const r = jsonRequest(v.body, v.raw, v.type);
  return app.inject({ method, url, payload: r.payload, headers: { ...r.headers, ...headers } });
};
const noBody = { body: {}, raw: null, type: 'application/json' };
/** Bodies of a request that takes none: anything at all, sometimes not JSON. */
const anyBody = bodyVariant(junk);

/** What the server treats as the current avatar (profiles.ts sameImage), to leave it out. */
function isMyAvatar(url: string): boolean {
  const v = url.trim();
  if (v === myAvatar) return true;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    return new URL(v).pathname === myAvatar;
  } catch {
    return false;
  }
}

describe('removal, toggle and upload paths under hostile input', () => {
  it('DELETE /api/users/avatar', { timeout: T }, async () => {
    const url = fc.oneof(
      fc.constantFrom(
        victimAvatar,
        `https://hobbiz.ro${victimAvatar}`,
        `${myAvatar}x`,
        myAvatar.replace('.jpg', '-320.webp'),
        `/uploads/avatars/../${myAvatar.split('/').pop()}`,
        `${myAvatar}/..`,
        `javascript:${myAvatar}`,
        `https://hobbiz.ro${myAvatar}/`,
        '',
      ),
      nastyString,
    );
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject({ url: victimAvatar }, { url }),
        url.map((u) => ({ url: u })),
      ),
    ).filter((v) => {
      const u = (v.body as { url?: unknown } | null)?.url;
      return v.raw !== null || typeof u !== 'string' || !isMyAvatar(u);
    });
    await hammer(app, arb, (v) => send('DELETE', '/api/users/avatar', v));
  });

  it('DELETE /api/users/my-announcements/:id', { timeout: T }, async () => {
    await hammer(app, foreignId(ids.myAnn), (id) =>
      send('DELETE', `/api/users/my-announcements/${path(id)}`, noBody),
    );
  });

  it('POST /api/users/my-announcements/:id/renew', { timeout: T }, async () => {
    // Someone else's or a gone announcement, or my own one too soon after publishing.
    const arb = fc.record({ id: fc.oneof(foreignId(), fc.constant(ids.myAnn)), v: anyBody });
    await hammer(app, arb, ({ id, v }) => send('POST', `/api/users/my-announcements/${path(id)}/renew`, v));
  });

  it('PUT /api/users/my-announcements/:id/active', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.record({
        id: foreignId(ids.myAnn),
        v: bodyVariant(fc.constantFrom({ active: false }, { active: true })),
      }),
      fc.record({
        id: fc.constant(ids.myAnn),
        v: bodyVariant(
          brokenObject(
            { active: false },
            { active: fc.constantFrom(undefined, 'da', 'TRUE', 'nu', 2, -1, 0.5, [], {}, [false]) },
          ),
        ),
      }),
    );
    await hammer(app, arb, ({ id, v }) => send('PUT', `/api/users/my-announcements/${path(id)}/active`, v));
  });

  it('DELETE /api/reviews/:id', { timeout: T }, async () => {
    await hammer(app, foreignId(), (id) => send('DELETE', `/api/reviews/${path(id)}`, noBody));
  });

  for (const method of ['POST', 'DELETE'] as const) {
    it(`${method} /api/announcements/:id/favorite`, { timeout: T }, async () => {
      // A guest may name any announcement (it changes nothing); signed in, the favourite rules apply.
      const arb = fc.oneof(
        fc.record({ guest: fc.constant(true), id: fc.oneof(fc.constant(ids.victimAnn), foreignId()) }),
        fc.record({
          guest: fc.constant(false),
          id: fc.oneof(
            fc.constantFrom(ids.deletedAnn, ids.victimPausedAnn, ids.myDeletedAnn),
            foreignId(ids.myAnn, ids.victimAnn),
          ),
        }),
      );
      await hammer(
        app,
        arb,
        ({ guest, id }) =>
          send(method, `/api/announcements/${path(id)}/favorite`, noBody, guest ? {} : auth(me)),
        // Guests get { ok: true } for a visible announcement; removing a favourite one lacks is a no-op.
        { noOpOk: ({ guest }) => guest || method === 'DELETE' },
      );
    });
  }

  it('DELETE /api/messages/:id', { timeout: T }, async () => {
    await hammer(app, foreignId(), (id) => send('DELETE', `/api/messages/${path(id)}`, noBody));
  });

  it('POST /api/messages/attachments', { timeout: T }, async () => {
    // Files no content check accepts: no known magic and not text, or an image header on garbage, or a
    // ZIP that is not a Word document; also empty files, files in other fields, two files, no multipart.
    const junkBytes = fc.uint8Array({ maxLength: 1500 });
    const bytes = fc.oneof(
      junkBytes.map((b) => Uint8Array.from([0x00, 0xfe, ...b])),
      junkBytes.map((b) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...b])),
      junkBytes.map((b) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
      junkBytes.map((b) => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...b])),
      fc.constant(new Uint8Array()),
    );
    const file = fc.record({
      field: fc.constantFrom('image', 'image', 'imageFile', 'images', 'avatar'),
      bytes,
      name: fc.oneof(fc.constantFrom('poza.jpg', 'cv.pdf', 'a.txt', '../../x.jpg', 'f'), oddId),
      type: fc.constantFrom('image/jpeg', 'application/pdf', 'text/plain', 'application/octet-stream'),
    });
    const arb = fc.record({
      files: fc.array(file, { minLength: 0, maxLength: 2 }),
      twoGood: fc.boolean().map((b) => b && Math.random() < 0.2),
      asJson: fc.boolean().map((b) => b && Math.random() < 0.1),
      guest: fc.boolean().map((b) => b && Math.random() < 0.1),
    });
    await hammer(app, arb, async ({ files, twoGood, asJson, guest }) => {
      const who = guest ? {} : auth(me);
      if (asJson) return send('POST', '/api/messages/attachments', { ...noBody, body: { image: 'x' } }, who);
      // Two files that would each be fine: one file only.
      const text = (t: string) => ({
        field: 'image',
        bytes: new TextEncoder().encode(t),
        name: 'a.txt',
        type: 'text/plain',
      });
      const parts = twoGood ? [...files, text('unu'), text('doi')] : files;
      const body = await multipart(parts.map((p) => ({ ...p, name: p.name || 'f' })));
      return app.inject({
        method: 'POST',
        url: '/api/messages/attachments',
        ...body,
        headers: { ...body.headers, ...who },
      });
    });
  });

  const printable = (s: string) => /^[\x20-\x7e]*$/.test(s);
  /** Authorization headers that carry no live session (built once beforeAll has made the tokens). */
  const noSession = () =>
    fc.oneof(
      fc.constantFrom(...deadTokens).map((t) => `Bearer ${t}`),
      fc.constantFrom(...deadTokens).chain((t) => fc.constantFrom(`Basic ${t}`, `Token ${t}`, t)),
      fc.constantFrom('Bearer', 'Bearer ', `Bearer ${victim.userId}`, `Basic ${victim.token}`, victim.token),
      nastyString.filter(printable),
      nastyString.filter(printable).map((s) => `Bearer ${s}`),
      fc.constant(undefined),
    );

  for (const [method, url] of [
    ['DELETE', '/api/users/delete-account'],
    ['POST', '/api/users/logout-all'],
  ] as const) {
    it(`${method} ${url} without a live session`, { timeout: T }, async () => {
      const arb = fc.record({ authorization: noSession(), v: anyBody });
      await hammer(app, arb, ({ authorization, v }) =>
        send(method, url, v, authorization === undefined ? {} : { authorization }),
      );
      // The real sessions are all still there.
      for (const who of [me, victim, third]) {
        const check = await app.inject({ url: '/api/users/auth/check', headers: auth(who) });
        expect(check.json()).toMatchObject({ isAuthenticated: true });
      }
    });
  }
});
