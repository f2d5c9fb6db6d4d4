import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as tables from '../../schema/db/tables.ts';
import type { SearchParams } from '../../schema/search.ts';
import type { Suggestion } from '../../schema/suggest.ts';
import type { Db } from './plugins/db.ts';
import { announcementsRepository } from './repositories/announcements.ts';
import { searchRepository } from './repositories/search.ts';
import { searchVocabRepository } from './repositories/search-vocab.ts';
import { type PageBody, type PageEncoding, pageAnswer, pageBody } from './services/search-answer.ts';
import { type AssistedResult, assistedSearch } from './services/search-assist.ts';
import { suggest } from './services/search-suggest.ts';

/**
 * A search worker thread (services/search-pool.ts): its own read-only connection to the SQLite file
 * (WAL lets readers run beside the writer; each statement sees the last committed state), the same search
 * and spelling correction as the main thread would run, and its own kept rankings.
 */
export type SearchTask =
  | { file: string; params: SearchParams }
  | { file: string; page: SearchParams; encoding: PageEncoding | null }
  | { file: string; suggest: string }
  | { file: string; warm: true };

type Opened = {
  file: string;
  run(params: SearchParams): Promise<AssistedResult>;
  page(params: SearchParams, encoding: PageEncoding | null): Promise<PageBody>;
  suggest(q: string): Promise<Suggestion[]>;
  warm(): void;
};
let opened: Opened | null = null;

/**
 * Nice value of a search thread: when searches and the event loop want the same core, Linux's scheduler
 * gives the loop (nice 0) about nine tenths of it, so sockets, `/api/health` and chat delivery keep their
 * pace while searches queue (a search takes a little longer instead). Linux only: a thread's nice value is
 * its own there, set through its thread id; elsewhere the thread keeps the process's priority.
 */
export const SEARCH_NICE = 10;

export function lowerPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, SEARCH_NICE);
  } catch {
    // Not Linux (no /proc/thread-self) or not allowed: the thread runs at the process's priority.
  }
}

function open(file: string) {
  lowerPriority();
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 2000');
  conn.pragma('cache_size = -65536');
  const db: Db = drizzle(conn, { schema: tables });
  const engine = searchRepository(db);
  const vocab = searchVocabRepository(db);
  const { toApi } = announcementsRepository(db);
  return {
    file,
    run: (params: SearchParams) => assistedSearch(engine, vocab, params),
    // The seller cards from this connection, the JSON and its compression here: the loop only sends bytes.
    page: async (params: SearchParams, encoding: PageEncoding | null) =>
      pageBody(await pageAnswer(await assistedSearch(engine, vocab, params), toApi), encoding),
    suggest: (q: string) => suggest(engine, vocab, q),
    warm: () => engine.warm(),
  };
}

export default async function search(
  task: SearchTask,
): Promise<AssistedResult | PageBody | Suggestion[] | null> {
  if (opened?.file !== task.file) opened = open(task.file);
  if ('warm' in task) {
    opened.warm();
    return null;
  }
  if ('page' in task) return opened.page(task.page, task.encoding);
  return 'suggest' in task ? opened.suggest(task.suggest) : opened.run(task.params);
}
