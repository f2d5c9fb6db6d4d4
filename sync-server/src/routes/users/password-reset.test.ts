import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { buildTestApp, registerAndLogin, sqlGet, sqlRun } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const forgot = (email: unknown, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/reset-password', payload, remoteAddress: ip });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

/** Reset mails written to DATA_DIR/outbox (no SMTP_URL in tests), oldest first (not the confirmations). */
function outbox(): string[] {
  const dir = join(app.config.dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((mail) => mail.includes('resetarea parolei'));
  } catch {
    return [];
  }
}
async function waitForMail(count: number): Promise<string> {
  for (let i = 0; i < 500 && outbox().length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mails = outbox();
  expect(mails).toHaveLength(count);
  return mails[count - 1]!;
}
const codeOf = (mail: string) => /^(\d{6})$/m.exec(mail)![1]!;
const row = (userId: string) =>
  sqlGet<{ code_hash: string; attempts: number; expires_at: number; created_at: number }>(
    app,
    sql`SELECT * FROM password_resets WHERE user_id = ${userId}`,
  );

describe('forgot password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const u = await registerAndLogin(app, 'ana@hobbiz.test');
    const known = await forgot('  ANA@hobbiz.test ');
    const unknown = await forgot('nimeni@hobbiz.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(unknown.body).toBe(known.body);
    const mail = await waitForMail(1);
    expect(mail).toMatch(/^To: ana@hobbiz\.test$/m);
    const code = codeOf(mail);
    // Stored hashed, never the code itself; it expires 30 minutes after the request.
    const stored = (await row(u.userId))!;
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.expires_at - stored.created_at).toBe(30 * 60_000);
  });

  it('validates the address with the Romanian messages', async () => {
    expect((await forgot('')).json()).toEqual({ error: ACCOUNT_MESSAGES.emailRequired });
    expect((await forgot('nu-e-email')).json()).toEqual({ error: ACCOUNT_MESSAGES.emailInvalid });
    expect((await forgot(42)).statusCode).toBe(400);
  });

  it('limits requests per address from one IP (3 an hour) and per IP (10 an hour), with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('limita@hobbiz.test', '10.1.0.1')).statusCode).toBe(200);
    const fourth = await forgot('limita@hobbiz.test', '10.1.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTooMany, code: 'throttled' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3000);
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@hobbiz.test`, '10.2.0.1')).statusCode).toBe(200);
    const past = await forgot('y@hobbiz.test', '10.2.0.1');
    expect(past.statusCode).toBe(429);
    expect(past.headers['retry-after']).toBeDefined();
  });

  it('a stranger cannot lock the owner out (issue 21, item 7): her own request still mails a code', async () => {
    await registerAndLogin(app, 'victima@hobbiz.test');
    for (let i = 0; i < 3; i++)
      expect((await forgot('victima@hobbiz.test', '10.6.6.6')).statusCode).toBe(200);
    await waitForMail(3);
    for (let i = 0; i < 5; i++) {
      const wrong = await reset(
        { email: 'victima@hobbiz.test', code: '000000', password: 'buna-parola-1' },
        '10.6.6.7',
      );
      expect(wrong.statusCode).toBe(400);
    }
    const own = await forgot('victima@hobbiz.test', '10.3.3.3');
    expect(own.statusCode).toBe(200);
    const code = codeOf(await waitForMail(4));
    expect(
      (await reset({ email: 'victima@hobbiz.test', code, password: 'buna-parola-1' }, '10.3.3.3')).statusCode,
    ).toBe(200);
  });

  it('mails one address at most 10 times an hour, whoever asks; the answer stays the same', async () => {
    await registerAndLogin(app, 'inbox@hobbiz.test');
    for (let i = 0; i < 12; i++)
      expect((await forgot('inbox@hobbiz.test', `10.7.0.${i}`)).statusCode).toBe(200);
    await waitForMail(10);
    await new Promise((r) => setTimeout(r, 200));
    expect(outbox()).toHaveLength(10);
  });

  it('resets with the code: the new password works, the old one and every session do not', async () => {
    const u = await registerAndLogin(app, 'maria@hobbiz.test');
    const other = await login('maria@hobbiz.test', 'parola-buna-1');
    await forgot('maria@hobbiz.test');
    const code = codeOf(await waitForMail(1));
    const res = await reset({ email: 'maria@hobbiz.test', code, password: 'noua-parola-7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
    expect(await app.sessionsRepo.userIdFor(u.token)).toBeNull();
    expect(await app.sessionsRepo.userIdFor((other.json() as { token: string }).token)).toBeNull();
    expect((await login('maria@hobbiz.test', 'parola-buna-1')).statusCode).toBe(401);
    expect((await login('maria@hobbiz.test', 'noua-parola-7')).statusCode).toBe(200);
    // Single use.
    const again = await reset({ email: 'maria@hobbiz.test', code, password: 'alta-parola-8' });
    expect(again.json()).toEqual({ error: ACCOUNT_MESSAGES.resetCodeInvalid });
    expect(await row(u.userId)).toBeUndefined();
  });

  it('applies the registration password rule and says which part failed', async () => {
    await registerAndLogin(app, 'ionel@hobbiz.test');
    await forgot('ionel@hobbiz.test');
    const code = codeOf(await waitForMail(1));
    const weak = await reset({ email: 'ionel@hobbiz.test', code, password: '12345678' });
    expect(weak.json()).toEqual({ error: ACCOUNT_MESSAGES.passwordNeedsLetter });
    expect((await reset({ email: 'ionel@hobbiz.test', code, password: 'ionel-1234' })).json()).toEqual({
      error: ACCOUNT_MESSAGES.passwordHasEmail,
    });
    expect((await reset({ email: 'ionel@hobbiz.test', code: '', password: 'buna-parola-1' })).json()).toEqual(
      {
        error: ACCOUNT_MESSAGES.resetCodeRequired,
      },
    );
    // A refused password does not use up the code.
    expect((await reset({ email: 'ionel@hobbiz.test', code, password: 'buna-parola-1' })).statusCode).toBe(
      200,
    );
  });

  it('ends the code after 5 wrong tries, and a new request replaces the old code', async () => {
    const u = await registerAndLogin(app, 'dan@hobbiz.test');
    await forgot('dan@hobbiz.test');
    const code = codeOf(await waitForMail(1));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await reset({ email: 'dan@hobbiz.test', code: wrong, password: 'buna-parola-1' });
      expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.resetCodeInvalid });
    }
    expect(await row(u.userId)).toBeUndefined();
    expect((await reset({ email: 'dan@hobbiz.test', code, password: 'buna-parola-1' })).statusCode).toBe(400);

    await forgot('dan@hobbiz.test');
    const first = codeOf(await waitForMail(2));
    await forgot('dan@hobbiz.test');
    const second = codeOf(await waitForMail(3));
    if (first !== second)
      expect(
        (await reset({ email: 'dan@hobbiz.test', code: first, password: 'buna-parola-1' })).statusCode,
      ).toBe(400);
    expect(
      (await reset({ email: 'dan@hobbiz.test', code: second, password: 'buna-parola-1' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const u = await registerAndLogin(app, 'vlad@hobbiz.test');
    await forgot('vlad@hobbiz.test');
    const code = codeOf(await waitForMail(1));
    await sqlRun(
      app,
      sql`UPDATE password_resets SET expires_at = ${Date.now() - 1} WHERE user_id = ${u.userId}`,
    );
    const res = await reset({ email: 'vlad@hobbiz.test', code, password: 'buna-parola-1' });
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.resetCodeInvalid });
    expect(await app.sessionsRepo.userIdFor(u.token)).toBe(u.userId);
  });

  it('limits confirmations per IP (20 per 15 minutes), whatever the address', async () => {
    for (let i = 0; i < 20; i++)
      expect(
        (await reset({ email: `z${i}@hobbiz.test`, code: '123456', password: 'buna-parola-1' }, '10.9.9.9'))
          .statusCode,
      ).toBe(400);
    const res = await reset(
      { email: 'z@hobbiz.test', code: '123456', password: 'buna-parola-1' },
      '10.9.9.9',
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTooMany, code: 'throttled' });
    expect(res.headers['retry-after']).toBeDefined();
  });
});
