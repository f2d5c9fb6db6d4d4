import type { WriteKind, WriteLimitTable } from '../../../schema/constants.ts';
import { RateWindow } from './rate-window.ts';

/** Who writes: the account (null for a guest or a registration) and the normalised client address. */
export type Writer = { userId: string | null; ip: string };

export type WriteVerdict =
  | { ok: true; count: number; max: number; resetInMs: number }
  | { ok: false; retryAfterSeconds: number };

/**
 * The write limits of issue 12, one budget per kind for each account and each IP address, shared by the
 * REST routes (through @fastify/rate-limit's store, plugins/write-limits.ts) and the sync socket's
 * pushes: both call `take` with the same kind, so they spend the same allowance. Fixed windows (one
 * counter per key, the RateWindow of the sign-in and reset limits); in memory, like those (one server;
 * see ARCHITECTURE.md "Past one machine").
 *
 * A write is allowed only when both budgets have room, and then spends both: one noisy account behind a
 * shared address (a home, a carrier's NAT) does not use up the others' allowance with refused attempts.
 */
export class WriteLimiter {
  private readonly windows = new Map<WriteKind, { account: RateWindow | null; ip: RateWindow }>();

  constructor(
    readonly limits: WriteLimitTable,
    now: () => number = Date.now,
  ) {
    for (const [kind, l] of Object.entries(limits) as [WriteKind, WriteLimitTable[WriteKind]][]) {
      this.windows.set(kind, {
        account: l.perAccount === undefined ? null : new RateWindow(l.perAccount, l.windowMs, now),
        ip: new RateWindow(l.perIp, l.windowMs, now),
      });
    }
  }

  /**
   * Spends one write of `kind` when both the account (if any) and the address have room; a refused
   * write spends nothing, so an account is not charged for its address being busy, nor the reverse.
   * Allowed: the account's count (the address's for a guest), for the X-RateLimit headers.
   */
  take(kind: WriteKind, who: Writer): WriteVerdict {
    const w = this.windows.get(kind)!;
    const budgets: [RateWindow, string][] = [[w.ip, who.ip]];
    if (w.account && who.userId) budgets.unshift([w.account, who.userId]);
    let wait = 0;
    for (const [win, key] of budgets) {
      const p = win.peek(key);
      if (p.count >= win.max) wait = Math.max(wait, p.resetInMs);
    }
    if (wait > 0) return refused(wait);
    const spent = budgets.map(([win, key]) => ({ r: win.take(key), max: win.max }));
    const shown = spent[0]!;
    return { ok: true, count: shown.r.count, max: shown.max, resetInMs: shown.r.resetInMs };
  }
}

const refused = (resetInMs: number): WriteVerdict => ({
  ok: false,
  retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
});
