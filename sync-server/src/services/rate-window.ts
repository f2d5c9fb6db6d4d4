import type { ThrottlesRepository } from '../repositories/throttles.ts';

/**
 * Counts events per key in a fixed window, in the database (repositories/throttles.ts), so every server
 * instance on it shares the allowance. `hit` records one and answers whether the key is still within it.
 * `name` keeps the keys of different limits apart (e.g. 'reset:ip').
 */
export class RateWindow {
  constructor(
    private readonly store: ThrottlesRepository,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<boolean> {
    return (await this.take(key)).allowed;
  }

  /** Records one event: whether it is allowed, the count in this window, and when the window ends. */
  async take(key: string): Promise<{ allowed: boolean; count: number; resetInMs: number }> {
    const t = this.now();
    const hit = (await this.store.hit(`${this.name}:${key}`, t, this.windowMs))!;
    return { allowed: hit.count <= this.max, count: hit.count, resetInMs: hit.expiresAt - t };
  }
}
