import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderationLog, users } from '../../../../schema/db/tables.ts';
import { MODERATION_MESSAGES as M } from '../../../../schema/rules/moderation.ts';
import { REVIEW_REQUEST } from '../../repositories/trust.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

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
const report = (who: Who, reason = 'Fraudă sau înșelăciune') =>
  call(who, 'POST', '/api/reports', { announcementId: ann, reason });
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

  it('three people report within a day: hidden until a moderator looks; restored, the reporters are told', async () => {
    const reporters = [await registerAndLogin(app), await registerAndLogin(app), await registerAndLogin(app)];
    await report(reporters[0]!);
    await report(reporters[1]!, 'Anunț duplicat sau spam');
    expect(await publicStatus()).toBe(200);
    await report(reporters[2]!);
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

  it('a decision stands: decided reports do not count again; dismissing an automatic hold brings it back', async () => {
    const reporters = [await registerAndLogin(app), await registerAndLogin(app), await registerAndLogin(app)];
    for (const r of reporters) await report(r);
    expect(await publicStatus()).toBe(404);
    // The owner's own request for a review and the decided reports do not make a new hold.
    await call(seller, 'POST', `/api/users/my-announcements/${ann}/review-request`);
    await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Verificat, e în regulă',
    });
    expect(await publicStatus()).toBe(200);
    await report(await registerAndLogin(app));
    expect(await publicStatus()).toBe(200);
    // Restoring what is not hidden is refused.
    const again = await call(moderator, 'POST', `/api/moderation/announcements/${ann}/restore`, {
      reason: 'Din nou',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.notHidden, code: 'not_hidden' });

    // Two more: a new automatic hold; 'Respinge raportările' on it brings the announcement back.
    await report(await registerAndLogin(app));
    await report(await registerAndLogin(app));
    expect(await publicStatus()).toBe(404);
    const dismissed = await call(moderator, 'POST', '/api/moderation/reports/dismiss', {
      targetType: 'announcement',
      targetId: ann,
      reason: 'Raportări nefondate',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await publicStatus()).toBe(200);
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
