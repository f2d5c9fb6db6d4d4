import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { SearchParams } from '../../../schema/search.ts';
import type { Suggestion } from '../../../schema/suggest.ts';
import type { SearchTask } from '../search-worker.ts';
import type { PageBody, PageEncoding } from './search-answer.ts';
import type { AssistedResult } from './search-assist.ts';

/**
 * SQLite searches on worker threads (issue 20, item 5): the event loop that carries every socket never
 * runs a search, so a few broad searches no longer stall chat delivery and `/api/health` for everyone.
 * Each worker has its own read-only connection (search-worker.ts). The queue is bounded: past it a search
 * is refused at once (SearchBusyError, answered 503 with a Romanian message) instead of waiting without end.
 */
export class SearchBusyError extends Error {
  constructor() {
    super('search queue full');
  }
}

/** Searches waiting per worker before new ones are refused. */
export const SEARCH_QUEUE_PER_WORKER = 32;

export type SearchPool = {
  search(params: SearchParams): Promise<AssistedResult>;
  page(params: SearchParams, encoding: PageEncoding | null): Promise<PageBody>;
  suggest(q: string): Promise<Suggestion[]>;
  close(): Promise<void>;
};

export function searchPool(file: string, workers: number): SearchPool {
  const worker = fileURLToPath(new URL('../search-worker.ts', import.meta.url));
  // Under the tsx CLI (npm start) workers inherit its loader; elsewhere (vitest) it is added.
  const execArgv = process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : [...process.execArgv, '--import', 'tsx'];
  const pool = new Piscina({
    filename: worker,
    minThreads: workers,
    maxThreads: workers,
    maxQueue: workers * SEARCH_QUEUE_PER_WORKER,
    idleTimeout: 60_000,
    execArgv,
  });
  // Each thread makes its ranks and filter codes now (search-memory.ts), not at its first broad search;
  // concurrent long tasks land on different threads. A failure leaves them to be made when first needed.
  for (let i = 0; i < workers; i++) pool.run({ file, warm: true } satisfies SearchTask).catch(() => {});
  return {
    async search(params: SearchParams): Promise<AssistedResult> {
      if (pool.queueSize >= pool.options.maxQueue) throw new SearchBusyError();
      return pool.run({ file, params } satisfies SearchTask);
    },
    async page(params: SearchParams, encoding: PageEncoding | null): Promise<PageBody> {
      if (pool.queueSize >= pool.options.maxQueue) throw new SearchBusyError();
      return pool.run({ file, page: params, encoding } satisfies SearchTask);
    },
    async suggest(q: string): Promise<Suggestion[]> {
      if (pool.queueSize >= pool.options.maxQueue) throw new SearchBusyError();
      return pool.run({ file, suggest: q } satisfies SearchTask);
    },
    close: () => pool.destroy(),
  };
}
