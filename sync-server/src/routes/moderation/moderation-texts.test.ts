import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../../schema/db/tables.ts';
import { MODERATION_SENDER_NAME } from '../../../../schema/notification-cards.ts';
import { MODERATION_MESSAGES as M } from '../../../../schema/rules/moderation.ts';
import { REVIEW_REQUEST } from '../../repositories/trust.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

/**
 * Issue 45 item 6: the reporter's outcome is signed by the moderation team (not the deleted-account label),
 * the moderation log names the moderator (id kept), and 'Cere o nouă verificare' keeps one open request.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string; email: string };
let app: App;
let seller: Who;
let moderator: Who;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  moderator = await registerAndLogin(app);
  await app.db
    .update(users)
    .set({ role: 'moderator', firstName: 'Mihai', lastName: 'Moderatorescu' })
    .where(eq(users.id, moderator.userId));
  ann = await insertAnnouncement(app, seller.userId, { title: 'Tort de ciocolată' });
});
afterEach(async () => {
  await app.cleanup();
});

const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    ...(payload ? { payload } : {}),
  });
const hide = () =>
  call(moderator, 'POST', `/api/moderation/announcements/${ann}/hide`, { reason: 'Cere plata în avans' });

describe('moderation texts (issue 45 item 6)', () => {
  it("signs the reporter's outcome and the owner's notice as the moderation team", async () => {
    const buyer = await registerAndLogin(app);
    await call(buyer, 'POST', '/api/reports', { announcementId: ann, reason: 'Fraudă sau înșelăciune' });
    expect((await hide()).statusCode).toBe(200);
    for (const who of [buyer, seller]) {
      const [n] = (await call(who, 'GET', `/api/notifications/${who.userId}`)).json();
      expect(n).toMatchObject({ type: 'moderation', senderName: MODERATION_SENDER_NAME });
      expect(n.senderName).not.toBe('Utilizator Hobbiz');
    }
  });

  it('names the moderator in the log and in a target’s history, keeping the id', async () => {
    await hide();
    const [entry] = (await call(moderator, 'GET', '/api/moderation/log')).json();
    expect(entry).toMatchObject({
      moderatorId: moderator.userId,
      moderatorName: 'Mihai Moderatorescu',
      action: 'hide',
    });
    await call(seller, 'POST', `/api/users/my-announcements/${ann}/review-request`);
    const [group] = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    expect(group.history[0]).toMatchObject({
      moderatorId: moderator.userId,
      moderatorName: 'Mihai Moderatorescu',
    });
  });

  it("accepts one open 'Cere o nouă verificare' at a time: a second answers alike and adds nothing", async () => {
    await hide();
    const ask = () => call(seller, 'POST', `/api/users/my-announcements/${ann}/review-request`);
    const first = await ask();
    expect(first.json()).toEqual({ message: M.reviewAsked });
    const queued = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    for (let i = 0; i < 3; i++) {
      const again = await ask();
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual({ message: M.reviewAsked });
    }
    // The same one entry, same report (not re-made, not moved up).
    const after = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    expect(after).toEqual(queued);
    expect(after).toHaveLength(1);
    expect(after[0].reasons).toEqual({ [REVIEW_REQUEST]: 1 });

    // Once a moderator decided (kept hidden: the request is dismissed), the owner may ask again.
    const dismissed = await call(moderator, 'POST', '/api/moderation/reports/dismiss', {
      targetType: 'announcement',
      targetId: ann,
      reason: 'Rămâne ascuns',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await call(moderator, 'GET', '/api/moderation/reports')).json()).toEqual([]);
    expect((await ask()).json()).toEqual({ message: M.reviewAsked });
    expect((await call(moderator, 'GET', '/api/moderation/reports')).json()).toHaveLength(1);
  });
});
