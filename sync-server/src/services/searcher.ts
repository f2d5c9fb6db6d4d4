import { join } from 'node:path';
import type { AnnouncementApi } from '../../../schema/entities.ts';
import { dayNumber } from '../../../schema/rank.ts';
import type { Config } from '../config.ts';
import { dialectOf } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import type { SearchRepository } from '../repositories/search.ts';
import type { FoundRow } from '../repositories/search-page.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';
import { inThreadSearcher, perAddress, pooledSearcher, type Searcher } from './search.ts';
import { boundedSearcher } from './search-bound.ts';
import { cachedSearcher } from './search-cache.ts';
import { SEARCH_QUEUE_PER_WORKER, searchPool } from './search-pool.ts';

/**
 * The app's Searcher, layered (issue 20): metered per address (perAddress) wherever a caller passes its
 * address; first pages and suggestions kept until the catalogue changes (search-cache.ts); then SQLite's
 * worker threads with read-only connections (SEARCH_WORKERS, search-pool.ts), or the search in this
 * thread — on PostgreSQL at most SEARCH_WORKERS at once (search-bound.ts), so writes keep connections.
 */
export function buildSearcher(deps: {
  db: Db;
  config: Pick<Config, 'dataDir' | 'searchWorkers' | 'searchCache'>;
  repo: SearchRepository;
  vocab: SearchVocab;
  toApi: (rows: FoundRow[]) => Promise<AnnouncementApi[]>;
}): Searcher {
  const { db, config, repo, vocab, toApi } = deps;
  const file = config.dataDir === ':memory:' ? null : join(config.dataDir, 'hobbiz.sqlite');
  const slots = Math.max(1, config.searchWorkers);
  const pooled = dialectOf(db) === 'sqlite' && file !== null && config.searchWorkers > 0;
  const base = pooled
    ? pooledSearcher(searchPool(file, config.searchWorkers))
    : boundedSearcher(inThreadSearcher(repo, vocab, toApi), slots, slots * SEARCH_QUEUE_PER_WORKER);
  const cached = cachedSearcher(
    base,
    async () => [...(await vocab.catalogueVersion()), dayNumber()],
    config.searchCache,
  );
  // In this thread a page's body is never compressed here (@fastify/compress does it as it sends): one
  // kept page serves every encoding.
  return perAddress(pooled ? cached : { ...cached, page: (p, _encoding, a) => cached.page(p, null, a) });
}
