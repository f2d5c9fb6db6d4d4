import { describe, expect, it } from 'vitest';
import { SEARCH_BUSY, type Searcher, searchFromParams, suggestFor } from './search.ts';
import type { AssistedResult } from './search-assist.ts';
import { boundedSearcher } from './search-bound.ts';

/** A searcher whose calls wait until released, recording how many run at once. */
function gated() {
  const waiting: (() => void)[] = [];
  let now = 0;
  let most = 0;
  const started: string[] = [];
  const page = { rows: [], nextCursor: null, total: 0, totalCapped: false } as unknown as AssistedResult;
  const hold = <T>(name: string, value: T) =>
    new Promise<T>((resolve) => {
      started.push(name);
      most = Math.max(most, ++now);
      waiting.push(() => {
        now--;
        resolve(value);
      });
    });
  const base: Searcher = {
    search: (p) => hold(`search ${p.q}`, page),
    page: (p) => hold(`page ${p.q}`, { body: new Uint8Array(), encoding: null }),
    suggest: (q) => hold(`suggest ${q}`, []),
    close: async () => {},
  };
  const releaseOne = async () => {
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { base, started, releaseOne, most: () => most };
}

describe('searches bounded in the process (PostgreSQL: the pool is left to the writes)', () => {
  it('runs at most `running` at once, the others in order, and refuses past the queue', async () => {
    const g = gated();
    const s = boundedSearcher(g.base, 2, 2);
    const all = ['a', 'b', 'c', 'd'].map((q) => searchFromParams(s, { q }));
    await new Promise((r) => setTimeout(r, 0));
    expect(g.started).toEqual(['search a', 'search b']);
    // A fifth waits nowhere: refused at once with the Romanian 503; a suggestion answers none.
    expect(await searchFromParams(s, { q: 'e' })).toMatchObject({
      ok: false,
      status: 503,
      error: SEARCH_BUSY,
    });
    expect(await suggestFor(s, 'fo')).toEqual([]);
    await g.releaseOne();
    expect(g.started).toEqual(['search a', 'search b', 'search c']);
    await g.releaseOne();
    await g.releaseOne();
    await g.releaseOne();
    for (const r of await Promise.all(all)) expect(r.ok).toBe(true);
    expect(g.started).toEqual(['search a', 'search b', 'search c', 'search d']);
    expect(g.most()).toBe(2);
    // Room again: pages and suggestions take the same slots.
    const later = [s.page({ q: 'f' } as never, null), s.suggest('g')];
    await new Promise((r) => setTimeout(r, 0));
    expect(g.started.slice(4)).toEqual(['page f', 'suggest g']);
    await g.releaseOne();
    await g.releaseOne();
    await Promise.all(later);
  });

  it('frees the slot of a search that failed', async () => {
    const s = boundedSearcher(
      {
        search: async () => {
          throw new Error('database fault');
        },
        page: async () => ({ body: new Uint8Array(), encoding: null }),
        suggest: async () => [],
        close: async () => {},
      },
      1,
      0,
    );
    await expect(s.search({} as never)).rejects.toThrow('database fault');
    await expect(s.search({} as never)).rejects.toThrow('database fault');
    expect(await s.suggest('x')).toEqual([]);
  });
});
