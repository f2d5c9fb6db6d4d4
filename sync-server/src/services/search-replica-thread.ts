import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Db } from '../plugins/db.ts';
import { replicaFeedTop } from '../repositories/search-replica.ts';
import type { ReplicaAnswer, ReplicaTask, ReplicaWorkerData } from '../search-replica-worker.ts';
import type { SearchReplica } from './search-replica.ts';

/** How long a search waits for the replica to say it is up to date before PostgreSQL answers it. */
export const REPLICA_FRESH_WAIT_MS = 300;
/** How often this side asks whether a replica still filling has caught up. */
const STATUS_MS = 1_000;

type Log = { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };

/**
 * The search replica (search-replica.ts) on a thread of its own (search-replica-worker.ts). Before a
 * search this side reads PostgreSQL's newest announcement or card seq (one indexed read) and compares it
 * with the seq the thread shares; only when the copy is behind does it ask the thread to catch up.
 */
export function threadedSearchReplica(opts: {
  /** PostgreSQL, as this thread's pool reaches it (the freshness read). */
  pg: Db;
  url: string;
  file: string;
  log: Log;
  intervalMs?: number;
  vocabMs?: number;
}): Pick<SearchReplica, 'file' | 'ready' | 'fresh' | 'close'> {
  // Under the tsx CLI (npm start) the thread inherits its loader; elsewhere (vitest) it is added.
  const execArgv = process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : [...process.execArgv, '--import', 'tsx'];
  const pool = new Piscina({
    filename: fileURLToPath(new URL('../search-replica-worker.ts', import.meta.url)),
    minThreads: 1,
    maxThreads: 1,
    // Its catch-up timer lives in the thread: never ended for being idle, and its loop runs between
    // tasks (piscina's default waits on Atomics there, which would stop the timer).
    idleTimeout: Number.POSITIVE_INFINITY,
    atomics: 'disabled',
    concurrentTasksPerWorker: 16,
    execArgv,
  });
  const data: ReplicaWorkerData = {
    url: opts.url,
    file: opts.file,
    intervalMs: opts.intervalMs ?? 500,
    vocabMs: opts.vocabMs ?? 5_000,
    shared: new SharedArrayBuffer(16),
  };
  const shared = new BigInt64Array(data.shared);
  let ready = false;
  let closed = false;
  const run = async (type: ReplicaTask['type']): Promise<ReplicaAnswer | null> => {
    try {
      const answer = (await pool.run({ type, data } satisfies ReplicaTask)) as ReplicaAnswer;
      for (const l of answer.logs) opts.log[l.level]({}, l.msg);
      ready = answer.ready;
      return answer;
    } catch (err) {
      if (!closed) opts.log.warn({ err }, 'search replica thread failed; searches run in PostgreSQL');
      ready = false;
      return null;
    }
  };
  const status = setInterval(() => {
    if (!ready) void run('status');
  }, STATUS_MS);
  status.unref();
  void run('status');
  return {
    file: opts.file,
    ready: () => ready,
    async fresh() {
      if (!ready || closed) return false;
      if (Number(Atomics.load(shared, 0)) >= (await replicaFeedTop(opts.pg))) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((r) => {
        timer = setTimeout(() => r(null), REPLICA_FRESH_WAIT_MS);
      });
      const answer = await Promise.race([run('fresh'), timeout]);
      clearTimeout(timer);
      return answer?.fresh ?? false;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(status);
      await run('close');
      await pool.destroy();
    },
  };
}
