import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_WAIT_MESSAGES } from '../../../../schema/rules/standing.ts';
import { client } from '../../replication/test-client.ts';
import {
  buildTestApp,
  giveStanding,
  insertAnnouncement,
  registerAndLogin,
  registerEstablished,
  settled,
  sqlAll,
  sqlRun,
} from '../../test-helper.ts';

/**
 * Issue 40, item 6: a review from someone without standing waits — stored, answered to its author with
 * what it waits for, but not shown, not in the average, not on other devices, not told to the seller —
 * until its author gains standing (or the reviewed person answered them in a conversation).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
const post = (who: Who, score: number, comment = '') =>
  app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: auth(who),
    remoteAddress: '198.51.100.7',
    payload: { user: seller.userId, score, comment },
  });
const profile = async () =>
  (await app.inject({ url: `/api/users/profile/${seller.userId}` })).json() as {
    reviews: { _id: string; score: number }[];
    rating: { average: number; count: number };
  };
const notes = async () =>
  (
    await sqlAll<{ message: string }>(
      app,
      sql`SELECT message FROM notifications WHERE user_id = ${seller.userId} AND deleted = 0`,
    )
  ).map((n) => n.message);

describe('reviews wait for standing (issue 40)', () => {
  it('review bombing: ten seconds-old accounts from one address move neither the average nor the list', async () => {
    const fan = await registerEstablished(app);
    expect((await post(fan, 5, 'Foarte amabil')).statusCode).toBe(201);
    const before = await profile();
    expect(before.rating).toMatchObject({ average: 5, count: 1 });

    for (let i = 0; i < 10; i++) {
      const res = await post(await registerAndLogin(app), 1, 'Țeapă!');
      // Stored, and its author is told why it does not show yet (a superset of the usual answer).
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        score: 1,
        waiting: true,
        waitingMessage: REVIEW_WAIT_MESSAGES.address_and_age,
      });
    }
    expect(await profile()).toEqual(before);
    expect(await notes()).toHaveLength(1);
    const stored = await sqlAll<{ n: number }>(app, sql`SELECT count(*) AS n FROM reviews WHERE waiting = 1`);
    expect(Number(stored[0]!.n)).toBe(10);
  });

  it('the wait names what is missing: a confirmed address, or a day of age', async () => {
    const confirmed = await registerAndLogin(app);
    await sqlRun(app, sql`UPDATE users SET email_verified_at = ${Date.now()} WHERE id = ${confirmed.userId}`);
    expect((await post(confirmed, 2)).json()).toMatchObject({
      waiting: true,
      waitingMessage: REVIEW_WAIT_MESSAGES.age,
    });
    const old = await registerAndLogin(app);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await sqlRun(app, sql`UPDATE users SET created_at = ${twoDaysAgo} WHERE id = ${old.userId}`);
    expect((await post(old, 2)).json()).toMatchObject({
      waiting: true,
      waitingMessage: REVIEW_WAIT_MESSAGES.address,
    });
    expect((await profile()).rating.count).toBe(0);
  });

  it('a reviewer of standing counts at once, and the seller is told', async () => {
    const res = await post(await registerEstablished(app), 3, 'Corect');
    expect(res.json()).toMatchObject({ waiting: false, waitingMessage: '' });
    expect((await profile()).rating).toMatchObject({ average: 3, count: 1 });
    expect(await notes()).toEqual(['Ana Pop ți-a lăsat o recenzie.']);
  });

  it('someone the seller answered in a conversation counts at once, whatever their age (a transaction)', async () => {
    const ann = await insertAnnouncement(app, seller.userId);
    const buyer = await registerAndLogin(app);
    const send = (from: Who, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/messages', headers: auth(from), payload });
    expect((await send(buyer, { announcementId: ann, text: 'Mai este?' })).statusCode).toBe(201);
    expect(
      (await send(seller, { announcementId: ann, text: 'Da.', destinatarId: buyer.userId })).statusCode,
    ).toBe(201);
    expect((await post(buyer, 4)).json()).toMatchObject({ waiting: false });
    expect((await profile()).rating.count).toBe(1);
  });

  it('a waiting review whose author was blocked meanwhile is never shown, and not found again', async () => {
    const author = await registerAndLogin(app);
    const waiting = (await post(author, 1, 'Recenzie de la cineva blocat')).json() as { _id: string };
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/users/blocked',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { userId: author.userId },
    });
    expect(blocked.statusCode).toBeLessThan(300);
    await giveStanding(app, author.userId);
    expect(await app.reviews.promoteWaiting()).toBe(0);
    expect((await profile()).reviews.map((r) => r._id)).not.toContain(waiting._id);
    expect((await app.reviewsRepo.byId(waiting._id))?.deleted).toBe(true);
  });

  it('a waiting review shows once its author has standing: a new seq for devices, the seller told then', async () => {
    const c = client(await app.injectWS('/api/sync'));
    c.hello(null);
    expect((await c.answer()).type).toBe('ready');
    await c.hold({ reviews: [[seller.userId, 0]] });
    const heard = () => c.takeHeld().flatMap((e) => (e.reviews ?? []).map((h) => h.doc));

    const author = await registerAndLogin(app);
    const waiting = (await post(author, 2, 'Nu a venit la întâlnire')).json() as { _id: string };
    await settled(app, 30);
    // Devices get nothing of it, not even a tombstone naming its author and score: nothing to show or count.
    expect(heard()).toEqual([]);
    const fresh = client(await app.injectWS('/api/sync'));
    fresh.hello(null);
    expect((await fresh.answer()).type).toBe('ready');
    expect((await fresh.hold({ reviews: [[seller.userId, 0]] })).reviews ?? []).toEqual([]);
    // Nobody else may like what they cannot see.
    const liker = await registerEstablished(app);
    const liked = await app.inject({
      method: 'POST',
      url: `/api/reviews/${waiting._id}/like`,
      headers: auth(liker),
    });
    expect(liked.statusCode).toBe(404);
    expect(await app.reviews.promoteWaiting()).toBe(0);
    expect(await notes()).toEqual([]);

    await giveStanding(app, author.userId);
    expect(await app.reviews.promoteWaiting()).toBe(1);
    expect((await profile()).reviews.map((r) => r._id)).toEqual([waiting._id]);
    expect((await profile()).rating).toMatchObject({ average: 2, count: 1 });
    expect(await notes()).toEqual(['Ana Pop ți-a lăsat o recenzie.']);
    await settled(app, 30);
    expect(heard()).toEqual([
      expect.objectContaining({ id: waiting._id, _deleted: false, comment: 'Nu a venit la întâlnire' }),
    ]);
    // Promoted once: the next pass finds nothing.
    expect(await app.reviews.promoteWaiting()).toBe(0);
    // A second review by the same person is still a duplicate, waiting or not.
    expect((await post(author, 5)).statusCode).toBe(409);
  });
});
