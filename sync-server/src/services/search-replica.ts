import type { UnitOfWork } from '../lib/unit-of-work.ts';
import { closeDatabase, type Db, openDatabase, type SqliteDb, sqliteUnitOfWork } from '../plugins/db.ts';
import { searchReplicaRepository } from '../repositories/search-replica.ts';
import { searchVocabRepository } from '../repositories/search-vocab.ts';

/**
 * PostgreSQL's catalogue copied into a SQLite file of this instance, for its search threads (issue 20,
 * docs/decisions.md "Search replica"). On PostgreSQL a broad or filtered search reads wide rows at random
 * (p95 128 ms at 1M over HTTP); the SQLite search keeps its ranks in memory and answers in a few ms. So
 * each instance keeps `DATA_DIR/search-replica.sqlite`: the announcements (every column, public or not:
 * the SQLite index picks the public ones itself), the seller cards (id, names, avatar: no e-mail, no
 * password) and its own spelling vocabulary made from them, all following PostgreSQL's change feed. Writers
 * on every instance commit in seq order (lib/pg-backend.ts), so `seq > checkpoint` misses nothing.
 *
 * A search runs on the replica once it has caught up at least once (its rows, then its vocabulary, so the
 * thread is never held long by a first fill's word analysis) and is at most REPLICA_LAG_ROWS rows
 * behind: it first copies what changed up to PostgreSQL's current seq (a person who just published finds
 * their announcement). Further behind (a first fill, a burst of writes), PostgreSQL answers meanwhile.
 */
export type SearchReplica = {
  readonly file: string;
  /** Caught up once, rows and vocabulary: searches may use it. */
  ready(): boolean;
  /** Up to PostgreSQL's current seq, copying at most REPLICA_LAG_ROWS rows; false when still behind. */
  fresh(): Promise<boolean>;
  /** The seq it holds everything up to. */
  seq(): number;
  /** Catches up all the way and takes the new words into its vocabulary (the background step; tests). */
  refresh(): Promise<void>;
  close(): Promise<void>;
};

/** Rows of each table copied in one step (one SQLite transaction: ~10 ms at this size). */
export const REPLICA_BATCH = 500;
/** A search waits for at most this many changed rows to be copied; more, and PostgreSQL answers it. */
export const REPLICA_LAG_ROWS = 2_000;

type Log = { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };

export function startSearchReplica(opts: {
  pg: Db;
  file: string;
  log: Log;
  /** Background catch-up period (ms); 0 = only when a search asks (tests). */
  intervalMs?: number;
  /** The vocabulary's refresh period (ms), as the server's own (config.vocabRefreshMs). */
  vocabMs?: number;
  /** Called once, when it has caught up for the first time (rows and vocabulary). */
  onReady?: () => void;
  /** Called with the seq it holds everything up to, after each step that moved it. */
  onSeq?: (held: number) => void;
}): SearchReplica {
  const { pg, file, log, intervalMs = 500, vocabMs = 5_000, onReady, onSeq } = opts;
  const local: SqliteDb = openDatabase(file);
  // Announcements arrive before their seller's latest card when the card changed later: no foreign keys
  // here (the main schema has none between them either; this is for the write connection's other tables).
  local.$client.pragma('foreign_keys = OFF');
  const uow: UnitOfWork = sqliteUnitOfWork(local, { poke: () => {}, emit: () => {} }, (err) =>
    log.warn({ err }, 'search replica effect failed'),
  );
  const vocab = searchVocabRepository(local);
  const repo = searchReplicaRepository(pg, local);
  let held = repo.heldSeq();
  onSeq?.(held);
  let caughtUpOnce = false;
  // Its spelling vocabulary has taken every row once: until then PostgreSQL corrects typos better.
  let vocabOnce = false;
  let closed = false;

  /** One step: what changed after `held` up to PostgreSQL's committed seq, at most REPLICA_BATCH a table. */
  async function copyStep(): Promise<boolean> {
    const top = await repo.topSeq();
    if (top <= held) return true;
    const { to, announcements, cards } = await repo.changes(held, top, REPLICA_BATCH);
    await uow.write(() => repo.store(announcements, cards, to));
    held = to;
    onSeq?.(held);
    return to === top;
  }

  // One step at a time; everyone arriving while one runs shares the next (it sees their writes).
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  function step(): Promise<boolean> {
    if (!running) {
      running = copyStep().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => false)
      .then(() => {
        queued = null;
        return step();
      });
    return queued;
  }

  async function catchUp(maxSteps: number): Promise<boolean> {
    for (let i = 0; i < maxSteps && !closed; i++) {
      if (await step()) {
        caughtUpOnce = true;
        return true;
      }
      // Between steps the loop serves sockets (a first fill is hundreds of steps).
      await new Promise((r) => setTimeout(r, 1));
    }
    return false;
  }

  let lastVocab = 0;
  let busy = false;
  async function tick(): Promise<void> {
    if (busy || closed) return;
    busy = true;
    try {
      await catchUp(Number.POSITIVE_INFINITY);
      if (!closed && (!vocabOnce || Date.now() - lastVocab >= vocabMs)) {
        lastVocab = Date.now();
        // A batch at a time (~0.1 s of word analysis for 2,000 rows), the loop free between them: the
        // thread answers a search's `fresh` meanwhile. The first pass goes through every row at once.
        for (let b = 0; !closed && b < (vocabOnce ? 5 : Number.POSITIVE_INFINITY); b++) {
          if (await vocab.refresh(uow, 1)) {
            if (!vocabOnce && caughtUpOnce) {
              vocabOnce = true;
              log.info({ seq: held }, 'search replica caught up');
              onReady?.();
            }
            break;
          }
          await new Promise((r) => setTimeout(r, 1));
        }
      }
    } catch (err) {
      log.warn({ err }, 'search replica catch-up failed');
    } finally {
      busy = false;
    }
  }
  const timer = intervalMs > 0 ? setInterval(() => void tick(), intervalMs) : null;
  timer?.unref();
  if (intervalMs > 0) void tick();

  return {
    file,
    ready: () => caughtUpOnce && vocabOnce,
    seq: () => held,
    refresh: tick,
    async fresh(): Promise<boolean> {
      if (!caughtUpOnce || !vocabOnce || closed) return false;
      return catchUp(Math.ceil(REPLICA_LAG_ROWS / REPLICA_BATCH));
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      while (busy) await new Promise((r) => setTimeout(r, 5));
      closeDatabase(local);
    },
  };
}
