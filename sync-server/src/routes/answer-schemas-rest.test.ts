import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationSummaryApi, messageApi } from '../../../schema/api/messages.ts';
import { profileSaved, publicProfileAnswer } from '../../../schema/api/profiles.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, registerEstablished } from '../test-helper.ts';

/**
 * The rest of answer-schemas.test.ts (the file would grow past its size): the chat, profiles, social
 * sign-in, health and the account's settings/password-reset routes answer every field of their zod shapes.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let buyer: User;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerEstablished(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});
const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
const keys = (o: object) => Object.keys(o).sort();

describe('answers of the zod-described routes keep every field (chat, profiles, account)', () => {
  it('messages: a sent one (201), the chat list, the conversation, a reaction, mark-read, a deletion', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: auth(buyer),
      payload: { announcementId: ann, destinatarId: seller.userId, text: 'Salut!', replyTo: null, x: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const m = sent.json() as Record<string, unknown>;
    expect(keys(m)).toEqual(keys(messageApi.shape));
    expect(m).toMatchObject({ senderRole: 'cumparator', replyTo: null, senderInfo: { avatar: null } });
    const list = await app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${seller.userId}`,
      headers: auth(seller),
    });
    const [summary] = list.json() as Record<string, unknown>[];
    expect(keys(summary ?? {})).toEqual(keys(conversationSummaryApi.shape));
    expect(summary).toMatchObject({ announcementOwnerId: seller.userId, unreadCount: 1, unread: true });
    const conv = `/api/messages/conversation/${m.conversationId}`;
    const [one] = (await app.inject({ method: 'GET', url: conv, headers: auth(seller) })).json() as object[];
    expect(keys(one ?? {})).toEqual(keys(messageApi.shape));
    const react = await app.inject({
      method: 'POST',
      url: `/api/messages/${m._id}/react`,
      headers: auth(seller),
      payload: { emoji: '👍' },
    });
    expect(react.json()).toEqual({ reactions: [{ emoji: '👍', userId: seller.userId }] });
    const read = await app.inject({ method: 'PUT', url: `${conv}/mark-read`, headers: auth(seller) });
    expect(read.json()).toEqual({ message: expect.any(String), conversationId: m.conversationId });
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${m._id}`, headers: auth(buyer) });
    expect(del.json()).toEqual({ message: 'Mesaj șters.' });
    const gone = await app.inject({ method: 'DELETE', url: `/api/messages/${m._id}`, headers: auth(buyer) });
    expect(gone.statusCode).toBe(404);
    expect(keys(gone.json())).toEqual(['code', 'error']);
  });

  it('profiles: the public one with its reviews and rating, a save, a refused avatar removal', async () => {
    const r = { user: seller.userId, score: 5, comment: 'Super.', announcement: ann };
    await app.inject({ method: 'POST', url: '/api/reviews', headers: auth(buyer), payload: r });
    const pub = await app.inject({ method: 'GET', url: `/api/users/profile/${seller.userId}` });
    expect(keys(pub.json())).toEqual(keys(publicProfileAnswer.shape));
    expect(pub.json()).toMatchObject({ rating: { count: 1, histogram: { 5: 1, 1: 0 } }, reviews: [r] });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: auth(seller),
      payload: { firstName: 'Ion', email: 'x@example.ro' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(keys(saved.json())).toEqual(keys(profileSaved.shape));
    expect(saved.json()).toMatchObject({ firstName: 'Ion', message: 'Profilul a fost salvat.' });
    const del = await app.inject({ method: 'DELETE', url: '/api/users/avatar', headers: auth(seller) });
    expect(del.statusCode).toBe(400);
    expect(keys(del.json())).toEqual(['error']);
  });

  it('health, the social providers, the logout, the Google redirects', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      ok: true,
      sockets: 0,
    });
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(keys(providers.json())).toEqual(['facebookAppId', 'google']);
    const out = await app.inject({ method: 'GET', url: '/auth/logout', headers: auth(buyer) });
    expect(out.json()).toEqual({ message: 'Ai fost deconectat din cont.' });
    const google = await app.inject({ method: 'GET', url: '/auth/google/callback?state=x' });
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toMatch(/^\/login\?oauthError=/);
  });

  it('users: notification settings (read, save, refused) and the password-reset answers', async () => {
    const url = '/api/users/notification-settings';
    const got = await app.inject({ method: 'GET', url, headers: auth(buyer) });
    expect(got.json()).toEqual({ messages: true, reviews: true, favorites: true });
    const payload = { messages: false, reviews: true, extra: 1 };
    const put = await app.inject({ method: 'PUT', url, headers: auth(buyer), payload });
    expect(put.json()).toEqual({ messages: false, reviews: true, favorites: true });
    const bad = { messages: 'false', reviews: true };
    const refused = await app.inject({ method: 'PUT', url, headers: auth(buyer), payload: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Alege dacă vrei notificări pentru mesaje.' });
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'nimeni@example.ro' },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(keys(forgot.json())).toEqual(['message']);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: 'nimeni@example.ro', code: '000000', password: 'Parola-noua-123' },
    });
    expect(reset.statusCode).toBe(400);
    expect(keys(reset.json())).toContain('error');
  });
});
