import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reports, reviews } from '../../../../schema/db/tables.ts';
import { BLOCK_MESSAGES, REPORT_MESSAGES } from '../../../../schema/rules/reports.ts';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { newId } from '../../lib/ids.ts';
import { connectedClient } from '../../replication/test-client.ts';
import {
  buildTestApp,
  giveStanding,
  insertAnnouncement,
  registerAndLogin,
  settled,
} from '../../test-helper.ts';

/** Issue 24: reports (one per reporter and target, idempotent), blocking on REST and the socket, deleted accounts. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
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

const auth = (who: Who | null) => (who ? { authorization: `Bearer ${who.token}` } : {});
const post = (who: Who | null, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: auth(who), payload: payload as object });
const send = (from: Who, text: string, recipientId = '') =>
  post(from, '/api/messages', {
    announcementId: ann,
    text,
    ...(recipientId ? { destinatarId: recipientId } : {}),
  });
const reportsIn = () => app.db.select().from(reports);

describe('reports', () => {
  it('one report per reporter and target: 201, then 200 with the same report; a retry with its id too', async () => {
    expect((await post(null, '/api/reports', { announcementId: ann, reason: 'Altceva' })).statusCode).toBe(
      401,
    );
    const id = newId();
    const first = await post(buyer, '/api/reports', {
      id,
      announcementId: ann,
      reason: 'Frauda sau inselaciune',
      details: 'Cere avans prin transfer.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      id,
      targetType: 'announcement',
      targetId: ann,
      reason: 'Fraudă sau înșelăciune',
      status: 'open',
      message: REPORT_MESSAGES.sent,
    });
    const retry = await post(buyer, '/api/reports', { id, announcementId: ann, reason: 'Altceva' });
    expect(retry.statusCode).toBe(200);
    const again = await post(buyer, '/api/reports', { announcementId: ann, reason: 'Altceva' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id,
      reason: 'Fraudă sau înșelăciune',
      message: REPORT_MESSAGES.already,
    });
    expect(await reportsIn()).toHaveLength(1);
    // Someone else reporting the same announcement is a second report.
    const other = await registerAndLogin(app);
    expect((await post(other, '/api/reports', { announcementId: ann, reason: 'Altceva' })).statusCode).toBe(
      201,
    );
    // Another person's report id cannot be taken over.
    expect(
      (await post(other, '/api/reports', { id, userId: seller.userId, reason: 'Altceva' })).statusCode,
    ).toBe(404);
    expect(await reportsIn()).toHaveLength(2);
  });

  it('a person, a message of one’s own conversation; never oneself, a stranger’s message or an unknown id', async () => {
    expect((await post(buyer, '/api/reports', { userId: seller.userId, reason: 'Altceva' })).statusCode).toBe(
      201,
    );
    const self = await post(seller, '/api/reports', { announcementId: ann, reason: 'Altceva' });
    expect(self.json()).toEqual({ error: REPORT_MESSAGES.self, code: 'validation' });
    const sent = await send(buyer, 'Trimite-mi datele cardului, te rog.');
    const messageId = (sent.json() as { _id?: string; id?: string })._id ?? sent.json().id;
    expect(
      (await post(seller, '/api/reports', { messageId, reason: 'Fraudă sau înșelăciune' })).statusCode,
    ).toBe(201);
    expect((await post(buyer, '/api/reports', { messageId, reason: 'Altceva' })).json().error).toBe(
      REPORT_MESSAGES.self,
    );
    const stranger = await registerAndLogin(app);
    const theirs = await post(stranger, '/api/reports', { messageId, reason: 'Altceva' });
    expect(theirs.json()).toEqual({ error: REPORT_MESSAGES.notFound, code: 'not_found' });
    expect((await post(buyer, '/api/reports', { userId: newId(), reason: 'Altceva' })).statusCode).toBe(404);
    for (const bad of [{ reason: 'Altceva' }, { userId: seller.userId, reason: 'spam' }, [], null]) {
      const res = await post(buyer, '/api/reports', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('blocking', () => {
  it('a blocked person cannot write on REST or the socket; the blocker must unblock first; unblocking restores both', async () => {
    expect((await send(buyer, 'Bună ziua! Mai este disponibil?')).statusCode).toBe(201);
    expect((await post(null, '/api/users/blocked', { userId: buyer.userId })).statusCode).toBe(401);
    expect((await post(seller, '/api/users/blocked', { userId: seller.userId })).json().error).toBe(
      BLOCK_MESSAGES.self,
    );
    const blocked = await post(seller, '/api/users/blocked', { userId: buyer.userId });
    expect(blocked.statusCode).toBe(201);
    expect((await post(seller, '/api/users/blocked', { userId: buyer.userId })).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/users/blocked', headers: auth(seller) });
    expect(list.json()).toEqual([expect.objectContaining({ userId: buyer.userId, firstName: 'Ana' })]);

    const relation = (who: Who, other: Who) =>
      app
        .inject({ method: 'GET', url: `/api/users/relation/${other.userId}`, headers: auth(who) })
        .then((r) => r.json());
    expect(await relation(seller, buyer)).toEqual({ deleted: false, blockedByMe: true, blockedMe: false });
    expect(await relation(buyer, seller)).toEqual({ deleted: false, blockedByMe: false, blockedMe: true });
    const refused = await send(buyer, 'Alo?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: BLOCK_MESSAGES.blockedByOther, code: 'blocked' });
    expect((await send(seller, 'Răspuns', buyer.userId)).json()).toEqual({
      error: BLOCK_MESSAGES.youBlocked,
      code: 'you_blocked',
    });
    // The socket refuses the same way.
    const b = await connectedClient(app, buyer.token);
    const doc = {
      id: newId(),
      conversationId: '',
      announcementId: ann,
      senderId: '',
      recipientId: '',
      text: 'Pe socket?',
      image: '',
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: new Date().toISOString(),
      _deleted: false,
    };
    expect(await b.push('messages', [{ newDocumentState: doc }])).toHaveLength(1);
    await settled(app);
    expect(b.side).toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ error: BLOCK_MESSAGES.blockedByOther }) }),
    );
    b.close();

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/users/blocked/${buyer.userId}`,
      headers: auth(seller),
    });
    expect(del.json()).toEqual({ message: BLOCK_MESSAGES.unblocked });
    expect((await send(buyer, 'Acum merge?')).statusCode).toBe(201);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/blocked', headers: auth(seller) })).json(),
    ).toEqual([]);
  });

  it('a block stops reviews both ways (issue 40, L7): 403 with the reason, nothing stored, nobody told', async () => {
    // Both of standing: the refusal is the block's, not a waiting review.
    await giveStanding(app, buyer.userId);
    await giveStanding(app, seller.userId);
    await post(seller, '/api/users/blocked', { userId: buyer.userId });
    const blocked = await post(buyer, '/api/reviews', {
      user: seller.userId,
      score: 1,
      comment: 'Nu a răspuns niciodată la mesaje, nu recomand.',
    });
    expect(blocked.statusCode, blocked.body).toBe(403);
    expect(blocked.json()).toEqual({ error: REVIEW_MESSAGES.blockedByOther, code: 'blocked' });
    const blocker = await post(seller, '/api/reviews', { user: buyer.userId, score: 1 });
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json()).toEqual({ error: REVIEW_MESSAGES.youBlocked, code: 'you_blocked' });
    expect(await app.db.select().from(reviews)).toEqual([]);
    const notes = await app.inject({
      method: 'GET',
      url: `/api/notifications/${seller.userId}`,
      headers: auth(seller),
    });
    expect(notes.json()).toEqual([]);
    // Unblocked, a review goes through again.
    await app.inject({ method: 'DELETE', url: `/api/users/blocked/${buyer.userId}`, headers: auth(seller) });
    expect((await post(buyer, '/api/reviews', { user: seller.userId, score: 4 })).statusCode).toBe(201);
  });

  it('a message to a deleted account is refused with “Acest cont a fost șters”', async () => {
    expect((await send(buyer, 'Bună ziua!')).statusCode).toBe(201);
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: auth(buyer),
      payload: { password: 'parola-buna-1' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const res = await send(seller, 'Mai sunteți interesat?', buyer.userId);
    expect(res.statusCode).toBe(410);
    const relation = await app.inject({
      method: 'GET',
      url: `/api/users/relation/${buyer.userId}`,
      headers: auth(seller),
    });
    expect(relation.json()).toEqual({ deleted: true, blockedByMe: false, blockedMe: false });
    expect(res.json()).toEqual({ error: BLOCK_MESSAGES.deletedAccount, code: 'account_deleted' });
  });
});
