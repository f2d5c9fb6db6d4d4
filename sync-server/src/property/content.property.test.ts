import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerEstablished } from '../test-helper.ts';
import { bodyVariant, brokenObject, hammer, jsonRequest, junk, nastyString, unknownId } from './support.ts';

/**
 * ≥ 1,000 hostile inputs at each content write path (announcements, reviews, favourites, messages,
 * notifications), many aimed at other people's ids: no 5xx, a Romanian `{ error }`, nothing stored.
 */
type App = FastifyInstance & { cleanup(): Promise<void> };
type Who = { token: string; userId: string; email: string };
let app: App;
let me: Who;
let victim: Who;
let third: Who;
const ids = {
  myAnn: '',
  victimAnn: '',
  deletedAnn: '',
  victimReview: '',
  myReview: '',
  victimConv: '',
  victimMessage: '',
  myMessage: '',
  victimNotification: '',
};

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
async function ok(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json() as Record<string, unknown>;
}

beforeAll(async () => {
  app = await buildTestApp();
  me = await registerEstablished(app, 'eu@hobbiz.test');
  victim = await registerEstablished(app, 'victima@hobbiz.test');
  third = await registerEstablished(app, 'altcineva@hobbiz.test');
  ids.myAnn = await insertAnnouncement(app, me.userId);
  ids.victimAnn = await insertAnnouncement(app, victim.userId);
  ids.deletedAnn = await insertAnnouncement(app, victim.userId, { deleted: true });
  const post = (who: Who, url: string, payload: object) =>
    ok(app.inject({ method: 'POST', url, headers: auth(who), payload }));
  // The victim's world: a conversation with someone else (message + notification), a review they wrote.
  const msg = await post(third, '/api/messages', { announcementId: ids.victimAnn, text: 'Bună ziua!' });
  ids.victimMessage = msg._id as string;
  ids.victimConv = msg.conversationId as string;
  const notes = await ok(
    app.inject({ method: 'GET', url: `/api/notifications/${victim.userId}`, headers: auth(victim) }),
  );
  ids.victimNotification = (notes as unknown as { _id: string }[])[0]!._id;
  ids.victimReview = (await post(victim, '/api/reviews', { user: third.userId, score: 4, comment: 'Bun' }))
    ._id as string;
  // Mine: a review I wrote, a message I sent.
  ids.myReview = (await post(me, '/api/reviews', { user: third.userId, score: 5, comment: 'Super' }))
    ._id as string;
  ids.myMessage = (await post(me, '/api/messages', { announcementId: ids.victimAnn, text: 'Salut!' }))
    ._id as string;
}, 30_000);
afterAll(async () => {
  await app?.cleanup();
});

const T = 60_000;
/** Ids that are not the caller's to touch: other people's, unknown, or not ids at all. */
const foreignId = (...own: string[]) =>
  fc.oneof(
    fc.constantFrom(...Object.values(ids).filter((id) => !own.includes(id))),
    fc.constantFrom(victim.userId, third.userId),
    unknownId,
    nastyString.filter((s) => s.length > 0 && s.length <= 200 && s.trim() !== '' && s !== '.' && s !== '..'),
  );
const path = (id: string) => encodeURIComponent(id);
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  v: { body: unknown; raw: string | null; type: string },
) => {
  const r = jsonRequest(v.body, v.raw, v.type);
  return app.inject({ method, url, payload: r.payload, headers: { ...r.headers, ...auth(me) } });
};
const noBody = { body: {}, raw: null, type: 'application/json' };

async function form(fields: Record<string, unknown>, file?: Uint8Array) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      fd.append(k, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
  }
  if (file) fd.append('images', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'poza.jpg');
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

const announcementBreakers = {
  title: fc.constantFrom(undefined, '', 'Prea scurt', 'a'.repeat(71), '               x'),
  category: fc.constantFrom(undefined, '', 'Nu există', 'fotografie '.repeat(10)),
  description: fc.constantFrom(undefined, '', 'Scurtă', 'd'.repeat(9001)),
  location: fc.constantFrom(undefined, '', 'Atlantida'),
  contactPerson: fc.constantFrom(undefined, '', ' a ', 'n'.repeat(51)),
  contactEmail: fc.constantFrom('ana', 'a@', '@b.ro'),
  contactPhone: fc.constantFrom('123', '1712345678', 'telefon'),
  price: fc.constantFrom('-5', 'gratis', '1e309', '12.5.3'),
};
/** For an edit, a field left out is kept (issue 12 item 18): only values sent can break it. */
const editBreakers = {
  title: fc.constantFrom('', 'Prea scurt', 'a'.repeat(71), '               x'),
  category: fc.constantFrom('', 'Nu există', 'fotografie '.repeat(10)),
  description: fc.constantFrom('', 'Scurtă', 'd'.repeat(9001)),
  location: fc.constantFrom('', 'Atlantida'),
  contactPerson: fc.constantFrom('', ' a ', 'n'.repeat(51)),
  contactEmail: announcementBreakers.contactEmail,
  contactPhone: announcementBreakers.contactPhone,
  price: announcementBreakers.price,
};
const badJpeg = fc.uint8Array({ maxLength: 300 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...b]));

