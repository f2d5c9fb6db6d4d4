/**
 * Counts events per key in a fixed window (in memory: one server). `hit` records one and answers whether
 * the key is still within its allowance; keys of past windows are dropped as they are met.
 */
export class RateWindow {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): boolean {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.start + this.windowMs <= t) {
      if (this.hits.size > 50_000) this.sweep(t);
      this.hits.set(key, { start: t, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  private sweep(t: number): void {
    for (const [key, e] of this.hits) if (e.start + this.windowMs <= t) this.hits.delete(key);
  }
}
