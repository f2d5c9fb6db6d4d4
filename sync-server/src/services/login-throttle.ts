import { ACCOUNT_MESSAGES } from '../../../schema/rules/account.ts';

/**
 * Failed sign-ins slow the next attempts down, with growing delays — never a lock-out a stranger could
 * impose on someone else:
 * - per IP (any accounts): after 10 failures, 2^n seconds, at most 5 minutes;
 * - per account from one IP: after 5 failures, 2^n seconds, at most 60 s;
 * - per account from everywhere: after 20 failures, at most 2 s — enough to slow a distributed
 *   guessing run, too little to keep the owner out.
 * A success clears that account's counters (the account from this IP and from everywhere), never the
 * per-IP one: otherwise signing in to one's own account between guesses at others would reset the IP's
 * limit. State is in memory (one server; see the scale-out notes). Behind a reverse proxy the IP is the
 * client's only with TRUST_PROXY set (config.ts); without it every client shares the proxy's address.
 */
const WINDOW_MS = 15 * 60_000;
type Entry = { failures: number; last: number; until: number };
const RULES = {
  ip: { free: 10, maxDelayS: 300 },
  pair: { free: 5, maxDelayS: 60 },
  account: { free: 20, maxDelayS: 2 },
} as const;

export class LoginThrottle {
  private entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private keys(ip: string, email: string) {
    return { ip: `ip:${ip}`, pair: `pair:${email}|${ip}`, account: `acct:${email}` } as const;
  }

  /** Seconds to wait before another attempt is allowed, or 0. */
  waitSeconds(ip: string, email: string): number {
    const t = this.now();
    let wait = 0;
    for (const key of Object.values(this.keys(ip, email))) {
      const e = this.entries.get(key);
      if (e && e.until > t) wait = Math.max(wait, Math.ceil((e.until - t) / 1000));
    }
    return wait;
  }

  message(seconds: number): string {
    return ACCOUNT_MESSAGES.tooManyAttempts(seconds);
  }

  failed(ip: string, email: string): void {
    const t = this.now();
    this.prune(t);
    const keys = this.keys(ip, email);
    for (const kind of ['ip', 'pair', 'account'] as const) {
      const key = keys[kind];
      const prev = this.entries.get(key);
      const failures = prev && t - prev.last < WINDOW_MS ? prev.failures + 1 : 1;
      const rule = RULES[kind];
      const over = failures - rule.free;
      const delayS = over > 0 ? Math.min(2 ** (over - 1), rule.maxDelayS) : 0;
      this.entries.set(key, { failures, last: t, until: t + delayS * 1000 });
    }
  }

  succeeded(ip: string, email: string): void {
    const keys = this.keys(ip, email);
    this.entries.delete(keys.pair);
    this.entries.delete(keys.account);
  }

  private prune(t: number): void {
    if (this.entries.size < 10_000) return;
    for (const [k, e] of this.entries) if (t - e.last > WINDOW_MS && e.until < t) this.entries.delete(k);
  }
}
