import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderationLog, users } from '../../../../schema/db/tables.ts';
import { MODERATION_MESSAGES as M } from '../../../../schema/rules/moderation.ts';
import { REVIEW_REQUEST } from '../../repositories/trust.ts';
import { buildTestApp, giveStanding, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

/**
 * Issue 24: the moderators' API (403 for everyone else), the automatic hold, hiding and restoring with the
 * owner and the reporters told, the owner's side (no re-activation, another review), suspension and ban.
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
  await app.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.userId));
  ann = await insertAnnouncement(app, seller.userId, { title: 'Tort de ciocolată' });
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who | null) => (who ? { authorization: `Bearer ${who.token}` } : {});
const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: auth(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
/** A report from `ip` (the reporter's network is recorded with it: the automatic hold counts networks). */
const report = (who: Who, reason = 'Fraudă sau înșelăciune', ip = '127.0.0.1', target = ann) =>
  app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: auth(who),
    remoteAddress: ip,
    payload: { announcementId: target, reason },
  });
/** Issue 40: a reporter whose report weighs: confirmed address, an account older than a day. */
const established = async () => {
  const who = await registerAndLogin(app);
  await giveStanding(app, who.userId);
  return who;
};
/** Three distinct networks (/24s), one per reporter. */
const NETWORKS = ['198.51.100.7', '203.0.113.7', '192.0.2.7'] as const;
const notes = async (who: Who) =>
  ((await call(who, 'GET', `/api/notifications/${who.userId}`)).json() as { message: string }[]).map(
    (n) => n.message,
  );
const publicStatus = async () =>
  (await app.inject({ method: 'GET', url: `/api/announcements/${ann}` })).statusCode;

