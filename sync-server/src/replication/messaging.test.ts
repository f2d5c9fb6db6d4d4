import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { rawAll, rawGet } from '../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let seller: { token: string; userId: string };
let buyer: { token: string; userId: string };
let stranger: { token: string; userId: string };
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const connect = (token: string | null) => connectedClient(app, token);
const settle = () => settled(app, 30);

const message = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  conversationId: 'made-up-by-the-client',
  announcementId: ann,
  senderId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  recipientId: '',
  text: 'Bună ziua! Mai este disponibil tortul?',
  image: '',
  replyTo: null,
  reactions: [],
  isRead: true,
  createdAt: '2000-01-01T00:00:00.000Z',
  _deleted: false,
  ...over,
});

describe('messages over replication', () => {
  it('the server builds the conversation, owns identity and time, notifies and fans out', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    const x = await connect(stranger.token);
    const sent = message();
    expect(await b.push('messages', [{ newDocumentState: sent }])).toEqual([]);
    await settle();

    const cid = `${seller.userId}-${buyer.userId}-${ann}`;
    const [got] = (await s.pull(null, 10, 'messages')).documents;
    expect(got).toMatchObject({
      id: sent.id,
      conversationId: cid,
      senderId: buyer.userId,
      recipientId: seller.userId,
      isRead: false,
      _deleted: false,
    });
    expect(got!.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(s.side).toContainEqual(expect.objectContaining({ type: 'event', name: 'newMessage' }));
    expect(b.side).toContainEqual(expect.objectContaining({ type: 'event', name: 'newMessage' }));

    const [conv] = (await s.pull(null, 10, 'conversations')).documents;
    expect(conv).toMatchObject({
      id: cid,
      otherUserId: buyer.userId,
      unreadCount: 1,
      lastMessageText: sent.text,
    });
    const [note] = (await s.pull(null, 10, 'notifications')).documents;
    expect(note).toMatchObject({
      conversationId: cid,
      link: `/chat/${cid}`,
      senderId: buyer.userId,
      read: false,
    });

    // Nobody else sees or hears anything of it.
    for (const col of ['messages', 'conversations', 'notifications']) {
      expect((await x.pull(null, 10, col)).documents).toEqual([]);
    }
    expect(x.side).toEqual([]);
  });

  it('a duplicate push stores the message once and answers with the server copy', async () => {
    const b = await connect(buyer.token);
    const sent = message();
    await b.push('messages', [{ newDocumentState: sent }]);
    const again = await b.push('messages', [{ newDocumentState: sent }]);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: sent.id, senderId: buyer.userId });
    const n = await rawGet<{ n: number }>(app.db, sql`SELECT COUNT(*) AS n FROM messages`);
    expect(Number(n?.n)).toBe(1);
  });

  it('no notification for a recipient who is looking at the conversation', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    await b.push('messages', [{ newDocumentState: message() }]);
    const cid = `${seller.userId}-${buyer.userId}-${ann}`;
    s.send({ type: 'viewing', conversationId: cid });
    await settle();
    await b.push('messages', [{ newDocumentState: message({ text: 'Și încă o întrebare.' }) }]);
    expect((await s.pull(null, 10, 'notifications')).documents).toHaveLength(1);
  });

  it('refuses writing on one’s own announcement with no buyer, and empty messages', async () => {
    const s = await connect(seller.token);
    const own = message();
    expect(await s.push('messages', [{ newDocumentState: own }])).toEqual([{ ...own, _deleted: true }]);
    const b = await connect(buyer.token);
    const empty = message({ text: '   ' });
    expect(await b.push('messages', [{ newDocumentState: empty }])).toHaveLength(1);
    await settle();
    expect(s.side).toContainEqual({
      type: 'event',
      name: 'syncRejected',
      payload: { collection: 'messages', id: own.id, error: 'Nu îți poți trimite mesaje pe propriul anunț.' },
    });
    expect(b.side).toContainEqual(
      expect.objectContaining({
        payload: expect.objectContaining({ error: 'Scrie un mesaj sau atașează o imagine.' }),
      }),
    );
  });

  it('marking read clears the unread count and notifications and tells the sender (messagesRead)', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    await b.push('messages', [{ newDocumentState: message() }]);
    const [conv] = (await s.pull(null, 10, 'conversations')).documents;
    const read = { ...conv!, lastReadAt: new Date().toISOString() };
    expect(await s.push('conversations', [{ newDocumentState: read, assumedMasterState: conv }])).toEqual([]);
    await settle();
    const [after] = (await s.pull(null, 10, 'conversations')).documents;
    expect(after).toMatchObject({ unreadCount: 0 });
    expect((await s.pull(null, 10, 'notifications')).documents.map((d) => d._deleted)).toEqual([true]);
    expect((await b.pull(null, 10, 'messages')).documents[0]).toMatchObject({ isRead: true });
    expect(b.side).toContainEqual({
      type: 'event',
      name: 'messagesRead',
      payload: { conversationId: conv!.id, readerId: seller.userId, upTo: read.lastReadAt },
    });
  });

  it('a read made offline covers only the messages the device had shown (lastReadAt = the newest one)', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    await b.push('messages', [{ newDocumentState: message({ text: 'Primul' }) }]);
    const [shown] = (await s.pull(null, 10, 'messages')).documents;
    // The seller's device goes offline and shows the first message; meanwhile a second one arrives.
    await b.push('messages', [{ newDocumentState: message({ text: 'Al doilea' }) }]);
    const [conv] = (await s.pull(null, 10, 'conversations')).documents;
    expect(conv).toMatchObject({ unreadCount: 2 });
    const read = { ...conv!, lastReadAt: shown!.createdAt, unreadCount: 0 };
    expect(await s.push('conversations', [{ newDocumentState: read, assumedMasterState: conv }])).toEqual([]);
    await settle();
    const [after] = (await s.pull(null, 10, 'conversations')).documents;
    expect(after).toMatchObject({ unreadCount: 1, lastReadAt: shown!.createdAt });
    const msgs = (await b.pull(null, 10, 'messages')).documents;
    expect(Object.fromEntries(msgs.map((m) => [m.text, m.isRead]))).toEqual({
      Primul: true,
      'Al doilea': false,
    });
    const notes = (await s.pull(null, 10, 'notifications')).documents;
    expect(notes.filter((n) => !n._deleted).map((n) => n.message)).toEqual(['Al doilea']);
  });

  it('reactions: one per user, only one’s own; the sender alone deletes; the last one empties the conversation', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    const sent = message();
    await b.push('messages', [{ newDocumentState: sent }]);
    const [onSeller] = (await s.pull(null, 10, 'messages')).documents;
    // The seller reacts, and tries to slip in a reaction in the buyer's name.
    const wanted = {
      ...onSeller!,
      reactions: [
        { emoji: '❤️', userId: seller.userId },
        { emoji: '😡', userId: buyer.userId },
      ],
    };
    expect(await s.push('messages', [{ newDocumentState: wanted, assumedMasterState: onSeller }])).toEqual(
      [],
    );
    const [reacted] = (await s.pull(null, 10, 'messages')).documents;
    expect(reacted!.reactions).toEqual([{ emoji: '❤️', userId: seller.userId }]);

    // The seller may not delete the buyer's message.
    const refused = await s.push('messages', [
      { newDocumentState: { ...reacted!, _deleted: true }, assumedMasterState: reacted },
    ]);
    expect(refused).toEqual([reacted]);

    const [onBuyer] = (await b.pull(null, 10, 'messages')).documents;
    expect(
      await b.push('messages', [
        { newDocumentState: { ...onBuyer!, _deleted: true }, assumedMasterState: onBuyer },
      ]),
    ).toEqual([]);
    await settle();
    const cid = `${seller.userId}-${buyer.userId}-${ann}`;
    expect(s.side).toContainEqual({
      type: 'event',
      name: 'conversationEmpty',
      payload: { conversationId: cid },
    });
    const gone = (await s.pull(null, 10, 'messages')).documents.at(-1);
    expect(gone).toMatchObject({ id: sent.id, _deleted: true, text: '' });
    expect((await s.pull(null, 10, 'conversations')).documents.at(-1)).toMatchObject({
      id: cid,
      _deleted: true,
    });
  });

  it('typing reaches the other participant only', async () => {
    const b = await connect(buyer.token);
    const s = await connect(seller.token);
    const x = await connect(stranger.token);
    await b.push('messages', [{ newDocumentState: message() }]);
    const cid = `${seller.userId}-${buyer.userId}-${ann}`;
    b.send({ type: 'typing', conversationId: cid, isTyping: true });
    x.send({ type: 'typing', conversationId: cid, isTyping: true });
    await settle();
    const typing = s.side.filter((m) => m.type === 'event' && m.name === 'userTyping');
    expect(typing).toEqual([
      {
        type: 'event',
        name: 'userTyping',
        payload: { conversationId: cid, userId: buyer.userId, isTyping: true },
      },
    ]);
    expect(x.side.filter((m) => m.type === 'event' && m.name === 'userTyping')).toEqual([]);
  });
});

describe('public collections', () => {
  it('profiles carry public fields only, to guests too', async () => {
    const phone = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { firstName: 'Ana', lastName: 'Pop', localitate: 'Sibiu', phone: '0733444555' },
    });
    expect(phone.statusCode).toBe(200);
    const emails = (await rawAll<{ email: string }>(app.db, sql`SELECT email FROM users`)).map(
      (u) => u.email,
    );
    for (const token of [null, stranger.token]) {
      const c = await connect(token);
      const answer = await c.hold({
        profiles: [
          [seller.userId, 0],
          [buyer.userId, 0],
        ],
      });
      const docs = (answer.profiles ?? []).map((h) => h.doc as Record<string, unknown>);
      expect(docs.map((d) => d.id).sort()).toEqual([seller.userId, buyer.userId].sort());
      for (const d of docs) {
        expect(Object.keys(d).sort()).toEqual(
          ['_deleted', 'avatar', 'createdAt', 'firstName', 'id', 'lastName', 'lastSeen', 'localitate'].sort(),
        );
      }
      const text = JSON.stringify(answer);
      expect(text).not.toContain('0733444555');
      for (const email of emails) expect(text).not.toContain(email);
    }
  });
});
