import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { newId } from '../../lib/ids.ts';
import { client } from '../../replication/test-client.ts';
import {
  buildTestApp,
  insertAnnouncement,
  registerEstablished,
  settled,
  sqlGet,
  sqlRun,
} from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let stranger: Who;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerEstablished(app);
  buyer = await registerEstablished(app);
  stranger = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who | null) => (who ? { authorization: `Bearer ${who.token}` } : {});
const post = (who: Who | null, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/reviews', headers: auth(who), payload });
const put = (who: Who | null, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/reviews/${id}`, headers: auth(who), payload });
const del = (who: Who | null, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: auth(who) });
const like = (who: Who | null, id: string) =>
  app.inject({ method: 'POST', url: `/api/reviews/${id}/like`, headers: auth(who) });
const review = async (author: Who, target: Who, over: Record<string, unknown> = {}) => {
  const res = await post(author, { user: target.userId, score: 5, comment: 'Foarte bun!', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string } & Record<string, unknown>;
};
const row = async (id: string) =>
  (await sqlGet<{ seq: number; deleted: number; comment: string; score: number; likes: string }>(
    app,
    sql`SELECT * FROM reviews WHERE id = ${id}`,
  ))!;

describe('POST /api/reviews', () => {
  it('creates a review and answers the enriched card', async () => {
    const ann = await insertAnnouncement(app, seller.userId);
    const res = await post(buyer, {
      user: seller.userId,
      score: 4,
      comment: '  Tort excelent,\nlivrat la timp.  ',
      announcement: ann,
      author: stranger.userId,
      likes: [stranger.userId],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      author: buyer.userId,
      authorName: 'Ana Pop',
      authorAvatar: null,
      user: seller.userId,
      announcement: ann,
      announcementTitle: 'Tort de ciocolată pentru aniversări',
      score: 4,
      comment: 'Tort excelent,\nlivrat la timp.',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      likes: [],
      likesCount: 0,
      waiting: false,
      waitingMessage: '',
    });
    expect((await row(body._id)).seq).toBeGreaterThan(0);
  });

  it('keeps an announcement only when it is a public announcement of the reviewed user', async () => {
    const others = await insertAnnouncement(app, stranger.userId);
    const body = await review(buyer, seller, { announcement: others });
    expect(body.announcement).toBeNull();
    expect(body.announcementTitle).toBeNull();
  });

  it('accepts an empty or missing comment and a numeric string score', async () => {
    const a = await review(buyer, seller, { comment: undefined, score: '3' });
    expect(a).toMatchObject({ comment: '', score: 3 });
  });

  it('answers each validation message', async () => {
    for (const score of [0, 6, 4.5, 'cinci', null, true]) {
      const res = await post(buyer, { user: seller.userId, score, comment: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: REVIEW_MESSAGES.scoreNew });
    }
    const missing = await post(buyer, { user: seller.userId });
    expect(missing.json().error).toBe(REVIEW_MESSAGES.scoreNew);
    const long = await post(buyer, { user: seller.userId, score: 5, comment: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(REVIEW_MESSAGES.commentTooLong);
    const self = await post(buyer, { user: buyer.userId, score: 5 });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(REVIEW_MESSAGES.selfReview);
    const noBody = await app.inject({ method: 'POST', url: '/api/reviews', headers: auth(buyer) });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: REVIEW_MESSAGES.userUnavailable });
    const noUser = await post(buyer, { score: 5 });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error).toBe(REVIEW_MESSAGES.userUnavailable);
  });

  it('refuses an unknown or deleted user with 404', async () => {
    const unknown = await post(buyer, { user: newId(), score: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: REVIEW_MESSAGES.userUnavailable });
    await sqlRun(app, sql`UPDATE users SET deleted = 1 WHERE id = ${seller.userId}`);
    const gone = await post(buyer, { user: seller.userId, score: 5 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(REVIEW_MESSAGES.userUnavailable);
  });

  it('allows one live review per author and reviewed user; a deleted one does not block', async () => {
    const first = await review(buyer, seller);
    const again = await post(buyer, { user: seller.userId, score: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REVIEW_MESSAGES.duplicate });
    // Another author, and the same author about someone else, are not duplicates.
    await review(stranger, seller);
    await review(buyer, stranger);
    expect((await del(buyer, first._id)).statusCode).toBe(200);
    const second = await review(buyer, seller, { score: 2 });
    expect(second._id).not.toBe(first._id);
  });

  it('asks guests to sign in', async () => {
    const res = await post(null, { user: seller.userId, score: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Trebuie să fii autentificat.', code: 'unauthorized' });
  });
});

describe('PUT and DELETE /api/reviews/:id', () => {
  it('lets the author edit score (half steps) and comment, with a new seq', async () => {
    const r = await review(buyer, seller);
    const before = (await row(r._id)).seq;
    const res = await put(buyer, r._id, {
      score: 3.5,
      comment: 'Mai puțin bun decât credeam.',
      user: buyer.userId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({
      _id: r._id,
      score: 3.5,
      comment: 'Mai puțin bun decât credeam.',
      user: seller.userId,
    });
    expect((await row(r._id)).seq).toBeGreaterThan(before);
    // A missing field keeps its value; 0 is a valid edited score.
    const zero = await put(buyer, r._id, { score: 0 });
    expect(zero.json().review).toMatchObject({ score: 0, comment: 'Mai puțin bun decât credeam.' });
  });

  it('answers the edit validation messages', async () => {
    const r = await review(buyer, seller);
    for (const score of [4.3, 5.5, -1, 'x']) {
      const res = await put(buyer, r._id, { score, comment: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: REVIEW_MESSAGES.scoreEdit });
    }
    const long = await put(buyer, r._id, { score: 4, comment: 'b'.repeat(2001) });
    expect(long.json().error).toBe(REVIEW_MESSAGES.commentTooLong);
    expect((await row(r._id)).score).toBe(5);
  });

  it('authorization: guest 401, stranger and reviewed user 404 (as for an unknown id), author ok', async () => {
    const r = await review(buyer, seller);
    for (const call of [
      (w: Who | null, id: string) => put(w, id, { score: 1, comment: 'hack' }),
      (w: Who | null, id: string) => del(w, id),
    ]) {
      expect((await call(null, r._id)).statusCode).toBe(401);
      for (const other of [stranger, seller]) {
        const res = await call(other, r._id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: REVIEW_MESSAGES.notFound });
      }
      const unknown = await call(stranger, newId());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: REVIEW_MESSAGES.notFound });
    }
    expect(await row(r._id)).toMatchObject({ score: 5, comment: 'Foarte bun!', deleted: 0 });
    expect((await put(buyer, r._id, { score: 4, comment: 'ok' })).statusCode).toBe(200);
    const gone = await del(buyer, r._id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: REVIEW_MESSAGES.deleted, _id: r._id });
  });

  it('deleting leaves a blanked tombstone with a new seq; a deleted review cannot be edited, deleted or liked', async () => {
    const r = await review(buyer, seller);
    await like(stranger, r._id);
    const before = (await row(r._id)).seq;
    await del(buyer, r._id);
    expect(await row(r._id)).toMatchObject({ deleted: 1, comment: '', likes: '[]' });
    expect((await row(r._id)).seq).toBeGreaterThan(before);
    expect((await put(buyer, r._id, { score: 4 })).statusCode).toBe(404);
    expect((await del(buyer, r._id)).statusCode).toBe(404);
    expect((await like(stranger, r._id)).statusCode).toBe(404);
  });
});

describe('POST /api/reviews/:id/like', () => {
  it('toggles the caller’s like and counts likes', async () => {
    const r = await review(buyer, seller);
    expect((await like(stranger, r._id)).json()).toEqual({ liked: true, likesCount: 1 });
    // The reviewed user may like a review about them.
    expect((await like(seller, r._id)).json()).toEqual({ liked: true, likesCount: 2 });
    expect((await like(stranger, r._id)).json()).toEqual({ liked: false, likesCount: 1 });
    expect(JSON.parse((await row(r._id)).likes)).toEqual([seller.userId]);
    const profile = (await app.inject({ url: `/api/users/profile/${seller.userId}` })).json();
    expect(profile.reviews[0]).toMatchObject({ likes: [seller.userId], likesCount: 1 });
  });

  it('asks guests to sign in with the spec message, refuses the author, 404s an unknown review', async () => {
    const r = await review(buyer, seller);
    const guest = await like(null, r._id);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ error: REVIEW_MESSAGES.likeSignIn, code: 'unauthorized' });
    const own = await like(buyer, r._id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: REVIEW_MESSAGES.ownLike });
    const unknown = await like(stranger, newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: REVIEW_MESSAGES.notFound });
    expect((await row(r._id)).likes).toBe('[]');
  });
});

describe('replication', () => {
  it('devices holding the reviewed person see created, edited, liked and deleted reviews as they happen', async () => {
    const connect = async () => {
      const c = client(await app.injectWS('/api/sync'));
      c.hello(null);
      expect((await c.answer()).type).toBe('ready');
      return c;
    };
    const settle = () => settled(app, 30);
    const heard = (c: Awaited<ReturnType<typeof connect>>) =>
      c.takeHeld().flatMap((e) => (e.reviews ?? []).map((h) => h.doc));
    const c = await connect();
    const elsewhere = await connect();
    expect(await c.hold({ reviews: [[seller.userId, 0]] })).toEqual({ upTo: expect.any(Number) });
    await elsewhere.hold({ reviews: [[buyer.userId, 0]] });

    const r = await review(buyer, seller, { comment: 'Prima impresie' });
    await settle();
    expect(heard(c)).toEqual([
      expect.objectContaining({
        id: r._id,
        authorId: buyer.userId,
        userId: seller.userId,
        score: 5,
        _deleted: false,
      }),
    ]);
    const seen = (await row(r._id)).seq;

    await put(buyer, r._id, { score: 4.5, comment: 'Revizuit' });
    await like(stranger, r._id);
    await settle();
    expect(heard(c).at(-1)).toEqual(
      expect.objectContaining({ id: r._id, score: 4.5, comment: 'Revizuit', likes: [stranger.userId] }),
    );

    await del(buyer, r._id);
    await settle();
    expect(heard(c)).toEqual([expect.objectContaining({ id: r._id, _deleted: true, comment: '' })]);
    // Reviews about someone else never reached the socket holding another person.
    expect(elsewhere.takeHeld()).toEqual([]);

    // Catch-up from the seq a device had: the latest state only (here the tombstone).
    const away = await connect();
    expect(await away.hold({ reviews: [[seller.userId, seen]] })).toEqual({
      upTo: expect.any(Number),
      reviews: [
        {
          doc: expect.objectContaining({ id: r._id, _deleted: true, comment: '' }),
          seq: (await row(r._id)).seq,
        },
      ],
    });
  });
});
