import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { passwordWork, verifyPassword } from '../../services/passwords.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/**
 * Issue 21, items 1 and 5: sign-ins are metered before the password is checked — successes per account
 * and per address, failures without a race, password hashes bounded — and sessions per account capped.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const login = (a: App, email: string, password: string, ip: string) =>
  a.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in floods', () => {
  it('one account signs in at most the allowance per window, from any addresses; then 429 with Retry-After', async () => {
    app = await buildTestApp();
    await registerAndLogin(app, 'tinta@hobbiz.test');
    const codes: number[] = [];
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount + 3; i++) {
      const r = await login(app, 'tinta@hobbiz.test', 'parola-buna-1', `10.0.${i}.1`);
      codes.push(r.statusCode);
      if (r.statusCode === 429) refused ??= r;
    }
    // The registration's own sign-in counted one.
    expect(codes.filter((c) => c === 200)).toHaveLength(SIGN_IN_LIMITS.perAccount - 1);
    expect(codes.slice(SIGN_IN_LIMITS.perAccount - 1).every((c) => c === 429)).toBe(true);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused!.json().error).toMatch(
      /^Prea multe autentificări într-un timp scurt\. Încearcă din nou peste \d+ (minute|de minute)\.$/,
    );
    // Another account from one of those addresses signs in.
    await registerAndLogin(app, 'alta@hobbiz.test');
    expect((await login(app, 'alta@hobbiz.test', 'parola-buna-1', '10.0.1.1')).statusCode).toBe(200);
  });

  it('64 parallel correct sign-ins: never more sessions than the allowance; the rest 429 or 503, nothing left running', async () => {
    app = await buildTestApp();
    const me = await registerAndLogin(app, 'tinta@hobbiz.test');
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) => login(app!, 'tinta@hobbiz.test', 'parola-buna-1', `10.1.${i}.1`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 429 || c === 503)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount - 1);
    expect((await app.sessionsRepo.liveHashesOf(me.userId)).length).toBeLessThanOrEqual(
      SIGN_IN_LIMITS.perAccount,
    );
    for (const r of answers.filter((x) => x.statusCode === 503)) {
      expect(r.json()).toEqual({ error: ACCOUNT_MESSAGES.serverBusy, code: 'busy' });
      expect(r.headers['retry-after']).toBe(String(SIGN_IN_LIMITS.busyRetryAfterS));
    }
    expect(passwordWork()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('30 parallel wrong passwords from one address: only the free ones are checked (no race)', async () => {
    app = await buildTestApp();
    await registerAndLogin(app, 'ana@hobbiz.test');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(app!, 'ana@hobbiz.test', 'ghicit-123', '10.2.3.4')),
    );
    // 5 free per account from one address, and the 6th (which sets the first delay). The rest wait (429)
    // or find every hash slot busy (503, not checked, not counted); none is checked past the allowance.
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(6);
    expect(codes.every((c) => c === 401 || c === 429 || c === 503)).toBe(true);
    // Once the slots are free, the next attempt is held back by the failures counted.
    const next = await login(app, 'ana@hobbiz.test', 'parola-buna-1', '10.2.3.4');
    expect([200, 429]).toContain(next.statusCode);
  });

  it(`an account keeps at most ${SIGN_IN_LIMITS.sessionsPerAccount} sessions: a new one revokes the oldest`, async () => {
    app = await buildTestApp();
    const me = await registerAndLogin(app, 'multe@hobbiz.test');
    const tokens = [me.token];
    for (let i = 1; i <= SIGN_IN_LIMITS.sessionsPerAccount; i++) {
      tokens.push(await app.sessionsRepo.create(me.userId, Date.now() + i));
    }
    expect(await app.sessionsRepo.userIdFor(tokens[0]!)).toBeNull();
    for (const t of tokens.slice(1)) expect(await app.sessionsRepo.userIdFor(t)).toBe(me.userId);
    expect(await app.sessionsRepo.liveHashesOf(me.userId)).toHaveLength(SIGN_IN_LIMITS.sessionsPerAccount);
  });
});

describe('password hashes', () => {
  it('run one per core but one, with one per core waiting; past that they are refused at once', async () => {
    const { slots, queue } = passwordWork();
    const stored = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$AAAA';
    const all = await Promise.allSettled(
      Array.from({ length: slots + queue + 3 }, () => verifyPassword('x', stored)),
    );
    const refused = all.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(slots + queue);
    expect(passwordWork()).toMatchObject({ running: 0, waiting: 0 });
  });
});
