import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('login throttle', () => {
  it('slows one IP guessing one account with growing delays, capped at 60 s', () => {
    let t = 0;
    const th = new LoginThrottle(() => t);
    for (let i = 0; i < 5; i++) th.failed('1.1.1.1', 'ana@x.ro');
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
    th.failed('1.1.1.1', 'ana@x.ro');
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(1);
    th.failed('1.1.1.1', 'ana@x.ro');
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(2);
    for (let i = 0; i < 20; i++) {
      t += 1000;
      th.failed('1.1.1.1', 'ana@x.ro');
    }
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeLessThanOrEqual(300);
    expect(th.message(3)).toBe('Prea multe încercări de autentificare. Încearcă din nou peste 3 secunde.');
  });

  it('a stranger hammering an account cannot keep its owner out for more than 2 s', () => {
    let t = 0;
    const th = new LoginThrottle(() => t);
    for (let i = 0; i < 200; i++) {
      t += 10;
      th.failed(`6.6.6.${i % 50}`, 'ana@x.ro');
    }
    // The owner, from her own address.
    expect(th.waitSeconds('9.9.9.9', 'ana@x.ro')).toBeLessThanOrEqual(2);
  });

  it('a success clears that account’s counters only, never the per-IP one', () => {
    const t = 0;
    const th = new LoginThrottle(() => t);
    // Guessing at others from one address, with a sign-in to one's own account in between.
    for (let i = 0; i < 9; i++) th.failed('6.6.6.6', `victima${i}@x.ro`);
    th.succeeded('6.6.6.6', 'eu@x.ro');
    th.failed('6.6.6.6', 'alta@x.ro');
    th.failed('6.6.6.6', 'inca@x.ro');
    expect(th.waitSeconds('6.6.6.6', 'eu@x.ro')).toBeGreaterThan(0);
    // The account's own counters (from this IP and from everywhere) do go.
    const th2 = new LoginThrottle(() => t);
    for (let i = 0; i < 25; i++) th2.failed(`7.7.7.${i}`, 'ana@x.ro');
    for (let i = 0; i < 6; i++) th2.failed('1.1.1.1', 'ana@x.ro');
    expect(th2.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeGreaterThan(0);
    th2.succeeded('1.1.1.1', 'ana@x.ro');
    expect(th2.waitSeconds('2.2.2.2', 'ana@x.ro')).toBe(0);
  });

  it('a success clears the caller’s counters; failures older than 15 minutes are forgotten', () => {
    let t = 0;
    const th = new LoginThrottle(() => t);
    for (let i = 0; i < 7; i++) th.failed('1.1.1.1', 'ana@x.ro');
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBeGreaterThan(0);
    th.succeeded('1.1.1.1', 'ana@x.ro');
    t += 5000;
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
    t += 16 * 60_000;
    th.failed('1.1.1.1', 'ana@x.ro');
    expect(th.waitSeconds('1.1.1.1', 'ana@x.ro')).toBe(0);
  });
});
