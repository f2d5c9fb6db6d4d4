import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WRITE_LIMITS, type WriteKind, type WriteLimitTable } from '../../../schema/constants.ts';
import { writeLimitMessage } from '../../../schema/rules/write-limits.ts';
import type { ServerMessage } from '../../../schema/sync.ts';
import { loadConfig } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { client } from '../replication/test-client.ts';
import { jpeg, multipart, truncatedJpeg, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, sqlAll, sqlGet } from '../test-helper.ts';

/**
 * Issue 12, "No limits on writes": every write route and every sync push spends a budget per account
 * and per IP (plugins/write-limits.ts, services/write-limits.ts), REST and socket the same budget.
 * The clock is the test's, so windows pass without waiting.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App | null = null;
let t = 1_000_000;
afterEach(async () => {
  await app?.cleanup();
  app = null;
});

/** Every kind small (2 per account, 100 per IP, one minute) unless a test says otherwise. */
function small(over: Partial<WriteLimitTable> = {}): WriteLimitTable {
  const out = {} as Record<WriteKind, WriteLimitTable[WriteKind]>;
  for (const kind of Object.keys(WRITE_LIMITS) as WriteKind[]) {
    out[kind] = { perAccount: 2, perIp: 100, windowMs: 60_000 };
  }
  out.register = { perIp: 100, windowMs: 60_000 };
  return { ...out, ...over };
}
async function start(limits: WriteLimitTable | null = small()) {
  t = 1_000_000;
  app = await buildTestApp({ writeLimits: limits, now: () => t });
  return app;
}

const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
const sendMessage = (a: App, u: User, announcementId: string, ip = '127.0.0.1', text = 'Bună ziua!') =>
  a.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(u),
    remoteAddress: ip,
    payload: { announcementId, text },
  });
const refusal = (kind: WriteKind, seconds: number) => ({
  error: writeLimitMessage(kind, seconds),
  code: 'rate_limited',
});

/** A sync socket from `ip`, signed in. */
async function socketOf(a: App, u: User, ip = '127.0.0.1') {
  const ws = (await a.injectWS('/api/sync', { socket: { remoteAddress: ip } } as never)) as WebSocket;
  const c = client(ws);
  c.hello(u.token);
  expect((await c.answer()).type).toBe('ready');
  let id = 0;
  /** A push answered with a result (the conflicts) or an error (its message). */
  const push = async (collection: string, rows: unknown[]) => {
    const rid = `p${++id}`;
    c.send({ type: 'push', id: rid, collection, rows });
    const m = (await c.answer()) as ServerMessage;
    if ((m.type !== 'result' && m.type !== 'error') || m.id !== rid) throw new Error(JSON.stringify(m));
    return m;
  };
  return { ...c, pushRaw: push };
}
const messageRow = (announcementId: string, text = 'Bună ziua! Mai este disponibil?') => ({
  newDocumentState: {
    id: newId(),
    conversationId: 'x',
    announcementId,
    senderId: 'x',
    recipientId: '',
    text,
    image: '',
    replyTo: null,
    reactions: [],
    isRead: true,
    createdAt: new Date().toISOString(),
    _deleted: false,
  },
});
const messagesOf = async (a: App, senderId: string) =>
  (await sqlGet<{ n: number }>(a, sql`SELECT COUNT(*) AS n FROM messages WHERE sender_id = ${senderId}`))!.n;

