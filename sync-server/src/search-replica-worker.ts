import { closePgDatabase, openPgDatabase } from './lib/pg-backend.ts';
import type { Db } from './plugins/db.ts';
import { lowerPriority } from './search-worker.ts';
import { type SearchReplica, startSearchReplica } from './services/search-replica.ts';

/**
 * The search replica's thread (services/search-replica-thread.ts, a piscina thread of its own): copying
 * PostgreSQL's changes into the SQLite file, its index triggers and the vocabulary's word analysis all run
 * here, at the search threads' lower priority, so a first fill of a million rows never holds the loop that
 * carries the sockets. The replica starts with the first task and keeps catching up between tasks (the
 * pool is made with `atomics: 'disabled'`, so this thread's event loop runs while no task does). It
 * shares the seq it holds with the main thread, which asks it to catch up only when PostgreSQL has newer
 * announcements or seller cards.
 */
export type ReplicaWorkerData = {
  url: string;
  file: string;
  intervalMs: number;
  vocabMs: number;
  /** Shared with the main thread: [the seq the copy holds everything up to, 1 once ready]. */
  shared: SharedArrayBuffer;
};
export type ReplicaTask = { type: 'status' | 'fresh' | 'close'; data: ReplicaWorkerData };
export type ReplicaAnswer = {
  ready: boolean;
  fresh: boolean;
  logs: { level: 'warn' | 'info'; msg: string }[];
};

let started: Promise<{ pg: Db; replica: SearchReplica }> | null = null;
const logs: ReplicaAnswer['logs'] = [];
const note = (level: 'warn' | 'info') => (obj: unknown, msg: string) => {
  const err = obj instanceof Object && 'err' in obj ? `: ${String(obj.err)}` : '';
  if (logs.length < 100) logs.push({ level, msg: `${msg}${err}` });
};

function start(data: ReplicaWorkerData) {
  lowerPriority();
  const shared = new BigInt64Array(data.shared);
  return (async () => {
    const pg = await openPgDatabase(data.url, { poolMax: 2 });
    const replica = startSearchReplica({
      pg,
      file: data.file,
      log: { warn: note('warn'), info: note('info') },
      intervalMs: data.intervalMs,
      vocabMs: data.vocabMs,
      onSeq: (held) => Atomics.store(shared, 0, BigInt(held)),
      onReady: () => Atomics.store(shared, 1, 1n),
    });
    return { pg, replica };
  })();
}

export default async function task(t: ReplicaTask): Promise<ReplicaAnswer> {
  started ??= start(t.data);
  const { pg, replica } = await started;
  let fresh = false;
  if (t.type === 'fresh')
    fresh = await replica.fresh().catch((err) => {
      note('warn')({ err }, 'search replica could not catch up');
      return false;
    });
  if (t.type === 'close') {
    await replica.close().catch(() => undefined);
    await closePgDatabase(pg).catch(() => undefined);
  }
  return { ready: replica.ready(), fresh, logs: logs.splice(0) };
}
