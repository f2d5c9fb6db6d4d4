import { SIGN_IN_LIMITS } from '../../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../../schema/rules/account.ts';
import type { ThrottleHit, ThrottlesRepository } from '../repositories/throttles.ts';

/**
 * Sign-ins (and the password typed again to confirm an account change) are metered before the password
 * is checked — a check costs a 16 MiB scrypt, and a success makes a 30-day session:
 * - failures slow the next attempts down, with growing delays, never a lock-out a stranger could impose
 *   on someone else: per IP (any accounts) after 10, 2^n seconds, at most 5 minutes; per account from one
 *   IP after 5, at most 60 s; per account from everywhere after 20, at most 2 s — enough to slow a
 *   distributed guessing run, too little to keep the owner out. Forgotten 15 minutes after the last one.
 * - successes are limited too (SIGN_IN_LIMITS): per account and per IP in a window (issue 21, item 1:
 *   64 connections made 2,787 sessions in 80 s).
 * Every attempt is reserved in the database before the password is checked (one atomic statement per
 * counter: parallel attempts cannot all pass a check made before any was counted), then settled: a
 * failure stays counted; a success clears that account's failure counters and gives back the IP's
 * (never clears it: signing in to one's own account between guesses at others would reset it); an
 * attempt that was not one (a malformed request) gives everything back. The counters are in the
 * database (repositories/throttles.ts), shared by every instance. Behind a reverse proxy the IP is the
 * client's only with TRUST_PROXY set (config.ts).
 */
const WINDOW_MS = 15 * 60_000;
const RULES = {
  ip: { free: 10, maxDelayS: 300 },
  pair: { free: 5, maxDelayS: 60 },
  account: { free: 20, maxDelayS: 2 },
} as const;
type Kind = keyof typeof RULES;
const KINDS = Object.keys(RULES) as Kind[];

/** An attempt that may go on: what it reserved, to settle once the password was checked. */
export type SignInAttempt = {
  ip: string;
  email: string;
  failures: Partial<Record<Kind, ThrottleHit>>;
  successes: { key: string; hit: ThrottleHit }[];
};
/** Held back: seconds to wait and the Romanian reason. */
export type SignInRefusal = { wait: number; message: string };

/** Refusals remembered in memory (the keys of the busiest attackers); the oldest go first. */
const HELD_IN_MEMORY = 10_000;

export class LoginThrottle {
  /**
   * Keys this instance saw refused, until when: a flood of attempts from a refused address or at a
   * refused account is answered from here without a write (bench:flood: 14,697 attempts in 20 s each cost
   * five upserts before). Another instance learns the same from the database at its first attempt.
   */
  private readonly held = new Map<string, { until: number; message: (s: number) => string }>();

  constructor(
    private readonly store: ThrottlesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private remember(key: string, until: number, message: (s: number) => string): void {
    this.held.delete(key);
    this.held.set(key, { until, message });
    if (this.held.size > HELD_IN_MEMORY) this.held.delete(this.held.keys().next().value!);
  }

  /** A refusal known in memory for any of `keys`, or null. */
  private heldBack(keys: string[], t: number): SignInRefusal | null {
    for (const key of keys) {
      const h = this.held.get(key);
      if (!h) continue;
      if (h.until <= t) {
        this.held.delete(key);
        continue;
      }
      const wait = Math.max(1, Math.ceil((h.until - t) / 1000));
      return { wait, message: h.message(wait) };
    }
    return null;
  }

  private keys(ip: string, email: string): Record<Kind, string> {
    return { ip: `login:ip:${ip}`, pair: `login:pair:${email}|${ip}`, account: `login:acct:${email}` };
  }

  private successKeys(ip: string, email: string) {
    return [
      { key: `signin:acct:${email}`, max: SIGN_IN_LIMITS.perAccount },
      { key: `signin:ip:${ip}`, max: SIGN_IN_LIMITS.perIp },
    ];
  }

  /** Reserves an attempt, or says how long to wait (nothing is then counted). */
  async begin(ip: string, email: string): Promise<SignInAttempt | SignInRefusal> {
    const t = this.now();
    const keys = this.keys(ip, email);
    const known = this.heldBack(
      [...Object.values(keys), ...this.successKeys(ip, email).map((k) => k.key)],
      t,
    );
    if (known) return known;
    const attempt: SignInAttempt = { ip, email, failures: {}, successes: [] };
    const held = await Promise.all(
      KINDS.map(async (kind) => {
        const hit = await this.store.attempt(keys[kind], t, WINDOW_MS, RULES[kind]);
        if (hit) attempt.failures[kind] = hit;
        return hit === null;
      }),
    );
    if (held.some(Boolean)) {
      await this.giveBack(attempt);
      const live = await this.store.peek(Object.values(keys), t);
      let until = t + 1000;
      for (const [key, e] of live) {
        if (e.blockedUntil <= t) continue;
        until = Math.max(until, e.blockedUntil);
        this.remember(key, e.blockedUntil, ACCOUNT_MESSAGES.tooManyAttempts);
      }
      const wait = Math.max(1, Math.ceil((until - t) / 1000));
      return { wait, message: ACCOUNT_MESSAGES.tooManyAttempts(wait) };
    }
    for (const { key, max } of this.successKeys(ip, email)) {
      const hit = await this.store.hit(key, t, SIGN_IN_LIMITS.windowMs, { max });
      if (hit) {
        attempt.successes.push({ key, hit });
        continue;
      }
      await this.giveBack(attempt);
      const live = (await this.store.peek([key], t)).get(key);
      const until = live?.expiresAt ?? t + 1000;
      this.remember(key, until, ACCOUNT_MESSAGES.tooManySignIns);
      const wait = Math.max(1, Math.ceil((until - t) / 1000));
      return { wait, message: ACCOUNT_MESSAGES.tooManySignIns(wait) };
    }
    return attempt;
  }

  /** The password was wrong: the failure stays counted, the success allowance is given back. */
  async failed(a: SignInAttempt): Promise<void> {
    await Promise.all(a.successes.map((s) => this.store.unhit(s.key, s.hit.windowStart)));
  }

  /** Signed in: the account's failure counters go, the IP's attempt is given back. */
  async succeeded(a: SignInAttempt): Promise<void> {
    const keys = this.keys(a.ip, a.email);
    this.held.delete(keys.pair);
    this.held.delete(keys.account);
    await this.store.clear([keys.pair, keys.account]);
    if (a.failures.ip) await this.store.unhit(keys.ip, a.failures.ip.windowStart);
  }

  /** Not an attempt after all (malformed input, an account that cannot sign in with a password). */
  async void(a: SignInAttempt): Promise<void> {
    await this.giveBack(a);
  }

  private async giveBack(a: SignInAttempt): Promise<void> {
    const keys = this.keys(a.ip, a.email);
    await Promise.all([
      ...KINDS.flatMap((k) => {
        const hit = a.failures[k];
        return hit ? [this.store.unhit(keys[k], hit.windowStart)] : [];
      }),
      ...a.successes.map((s) => this.store.unhit(s.key, s.hit.windowStart)),
    ]);
  }
}

export const isRefusal = (r: SignInAttempt | SignInRefusal): r is SignInRefusal => 'wait' in r;