describe('write limits over REST', () => {
  /** Each write route with its kind. `spend` false: it would end the session, so it is only refused. */
  type Route = {
    method: 'POST' | 'PUT' | 'DELETE';
    url: (own: string) => string;
    kind: WriteKind;
    spend?: false;
    /** A write that succeeds (publish counts only announcements made: a refused one spends nothing). */
    made?: true;
  };
  const routes: Route[] = [
    { method: 'POST', url: () => '/api/messages', kind: 'messages' },
    { method: 'POST', url: () => '/api/messages/attachments', kind: 'uploads' },
    { method: 'POST', url: () => '/api/users/avatar', kind: 'uploads' },
    { method: 'PUT', url: () => '/api/messages/conversation/nu-exista/mark-read', kind: 'chat' },
    { method: 'POST', url: () => `/api/messages/${'a'.repeat(24)}/react`, kind: 'chat' },
    { method: 'DELETE', url: () => `/api/messages/${'a'.repeat(24)}`, kind: 'chat' },
    { method: 'POST', url: () => '/api/users/my-announcements', kind: 'publish', made: true },
    {
      method: 'PUT',
      url: () => '/api/users/my-announcements/photos/0123456789abcdef01234567',
      kind: 'photos',
    },
    { method: 'PUT', url: (own) => `/api/users/my-announcements/${own}`, kind: 'announcements' },
    { method: 'DELETE', url: () => `/api/users/my-announcements/${'b'.repeat(24)}`, kind: 'announcements' },
    {
      method: 'POST',
      url: () => `/api/users/my-announcements/${'b'.repeat(24)}/renew`,
      kind: 'announcements',
    },
    {
      method: 'PUT',
      url: () => `/api/users/my-announcements/${'b'.repeat(24)}/active`,
      kind: 'announcements',
    },
    { method: 'POST', url: () => '/api/reviews', kind: 'reviews' },
    { method: 'PUT', url: () => '/api/reviews/nu-exista', kind: 'reviews' },
    { method: 'DELETE', url: () => '/api/reviews/nu-exista', kind: 'reviews' },
    { method: 'POST', url: () => '/api/reviews/nu-exista/like', kind: 'reviews' },
    { method: 'POST', url: () => `/api/favorites/${'c'.repeat(24)}`, kind: 'favorites' },
    { method: 'DELETE', url: () => `/api/favorites/${'c'.repeat(24)}`, kind: 'favorites' },
    { method: 'POST', url: () => `/api/announcements/${'c'.repeat(24)}/favorite`, kind: 'favorites' },
    { method: 'DELETE', url: () => `/api/announcements/${'c'.repeat(24)}/favorite`, kind: 'favorites' },
    { method: 'DELETE', url: () => `/api/notifications/${'d'.repeat(24)}`, kind: 'notifications' },
    { method: 'PUT', url: () => '/api/users/profile', kind: 'account' },
    { method: 'DELETE', url: () => '/api/users/avatar', kind: 'account' },
    { method: 'PUT', url: () => '/api/users/notification-settings', kind: 'account' },
    { method: 'POST', url: () => '/api/push/subscriptions', kind: 'account' },
    { method: 'DELETE', url: () => '/api/push/subscriptions', kind: 'account' },
    { method: 'PUT', url: () => '/api/users/update-email', kind: 'account' },
    { method: 'PUT', url: () => '/api/users/update-password', kind: 'account' },
    { method: 'POST', url: () => '/api/reports', kind: 'reports' },
    { method: 'POST', url: (own) => `/api/users/my-announcements/${own}/review-request`, kind: 'reports' },
    { method: 'POST', url: () => '/api/users/blocked', kind: 'blocks' },
    { method: 'DELETE', url: () => `/api/users/blocked/${'e'.repeat(24)}`, kind: 'blocks' },
    { method: 'POST', url: () => '/api/users/logout-all', kind: 'account', spend: false },
    { method: 'DELETE', url: () => '/api/users/delete-account', kind: 'account', spend: false },
  ];

  it('every write route answers 429 past its kind’s account budget, with its Romanian message and Retry-After', async () => {
    const a = await start();
    const kinds = [...new Set(routes.map((r) => r.kind))];
    for (const kind of kinds) {
      const u = await registerAndLogin(a);
      const own = await insertAnnouncement(a, u.userId);
      const call = async (r: Route) => {
        if (!r.made) return a.inject({ method: r.method, url: r.url(own), headers: auth(u), payload: {} });
        const { payload, headers } = await multipart(validForm, [{ data: await jpeg() }]);
        return a.inject({ method: r.method, url: r.url(own), headers: { ...headers, ...auth(u) }, payload });
      };
      const ofKind = routes.filter((r) => r.kind === kind);
      // Two writes of this kind, by one or two of its routes (answers may be 4xx for other reasons:
      // they are writes all the same)…
      const spenders = ofKind.filter((r) => r.spend !== false);
      for (let i = 0; i < 2; i++) {
        const r = spenders[i % spenders.length]!;
        expect((await call(r)).statusCode, `${r.method} ${r.url('…')}`).not.toBe(429);
      }
      // …and every route of the kind is refused now: they share one budget.
      for (const route of ofKind) {
        const label = `${route.method} ${route.url('…')}`;
        const refused = await call(route);
        expect(refused.statusCode, label).toBe(429);
        expect(refused.json(), label).toEqual(refusal(kind, 60));
        expect(refused.headers['retry-after'], label).toBe('60');
      }
    }
    expect(kinds).toHaveLength(Object.keys(WRITE_LIMITS).length - 2); // all but register and drafts
  });

  it('publishing counts announcements made: refused attempts and replays spend nothing (issue 25)', async () => {
    const a = await start();
    const u = await registerAndLogin(a);
    const post = async (fields: Record<string, string>) => {
      const { payload, headers } = await multipart(fields, [{ data: await jpeg() }]);
      return a.inject({
        method: 'POST',
        url: '/api/users/my-announcements',
        headers: { ...headers, ...auth(u) },
        payload,
      });
    };
    for (let i = 0; i < 5; i++) expect((await post({ ...validForm, title: 'x' })).statusCode).toBe(400);
    const id = newId();
    expect((await post({ ...validForm, id })).statusCode).toBe(201);
    expect((await post({ ...validForm, id })).statusCode).toBe(200);
    expect((await post(validForm)).statusCode).toBe(201);
    // The budget (2 here) is spent by the two announcements made, and only by them.
    expect((await post(validForm)).statusCode).toBe(429);
  });

  it('a publish whose photo the encoder refuses keeps its write: the budget guards that work', async () => {
    const a = await start();
    const u = await registerAndLogin(a);
    const post = async (data: Buffer) => {
      const { payload, headers } = await multipart(validForm, [{ data }]);
      return a.inject({
        method: 'POST',
        url: '/api/users/my-announcements',
        headers: { ...headers, ...auth(u) },
        payload,
      });
    };
    const broken = await truncatedJpeg();
    for (let i = 0; i < 2; i++) expect((await post(broken)).statusCode).toBe(400);
    expect((await post(await jpeg())).statusCode).toBe(429);
  });

  it('registration is limited per address', async () => {
    const a = await start(small({ register: { perIp: 2, windowMs: 60_000 } }));
    const register = (ip: string) =>
      a.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: ip,
        payload: {
          firstName: 'Ana',
          lastName: 'Pop',
          email: `r${Math.random().toString(16).slice(2)}@hobbiz.test`,
          password: 'parola-buna-1',
          phone: '',
        },
      });
    expect((await register('10.1.0.1')).statusCode).toBe(201);
    expect((await register('10.1.0.1')).statusCode).toBe(201);
    const refused = await register('10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(refusal('register', 60));
    expect((await register('10.1.0.2')).statusCode).toBe(201);
  });

  it('a burst of messages stops at the budget: the seller gets that many notifications, not the burst', async () => {
    const a = await start(small({ messages: { perAccount: 5, perIp: 100, windowMs: 60_000 } }));
    const seller = await registerAndLogin(a);
    const buyer = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await sendMessage(a, buyer, ann)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    const cards = (await sqlGet<{ n: number }>(
      a,
      sql`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${seller.userId}`,
    ))!;
    expect(cards.n).toBe(5);
  });

  it('a second account and a second address keep their own budgets; the account’s follows it to any address', async () => {
    const a = await start();
    const seller = await registerAndLogin(a);
    const ana = await registerAndLogin(a);
    const ion = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    for (let i = 0; i < 2; i++) expect((await sendMessage(a, ana, ann, '10.0.0.1')).statusCode).toBe(201);
    expect((await sendMessage(a, ana, ann, '10.0.0.1')).statusCode).toBe(429);
    // Another account on the same address is not affected…
    expect((await sendMessage(a, ion, ann, '10.0.0.1')).statusCode).toBe(201);
    // …and a new address does not give Ana a new budget.
    expect((await sendMessage(a, ana, ann, '10.0.0.2')).statusCode).toBe(429);
    // Other kinds are separate budgets.
    const fav = await a.inject({ method: 'POST', url: `/api/favorites/${ann}`, headers: auth(ana) });
    expect(fav.statusCode).toBe(200);
  });

  it('an address is limited across all its accounts, other addresses are not', async () => {
    const a = await start(small({ messages: { perAccount: 2, perIp: 5, windowMs: 60_000 } }));
    const seller = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    const users = [await registerAndLogin(a), await registerAndLogin(a), await registerAndLogin(a)];
    const codes: number[] = [];
    for (const u of users)
      for (let i = 0; i < 2; i++) codes.push((await sendMessage(a, u, ann, '10.0.0.7')).statusCode);
    // Five from the address go through, the sixth (the third account's second) does not.
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await sendMessage(a, users[2]!, ann, '10.0.0.7')).json()).toEqual(refusal('messages', 60));
    // The same account from another address still has its second write.
    expect((await sendMessage(a, users[2]!, ann, '10.0.0.8')).statusCode).toBe(201);
  });

  it('IPv6 clients share one budget per /64', async () => {
    const a = await start(small({ messages: { perAccount: 100, perIp: 2, windowMs: 60_000 } }));
    const seller = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    const u = await registerAndLogin(a);
    expect((await sendMessage(a, u, ann, '2001:db8:1:2::a')).statusCode).toBe(201);
    expect((await sendMessage(a, u, ann, '2001:db8:1:2::b')).statusCode).toBe(201);
    expect((await sendMessage(a, u, ann, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await sendMessage(a, u, ann, '2001:db8:1:3::a')).statusCode).toBe(201);
  });

  it('the window recovers: after it, the account writes again', async () => {
    const a = await start();
    const seller = await registerAndLogin(a);
    const buyer = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    await sendMessage(a, buyer, ann);
    t += 20_000;
    await sendMessage(a, buyer, ann);
    const refused = await sendMessage(a, buyer, ann);
    // The window started 20 s ago: 40 s left.
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json()).toEqual(refusal('messages', 40));
    t += 40_000;
    expect((await sendMessage(a, buyer, ann)).statusCode).toBe(201);
  });

  it('the default configuration has the documented numbers: the 31st message in a minute is refused', async () => {
    expect(loadConfig({}).writeLimits).toBe(WRITE_LIMITS);
    expect(loadConfig({ WRITE_LIMITS: 'off' }).writeLimits).toBeNull();
    expect(() => loadConfig({ WRITE_LIMITS: 'maybe' })).toThrow(/WRITE_LIMITS/);
    const a = await start(loadConfig({}).writeLimits);
    const seller = await registerAndLogin(a);
    const buyer = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    for (let i = 0; i < WRITE_LIMITS.messages.perAccount; i++)
      expect((await sendMessage(a, buyer, ann)).statusCode).toBe(201);
    const refused = await sendMessage(a, buyer, ann);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      'Ai trimis prea multe mesaje într-un timp scurt. Încearcă din nou peste 1 minut.',
    );
  });

  it('with WRITE_LIMITS=off nothing is limited', async () => {
    const a = await start(null);
    const seller = await registerAndLogin(a);
    const buyer = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    for (let i = 0; i < 40; i++) expect((await sendMessage(a, buyer, ann)).statusCode).toBe(201);
  });
});

