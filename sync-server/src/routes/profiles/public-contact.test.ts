import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerEstablished } from '../../test-helper.ts';

/**
 * Issue 45 item 21: what the spec's REST clients read. A review notification says it is a review
 * (`type: 'review'`, the old fields kept); a public profile carries `phone` and `email`, but only the
 * contact the person already shows everyone on a live announcement — never the account's own details.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string; email: string };
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.cleanup();
});
const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
const profileOf = async (userId: string) => {
  const res = await app.inject({ url: `/api/users/profile/${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { phone: string; email: string };
};

describe("the spec's REST clients (issue 45 item 21)", () => {
  it('labels a review notification as a review, keeping the fields old clients read', async () => {
    const seller = await registerEstablished(app);
    const buyer = await registerEstablished(app);
    const reviewed = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(buyer),
      payload: { user: seller.userId, score: 5, comment: 'Foarte amabilă' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const res = await app.inject({ url: `/api/notifications/${seller.userId}`, headers: auth(seller) });
    const [n] = res.json() as Record<string, unknown>[];
    expect(n).toMatchObject({
      type: 'review',
      senderId: buyer.userId,
      senderName: 'Ana Pop',
      link: `/profil/${seller.userId}`,
      conversationId: '',
      read: false,
    });
    expect(n?.message).toMatch(/ți-a lăsat o recenzie\.$/);
  });

  it("shows on a public profile only the contact of a live announcement, never the account's phone or e-mail", async () => {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'Ion',
        lastName: 'Popa',
        email: 'ion.privat@hobbiz.test',
        password: 'parola-buna-1',
        phone: '0711111111',
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const { userId } = (
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'ion.privat@hobbiz.test', password: 'parola-buna-1' },
      })
    ).json() as { userId: string };

    // No announcement: nothing of the account's own.
    expect(await profileOf(userId)).toMatchObject({ phone: '', email: '' });

    // An inactive one is not public: its contact is not shown either.
    await insertAnnouncement(app, userId, {
      contactPhone: '0733333333',
      contactEmail: 'ascuns@hobbiz.test',
      active: false,
    });
    expect(await profileOf(userId)).toMatchObject({ phone: '', email: '' });

    await insertAnnouncement(app, userId, {
      contactPhone: '0722222222',
      contactEmail: 'ion.anunturi@hobbiz.test',
    });
    const profile = await profileOf(userId);
    expect(profile).toMatchObject({ phone: '0722222222', email: 'ion.anunturi@hobbiz.test' });
    expect(JSON.stringify(profile)).not.toContain('0711111111');
    expect(JSON.stringify(profile)).not.toContain('ion.privat@hobbiz.test');
  });
});
