import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawRun } from '../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { MAIL_AFTER_MS, MESSAGE_MAIL_TEXTS } from './message-mail.ts';

/** Issue 23, item 4: unread for an hour, no push anywhere → one e-mail per conversation per day, one-click unsubscribe. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const outbox = () => {
  const dir = join(app.config.dataDir, 'outbox');
  try {
    return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

async function conversation(verified = true) {
  const seller = await registerAndLogin(app);
  const buyer = await registerAndLogin(app);
  if (verified) await rawRun(app.db, sql`UPDATE users SET email_verified_at = 1 WHERE id = ${seller.userId}`);
  const ann = await insertAnnouncement(app, seller.userId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(buyer.token),
    payload: { announcementId: ann, text: 'Bună ziua! Mai este disponibil?' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, before: outbox().length };
}

describe('e-mail for unread messages', () => {
  it('after an hour unread: one mail naming who and what, with a one-click unsubscribe; once a day', async () => {
    const { seller } = await conversation();
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS / 2)).toBe(0);
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS + 60_000)).toBe(1);
    const mails = outbox().filter((m) => m.includes('List-Unsubscribe'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail).toContain(`To: ${seller.email}`);
    expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Ai un mesaj nou de la Ana/);
    expect(mail).toMatch(/List-Unsubscribe: <http[^>]+unsubscribe-messages\?u=[^&]+&e=\d+&t=/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS + 120_000)).toBe(0);

    // The one-click, as a mail client sends it: message notifications go off, as in Setări.
    const url = new URL(/List-Unsubscribe: <([^>]+)>/.exec(mail)![1]!);
    const page = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Oprește e-mailurile');
    const one = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: MESSAGE_MAIL_TEXTS.unsubscribed });
    const settings = await app.inject({
      url: '/api/users/notification-settings',
      headers: auth(seller.token),
    });
    expect(settings.json()).toMatchObject({ messages: false });
    const forged = await app.inject({
      method: 'POST',
      url: `${url.pathname}?u=${seller.userId}&t=nu-e-bun`,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('a conversation mailed about today never takes the place of one still waiting (the pass is bounded)', async () => {
    const first = await conversation();
    const later = Date.now() + MAIL_AFTER_MS + 60_000;
    expect(await app.messageMail.run(later)).toBe(1);
    const second = await conversation();
    const at = later + MAIL_AFTER_MS;
    const due = await app.pushRepo.unreadForMail(
      new Date(at - MAIL_AFTER_MS).toISOString(),
      new Date(at - 2 * 86_400_000).toISOString(),
      at,
      1,
    );
    expect(due.map((d) => d.userId)).toEqual([second.seller.userId]);
    expect(due.map((d) => d.userId)).not.toContain(first.seller.userId);
  });

  it('no mail to an unconfirmed address, to someone with a push subscription, or about a read message', async () => {
    await conversation(false);
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS + 60_000)).toBe(0);

    const { seller } = await conversation();
    await rawRun(
      app.db,
      sql`INSERT INTO push_subscriptions (id, user_id, session_hash, endpoint, p256dh, auth, created_at)
          VALUES ('x', ${seller.userId}, 'h', 'https://fcm.googleapis.com/fcm/send/x', 'k', 'a', 0)`,
    );
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS + 60_000)).toBe(0);

    const third = await conversation();
    await rawRun(app.db, sql`UPDATE messages SET is_read = 1 WHERE recipient_id = ${third.seller.userId}`);
    expect(await app.messageMail.run(Date.now() + MAIL_AFTER_MS + 60_000)).toBe(0);
  });
});

/** Issue 40, L8: the unsubscribe link works for UNSUBSCRIBE_LINK_DAYS, its expiry signed into it. */
describe('the unsubscribe link expires', () => {
  const DAY = 86_400_000;
  const settingsOf = async (token: string) =>
    (await app.inject({ url: '/api/users/notification-settings', headers: auth(token) })).json();
  const post = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('after 60 days (or from before links expired) it changes nothing and points to Setează notificările', async () => {
    const { seller } = await conversation();
    const path = (url: string) => {
      const u = new URL(url);
      return `${u.pathname}${u.search}`;
    };
    // Mailed 59 days ago: still works at the page; mailed 61 days ago: expired.
    const fresh = path(await app.messageMail.unsubscribeUrl(seller.userId, Date.now() - 59 * DAY));
    const old = path(await app.messageMail.unsubscribeUrl(seller.userId, Date.now() - 61 * DAY));
    expect((await app.inject({ url: fresh })).body).toContain('Oprește e-mailurile');

    const page = await app.inject({ url: old });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Linkul de dezabonare a expirat.');
    expect(page.body).toContain('<a href="/setari-cont">Setează notificările</a>');
    expect(page.body).not.toContain('<form');
    const one = await post(old);
    expect(one.statusCode).toBe(410);
    expect(one.json()).toEqual({ error: MESSAGE_MAIL_TEXTS.expired, code: 'expired' });
    expect(await settingsOf(seller.token)).toMatchObject({ messages: true });

    // Its expiry cannot be moved: the signature covers it.
    const moved = old.replace(/e=\d+/, `e=${Math.floor((Date.now() + DAY) / 1000)}`);
    expect((await post(moved)).statusCode).toBe(400);

    // A link mailed before this change (signed over the person alone, no e=): expired too.
    const key = Buffer.from((await app.pushRepo.serverKey('unsubscribe'))!, 'hex');
    const before = createHmac('sha256', key).update(`messages:${seller.userId}`).digest('base64url');
    const legacy = `/api/users/unsubscribe-messages?u=${seller.userId}&t=${before}`;
    expect((await app.inject({ url: legacy })).statusCode).toBe(410);
    expect((await post(legacy)).statusCode).toBe(410);
    expect(await settingsOf(seller.token)).toMatchObject({ messages: true });

    // The 59-day-old one still switches message mails off.
    expect((await post(fresh)).statusCode).toBe(200);
    expect(await settingsOf(seller.token)).toMatchObject({ messages: false });
  });
});
