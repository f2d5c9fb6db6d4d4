/**
 * Counts events per key in a fixed window (in memory: one server). `hit` records one and answers whether
 * the key is still within its allowance; keys of past windows are dropped as they are met.
 */
export class RateWindow {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): boolean {
    return this.take(key).allowed;
  }

  /** The count of the key's current window (0 when none) and when that window ends, recording nothing. */
  peek(key: string): { count: number; resetInMs: number } {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.start + this.windowMs <= t) return { count: 0, resetInMs: this.windowMs };
    return { count: entry.count, resetInMs: entry.start + this.windowMs - t };
  }

  /** Records one event: whether it is allowed, the count in this window, and when the window ends. */
  take(key: string): { allowed: boolean; count: number; resetInMs: number } {
    const t = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.start + this.windowMs <= t) {
      if (!entry && this.hits.size > 50_000) this.sweep(t);
      entry = { start: t, count: 0 };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return {
      allowed: entry.count <= this.max,
      count: entry.count,
      resetInMs: entry.start + this.windowMs - t,
    };
  }

  private sweep(t: number): void {
    for (const [key, e] of this.hits) if (e.start + this.windowMs <= t) this.hits.delete(key);
  }
}
