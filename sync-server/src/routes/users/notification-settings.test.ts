import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerEstablished } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerEstablished(app);
  buyer = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who | null) => (who ? { authorization: `Bearer ${who.token}` } : {});
const getSettings = (who: Who | null) =>
  app.inject({ method: 'GET', url: '/api/users/notification-settings', headers: auth(who) });
const putSettings = (who: Who | null, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/users/notification-settings',
    headers: { ...auth(who), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const notificationsOf = (who: Who) =>
  app
    .inject({ method: 'GET', url: `/api/notifications/${who.userId}`, headers: auth(who) })
    .then((r) => r.json() as { message: string; link: string; conversationId: string }[]);

describe('notification settings', () => {
  it('defaults to all on, saves the booleans given, and is the caller’s own', async () => {
    const all = { messages: true, reviews: true, favorites: true };
    expect((await getSettings(seller)).json()).toEqual(all);
    const res = await putSettings(seller, { messages: false, reviews: true, extra: 1 });
    expect(res.statusCode).toBe(200);
    // A client of the spec's era sends two switches: the third keeps its value, and the answer has all.
    expect(res.json()).toEqual({ ...all, messages: false });
    expect((await getSettings(seller)).json()).toEqual({ ...all, messages: false });
    expect((await putSettings(seller, { favorites: false })).json()).toEqual({
      messages: false,
      reviews: true,
      favorites: false,
    });
    expect((await putSettings(seller, {})).statusCode).toBe(400);
    expect((await getSettings(seller)).json()).toEqual({ messages: false, reviews: true, favorites: false });
    expect((await getSettings(buyer)).json()).toEqual(all);
  });

  it('refuses guests and anything but booleans, changing nothing', async () => {
    const all = { messages: true, reviews: true, favorites: true };
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await putSettings(null, { messages: false, reviews: false })).statusCode).toBe(401);
    for (const bad of [
      { messages: 'false', reviews: false },
      { reviews: 0, messages: false },
      { favorites: null, messages: false },
      [],
      'da',
      null,
    ]) {
      const res = await putSettings(seller, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await putSettings(seller, { messages: false, reviews: 'nu' })).json()).toEqual({
      error: 'Alege dacă vrei notificări pentru recenzii.',
    });
    expect((await getSettings(seller)).json()).toEqual(all);
  });

  it('PUT /api/users/profile with { notificationSettings } stores them; GET /api/users/profile returns them', async () => {
    const profile = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: auth(seller),
        payload: payload as object,
      });
    const saved = await profile({
      firstName: 'Maria',
      notificationSettings: { messages: false, reviews: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Maria',
      notificationSettings: { messages: false, reviews: true, favorites: true },
    });
    expect((await getSettings(seller)).json()).toEqual({ messages: false, reviews: true, favorites: true });
    const own = await app.inject({ method: 'GET', url: '/api/users/profile', headers: auth(seller) });
    expect(own.json().notificationSettings).toEqual({ messages: false, reviews: true, favorites: true });
    const bad = await profile({ notificationSettings: { messages: 'nu' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Alege dacă vrei notificări pentru mesaje.');
    // A profile save without them changes none.
    expect((await profile({ lastName: 'Pop' })).json().notificationSettings.messages).toBe(false);
  });

  it('messages=false: a new message to that user creates no notification', async () => {
    const ann = await insertAnnouncement(app, seller.userId);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: auth(buyer),
        payload: { announcementId: ann, text: 'Bună ziua!' },
      });
    expect((await send()).statusCode).toBe(201);
    expect(await notificationsOf(seller)).toHaveLength(1);
    await putSettings(seller, { messages: false, reviews: true });
    expect((await send()).statusCode).toBe(201);
    expect(await notificationsOf(seller)).toHaveLength(1);
  });

  it('reviews=true: a new review notifies the reviewed user; reviews=false does not', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(buyer),
      payload: { user: seller.userId, score: 5, comment: 'Foarte bun!' },
    });
    expect(res.statusCode).toBe(201);
    const list = await notificationsOf(seller);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      message: 'Ana Pop ți-a lăsat o recenzie.',
      link: `/profil/${seller.userId}`,
      conversationId: '',
    });
    await putSettings(buyer, { messages: true, reviews: false });
    const back = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(seller),
      payload: { user: buyer.userId, score: 4, comment: '' },
    });
    expect(back.statusCode).toBe(201);
    expect(await notificationsOf(buyer)).toHaveLength(0);
  });
});

describe('POST /api/users/logout-all', () => {
  it('ends every session of the caller, this one included, and no one else’s', async () => {
    const second = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: (seller as Who & { email: string }).email, password: 'parola-buna-1' },
    });
    const res = await app.inject({ method: 'POST', url: '/api/users/logout-all', headers: auth(seller) });
    expect(res.json()).toEqual({ message: 'Ai fost deconectat de pe toate dispozitivele.' });
    expect(await app.sessionsRepo.userIdFor(seller.token)).toBeNull();
    expect(await app.sessionsRepo.userIdFor((second.json() as { token: string }).token)).toBeNull();
    expect(await app.sessionsRepo.userIdFor(buyer.token)).toBe(buyer.userId);
    expect((await app.inject({ method: 'POST', url: '/api/users/logout-all' })).statusCode).toBe(401);
  });
});
