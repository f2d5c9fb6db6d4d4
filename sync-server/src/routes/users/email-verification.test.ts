import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { profileOf } from '../../replication/collections/public.ts';
import { inboxOf } from '../../services/email-verification.ts';
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

  it('a new address needs its own confirmation; the old link confirms only the old address, still the account’s', async () => {
    const me = await registerAndLogin(app, 'veche@hobbiz.test');
    const old = await linkIn(1);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { newEmail: 'noua2@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(change.statusCode).toBe(200);
    // The new address waits (issue 40): the account is still on the old one, which its link confirms.
    expect((await confirm(old.u, old.t)).statusCode).toBe(200);
    expect((await profile(me.token)).emailVerified).toBe(true);
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

/** Issue 40, item 7: mail to an address nobody has proved is theirs is counted per address. */
describe('mail to an address you do not own (mail bombing)', () => {
  let clock = Date.now();
  beforeEach(async () => {
    await app.cleanup();
    clock = Date.now();
    app = await buildTestApp({ publicUrl: 'https://hobbiz.test', now: () => clock });
  });
  /** The mails delivered to `address`, once what was sent has settled. */
  async function mailsTo(address: string): Promise<string[]> {
    const to = new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'm');
    let last = -1;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 40));
      const now = mails().filter((m) => to.test(m)).length;
      if (now === last) break;
      last = now;
    }
    return mails().filter((m) => to.test(m));
  }
  const resend = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/verify-email/resend',
      headers: { authorization: `Bearer ${token}` },
    });

  it("register a stranger's address, then 30 × 'Trimite din nou': at most 3 mails reach it", async () => {
    const squatter = await registerAndLogin(app, 'victima.mail@hobbiz.test');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await resend(squatter.token));
    expect(answers[0]!.json()).toEqual({ message: ACCOUNT_MESSAGES.verifySent });
    // Within a minute of the previous one: a 429 that says how long to wait, in Romanian.
    const refused = answers[1]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(refused.json()).toEqual({
      error: 'Ți-am trimis deja un link. Poți cere altul peste 1 minut.',
      code: 'throttled',
    });
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(29);
    // Waiting out each cooldown does not get past the address's budget either (3 an hour, 5 a day).
    for (let i = 0; i < 10; i++) {
      clock += 61_000;
      expect((await resend(squatter.token)).json()).toEqual({ message: ACCOUNT_MESSAGES.verifySent });
    }
    expect((await mailsTo('victima.mail@hobbiz.test')).length).toBe(3);
    clock += 60 * 60_000;
    for (let i = 0; i < 5; i++) {
      clock += 61_000;
      expect((await resend(squatter.token)).statusCode).toBe(200);
    }
    expect((await mailsTo('victima.mail@hobbiz.test')).length).toBe(5);
    // A new day, a new budget.
    clock += 24 * 60 * 60_000;
    expect((await resend(squatter.token)).statusCode).toBe(200);
    expect((await mailsTo('victima.mail@hobbiz.test')).length).toBe(6);
  });

  it('the budget is the address’s, whichever account sends to it (e-mail changes, registrations)', async () => {
    const victim = 'tinta@hobbiz.test';
    const first = await registerAndLogin(app, victim);
    const change = (token: string, newEmail: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update-email',
        headers: { authorization: `Bearer ${token}` },
        payload: { newEmail, password: 'parola-buna-1' },
      });
    // Each account in turn takes the address, mails it, and lets it go for the next one.
    expect((await change(first.token, 'prima@hobbiz.test')).statusCode).toBe(200);
    for (const name of ['a', 'b', 'c']) {
      const other = await registerAndLogin(app, `${name}.atacator@hobbiz.test`);
      expect((await change(other.token, victim)).statusCode).toBe(200);
      expect((await change(other.token, `${name}.altceva@hobbiz.test`)).statusCode).toBe(200);
    }
    // Registering it again (the 'you already have an account' notice) counts too.
    const last = await registerAndLogin(app, 'd.atacator@hobbiz.test');
    expect((await change(last.token, victim)).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { firstName: 'Ion', lastName: 'Străin', email: victim, password: 'alta-parola-7' },
    });
    expect((await mailsTo(victim)).length).toBe(3);
  });

  it('the variants of one inbox share its budget (ana+1@, a.na@gmail.com)', async () => {
    expect(inboxOf(' A.Na.Pop+hobbiz@GoogleMail.com ')).toBe('anapop@gmail.com');
    expect(inboxOf('ana.pop+x@yahoo.ro')).toBe('ana.pop@yahoo.ro');
    const variants = [
      'ana.pop@gmail.com',
      'anapop+1@gmail.com',
      'a.n.a.pop@gmail.com',
      'ANAPOP+2@googlemail.com',
    ];
    for (const email of variants) await registerAndLogin(app, email);
    const delivered = (await Promise.all(variants.map((v) => mailsTo(v.toLowerCase())))).flat();
    expect(delivered).toHaveLength(3);
  });

  it("the owner's own 'Trimite din nou' works again once the minute has passed, and its link confirms", async () => {
    const me = await registerAndLogin(app, 'grabita@hobbiz.test');
    expect((await resend(me.token)).statusCode).toBe(200);
    clock += 30_000;
    const early = await resend(me.token);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    expect(early.json().error).toBe('Ți-am trimis deja un link. Poți cere altul peste 30 de secunde.');
    clock += 30_000;
    expect((await resend(me.token)).json()).toEqual({ message: ACCOUNT_MESSAGES.verifySent });
    const { u, t } = await linkIn(3);
    expect((await confirm(u, t)).json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified });
  });
});

