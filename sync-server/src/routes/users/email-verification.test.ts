import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/** Issue 21, item 4: an address is confirmed by a link mailed to it; Setări says whether it is. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp({ publicUrl: 'https://hobbiz.test' });
});
afterEach(async () => {
  await app.cleanup();
});

/** A mail body as written (quoted-printable: soft line breaks, =XX bytes) back to its text. */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The confirmation mails in DATA_DIR/outbox, oldest first. */
function confirmations(): string[] {
  try {
    const dir = join(app.config.dataDir, 'outbox');
    return readdirSync(dir)
      .sort()
      .map((f) => quotedPrintable(readFileSync(join(dir, f), 'utf8')))
      .filter((m) => m.includes('/confirmare-email?'));
  } catch {
    return [];
  }
}
async function linkIn(count: number): Promise<{ u: string; t: string; mail: string }> {
  for (let i = 0; i < 200 && confirmations().length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = confirmations()[count - 1]!;
  const url = new URL(/^https:\/\/hobbiz\.test\/confirmare-email\?\S+$/m.exec(mail)![0]);
  return { u: url.searchParams.get('u')!, t: url.searchParams.get('t')!, mail };
}
const profile = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as {
    emailVerified: boolean;
  };
const confirm = (userId: string, token: string) =>
  app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { userId, token } });

/** Every mail in DATA_DIR/outbox, decoded, oldest first. */
function mails(): string[] {
  try {
    const dir = join(app.config.dataDir, 'outbox');
    return readdirSync(dir)
      .sort()
      .map((f) => quotedPrintable(readFileSync(join(dir, f), 'utf8')));
  } catch {
    return [];
  }
}

describe('registering an address that already has an account (issue 21, item 9)', () => {
  it('answers as for a new one; the owner is mailed the reset page, at most once an hour', async () => {
    await registerAndLogin(app, 'ocupata@hobbiz.test');
    await linkIn(1);
    const again = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          firstName: 'Ion',
          lastName: 'Străin',
          email: 'ocupata@hobbiz.test',
          password: 'alta-parola-7',
        },
      });
    expect((await again()).json()).toEqual({ message: ACCOUNT_MESSAGES.registered });
    const told = async () => mails().filter((m) => m.includes('Ai deja un cont cu ea'));
    for (let i = 0; i < 100 && (await told()).length < 1; i++) await new Promise((r) => setTimeout(r, 20));
    const [mail] = await told();
    expect(mail).toContain('Bună, Ana!');
    expect(mail).toContain('https://hobbiz.test/forgot-password');
    expect(mail).not.toContain('/confirmare-email?');
    expect((await again()).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(await told()).toHaveLength(1);
    // No second confirmation link either: nothing was created.
    expect(confirmations()).toHaveLength(1);
  });
});

describe('the same without PUBLIC_URL', () => {
  it("names the page instead of linking to it (a request's Host is the caller's to choose)", async () => {
    await app.cleanup();
    app = await buildTestApp();
    await registerAndLogin(app, 'ocupata2@hobbiz.test');
    await app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { host: 'evil.example' },
      payload: {
        firstName: 'Ion',
        lastName: 'Străin',
        email: 'ocupata2@hobbiz.test',
        password: 'alta-parola-7',
      },
    });
    let mail: string | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = mails().find((m) => m.includes('Ai deja un cont cu ea'));
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    expect(mail).toContain('„Ai uitat parola?”');
    expect(mail).not.toContain('evil.example');
  });
});

describe('confirming the address', () => {
  it('registration mails a link; the account works meanwhile; the link confirms once', async () => {
    const me = await registerAndLogin(app, 'noua@hobbiz.test');
    expect((await profile(me.token)).emailVerified).toBe(false);
    const { u, t, mail } = await linkIn(1);
    expect(mail).toMatch(/^To: noua@hobbiz\.test$/m);
    expect(u).toBe(me.userId);
    expect((await confirm(u, 'altceva')).json()).toEqual({ error: ACCOUNT_MESSAGES.verifyLinkInvalid });
    const ok = await confirm(u, t);
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified });
    expect((await profile(me.token)).emailVerified).toBe(true);
  });

  it('a new address needs its own confirmation; a link for the old one confirms nothing', async () => {
    const me = await registerAndLogin(app, 'veche@hobbiz.test');
    const old = await linkIn(1);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { newEmail: 'noua2@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await confirm(old.u, old.t)).statusCode).toBe(400);
    expect((await profile(me.token)).emailVerified).toBe(false);
    const fresh = await linkIn(2);
    expect(fresh.mail).toMatch(/^To: noua2@hobbiz\.test$/m);
    expect((await confirm(fresh.u, fresh.t)).statusCode).toBe(200);
    expect((await profile(me.token)).emailVerified).toBe(true);
  });

  it("'Trimite din nou' mails a new link to the signed-in person; a guest is asked to sign in", async () => {
    const me = await registerAndLogin(app, 'retrimite@hobbiz.test');
    await linkIn(1);
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/verify-email/resend',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.verifySent });
    const { u, t } = await linkIn(2);
    expect((await confirm(u, t)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/users/verify-email/resend' })).statusCode).toBe(
      401,
    );
  });
});