describe('moderation', () => {
  it('only moderators: 403 for everyone else; a reason is required', async () => {
    const res = await call(seller, 'GET', '/api/moderation/reports');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: M.forbidden, code: 'forbidden' });
    expect(
      (await call(seller, 'POST', `/api/moderation/announcements/${ann}/hide`, { reason: 'Fraudă' }))
        .statusCode,
    ).toBe(403);
    const noReason = await call(moderator, 'POST', `/api/moderation/announcements/${ann}/hide`, {
      reason: ' ',
    });
    expect(noReason.json()).toEqual({ error: M.reason, code: 'validation' });
    expect(await publicStatus()).toBe(200);
  });

  it('three people of standing from three networks report within a day: hidden until a moderator looks; restored, the reporters are told', async () => {
    const reporters = [await established(), await established(), await established()];
    await report(reporters[0]!, undefined, NETWORKS[0]);
    await report(reporters[1]!, 'Anunț duplicat sau spam', NETWORKS[1]);
    expect(await publicStatus()).toBe(200);
    await report(reporters[2]!, undefined, NETWORKS[2]);
    expect(await publicStatus()).toBe(404);
    expect(await notes(seller)).toEqual([M.hiddenToOwner('Tort de ciocolată', M.autoHold)]);

    const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    expect(queue).toEqual([
      expect.objectContaining({
        targetType: 'announcement',
        targetId: ann,
        count: 3,
        reasons: { 'Fraudă sau înșelăciune': 2, 'Anunț duplicat sau spam': 1 },
        target: expect.objectContaining({
          title: 'Tort de ciocolată',
          hiddenReason: M.autoHold,
          active: false,
        }),
        history: [expect.objectContaining({ action: 'auto-hide', moderatorId: 'system' })],
      }),
    ]);
    const restored = await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Am verificat: anunțul este în regulă.',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await publicStatus()).toBe(200);
    for (const r of reporters)
      expect(await notes(r)).toEqual([M.reportDismissed('anunțul „Tort de ciocolată”')]);
    expect((await call(moderator, 'GET', '/api/moderation/reports')).json()).toEqual([]);
    const log = (await call(moderator, 'GET', '/api/moderation/log')).json() as {
      action: string;
      reason: string;
    }[];
    expect(log.map((l) => l.action)).toEqual(['restore', 'auto-hide']);
  });

  it('a decision stands: once a moderator restored an announcement, reports of standing only queue (issue 40)', async () => {
    for (const ip of NETWORKS) await report(await established(), undefined, ip);
    expect(await publicStatus()).toBe(404);
    // The owner's own request for a review and the decided reports do not make a new hold.
    await call(seller, 'POST', `/api/users/my-announcements/${ann}/review-request`);
    await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Verificat, e în regulă',
    });
    expect(await publicStatus()).toBe(200);
    // Three more people of standing from three more networks: the moderator's decision is not overruled
    // by the automatic hold (3 new accounts re-hid one 0.4 s after a restore); their reports wait in the queue.
    for (const ip of ['198.51.100.99', '203.0.113.99', '2001:db8:5::1'])
      await report(await established(), undefined, ip);
    for (const ip of ['100.64.1.1', '100.64.2.1', '100.64.3.1'])
      await report(await established(), undefined, ip);
    expect(await publicStatus()).toBe(200);
    const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json() as { count: number }[];
    expect(queue.map((q) => q.count)).toEqual([6]);
    // Restoring what is not hidden is refused.
    const again = await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Din nou',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.notHidden, code: 'not_hidden' });
  });

  it("'Respinge raportările' on an automatic hold brings the announcement back, and it stays (issue 40)", async () => {
    for (const ip of NETWORKS) await report(await established(), undefined, ip);
    expect(await publicStatus()).toBe(404);
    const dismissed = await call(moderator, 'POST', '/api/moderation/reports/dismiss', {
      targetType: 'announcement',
      targetId: ann,
      reason: 'Raportări nefondate',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await publicStatus()).toBe(200);
    for (const ip of ['198.51.100.99', '203.0.113.99', '192.0.2.99'])
      await report(await established(), undefined, ip);
    expect(await publicStatus()).toBe(200);
  });

  it('the attack of issue 40: three seconds-old accounts from one address hide nothing; their reports queue', async () => {
    for (let i = 0; i < 3; i++) await report(await registerAndLogin(app), undefined, '198.51.100.7');
    expect(await publicStatus()).toBe(200);
    // Nor from three networks: they have no standing (no confirmed address, no day of age, no answer).
    for (const ip of NETWORKS) await report(await registerAndLogin(app), undefined, ip);
    expect(await publicStatus()).toBe(200);
    const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    expect(queue).toEqual([
      expect.objectContaining({ targetId: ann, count: 6, target: expect.objectContaining({ active: true }) }),
    ]);
    expect(await notes(seller)).toEqual([]);
  });

  it('three people of standing from one network (a /24, or an IPv6 /48) hide nothing; a third network does', async () => {
    await report(await established(), undefined, '198.51.100.7');
    await report(await established(), undefined, '198.51.100.200');
    await report(await established(), undefined, '::ffff:198.51.100.9');
    expect(await publicStatus()).toBe(200);
    await report(await established(), undefined, '2001:db8:1:1::1');
    await report(await established(), undefined, '2001:db8:1:ffff::2');
    expect(await publicStatus()).toBe(200);
    await report(await established(), undefined, '203.0.113.7');
    expect(await publicStatus()).toBe(404);
  });

  it('standing also comes from a conversation in which an established person answered', async () => {
    const other = await insertAnnouncement(app, moderator.userId, { title: 'Cozonac cu nucă' });
    await giveStanding(app, moderator.userId);
    const people = [await registerAndLogin(app), await registerAndLogin(app), await registerAndLogin(app)];
    for (const p of people) {
      const asked = await call(p, 'POST', '/api/messages', { announcementId: other, text: 'Mai este?' });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    // Asking is not enough: nobody answered yet.
    for (const [i, p] of people.entries()) await report(p, undefined, NETWORKS[i]);
    expect(await publicStatus()).toBe(200);
    for (const p of people) {
      const answer = await call(moderator, 'POST', '/api/messages', {
        announcementId: other,
        text: 'Da, mai este.',
        destinatarId: p.userId,
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    // Their open reports count now, at the next report of the announcement.
    await report(await registerAndLogin(app), undefined, '100.64.0.1');
    expect(await publicStatus()).toBe(404);
  });

  it('hidden by a moderator: gone for others, the owner reads why, cannot turn it on, and can ask again', async () => {
    const buyer = await registerAndLogin(app);
    await report(buyer);
    const hide = await call(moderator, 'POST', `/api/moderation/announcements/${ann}/hide`, {
      reason: 'Cere plata în avans',
    });
    expect(hide.json()).toEqual({ message: 'Anunțul a fost ascuns.' });
    expect(await publicStatus()).toBe(404);
    expect(await notes(seller)).toEqual([M.hiddenToOwner('Tort de ciocolată', 'Cere plata în avans')]);
    expect(await notes(buyer)).toEqual([M.reportActioned('anunțul „Tort de ciocolată”')]);
    const on = await call(seller, 'PUT', `/api/users/my-announcements/${ann}/active`, { active: true });
    expect(on.statusCode).toBe(403);
    expect(on.json().error).toBe(M.ownerCannotActivate('Cere plata în avans'));
    expect((await call(seller, 'GET', '/api/users/my-announcements/hidden')).json()).toEqual([
      { id: ann, reason: 'Cere plata în avans' },
    ]);
    const ask = await call(seller, 'POST', `/api/users/my-announcements/${ann}/review-request`);
    expect(ask.json()).toEqual({ message: M.reviewAsked });
    const [group] = (await call(moderator, 'GET', '/api/moderation/reports')).json();
    expect(group.reasons).toEqual({ [REVIEW_REQUEST]: 1 });
    expect(group.history.map((h: { action: string }) => h.action)).toEqual(['hide']);
    const audit = await app.db.select().from(moderationLog);
    expect(audit).toEqual([
      expect.objectContaining({
        moderatorId: moderator.userId,
        action: 'hide',
        reason: 'Cere plata în avans',
      }),
    ]);
    // Restored after the owner's request: the owner hears about the announcement, not as a reporter.
    await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Modificat, e în regulă',
    });
    const ownerNotes = await notes(seller);
    expect(ownerNotes).toContain(M.restoredToOwner('Tort de ciocolată'));
    expect(ownerNotes.filter((n) => n.startsWith('Mulțumim pentru raportare'))).toEqual([]);
  });

  it('a suspension ends every session, refuses sign-in with the date and hides the announcements; lifting it restores them', async () => {
    const susp = await call(moderator, 'POST', `/api/moderation/users/${seller.userId}/suspend`, {
      days: 7,
      reason: 'Mesaje înșelătoare',
    });
    expect(susp.json()).toEqual({ message: 'Contul a fost suspendat pentru 7 zile.' });
    expect((await call(seller, 'GET', '/api/users/profile')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: seller.email, password: 'parola-buna-1' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatch(/^Contul tău este suspendat până la \d{1,2} \p{L}+ \d{4}\.$/u);
    expect(await publicStatus()).toBe(404);
    expect(
      (
        await call(moderator, 'POST', `/api/moderation/users/${moderator.userId}/suspend`, { reason: 'test' })
      ).json().error,
    ).toBe(M.self);

    await call(moderator, 'POST', `/api/moderation/users/${seller.userId}/unsuspend`, {
      reason: 'Contestație acceptată',
    });
    expect(await publicStatus()).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: seller.email, password: 'parola-buna-1' },
    });
    expect(again.statusCode).toBe(200);

    await call(moderator, 'POST', `/api/moderation/users/${seller.userId}/suspend`, {
      reason: 'Fraudă repetată',
    });
    const banned = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: seller.email, password: 'parola-buna-1' },
    });
    expect(banned.json()).toEqual({ error: M.banned, code: 'suspended' });
  });
});