/** Issue 40, item 8: links in mail come from PUBLIC_URL or the server's own address, never the Host header. */
describe('links in mail without PUBLIC_URL', () => {
  it("a forged Host never reaches a mail: confirmation, 'Trimite din nou', e-mail change", async () => {
    await app.cleanup();
    app = await buildTestApp({ host: '0.0.0.0', port: 8080 });
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: evil,
      payload: { firstName: 'Ana', lastName: 'Pop', email: 'gazda@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(reg.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'gazda@hobbiz.test', password: 'parola-buna-1' },
    });
    const auth = { ...evil, authorization: `Bearer ${login.json().token}` };
    await app.inject({ method: 'POST', url: '/api/users/verify-email/resend', headers: auth });
    await app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      headers: auth,
      payload: { newEmail: 'gazda2@hobbiz.test', password: 'parola-buna-1' },
    });
    for (let i = 0; i < 200 && confirmations().length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const sent = confirmations();
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail).not.toContain('evil.example');
      // The server's own address: a developer's machine, where PUBLIC_URL is not needed.
      expect(mail).toMatch(/^http:\/\/localhost:8080\/confirmare-email\?u=/m);
    }
  });
});

describe('a new address waits for its link (issue 40, L1)', () => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const change = (token: string, newEmail: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      headers: auth(token),
      payload: { newEmail, password: 'parola-buna-1' },
    });
  const login = (email: string) =>
    app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'parola-buna-1' } });
  const to = (address: string) => (m: string) =>
    new RegExp(`^To: ${address.replaceAll('.', '\\.')}$`, 'm').test(m);
  /** The newest link mailed to `address`, waiting for it (mails go after the answer). */
  async function linkTo(address: string): Promise<{ u: string; t: string }> {
    await expect.poll(() => confirmations().filter(to(address)).length, { timeout: 4000 }).toBeGreaterThan(0);
    const mail = confirmations().filter(to(address)).at(-1)!;
    const url = new URL(/^https:\/\/hobbiz\.test\/confirmare-email\?\S+$/m.exec(mail)![0]);
    return { u: url.searchParams.get('u')!, t: url.searchParams.get('t')! };
  }
  /** Everything the caller can read of its own account, and what its device replicates of it. */
  async function reads(me: { token: string; userId: string }) {
    const own = (await app.inject({ url: '/api/users/profile', headers: auth(me.token) })).json();
    const check = (await app.inject({ url: '/api/users/auth/check', headers: auth(me.token) })).json();
    const row = (await app.usersRepo.byId(me.userId))!;
    // The public profile document (replication/collections/public.ts) and the seq that would send it.
    return { own, check, replicated: profileOf(row), seq: row.seq };
  }
  /** One account's reads with its own values (id, addresses, times) named, to compare two accounts. */
  const shape = (value: unknown, names: Record<string, string>): unknown =>
    JSON.parse(JSON.stringify(value), (key, v) =>
      ['createdAt', 'lastSeen', 'seq'].includes(key)
        ? '<time>'
        : typeof v === 'string' && v in names
          ? names[v]
          : v,
    );

  it('a free and a taken address: the same answer and the same reads, the old address with the new one waiting', async () => {
    const free = await registerAndLogin(app, 'liber.eu@hobbiz.test');
    const taker = await registerAndLogin(app, 'ocupa.eu@hobbiz.test');
    await registerAndLogin(app, 'ocupata@hobbiz.test');
    const before = { free: await reads(free), taker: await reads(taker) };

    const answers = {
      free: await change(free.token, 'Adresa.Libera@hobbiz.test'),
      taker: await change(taker.token, 'OCUPATA@hobbiz.test'),
    };
    expect(answers.free.statusCode).toBe(200);
    expect(answers.taker.statusCode).toBe(200);
    const after = { free: await reads(free), taker: await reads(taker) };
    expect(after.free.own).toMatchObject({
      email: 'liber.eu@hobbiz.test',
      pendingEmail: 'adresa.libera@hobbiz.test',
      emailVerified: false,
    });
    expect(after.taker.own).toMatchObject({
      email: 'ocupa.eu@hobbiz.test',
      pendingEmail: 'ocupata@hobbiz.test',
      emailVerified: false,
    });
    const names = {
      free: { [free.userId]: '<id>', 'liber.eu@hobbiz.test': '<old>', 'adresa.libera@hobbiz.test': '<new>' },
      taker: { [taker.userId]: '<id>', 'ocupa.eu@hobbiz.test': '<old>', 'ocupata@hobbiz.test': '<new>' },
    };
    expect(shape(answers.taker.json(), names.taker)).toEqual(shape(answers.free.json(), names.free));
    expect(shape(after.taker, names.taker)).toEqual(shape(after.free, names.free));
    // Nothing a device replicates moved: the public profile is as it was, with no new seq to send it.
    for (const who of ['free', 'taker'] as const) {
      expect(after[who].replicated).toEqual(before[who].replicated);
      expect(after[who].seq).toBe(before[who].seq);
    }
    // Both still sign in with the old address only.
    expect((await login('liber.eu@hobbiz.test')).statusCode).toBe(200);
    expect((await login('ocupa.eu@hobbiz.test')).statusCode).toBe(200);
    expect((await login('adresa.libera@hobbiz.test')).statusCode).toBe(401);
    // Both old addresses are told a change was asked; the free address gets the link, the taken one its
    // owner's notice and no link.
    await expect
      .poll(
        () => mails().filter((m) => m.includes('a cerut schimbarea adresei de e-mail a contului')).length,
        { timeout: 4000 },
      )
      .toBe(2);
    const notices = mails().filter((m) => m.includes('a cerut schimbarea adresei de e-mail a contului'));
    expect(notices.filter(to('liber.eu@hobbiz.test'))).toHaveLength(1);
    expect(notices.filter(to('ocupa.eu@hobbiz.test'))).toHaveLength(1);
    expect(notices.join('\n')).not.toMatch(/adresa\.libera|ocupata@/);
    await linkTo('adresa.libera@hobbiz.test');
    await expect
      .poll(
        () => mails().filter((m) => m.includes('să treacă un alt cont Hobbiz pe această adresă')).length,
        {
          timeout: 4000,
        },
      )
      .toBe(1);
    expect(confirmations().filter(to('ocupata@hobbiz.test'))).toHaveLength(1); // its own registration's
  });

  it('opening the link makes it the address: confirmed, signs in, the old one no longer does', async () => {
    const me = await registerAndLogin(app, 'inainte@hobbiz.test');
    await change(me.token, 'dupa@hobbiz.test');
    const { u, t } = await linkTo('dupa@hobbiz.test');
    expect(u).toBe(me.userId);
    const opened = await confirm(u, t);
    expect(opened.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged });
    const { own } = await reads(me);
    expect(own).toMatchObject({ email: 'dupa@hobbiz.test', pendingEmail: null, emailVerified: true });
    expect((await login('dupa@hobbiz.test')).statusCode).toBe(200);
    expect((await login('inainte@hobbiz.test')).statusCode).toBe(401);
    // Once only.
    expect((await confirm(u, t)).statusCode).toBe(200);
    expect((await reads(me)).own.email).toBe('dupa@hobbiz.test');
  });

  it('a later change replaces the waiting one: the first link opens nothing', async () => {
    const me = await registerAndLogin(app, 'sta@hobbiz.test');
    await change(me.token, 'prima.cerere@hobbiz.test');
    const first = await linkTo('prima.cerere@hobbiz.test');
    await change(me.token, 'a.doua@hobbiz.test');
    expect((await confirm(first.u, first.t)).json()).toEqual({ error: ACCOUNT_MESSAGES.verifyLinkInvalid });
    expect((await reads(me)).own).toMatchObject({
      email: 'sta@hobbiz.test',
      pendingEmail: 'a.doua@hobbiz.test',
    });
    const second = await linkTo('a.doua@hobbiz.test');
    expect((await confirm(second.u, second.t)).statusCode).toBe(200);
    expect((await reads(me)).own).toMatchObject({ email: 'a.doua@hobbiz.test', pendingEmail: null });
  });

  it('a new password or signing out everywhere cancels the waiting address: it may be a thief’s (review of issue 40)', async () => {
    const me = await registerAndLogin(app, 'pazit@hobbiz.test');
    await change(me.token, 'hot@hobbiz.test');
    const stolen = await linkTo('hot@hobbiz.test');
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/update-password',
      headers: auth(me.token),
      payload: { currentPassword: 'parola-buna-1', newPassword: 'alta-parola-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reads(me)).own).toMatchObject({ email: 'pazit@hobbiz.test', pendingEmail: null });
    expect((await confirm(stolen.u, stolen.t)).statusCode).toBe(400);
    expect((await reads(me)).own.email).toBe('pazit@hobbiz.test');

    const other = await registerAndLogin(app, 'pazit2@hobbiz.test');
    await change(other.token, 'hot2@hobbiz.test');
    const stolen2 = await linkTo('hot2@hobbiz.test');
    const out = await app.inject({
      method: 'POST',
      url: '/api/users/logout-all',
      headers: auth(other.token),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await confirm(stolen2.u, stolen2.t)).statusCode).toBe(400);
    expect((await app.usersRepo.byId(other.userId))!.email).toBe('pazit2@hobbiz.test');
  });

  it('while a change waits, the current address can still be confirmed by its own link', async () => {
    const me = await registerAndLogin(app, 'neconfirmat@hobbiz.test');
    const own = await linkTo('neconfirmat@hobbiz.test');
    await change(me.token, 'alta.adresa@hobbiz.test');
    expect((await confirm(own.u, own.t)).json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified });
    expect((await reads(me)).own).toMatchObject({
      email: 'neconfirmat@hobbiz.test',
      emailVerified: true,
      pendingEmail: 'alta.adresa@hobbiz.test',
    });
  });

  it('the notice to a confirmed address is not silenced by strangers spending its inbox budget', async () => {
    const me = await registerAndLogin(app, 'victima@hobbiz.test');
    const own = await linkTo('victima@hobbiz.test');
    expect((await confirm(own.u, own.t)).statusCode).toBe(200);
    // Strangers register variants of the address: each 'Ai deja un cont' / confirmation spends its inbox.
    for (let i = 1; i <= 6; i++)
      await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          firstName: 'Ana',
          lastName: 'Pop',
          email: `victima+${i}@hobbiz.test`,
          password: 'parola-buna-1',
          phone: '',
        },
      });
    await change(me.token, 'noua.victimei@hobbiz.test');
    await expect
      .poll(
        () =>
          mails()
            .filter((m) => m.includes('a cerut schimbarea adresei de e-mail a contului'))
            .filter(to('victima@hobbiz.test')).length,
        { timeout: 4000 },
      )
      .toBe(1);
  });

  it('an address another account took meanwhile: the link changes nothing and says why (409)', async () => {
    const me = await registerAndLogin(app, 'rabdator@hobbiz.test');
    await change(me.token, 'disputata@hobbiz.test');
    const link = await linkTo('disputata@hobbiz.test');
    // Someone registers that address before the link is opened.
    const other = await registerAndLogin(app, 'disputata@hobbiz.test');
    const opened = await confirm(link.u, link.t);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: ACCOUNT_MESSAGES.emailChangeTakenMeanwhile });
    expect((await reads(me)).own).toMatchObject({
      email: 'rabdator@hobbiz.test',
      pendingEmail: 'disputata@hobbiz.test',
    });
    expect((await app.usersRepo.byId(other.userId))!.email).toBe('disputata@hobbiz.test');
    expect((await login('rabdator@hobbiz.test')).statusCode).toBe(200);
  });

  it('two accounts waiting for one address: the first link opened wins, the second says it is taken', async () => {
    const a = await registerAndLogin(app, 'cere.a@hobbiz.test');
    const b = await registerAndLogin(app, 'cere.b@hobbiz.test');
    await change(a.token, 'comuna@hobbiz.test');
    const linkA = await linkTo('comuna@hobbiz.test');
    await change(b.token, 'comuna@hobbiz.test');
    await expect
      .poll(() => confirmations().filter(to('comuna@hobbiz.test')).length, { timeout: 4000 })
      .toBe(2);
    const linkB = await linkTo('comuna@hobbiz.test');
    expect(linkB.u).toBe(b.userId);
    expect((await confirm(linkB.u, linkB.t)).statusCode).toBe(200);
    expect((await confirm(linkA.u, linkA.t)).statusCode).toBe(409);
    expect((await reads(a)).own.email).toBe('cere.a@hobbiz.test');
    expect((await reads(b)).own.email).toBe('comuna@hobbiz.test');
  });
});
