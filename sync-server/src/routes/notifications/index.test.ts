import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { rawGet } from '../../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let buyer: User;
let stranger: User;
let ann: string;
let cid: string;

beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
  cid = `${seller.userId}-${buyer.userId}-${ann}`;
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (u: User | null) => (u ? { authorization: `Bearer ${u.token}` } : {});
const send = (from: User, text: string) =>
  app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(from),
    payload: { announcementId: ann, destinatarId: seller.userId, text, senderRole: 'cumparator' },
  });
const list = (userId: string, as: User | null) =>
  app.inject({ method: 'GET', url: `/api/notifications/${userId}`, headers: auth(as) });
const remove = (id: string, as: User | null) =>
  app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: auth(as) });
type Note = { _id: string; preview: string };

describe('GET /api/notifications/:userId', () => {
  it('lists the owner’s notifications newest first with the sender’s public card', async () => {
    expect((await send(buyer, 'Bună ziua! Mai este disponibil?')).statusCode).toBe(201);
    expect((await send(buyer, 'Și încă o întrebare.')).statusCode).toBe(201);
    const res = await list(seller.userId, seller);
    expect(res.statusCode).toBe(200);
    const notes = res.json() as Record<string, unknown>[];
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.preview)).toEqual(['Și încă o întrebare.', 'Bună ziua! Mai este disponibil?']);
    expect(notes[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: seller.userId,
      conversationId: cid,
      read: false,
      link: `/chat/${cid}`,
      message: 'Și încă o întrebare.',
      createdAt: expect.any(String),
      senderId: buyer.userId,
      senderName: 'Ana Pop',
      senderAvatar: null,
      preview: 'Și încă o întrebare.',
      type: 'message',
    });
    // Nothing private of the sender leaks.
    expect(JSON.stringify(notes)).not.toMatch(/@hobbiz\.test|password/);
    // The sender got none.
    expect((await list(buyer.userId, buyer)).json()).toEqual([]);
  });

  it('a guest gets 401, another user 404 (as for an unknown id)', async () => {
    await send(buyer, 'Salut!');
    const guest = await list(seller.userId, null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ error: 'Trebuie să fii autentificat.', code: 'unauthorized' });
    const other = await list(seller.userId, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Notificările nu au fost găsite.', code: 'not_found' });
    expect((await list(newId(), stranger)).json()).toEqual(other.json());
  });
});

describe('DELETE /api/notifications/:id', () => {
  it('only the owner deletes; a stranger gets the unknown-id answer and changes nothing', async () => {
    await send(buyer, 'Salut!');
    const [note] = (await list(seller.userId, seller)).json() as Note[];

    expect((await remove(note!._id, null)).statusCode).toBe(401);
    for (const who of [stranger, buyer]) {
      const res = await remove(note!._id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Notificarea nu a fost găsită.', code: 'not_found' });
    }
    const unknown = await remove(newId(), seller);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Notificarea nu a fost găsită.', code: 'not_found' });
    expect((await list(seller.userId, seller)).json()).toHaveLength(1);

    const seqOf = () =>
      rawGet<{ deleted: number; seq: number }>(
        app.db,
        sql`SELECT deleted, seq FROM notifications WHERE id = ${note!._id}`,
      );
    const before = (await seqOf())!;
    const poke = vi.spyOn(app.hub, 'poke');
    const ok = await remove(note!._id, seller);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Notificare ștearsă.' });
    expect(poke).toHaveBeenCalledWith(['notifications'], [seller.userId]);
    expect((await list(seller.userId, seller)).json()).toEqual([]);

    // A tombstone with a new seq, so the owner's other devices learn of it.
    const after = (await seqOf())!;
    expect(Number(after.deleted)).toBe(1);
    expect(after.seq).toBeGreaterThan(before.seq);
    // Deleting it again (its chat was opened meanwhile) is not an error.
    expect((await remove(note!._id, seller)).statusCode).toBe(200);
  });

  it('opening the chat (mark-read) removes its notifications too', async () => {
    await send(buyer, 'Salut!');
    const read = await app.inject({
      method: 'PUT',
      url: `/api/messages/conversation/${cid}/mark-read`,
      headers: auth(seller),
    });
    expect(read.statusCode).toBe(200);
    expect((await list(seller.userId, seller)).json()).toEqual([]);
  });
});
