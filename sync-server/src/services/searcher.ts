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
import type { SearchReplica } from './search-replica.ts';
import { threadedSearchReplica } from './search-replica-thread.ts';

/**
 * The app's Searcher, layered (issue 20): metered per address (perAddress) wherever a caller passes its
 * address; first pages and suggestions kept until the catalogue changes (search-cache.ts); then SQLite's
 * worker threads with read-only connections (SEARCH_WORKERS, search-pool.ts), or the search in this
 * thread — on PostgreSQL at most SEARCH_WORKERS at once (search-bound.ts), so writes keep connections.
 * On PostgreSQL with search threads and a data folder, the threads search this instance's copy of the
 * catalogue (SEARCH_REPLICA, search-replica.ts) whenever it is up to date; PostgreSQL answers otherwise.
 */
export function buildSearcher(deps: {
  db: Db;
  config: Pick<
    Config,
    'dataDir' | 'databaseUrl' | 'searchWorkers' | 'searchCache' | 'searchReplica' | 'vocabRefreshMs'
  >;
  repo: SearchRepository;
  vocab: SearchVocab;
  toApi: (rows: FoundRow[]) => Promise<AnnouncementApi[]>;
  log: { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
}): Searcher {
  const { db, config, repo, vocab, toApi, log } = deps;
  const onDisk = config.dataDir !== ':memory:';
  const file = onDisk ? join(config.dataDir, 'hobbiz.sqlite') : null;
  const slots = Math.max(1, config.searchWorkers);
  const sqlite = dialectOf(db) === 'sqlite';
  const pooled = sqlite && file !== null && config.searchWorkers > 0;
  const inThread = () =>
    boundedSearcher(inThreadSearcher(repo, vocab, toApi), slots, slots * SEARCH_QUEUE_PER_WORKER);
  const replica =
    !sqlite && config.databaseUrl && onDisk && config.searchWorkers > 0 && config.searchReplica
      ? threadedSearchReplica({
          pg: db,
          url: config.databaseUrl!,
          file: join(config.dataDir, 'search-replica.sqlite'),
          log,
          vocabMs: config.vocabRefreshMs || 5_000,
        })
      : null;
  const base = pooled
    ? pooledSearcher(searchPool(file, config.searchWorkers))
    : replica
      ? replicaSearcher(replica, pooledSearcher(searchPool(replica.file, config.searchWorkers)), inThread())
      : inThread();
  const cached = cachedSearcher(
    base,
    async () => [...(await vocab.catalogueVersion()), dayNumber()],
    config.searchCache,
  );
  // In this thread a page's body is never compressed here (@fastify/compress does it as it sends): one
  // kept page serves every encoding. Pages from the replica's threads come compressed, PostgreSQL's not:
  // each says which (PageBody.encoding).
  return perAddress(
    pooled || replica ? cached : { ...cached, page: (p, _encoding, a) => cached.page(p, null, a) },
  );
}

/** The replica's threads when it is up to date, else PostgreSQL (search-replica.ts). */
export function replicaSearcher(
  replica: Pick<SearchReplica, 'fresh' | 'close'>,
  threads: Searcher,
  pg: Searcher,
): Searcher {
  const pick = async () => ((await replica.fresh()) ? threads : pg);
  return {
    search: async (params, address) => (await pick()).search(params, address),
    page: async (params, encoding, address) => (await pick()).page(params, encoding, address),
    suggest: async (q, address) => (await pick()).suggest(q, address),
    close: async () => {
      await Promise.all([threads.close(), pg.close()]);
      await replica.close();
    },
  };
}