describe('write limits over the sync socket', () => {
  it('pushed messages spend the same budget as REST; past it the push is an error, retried later without loss or duplicates', async () => {
    const a = await start(small({ messages: { perAccount: 3, perIp: 100, windowMs: 60_000 } }));
    const seller = await registerAndLogin(a);
    const buyer = await registerAndLogin(a);
    const ann = await insertAnnouncement(a, seller.userId);
    expect((await sendMessage(a, buyer, ann)).statusCode).toBe(201);
    expect((await sendMessage(a, buyer, ann)).statusCode).toBe(201);

    const s = await socketOf(a, buyer);
    const batch = [messageRow(ann, 'Al treilea'), messageRow(ann, 'Al patrulea')];
    const first = await s.pushRaw('messages', batch);
    // The third write of the minute is written; the fourth is refused, so the whole push answers an error.
    expect(first).toMatchObject({
      type: 'error',
      code: 'rate-limited',
      message: writeLimitMessage('messages', 60),
    });
    expect(await messagesOf(a, buyer.userId)).toBe(3);
    expect(s.side).toContainEqual({
      type: 'event',
      name: 'writeLimited',
      payload: { collection: 'messages', error: writeLimitMessage('messages', 60), retryAfterSeconds: 60 },
    });
    // REST shares the budget.
    expect((await sendMessage(a, buyer, ann)).statusCode).toBe(429);
    // The device retries the same batch (RxDB, every 2 s): still refused, still nothing more written.
    t += 2000;
    expect(await s.pushRaw('messages', batch)).toMatchObject({ type: 'error', code: 'rate-limited' });
    expect(await messagesOf(a, buyer.userId)).toBe(3);

    t += 58_000;
    const retried = await s.pushRaw('messages', batch);
    expect(retried.type).toBe('result');
    // The row written before comes back as the server's copy (the device takes it), the other is new.
    const conflicts = (retried as { data: { id: string }[] }).data;
    expect(conflicts.map((d) => d.id)).toEqual([batch[0]!.newDocumentState.id]);
    expect(await messagesOf(a, buyer.userId)).toBe(4);
    const texts = (
      await sqlAll<{ text: string }>(
        a,
        sql`SELECT text FROM messages WHERE sender_id = ${buyer.userId} ORDER BY text`,
      )
    ).map((r) => r.text);
    expect(texts).toEqual(['Al patrulea', 'Al treilea', 'Bună ziua!', 'Bună ziua!']);
  });

  it('a REST budget spent first refuses the socket push too (favourites)', async () => {
    const a = await start();
    const seller = await registerAndLogin(a);
    const ana = await registerAndLogin(a);
    const anns = await Promise.all([1, 2, 3].map(() => insertAnnouncement(a, seller.userId)));
    for (const id of anns.slice(0, 2))
      expect(
        (await a.inject({ method: 'POST', url: `/api/favorites/${id}`, headers: auth(ana) })).statusCode,
      ).toBe(200);
    const s = await socketOf(a, ana);
    const row = { newDocumentState: { id: anns[2]!, createdAt: new Date().toISOString(), _deleted: false } };
    expect(await s.pushRaw('favorites', [row])).toMatchObject({ type: 'error', code: 'rate-limited' });
    expect(await a.favoritesRepo.get(ana.userId, anns[2]!)).toBeUndefined();
    // An idempotent retry of what is already stored spends nothing and is answered normally.
    const same = (await a.favoritesRepo.get(ana.userId, anns[0]!))!;
    const stored = { newDocumentState: { id: anns[0]!, createdAt: same.createdAt, _deleted: false } };
    expect(await s.pushRaw('favorites', [stored])).toMatchObject({ type: 'result', data: [] });
    t += 60_000;
    expect(await s.pushRaw('favorites', [row])).toMatchObject({ type: 'result', data: [] });
    expect((await a.favoritesRepo.get(ana.userId, anns[2]!))?.deleted).toBe(false);
  });

  it('socket pushes are limited per address across accounts, and another address is not', async () => {
    const a = await start(small({ favorites: { perAccount: 10, perIp: 3, windowMs: 60_000 } }));
    const seller = await registerAndLogin(a);
    const anns = await Promise.all([1, 2, 3, 4].map(() => insertAnnouncement(a, seller.userId)));
    const row = (id: string) => ({
      newDocumentState: { id, createdAt: new Date().toISOString(), _deleted: false },
    });
    const ana = await socketOf(a, await registerAndLogin(a), '10.0.0.5');
    const ion = await socketOf(a, await registerAndLogin(a), '10.0.0.5');
    const eva = await socketOf(a, await registerAndLogin(a), '10.0.0.6');
    expect(await ana.pushRaw('favorites', [row(anns[0]!), row(anns[1]!)])).toMatchObject({ type: 'result' });
    expect(await ion.pushRaw('favorites', [row(anns[0]!)])).toMatchObject({ type: 'result' });
    expect(await ion.pushRaw('favorites', [row(anns[1]!)])).toMatchObject({
      type: 'error',
      code: 'rate-limited',
    });
    expect(await eva.pushRaw('favorites', [row(anns[0]!), row(anns[1]!), row(anns[2]!)])).toMatchObject({
      type: 'result',
    });
  });

  it('draft saves at the app’s fastest autosave rate (one per 400 ms) are never limited', async () => {
    const a = await start(loadConfig({}).writeLimits);
    const u = await registerAndLogin(a);
    const s = await socketOf(a, u);
    let previous: Record<string, unknown> | null = null;
    // Two minutes of continuous typing, saved every 400 ms.
    for (let i = 0; i < 300; i++) {
      const doc: Record<string, unknown> = {
        id: 'draft',
        title: `Tort de ciocolată ${'a'.repeat(i % 50)}`,
        category: '',
        description: '',
        location: '',
        localitate: '',
        contactPerson: '',
        contactEmail: '',
        contactPhone: '',
        price: '',
        updatedAt: new Date(t).toISOString(),
        _deleted: false,
      };
      const answer = await s.pushRaw('drafts', [
        { newDocumentState: doc, ...(previous ? { assumedMasterState: previous } : {}) },
      ]);
      expect(answer.type, `save ${i}`).toBe('result');
      const conflicts = (answer as { data: Record<string, unknown>[] }).data;
      previous = conflicts[0] ?? doc;
      t += 400;
    }
  });
});
