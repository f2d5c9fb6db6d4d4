import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '../../../../schema/rules/reports.ts';
import type { ServerMessage } from '../../../../schema/sync.ts';
import { connectedClient } from '../../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../../test-helper.ts';

/**
 * Issue 40, L5 and L6: with a block either way, a reaction, a typing signal or a read mark from one does
 * not reach the other — the rule messages already follow (services/trust.ts, writeRefusal).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let ann: string;
let cid: string;
/** The buyer's first message and the seller's answer, sent before any block. */
let fromBuyer: string;
let fromSeller: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
  fromBuyer = (await send(buyer, 'Bună ziua! Mai este disponibil?')).json()._id;
  fromSeller = (await send(seller, 'Da, este.', buyer.userId)).json()._id;
  cid = `${seller.userId}-${buyer.userId}-${ann}`;
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
function send(from: Who, text: string, recipientId = '') {
  return app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(from),
    payload: { announcementId: ann, text, ...(recipientId ? { destinatarId: recipientId } : {}) },
  });
}
const react = (who: Who, id: string, emoji: string) =>
  app.inject({ method: 'POST', url: `/api/messages/${id}/react`, headers: auth(who), payload: { emoji } });
const block = (who: Who, other: Who) =>
  app.inject({
    method: 'POST',
    url: '/api/users/blocked',
    headers: auth(who),
    payload: { userId: other.userId },
  });
const markRead = (who: Who) =>
  app.inject({ method: 'PUT', url: `/api/messages/conversation/${cid}/mark-read`, headers: auth(who) });
const stored = async (who: Who, id: string) => {
  const c = await connectedClient(app, who.token);
  const docs = (await c.pull(null, 100, 'messages')).documents;
  c.close();
  return docs.find((d) => d.id === id)!;
};
const named = (side: ServerMessage[], name: string) =>
  side.filter((m) => m.type === 'event' && m.name === name);

describe('reactions with a block (L5)', () => {
  it('are refused on REST both ways with the block’s reason; taking one’s own back still works', async () => {
    expect((await react(buyer, fromSeller, '👍')).statusCode).toBe(200);
    expect((await block(seller, buyer)).statusCode).toBe(201);
    const blocked = await react(buyer, fromSeller, '❤️');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: BLOCK_MESSAGES.blockedByOther, code: 'blocked' });
    const blocker = await react(seller, fromBuyer, '😮');
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json()).toEqual({ error: BLOCK_MESSAGES.youBlocked, code: 'you_blocked' });
    expect((await stored(seller, fromSeller)).reactions).toEqual([{ emoji: '👍', userId: buyer.userId }]);
    expect((await stored(buyer, fromBuyer)).reactions).toEqual([]);
    // The same emoji again takes it back: nothing new reaches the other person.
    expect((await react(buyer, fromSeller, '👍')).statusCode).toBe(200);
    expect((await stored(seller, fromSeller)).reactions).toEqual([]);
  });

  it('a reaction pushed over the socket is refused (a conflict with the server’s copy and the reason)', async () => {
    await block(seller, buyer);
    const b = await connectedClient(app, buyer.token);
    const s = await connectedClient(app, seller.token);
    const mine = (await b.pull(null, 100, 'messages')).documents.find((d) => d.id === fromSeller)!;
    const wanted = { ...mine, reactions: [{ emoji: '❤️', userId: buyer.userId }] };
    const conflicts = await b.push('messages', [{ newDocumentState: wanted, assumedMasterState: mine }]);
    expect(conflicts).toEqual([expect.objectContaining({ id: fromSeller, reactions: [] })]);
    await settled(app);
    expect(b.side).toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ error: BLOCK_MESSAGES.blockedByOther }) }),
    );
    expect(s.side.filter((m) => m.type === 'poke')).toEqual([]);
    expect((await stored(seller, fromSeller)).reactions).toEqual([]);
  });
});

