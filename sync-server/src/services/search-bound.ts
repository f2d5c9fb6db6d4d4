import type { Searcher } from './search.ts';
import { SearchBusyError } from './search-pool.ts';

/**
 * At most `running` searches at once in this process, at most `queued` more waiting in order; past them a
 * search is refused at once (SearchBusyError: REST answers 503 with its Romanian message, suggestions
 * none). On PostgreSQL searches run in the database through the pool that also serves every write: without
 * this, 8 clients' broad searches held all of its connections and a chat message waited ~2 s for one
 * (bench:search at 1M). The worker pool (search-pool.ts) bounds SQLite's searches the same way.
 */
export function boundedSearcher(base: Searcher, running: number, queued: number): Searcher {
  let active = 0;
  const waiting: (() => void)[] = [];
  async function bounded<T>(run: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (waiting.length >= queued) throw new SearchBusyError();
      await new Promise<void>((go) => waiting.push(go));
    } else active++;
    try {
      return await run();
    } finally {
      // The slot passes to the next waiting search, or is freed.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  }
  return {
    search: (params, address) => bounded(() => base.search(params, address)),
    page: (params, encoding, address) => bounded(() => base.page(params, encoding, address)),
    suggest: (q, address) => bounded(() => base.suggest(q, address)),
    close: () => base.close(),
  };
}
