import type { WriteKind, WriteLimitTable } from '../../../schema/constants.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';

/** Who writes: the account (null for a guest or a registration) and the normalised client address. */
export type Writer = { userId: string | null; ip: string };

export type WriteVerdict =
  | { ok: true; count: number; max: number; resetInMs: number }
  | { ok: false; retryAfterSeconds: number };

/**
 * The write limits of issue 12, one budget per kind for each account and each IP address, shared by the
 * REST routes (through @fastify/rate-limit's store, plugins/write-limits.ts) and the sync socket's
 * pushes: both call `take` with the same kind, so they spend the same allowance. Fixed windows, one
 * counter per key in the database (repositories/throttles.ts), so every server instance on it spends
 * the same budgets.
 *
 * A write is allowed only when both budgets have room, and then spends both: one noisy account behind a
 * shared address (a home, a carrier's NAT) does not use up the others' allowance with refused attempts.
 */
export class WriteLimiter {
  constructor(
    private readonly store: ThrottlesRepository,
    readonly limits: WriteLimitTable,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Spends one write of `kind` when both the account (if any) and the address have room; a refused
   * write spends nothing, so an account is not charged for its address being busy, nor the reverse.
   * Allowed: the account's count (the address's for a guest), for the X-RateLimit headers.
   */
  async take(kind: WriteKind, who: Writer): Promise<WriteVerdict> {
    const l = this.limits[kind];
    const budgets: { key: string; max: number }[] = [{ key: `write:${kind}:ip:${who.ip}`, max: l.perIp }];
    if (l.perAccount !== undefined && who.userId)
      budgets.unshift({ key: `write:${kind}:acct:${who.userId}`, max: l.perAccount });
    const t = this.now();
    const spent: { key: string; windowStart: number; count: number; resetInMs: number }[] = [];
    for (const b of budgets) {
      // Each budget is spent only while it has room (one atomic statement); when one has none, those
      // already spent are given back.
      const hit = await this.store.hit(b.key, t, l.windowMs, { max: b.max });
      if (!hit) {
        await Promise.all(spent.map((s) => this.store.unhit(s.key, s.windowStart)));
        const live = await this.store.peek(
          budgets.map((x) => x.key),
          t,
        );
        let wait = 0;
        for (const x of budgets) {
          const e = live.get(x.key);
          if (e && e.count >= x.max) wait = Math.max(wait, e.expiresAt - t);
        }
        return refused(wait || l.windowMs);
      }
      spent.push({
        key: b.key,
        windowStart: hit.windowStart,
        count: hit.count,
        resetInMs: hit.expiresAt - t,
      });
    }
    const shown = spent[0]!;
    return { ok: true, count: shown.count, max: budgets[0]!.max, resetInMs: shown.resetInMs };
  }

  /**
   * Gives one write of `kind` back to both budgets (their current windows): for kinds that count what was
   * made rather than what was tried (publish, issue 25: a refused or replayed publish makes nothing).
   */
  async refund(kind: WriteKind, who: Writer): Promise<void> {
    const keys = [`write:${kind}:ip:${who.ip}`];
    if (this.limits[kind].perAccount !== undefined && who.userId)
      keys.push(`write:${kind}:acct:${who.userId}`);
    const live = await this.store.peek(keys, this.now());
    await Promise.all([...live].map(([key, hit]) => this.store.unhit(key, hit.windowStart)));
  }
}
const refused = (resetInMs: number): WriteVerdict => ({
  ok: false,
  retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
});
