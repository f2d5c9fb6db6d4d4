import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationApi } from '../../../schema/api/notifications.ts';
import { ownProfileAnswer } from '../../../schema/api/profiles.ts';
import { reviewApi } from '../../../schema/api/reviews.ts';
import { authCheck, loginAnswer, registerAnswer } from '../../../schema/api/users.ts';
import { announcementApi } from '../../../schema/entities.ts';
import { buildTestApp, insertAnnouncement, registerEstablished } from '../test-helper.ts';
import { validForm } from './my-announcements/test-fixtures.ts';

/**
 * Routes whose schemas are generated from zod (schema/api/) answer through those schemas: the serializer
 * writes declared fields only, so every field a client reads must be declared. These answers are compared
 * with the zod shapes, key for key, and the OpenAPI document carries the answers' schemas.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let buyer: User;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerEstablished(app);
  buyer = await registerEstablished(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});
const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
const keys = (o: object) => Object.keys(o).sort();

describe('answers of the zod-described routes keep every field', () => {
  it('favourites: the ids, and each announcement with its seq and seller card', async () => {
    const add = await app.inject({ method: 'POST', url: `/api/favorites/${ann}`, headers: auth(buyer) });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ favoriteIds: [ann] });
    const res = await app.inject({ method: 'GET', url: '/api/favorites', headers: auth(buyer) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { favoriteIds: string[]; favorites: Record<string, unknown>[] };
    expect(keys(body)).toEqual(['favoriteIds', 'favorites']);
    const [fav] = body.favorites;
    expect(keys(fav ?? {})).toEqual(keys(announcementApi.shape));
    expect(announcementApi.parse(fav)).toEqual(fav);
    expect(fav).toMatchObject({
      _id: ann,
      ownerId: seller.userId,
      favoritesCount: 1,
      user: { _id: seller.userId },
    });
    expect(typeof fav?.seq).toBe('number');

    const guestToggle = await app.inject({ method: 'POST', url: `/api/announcements/${ann}/favorite` });
    expect(guestToggle.json()).toEqual({ ok: true });
    const missing = await app.inject({ method: 'POST', url: '/api/favorites/0123', headers: auth(buyer) });
    expect(missing.statusCode).toBe(404);
    expect(keys(missing.json())).toEqual(['code', 'error']);
  });

  it('notifications: every field of the card, and the confirmation of a deletion', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: auth(buyer),
      payload: {
        announcementId: ann,
        destinatarId: seller.userId,
        text: 'Bună ziua!',
        senderRole: 'cumparator',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await app.inject({
      method: 'GET',
      url: `/api/notifications/${seller.userId}`,
      headers: auth(seller),
    });
    const [note] = res.json() as Record<string, unknown>[];
    expect(keys(note ?? {})).toEqual(keys(notificationApi.shape));
    expect(note).toMatchObject({ senderId: buyer.userId, preview: 'Bună ziua!', read: false });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/${note?._id}`,
      headers: auth(seller),
    });
    expect(del.json()).toEqual({ message: 'Notificare ștearsă.' });
  });

  it('announcements: the popular list, a page, the search, a seller’s list and the detail', async () => {
    const one = async (url: string, pick: (body: never) => Record<string, unknown> | undefined) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      const a = pick(res.json() as never);
      expect(keys(a ?? {}), url).toEqual(keys(announcementApi.shape));
      expect(a, url).toMatchObject({ _id: ann, user: { _id: seller.userId } });
    };
    const first = (list: Record<string, unknown>[]) => list[0];
    await one('/api/announcements/popular', first);
    await one('/api/announcements', first);
    await one(
      '/api/announcements/search?sort=recent',
      (b: { items: Record<string, unknown>[] }) => b.items[0],
    );
    await one(`/api/users/announcements/${seller.userId}`, first);
    await one(`/api/announcements/${ann}`, (b: Record<string, unknown>) => b);
  });

  it('my announcements: publish (201), edit, (de)activate, the list, a refused form with its field errors', async () => {
    const mine = '/api/users/my-announcements';
    const created = await app.inject({
      method: 'POST',
      url: mine,
      headers: auth(seller),
      payload: validForm,
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json() as Record<string, unknown>;
    expect(keys(a)).toEqual(keys(announcementApi.shape));
    const edit = await app.inject({
      method: 'PUT',
      url: `${mine}/${a._id}`,
      headers: auth(seller),
      payload: { price: '120', smuggled: 'x' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(keys(edit.json())).toEqual(keys(announcementApi.shape));
    expect(edit.json()).toMatchObject({ price: 120, title: validForm.title });
    const off = await app.inject({
      method: 'PUT',
      url: `${mine}/${a._id}/active`,
      headers: auth(seller),
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ _id: a._id, active: false });
    const list = (await app.inject({ method: 'GET', url: mine, headers: auth(seller) })).json() as object[];
    expect(list.map(keys)).toEqual(list.map(() => keys(announcementApi.shape)));
    const bad = await app.inject({
      method: 'POST',
      url: mine,
      headers: auth(seller),
      payload: { ...validForm, title: '' },
    });
    expect(bad.statusCode).toBe(400);
    const refused = bad.json() as { error: string; errors: Record<string, string> };
    expect(refused.errors.title).toBe(refused.error);
  });

  it('account: sign-up, sign-in, the own profile, the session check, a refused e-mail change', async () => {
    const email = 'ana.popescu@example.ro';
    const password = 'Parola-sigura-123';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { firstName: 'Ana', lastName: 'Popescu', email, password, phone: '0712345678', role: 'admin' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(keys(reg.json())).toEqual(keys(registerAnswer.shape));
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    expect(keys(login.json())).toEqual(keys(loginAnswer.shape));
    const me = { token: (login.json() as { token: string }).token, userId: '' };
    const profile = await app.inject({ method: 'GET', url: '/api/users/profile', headers: auth(me) });
    expect(keys(profile.json())).toEqual(keys(ownProfileAnswer.shape));
    expect(profile.json()).toMatchObject({ email, firstName: 'Ana', hasPassword: true });
    const check = await app.inject({ method: 'GET', url: '/api/users/auth/check', headers: auth(me) });
    expect(keys(check.json())).toEqual(keys(authCheck.shape));
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      headers: auth(me),
      payload: { newEmail: 'alta@example.ro', password: 'gresita' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'confirmation_wrong' });
  });

  it('reviews: a new one (201), its edit, a like, its deletion, and a refused score keeps its message', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(buyer),
      payload: { user: seller.userId, score: 4, comment: 'Foarte amabil.', announcement: ann, extra: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json() as Record<string, unknown>;
    expect(keys(review)).toEqual(keys(reviewApi.shape));
    expect(review).toMatchObject({ author: buyer.userId, user: seller.userId, announcement: ann, score: 4 });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/reviews/${review._id}`,
      headers: auth(buyer),
      payload: { score: 5, comment: null },
    });
    expect(keys((edited.json() as { review: object }).review)).toEqual(keys(reviewApi.shape));
    expect(edited.json()).toMatchObject({ review: { score: 5, comment: '' } });
    const like = await app.inject({
      method: 'POST',
      url: `/api/reviews/${review._id}/like`,
      headers: auth(seller),
    });
    expect(like.json()).toEqual({ liked: true, likesCount: 1 });
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/reviews/${review._id}`,
      headers: auth(buyer),
      payload: { score: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(keys(bad.json())).toContain('error');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/reviews/${review._id}`,
      headers: auth(buyer),
    });
    expect(keys(del.json())).toEqual(['_id', 'message']);
  });

  it('the OpenAPI document shows the answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    const favorites = JSON.stringify(doc.paths['/api/favorites']?.get?.responses['200']);
    for (const field of ['favoriteIds', 'favorites', 'seq', 'contactPhone', 'user'])
      expect(favorites).toContain(field);
    const notes = JSON.stringify(doc.paths['/api/notifications/{userId}']?.get?.responses['200']);
    expect(notes).toContain('senderAvatar');
  });
});
