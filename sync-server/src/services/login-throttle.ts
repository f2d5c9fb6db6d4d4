import { ACCOUNT_MESSAGES } from '../../../schema/rules/account.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';

/**
 * Failed sign-ins slow the next attempts down, with growing delays — never a lock-out a stranger could
 * impose on someone else:
 * - per IP (any accounts): after 10 failures, 2^n seconds, at most 5 minutes;
 * - per account from one IP: after 5 failures, 2^n seconds, at most 60 s;
 * - per account from everywhere: after 20 failures, at most 2 s — enough to slow a distributed
 *   guessing run, too little to keep the owner out.
 * Failures are forgotten 15 minutes after the last one. A success clears that account's counters (the
 * account from this IP and from everywhere), never the per-IP one: otherwise signing in to one's own
 * account between guesses at others would reset the IP's limit. The counters are in the database
 * (repositories/throttles.ts): every server instance on it sees the same failures and delays. Behind a
 * reverse proxy the IP is the client's only with TRUST_PROXY set (config.ts); without it every client
 * shares the proxy's address.
 */
const WINDOW_MS = 15 * 60_000;
const RULES = {
  ip: { free: 10, maxDelayS: 300 },
  pair: { free: 5, maxDelayS: 60 },
  account: { free: 20, maxDelayS: 2 },
} as const;

export class LoginThrottle {
  constructor(
    private readonly store: ThrottlesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(ip: string, email: string) {
    return {
      ip: `login:ip:${ip}`,
      pair: `login:pair:${email}|${ip}`,
      account: `login:acct:${email}`,
    } as const;
  }

  /** Seconds to wait before another attempt is allowed, or 0. */
  async waitSeconds(ip: string, email: string): Promise<number> {
    const t = this.now();
    const live = await this.store.peek(Object.values(this.keys(ip, email)), t);
    let wait = 0;
    for (const e of live.values()) {
      if (e.blockedUntil > t) wait = Math.max(wait, Math.ceil((e.blockedUntil - t) / 1000));
    }
    return wait;
  }

  message(seconds: number): string {
    return ACCOUNT_MESSAGES.tooManyAttempts(seconds);
  }

  async failed(ip: string, email: string): Promise<void> {
    const t = this.now();
    const keys = this.keys(ip, email);
    await Promise.all(
      (['ip', 'pair', 'account'] as const).map(async (kind) => {
        const hit = (await this.store.hit(keys[kind], t, WINDOW_MS, { slide: true }))!;
        const rule = RULES[kind];
        const over = hit.count - rule.free;
        if (over > 0)
          await this.store.block(keys[kind], t + Math.min(2 ** (over - 1), rule.maxDelayS) * 1000);
      }),
    );
  }

  async succeeded(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    await this.store.clear([keys.pair, keys.account]);
  }
}
