import type { SearchParams } from '../../../schema/search.ts';
import type { Suggestion } from '../../../schema/suggest.ts';
import type { Searcher } from './search.ts';
import type { PageBody, PageEncoding } from './search-answer.ts';
import type { AssistedResult } from './search-assist.ts';

/**
 * Recent first pages and suggestions, kept until the catalogue changes (issue 20, item 5): the home's
 * tiles, a popular pair of words, the prefixes everyone types are answered once per catalogue version
 * instead of once per person. `version` names what an answer depends on (the announcements' last seq,
 * the spelling vocabulary's progress, the day of the recency prior); an answer is filed under the version
 * read before it was computed, so it is never older than its key says, and a write empties the cache at
 * the next search. Identical searches arriving together share one computation (single flight). Next pages
 * (a cursor) are not kept: relevance keeps its rankings (search-steps.ts), and the orders' walks are cheap.
 * Views change without a seq: they are at most SEARCH_CACHE_MAX_AGE_MS old. A favourite takes a seq (its
 * recount), so on a busy site the cache empties often; it pays most where the same searches come in bursts.
 * Per instance, in memory, at most `entries` answers (least recently used dropped). Versions are
 * compared part by part; each part only grows.
 */
/** An answer is computed again after this long even when the catalogue did not change (views). */
export const SEARCH_CACHE_MAX_AGE_MS = 30_000;

export function cachedSearcher(
  base: Searcher,
  version: () => Promise<number[]>,
  entries: number,
  { maxAgeMs = SEARCH_CACHE_MAX_AGE_MS, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
): Searcher {
  if (entries <= 0) return base;
  const kept = new Map<string, { at: number; answer: Promise<unknown> }>();
  let current: number[] = [];

  async function through<T>(key: string, run: () => Promise<T>): Promise<T> {
    const v = await version();
    const order = compare(v, current);
    // Read before a newer version was seen (reads may answer out of order): not kept, not served.
    if (order < 0) return run();
    if (order > 0) {
      kept.clear();
      current = v;
    }
    const hit = kept.get(key);
    kept.delete(key);
    if (hit && now() - hit.at < maxAgeMs) {
      kept.set(key, hit);
      return hit.answer as Promise<T>;
    }
    const entry = { at: now(), answer: run() };
    kept.set(key, entry);
    if (kept.size > entries) kept.delete(kept.keys().next().value!);
    // A failed or refused search is not kept: the next request tries again.
    entry.answer.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry.answer;
  }

  return {
    search: (params: SearchParams, address?: string): Promise<AssistedResult> =>
      params.cursor === undefined
        ? through(`q${JSON.stringify(params)}`, () => base.search(params, address))
        : base.search(params, address),
    page: (params: SearchParams, encoding: PageEncoding | null, address?: string): Promise<PageBody> =>
      params.cursor === undefined
        ? through(`p${encoding ?? ''}${JSON.stringify(params)}`, () => base.page(params, encoding, address))
        : base.page(params, encoding, address),
    suggest: (q: string, address?: string): Promise<Suggestion[]> =>
      through(`s${q}`, () => base.suggest(q, address)),
    close: () => base.close(),
  };
}

const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
};