describe('typing and read marks with a block (L6)', () => {
  it('typing reaches the other before a block and not after it, either way', async () => {
    const b = await connectedClient(app, buyer.token);
    const s = await connectedClient(app, seller.token);
    b.send({ type: 'typing', conversationId: cid, isTyping: true });
    // (On PostgreSQL the signal crosses the bus: waited for, not assumed.)
    for (let i = 0; i < 100 && named(s.side, 'userTyping').length === 0; i++) await settled(app, 20);
    expect(named(s.side, 'userTyping')).toHaveLength(1);
    await block(buyer, seller);
    // A new socket each (the typing gate lets one start through every 2 s per conversation).
    const b2 = await connectedClient(app, buyer.token);
    const s2 = await connectedClient(app, seller.token);
    b2.send({ type: 'typing', conversationId: cid, isTyping: true });
    s2.send({ type: 'typing', conversationId: cid, isTyping: true });
    // A signal sent after them both, between two others who may: once it arrived, theirs would have too.
    const other = await registerAndLogin(app);
    expect((await send(other, 'Și eu sunt interesat.')).statusCode).toBe(201);
    const o = await connectedClient(app, other.token);
    const s3 = await connectedClient(app, seller.token);
    o.send({ type: 'typing', conversationId: `${seller.userId}-${other.userId}-${ann}`, isTyping: true });
    for (let i = 0; i < 100 && named(s3.side, 'userTyping').length === 0; i++) await settled(app, 20);
    expect(named(s3.side, 'userTyping')).toHaveLength(1);
    await settled(app, 50);
    const from = (side: ServerMessage[], who: Who) =>
      named(side, 'userTyping').filter(
        (m) => m.type === 'event' && (m.payload as { userId: string }).userId === who.userId,
      );
    expect(from(s.side, buyer)).toHaveLength(1);
    expect(from(s2.side, buyer)).toEqual([]);
    expect(named(b.side, 'userTyping')).toEqual([]);
    expect(named(b2.side, 'userTyping')).toEqual([]);
  });

  it('a read by the blocked person stays theirs: their count and notifications clear, the sender sees nothing', async () => {
    await block(seller, buyer);
    const s = await connectedClient(app, seller.token);
    const b = await connectedClient(app, buyer.token);
    const read = await markRead(buyer);
    expect(read.statusCode).toBe(200);
    await settled(app, 30);
    expect(named(s.side, 'messagesRead')).toEqual([]);
    expect((await stored(seller, fromSeller)).isRead).toBe(false);
    const [conv] = (await b.pull(null, 10, 'conversations')).documents;
    expect(conv).toMatchObject({ unreadCount: 0 });
    // The blocker reading is not told to the blocked person either, over the socket this time.
    const [mine] = (await s.pull(null, 10, 'conversations')).documents;
    const later = { ...mine!, lastReadAt: new Date().toISOString() };
    expect(await s.push('conversations', [{ newDocumentState: later, assumedMasterState: mine }])).toEqual(
      [],
    );
    await settled(app, 30);
    expect(named(b.side, 'messagesRead')).toEqual([]);
    expect((await stored(buyer, fromBuyer)).isRead).toBe(false);
    expect((await s.pull(null, 10, 'conversations')).documents.at(-1)).toMatchObject({ unreadCount: 0 });
  });

  it('a read without a block still marks the messages and tells the sender', async () => {
    const s = await connectedClient(app, seller.token);
    expect((await markRead(buyer)).statusCode).toBe(200);
    await settled(app, 30);
    expect(named(s.side, 'messagesRead')).toHaveLength(1);
    expect((await stored(seller, fromSeller)).isRead).toBe(true);
  });

  it('after a quiet read, a deleted message does not bring the read ones back as unread', async () => {
    await block(seller, buyer);
    await markRead(buyer);
    // Deleting a message recounts both sides' unread messages.
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/messages/${fromBuyer}`,
      headers: auth(buyer),
    });
    expect(gone.statusCode).toBe(200);
    const b = await connectedClient(app, buyer.token);
    expect((await b.pull(null, 10, 'conversations')).documents.at(-1)).toMatchObject({ unreadCount: 0 });
  });
});
