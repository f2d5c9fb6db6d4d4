import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../plugins/db.ts';
import { throttlesRepository } from '../repositories/throttles.ts';
import { LoginThrottle } from './login-throttle.ts';

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

describe('login throttle', async () => {
  it('slows one IP guessing one account with growing delays, capped at 60 s', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 5; i++) await th.failed('1.1.1.1', 'ana@x.ro');
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
    await th.failed('1.1.1.1', 'ana@x.ro');
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(1);
    await th.failed('1.1.1.1', 'ana@x.ro');
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(2);
    for (let i = 0; i < 20; i++) {
      t += 1000;
      await th.failed('1.1.1.1', 'ana@x.ro');
    }
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeLessThanOrEqual(300);
    expect(th.message(3)).toBe('Prea multe încercări de autentificare. Încearcă din nou peste 3 secunde.');
  });

  it('a stranger hammering an account cannot keep its owner out for more than 2 s', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 200; i++) {
      t += 10;
      await th.failed(`6.6.6.${i % 50}`, 'ana@x.ro');
    }
    // The owner, from her own address.
    expect(await th.waitSeconds('9.9.9.9', 'ana@x.ro')).toBeLessThanOrEqual(2);
  });

  it('a success clears that account’s counters only, never the per-IP one', async () => {
    const t = 0;
    const th = throttle(() => t);
    // Guessing at others from one address, with a sign-in to one's own account in between.
    for (let i = 0; i < 9; i++) await th.failed('6.6.6.6', `victima${i}@x.ro`);
    await th.succeeded('6.6.6.6', 'eu@x.ro');
    await th.failed('6.6.6.6', 'alta@x.ro');
    await th.failed('6.6.6.6', 'inca@x.ro');
    expect(await th.waitSeconds('6.6.6.6', 'eu@x.ro')).toBeGreaterThan(0);
    // The account's own counters (from this IP and from everywhere) do go.
    const th2 = throttle(() => t);
    for (let i = 0; i < 25; i++) await th2.failed(`7.7.7.${i}`, 'ana@x.ro');
    for (let i = 0; i < 6; i++) await th2.failed('1.1.1.1', 'ana@x.ro');
    expect(await th2.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeGreaterThan(0);
    await th2.succeeded('1.1.1.1', 'ana@x.ro');
    expect(await th2.waitSeconds('2.2.2.2', 'ana@x.ro')).toBe(0);
  });

  it('a success clears the caller’s counters; failures older than 15 minutes are forgotten', async () => {
    let t = 0;
    const th = throttle(() => t);
    for (let i = 0; i < 7; i++) await th.failed('1.1.1.1', 'ana@x.ro');
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeGreaterThan(0);
    await th.succeeded('1.1.1.1', 'ana@x.ro');
    t += 5000;
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
    t += 16 * 60_000;
    await th.failed('1.1.1.1', 'ana@x.ro');
    expect(await th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
  });
});
