import { describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../schema/search.ts';
import type { Searcher } from './search.ts';
import type { AssistedResult } from './search-assist.ts';
import { cachedSearcher, SEARCH_CACHE_MAX_AGE_MS } from './search-cache.ts';

/** A searcher that counts its calls and answers what it is told (or fails). */
function counting() {
  const calls: string[] = [];
  let fail = false;
  let gate: Promise<void> = Promise.resolve();
  const base: Searcher = {
    async search(p: SearchParams): Promise<AssistedResult> {
      calls.push(`search ${p.q ?? ''}${p.cursor ? ` @${p.cursor}` : ''}`);
      await gate;
      if (fail) throw new Error('database fault');
      return { rows: [], nextCursor: null, total: calls.length, totalCapped: false };
    },
    async page(p: SearchParams, encoding) {
      calls.push(`page ${p.q ?? ''}${p.cursor ? ` @${p.cursor}` : ''} ${encoding ?? 'identity'}`);
      return { body: new Uint8Array([calls.length]), encoding };
    },
    async suggest(q: string) {
      calls.push(`suggest ${q}`);
      return [{ kind: 'words', text: q }] as never;
    },
    close: async () => {},
  };
  return {
    base,
    calls,
    failing: (v: boolean) => {
      fail = v;
    },
    hold: () => {
      let open!: () => void;
      gate = new Promise((r) => {
        open = r;
      });
      return () => open();
    },
  };
}

const q = (text: string, extra: Partial<SearchParams> = {}) => ({ q: text, ...extra }) as SearchParams;

describe('the search cache', () => {
  it('answers a repeated first page once per catalogue version', async () => {
    const c = counting();
    let version = [1, 1, 20_000];
    const s = cachedSearcher(c.base, async () => version, 8);
    const a = await s.search(q('tort'));
    expect(await s.search(q('tort'))).toBe(a);
    await s.search(q('tort', { sort: 'recent' }));
    expect(c.calls).toEqual(['search tort', 'search tort']);
    // An announcement written (its seq), the vocabulary caught up, a new day: computed again.
    version = [2, 1, 20_000];
    expect(await s.search(q('tort'))).not.toBe(a);
    version = [2, 2, 20_000];
    await s.search(q('tort'));
    version = [2, 2, 20_001];
    await s.search(q('tort'));
    expect(c.calls).toHaveLength(5);
  });

  it('does not keep next pages, failures, or answers read under an older version', async () => {
    const c = counting();
    let version = [5, 5, 1];
    const s = cachedSearcher(c.base, async () => version, 8);
    await s.search(q('tort', { cursor: 'abc' }));
    await s.search(q('tort', { cursor: 'abc' }));
    expect(c.calls).toEqual(['search tort @abc', 'search tort @abc']);

    c.failing(true);
    await expect(s.search(q('cana'))).rejects.toThrow('database fault');
    c.failing(false);
    await s.search(q('cana'));
    expect(c.calls.filter((x) => x === 'search cana')).toHaveLength(2);

    // A version read late (older than one already seen) is neither served from nor filed in the cache.
    version = [4, 5, 1];
    await s.search(q('cana'));
    version = [5, 5, 1];
    await s.search(q('cana'));
    expect(c.calls.filter((x) => x === 'search cana')).toHaveLength(3);
  });

  it('runs identical searches arriving together once, and keeps at most `entries` answers', async () => {
    const c = counting();
    const s = cachedSearcher(c.base, async () => [1], 2);
    const open = c.hold();
    const together = Promise.all([s.search(q('vioara')), s.search(q('vioara')), s.search(q('vioara'))]);
    await new Promise((r) => setTimeout(r, 10));
    open();
    const [x, y, z] = await together;
    expect(x).toBe(y);
    expect(y).toBe(z);
    expect(c.calls).toEqual(['search vioara']);

    await s.search(q('pian'));
    await s.search(q('chitara')); // 'vioara' is the least recently used: dropped
    await s.search(q('pian'));
    await s.search(q('vioara'));
    expect(c.calls).toEqual(['search vioara', 'search pian', 'search chitara', 'search vioara']);
  });

  it('computes an answer again after SEARCH_CACHE_MAX_AGE_MS (views and favourites move without a seq)', async () => {
    const c = counting();
    let t = 1_000;
    const s = cachedSearcher(c.base, async () => [1], 4, { now: () => t });
    await s.search(q('tort'));
    t += SEARCH_CACHE_MAX_AGE_MS - 1;
    await s.search(q('tort'));
    expect(c.calls).toHaveLength(1);
    t += 1;
    await s.search(q('tort'));
    expect(c.calls).toHaveLength(2);
  });

  it('keeps REST pages apart per encoding and apart from the searches, next pages not kept', async () => {
    const c = counting();
    const s = cachedSearcher(c.base, async () => [1], 8);
    const br = await s.page(q('tort'), 'br');
    expect(await s.page(q('tort'), 'br')).toBe(br);
    await s.page(q('tort'), 'gzip');
    await s.page(q('tort'), null);
    await s.search(q('tort'));
    await s.page(q('tort', { cursor: 'abc' }), 'br');
    await s.page(q('tort', { cursor: 'abc' }), 'br');
    expect(c.calls).toEqual([
      'page tort br',
      'page tort gzip',
      'page tort identity',
      'search tort',
      'page tort @abc br',
      'page tort @abc br',
    ]);
  });

  it('keeps suggestions the same way, and does nothing with 0 entries', async () => {
    const c = counting();
    const s = cachedSearcher(c.base, async () => [1], 4);
    await s.suggest('fotog');
    await s.suggest('fotog');
    expect(c.calls).toEqual(['suggest fotog']);
    expect(cachedSearcher(c.base, async () => [1], 0)).toBe(c.base);
  });
});
