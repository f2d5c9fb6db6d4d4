import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../../schema/constants.ts';
import { closeDatabase, type Db, openDatabase } from '../plugins/db.ts';
import { throttlesRepository } from '../repositories/throttles.ts';
import { isRefusal, LoginThrottle, type SignInAttempt, type SignInRefusal } from './login-throttle.ts';

// The counters live in the database (repositories/throttles.ts): each throttle gets a fresh one.
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) closeDatabase(db);
});
function throttle(now: () => number): LoginThrottle {
  const db = openDatabase(':memory:');
  dbs.push(db);
  return new LoginThrottle(throttlesRepository(db), now);
}

/** One attempt with a wrong password: the wait it was refused with, or 0 when it was checked. */
async function wrong(th: LoginThrottle, ip: string, email: string): Promise<number> {
  const a = await th.begin(ip, email);
  if (isRefusal(a)) return a.wait;
  await th.failed(a);
  return 0;
}
async function right(th: LoginThrottle, ip: string, email: string): Promise<number> {
  const a = await th.begin(ip, email);
  if (isRefusal(a)) return a.wait;
  await th.succeeded(a);
  return 0;
}

describe('sign-in throttle: failures', () => {
  it('slows one IP guessing one account with growing delays, capped at 60 s', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 5; i++) expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
    // The 6th is checked, and holds the next one back 1 s; the 7th (after it) 2 s.
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(1);
    t += 1000;
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(2);
    let longest = 0;
    for (let i = 0; i < 20; i++) {
      t += 61_000;
      await wrong(th, '1.1.1.1', 'ana@x.ro');
      const a = (await th.begin('1.1.1.1', 'ana@x.ro')) as SignInRefusal;
      longest = Math.max(longest, a.wait);
    }
    expect(longest).toBeLessThanOrEqual(300);
    expect(longest).toBeGreaterThanOrEqual(60);
  });

  it('parallel wrong passwords: only the free ones are checked, the rest refused (no race)', async () => {
    const th = throttle(() => 0);
    const waits = await Promise.all(Array.from({ length: 30 }, () => wrong(th, '1.1.1.1', 'ana@x.ro')));
    // 5 free per account from one address, and the 6th (which sets the first delay).
    expect(waits.filter((w) => w === 0)).toHaveLength(6);
    const many = throttle(() => 0);
    const spread = await Promise.all(
      Array.from({ length: 200 }, (_, i) => wrong(many, '2.2.2.2', `v${i % 20}@x.ro`)),
    );
    // 10 free per address (any accounts), and the 11th.
    expect(spread.filter((w) => w === 0)).toHaveLength(11);
  });

  it('a stranger hammering an account cannot keep its owner out for more than 2 s', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 200; i++) {
      t += 10;
      await wrong(th, `6.6.6.${i % 50}`, 'ana@x.ro');
    }
    // The owner, from her own address.
    expect(await right(th, '9.9.9.9', 'ana@x.ro')).toBeLessThanOrEqual(2);
  });

  it('a success clears that account’s counters only, never the per-IP one', async () => {
    const t = 0;
    const th = throttle(() => t);
    // Guessing at others from one address, with a sign-in to one's own account in between.
    for (let i = 0; i < 9; i++) await wrong(th, '6.6.6.6', `victima${i}@x.ro`);
    expect(await right(th, '6.6.6.6', 'eu@x.ro')).toBe(0);
    expect(await wrong(th, '6.6.6.6', 'alta@x.ro')).toBe(0);
    expect(await wrong(th, '6.6.6.6', 'inca@x.ro')).toBe(0);
    expect(await wrong(th, '6.6.6.6', 'eu@x.ro')).toBeGreaterThan(0);
  });

  it('a success clears the caller’s counters; failures older than 15 minutes are forgotten', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 6; i++) await wrong(th, '1.1.1.1', 'ana@x.ro');
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBeGreaterThan(0);
    t += 1000;
    expect(await right(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
    expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
    t += 16 * 60_000;
    for (let i = 0; i < 5; i++) expect(await wrong(th, '1.1.1.1', 'ana@x.ro')).toBe(0);
  });

  it('an attempt that was not one gives everything back', async () => {
    const th = throttle(() => 0);
    for (let i = 0; i < 50; i++) {
      const a = (await th.begin('1.1.1.1', 'ana@x.ro')) as SignInAttempt;
      expect(isRefusal(a)).toBe(false);
      await th.void(a);
    }
  });
});

describe('sign-in throttle: successes (issue 21, item 1)', () => {
  it(`an account signs in at most ${SIGN_IN_LIMITS.perAccount} times per window, even in parallel`, async () => {
    let t = 0;
    const th = throttle(() => t);
    const waits = await Promise.all(
      Array.from({ length: 64 }, (_, i) => right(th, `10.0.0.${i}`, 'ana@x.ro')),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    const refused = waits.find((w) => w > 0)!;
    expect(refused).toBeGreaterThan(60);
    expect(refused).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowMs / 1000);
    // Another account from the same addresses is not held back by it.
    expect(await right(th, '10.0.0.1', 'ion@x.ro')).toBe(0);
    t += SIGN_IN_LIMITS.windowMs;
    expect(await right(th, '10.0.0.1', 'ana@x.ro')).toBe(0);
  });

  it(`one address makes at most ${SIGN_IN_LIMITS.perIp} sign-ins per window, whatever the accounts`, async () => {
    const th = throttle(() => 0);
    let ok = 0;
    for (let i = 0; i < SIGN_IN_LIMITS.perIp + 5; i++)
      if ((await right(th, '3.3.3.3', `u${i}@x.ro`)) === 0) ok++;
    expect(ok).toBe(SIGN_IN_LIMITS.perIp);
    // Wrong passwords do not spend it.
    const other = throttle(() => 0);
    for (let i = 0; i < 9; i++) await wrong(other, '4.4.4.4', `w${i}@x.ro`);
    expect(await right(other, '4.4.4.4', 'me@x.ro')).toBe(0);
  });
});
