import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../schema/sync.ts';
import { createTestDatabase, pgUrl } from '../lib/pg-test-db.ts';
import { validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

/**
 * Two server instances (two apps, one data store) whose real time goes through the PostgreSQL bus of
 * DATABASE_URL: the real services publish, the other instance delivers. Skipped without DATABASE_URL.
 */
if (!pgUrl) {
  console.warn(
    'two-instances.test.ts SKIPPED: DATABASE_URL is not set. Run with DATABASE_URL=postgres://… (or npm run test:pg).',
  );
}

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!pgUrl)('two instances share real time through PostgreSQL', () => {
  let one: App;
  let two: App;
  let seller: User;
  let buyer: User;
  let ann: string;
  let cid: string;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    // Until the PostgreSQL migrator runs migrations-pg-extra/ at start, the test creates the table itself.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      readFileSync(join(import.meta.dirname, '../../migrations-pg-extra/0002_realtime.sql'), 'utf8'),
    );
    await admin.end();
  });
  afterAll(async () => {
    await drop?.();
  });
  beforeEach(async () => {
    one = await buildTestApp({ databaseUrl: url });
    two = await buildTestApp({ databaseUrl: url, dataDir: one.config.dataDir });
    seller = await registerAndLogin(one);
    buyer = await registerAndLogin(one);
    ann = await insertAnnouncement(one, seller.userId);
    cid = `${seller.userId}-${buyer.userId}-${ann}`;
  });
  afterEach(async () => {
    await two.cleanup();
    await one.cleanup();
  });

  const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
  const sendMessage = (text: string) =>
    one.inject({
      method: 'POST',
      url: '/api/messages',
      headers: auth(buyer),
      payload: { destinatarId: seller.userId, announcementId: ann, text },
    });
  const notificationsOf = async (app: App, u: User) =>
    (await app.inject({ url: `/api/notifications/${u.userId}`, headers: auth(u) })).json() as unknown[];
  const named = (side: { type: string; name?: string }[], name: string) =>
    side.filter((m) => m.type === 'event' && m.name === name);

  it('a message written on 1 reaches the seller on 2 once; viewing on 2 suppresses its notification', async () => {
    const s = await connectedClient(two, seller.token);
    const b = await connectedClient(one, buyer.token);
    s.send({ type: 'viewing', conversationId: cid });
    await waitFor('viewing heard on 1', () => one.hub.isViewing(seller.userId, cid));
    expect((await sendMessage('Bună ziua! Mai este disponibil tortul?')).statusCode).toBe(201);
    await waitFor('newMessage on 2', () => named(s.side, 'newMessage').length === 1);
    await waitFor('newMessage on 1', () => named(b.side, 'newMessage').length === 1);
    expect(await notificationsOf(two, seller)).toEqual([]);

    s.send({ type: 'viewing', conversationId: null });
    await waitFor('not viewing on 1', () => !one.hub.isViewing(seller.userId, cid));
    expect((await sendMessage('Și încă o întrebare.')).statusCode).toBe(201);
    await waitFor('second newMessage on 2', () => named(s.side, 'newMessage').length === 2);
    expect(await notificationsOf(two, seller)).toHaveLength(1);
    expect(named(s.side, 'newMessage')).toHaveLength(2); // never doubled
  });

  it('typing on 1 and a read receipt on 2 reach the other participant on the other instance', async () => {
    expect((await sendMessage('Bună ziua!')).statusCode).toBe(201);
    const s = await connectedClient(two, seller.token);
    const b = await connectedClient(one, buyer.token);
    b.send({ type: 'typing', conversationId: cid, isTyping: true });
    await waitFor('userTyping on 2', () => named(s.side, 'userTyping').length === 1);
    expect(named(s.side, 'userTyping')[0]).toMatchObject({
      payload: { conversationId: cid, userId: buyer.userId, isTyping: true },
    });
    const read = await two.inject({
      method: 'PUT',
      url: `/api/messages/conversation/${cid}/mark-read`,
      headers: auth(seller),
    });
    expect(read.statusCode).toBe(200);
    await waitFor('messagesRead on 1', () => named(b.side, 'messagesRead').length === 1);
    expect(named(b.side, 'messagesRead')[0]).toMatchObject({
      payload: { conversationId: cid, readerId: seller.userId },
    });
    expect(named(b.side, 'userTyping')).toEqual([]);
  });

  it('a favourite added on 1 updates the person’s device on 2', async () => {
    const other = await connectedClient(two, buyer.token);
    const fav = await one.inject({ method: 'POST', url: `/api/favorites/${ann}`, headers: auth(buyer) });
    expect(fav.statusCode).toBeLessThan(300);
    await waitFor('favoritesUpdated on 2', () => named(other.side, 'favoritesUpdated').length === 1);
    expect(named(other.side, 'favoritesUpdated')[0]).toMatchObject({ payload: { favoriteIds: [ann] } });
  });

  it('a price changed on 1 reaches a device on 2 that holds the announcement', async () => {
    const made = await one.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      headers: auth(seller),
      payload: validForm,
    });
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { _id: string })._id;
    const guest = await connectedClient(two, null);
    const seq = (await two.announcementsRepo.byId(id))!.seq;
    expect(await guest.hold({ announcements: [[id, seq]] })).toEqual({});
    const changed = await one.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}`,
      headers: auth(seller),
      payload: { ...validForm, price: 175 },
    });
    expect(changed.statusCode).toBe(200);
    let heard: unknown[] = [];
    await waitFor('held change on 2', () => {
      heard = heard.concat(guest.takeHeld());
      return heard.length > 0;
    });
    expect(heard).toEqual([
      { announcements: [{ doc: expect.objectContaining({ id, price: 175 }), seq: expect.any(Number) }] },
    ]);
  });

  it('logging out on 1 closes that session’s socket on 2', async () => {
    const s = await connectedClient(two, seller.token);
    const res = await one.inject({ url: '/auth/logout', headers: auth(seller) });
    expect(res.statusCode).toBe(200);
    expect(await s.closed).toBe(CLOSE_CODES.unauthorized);
  });
});
