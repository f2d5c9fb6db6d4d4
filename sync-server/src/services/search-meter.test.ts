import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../../schema/constants.ts';
import { perAddress, SEARCH_FLOOD, type Searcher, searchFromParams } from './search.ts';
import type { AssistedResult } from './search-assist.ts';

/** Issue 21: one address cannot fill the search queue everyone shares. */
function slowSearcher() {
  const waiting: (() => void)[] = [];
  const page = { rows: [], nextCursor: null, total: 0, totalCapped: false } as unknown as AssistedResult;
  const base: Searcher = {
    search: () => new Promise((resolve) => waiting.push(() => resolve(page))),
    page: () =>
      new Promise((resolve) => waiting.push(() => resolve({ body: new Uint8Array(), encoding: null }))),
    suggest: () => new Promise((resolve) => waiting.push(() => resolve([]))),
    close: async () => {},
  };
  const release = () => {
    for (const f of waiting.splice(0)) f();
  };
  return { base, release };
}

describe('searches per address', () => {
  it(`at most ${SEARCH_LIMITS.perAddress} at once per address: the next is refused 429 with Retry-After, others go on`, async () => {
    const { base, release } = slowSearcher();
    const searcher = perAddress(base);
    const running = Array.from({ length: SEARCH_LIMITS.perAddress }, () =>
      searchFromParams(searcher, { q: 'tort' }, '10.0.0.1'),
    );
    const refused = await searchFromParams(searcher, { q: 'tort' }, '10.0.0.1');
    expect(refused).toMatchObject({ ok: false, status: 429, error: SEARCH_FLOOD, retryAfter: 1 });
    // Suggestions of that address get none; another address is served.
    await expect(searcher.suggest('to', '10.0.0.1')).rejects.toThrow('too many searches');
    const other = searchFromParams(searcher, { q: 'tort' }, '10.0.0.2');
    release();
    expect((await other).ok).toBe(true);
    for (const r of await Promise.all(running)) expect(r.ok).toBe(true);
    // Room again once they ended.
    const again = searchFromParams(searcher, { q: 'tort' }, '10.0.0.1');
    release();
    expect((await again).ok).toBe(true);
  });
});