describe('content write paths under hostile input', () => {
  it('POST /api/users/my-announcements', { timeout: T }, async () => {
    const arb = fc.record({
      fields: fc.oneof(
        brokenObject(validForm, announcementBreakers),
        // A valid form with a photo that is not really a JPEG, or the id of someone else's announcement.
        fc.constant<Record<string, unknown>>({ ...validForm, id: ids.victimAnn }),
        fc.constant<Record<string, unknown>>({ ...validForm }),
      ),
      file: fc.option(badJpeg, { freq: 3 }),
    });
    await hammer(app, arb, async ({ fields, file }) => {
      // A form without a breaker always carries a photo that is not a JPEG (or someone else's id).
      const body = await form(
        fields,
        fields.id === undefined && !file ? new Uint8Array([1, 2, 3]) : (file ?? undefined),
      );
      return app.inject({
        method: 'POST',
        url: '/api/users/my-announcements',
        ...body,
        headers: { ...body.headers, ...auth(me) },
      });
    });
  });

  it('PUT /api/users/my-announcements/:id', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.record({ id: foreignId(ids.myAnn), fields: fc.constant(validForm as Record<string, unknown>) }),
      fc.record({ id: fc.constant(ids.myAnn), fields: brokenObject(validForm, editBreakers) }),
    );
    await hammer(app, arb, async ({ id, fields }) => {
      const body = await form(fields);
      return app.inject({
        method: 'PUT',
        url: `/api/users/my-announcements/${path(id)}`,
        ...body,
        headers: { ...body.headers, ...auth(me) },
      });
    });
  });

  it('POST /api/reviews', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject(
          { user: victim.userId, score: 5, comment: 'Bun' },
          {
            user: fc.oneof(fc.constantFrom(undefined, '', me.userId, ids.victimAnn), unknownId),
            score: fc.constantFrom(undefined, 6, -1, 5.5, 2.3, 'cinci', null, '1e309', [], {}),
            comment: fc.constantFrom('c'.repeat(5001), { text: 'x' }, ['a']),
          },
        ),
        // A second review for the same person.
        fc.constant({ user: third.userId, score: 3, comment: 'Din nou' }),
      ),
    );
    await hammer(app, arb, (v) => send('POST', '/api/reviews', v));
  });

  it('PUT /api/reviews/:id', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.record({
        id: foreignId(ids.myReview),
        v: bodyVariant(fc.constant({ score: 1, comment: 'Preluat' })),
      }),
      fc.record({
        id: fc.constant(ids.myReview),
        v: bodyVariant(
          brokenObject(
            { score: 4, comment: 'Bun' },
            {
              score: fc.constantFrom(6, -1, 5.25, 'patru', null, [], {}),
              comment: fc.constantFrom('c'.repeat(5001), { a: 1 }, [1]),
            },
          ),
        ),
      }),
    );
    // An edit without a body (raw `null`) of one's own review changes nothing and answers the review.
    await hammer(app, arb, ({ id, v }) => send('PUT', `/api/reviews/${path(id)}`, v), {
      noOpOk: ({ id, v }) => id === ids.myReview && v.raw === 'null',
    });
  });

  it('POST /api/reviews/:id/like', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.constant(ids.myReview),
      unknownId,
      fc.constantFrom(ids.victimAnn, ids.victimMessage, victim.userId),
      nastyString.filter((s) => s.trim() !== '' && s.length <= 200 && s !== '.' && s !== '..'),
    );
    await hammer(app, arb, (id) => send('POST', `/api/reviews/${path(id)}/like`, noBody));
  });

  for (const method of ['POST', 'DELETE'] as const) {
    it(`${method} /api/favorites/:id`, { timeout: T }, async () => {
      const arb = fc.oneof(
        fc.constant(ids.deletedAnn),
        unknownId,
        fc.constantFrom(ids.victimReview, victim.userId),
        nastyString.filter((s) => s.trim() !== '' && s.length <= 200 && s !== '.' && s !== '..'),
      );
      // Removing a favourite one does not have is an idempotent no-op (offline retries): 2xx allowed,
      // but nothing stored may move.
      await hammer(app, arb, (id) => send(method, `/api/favorites/${path(id)}`, noBody), {
        noOpOk: () => method === 'DELETE',
      });
    });
  }

  it('POST /api/messages', { timeout: T }, async () => {
    const arb = bodyVariant(
      fc.oneof(
        junk,
        brokenObject(
          { announcementId: ids.victimAnn, text: 'Bună!' },
          {
            announcementId: fc.oneof(
              fc.constantFrom(undefined, '', ids.myAnn, ids.deletedAnn, ids.victimReview),
              unknownId,
            ),
            text: fc.constantFrom(undefined, '', '   ', 't'.repeat(5001), null, {}, []),
          },
        ),
        // Answering on my own announcement to someone who never wrote to me.
        fc.constant({ announcementId: ids.myAnn, text: 'Salut', destinatarId: victim.userId }),
      ),
    );
    await hammer(app, arb, (v) => send('POST', '/api/messages', v));
  });

  it('POST /api/messages/:id/react', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.record({ id: foreignId(ids.myMessage), v: bodyVariant(fc.constant({ emoji: '👍' })) }),
      fc.record({
        id: fc.constant(ids.myMessage),
        v: bodyVariant(
          fc.record({ emoji: fc.constantFrom(undefined, '', 'x'.repeat(17), '😀'.repeat(20), null, {}, []) }),
        ),
      }),
    );
    await hammer(app, arb, ({ id, v }) => send('POST', `/api/messages/${path(id)}/react`, v));
  });

  it('PUT /api/messages/conversation/:id/mark-read', { timeout: T }, async () => {
    const arb = fc.oneof(
      fc.constant(ids.victimConv),
      fc.constant(ids.victimConv.split('-').reverse().join('-')),
      fc.tuple(unknownId, unknownId, unknownId).map((p) => p.join('-')),
      foreignId(),
    );
    await hammer(app, arb, (id) => send('PUT', `/api/messages/conversation/${path(id)}/mark-read`, noBody));
  });

  it('DELETE /api/notifications/:id', { timeout: T }, async () => {
    await hammer(app, foreignId(), (id) => send('DELETE', `/api/notifications/${path(id)}`, noBody));
  });
});
