/**
 * One unit of work for every write (ARCHITECTURE.md): it opens the transaction, hands out `seq` numbers,
 * collects the real-time effects and publishes them only once the outermost write has committed — never
 * after a rollback. Services run every write through `uow.write`; routes and replication handlers call
 * services and never open a transaction, take a `seq` or write SQL themselves.
 *
 * The SQLite back-end is synchronous (better-sqlite3), so `write` is too. A PostgreSQL back-end satisfies
 * the same contract asynchronously: `write(fn)` returning `Promise<T>`, `fn` receiving the same `WriteTx`
 * (plus the transaction's connection for the repositories), the open unit found through AsyncLocalStorage
 * instead of the `current` variable below. Services already touch nothing but `tx` and repositories inside
 * a write, so the swap changes their `write` calls into `await`s, not their shape (see docs/decisions.md).
 */

/** What a write may do besides calling repositories. */
export interface WriteTx {
  /** The next replication sequence number, taken inside this write: strictly increasing, never reused. */
  seq(): number;
  /** Tells clients that these collections changed (after commit); `userIds` limits it to those users. */
  poke(collections: readonly string[], userIds?: Iterable<string>): void;
  /** A named real-time event of the spec, sent after commit. */
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void;
  /**
   * Any other consequence that must wait for the commit (closing sockets, an event computed from the
   * committed rows). With a `key`, it runs once per unit however many writes inside it ask for it.
   */
  effect(fn: () => void, key?: string): void;
}

export interface UnitOfWork {
  /**
   * Runs `fn` in one transaction and returns its result; effects are published after the commit. Called
   * inside another write it joins that unit: its effects wait for the outer commit, and if it throws, its
   * own changes are rolled back (a savepoint) and its effects dropped, whatever the outer one then does.
   */
  write<T>(fn: (tx: WriteTx) => T): T;
}

/** What the unit needs from a storage back-end and from the real-time hub. */
export type UnitOfWorkBackend = {
  /** Runs `fn` in a transaction, nesting as a savepoint when one is open; rolls back when it throws. */
  transaction<T>(fn: () => T): T;
  nextSeq(): number;
};
export type EffectSink = {
  poke(collections: string[], userIds?: Iterable<string>): void;
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void;
};

type Queued =
  | { kind: 'poke'; collections: readonly string[]; users: string[] | null }
  | { kind: 'emit'; name: string; payload: unknown; users: string[] | null }
  | { kind: 'effect'; fn: () => void; key?: string };

/**
 * Sends what one committed unit queued: pokes first, merged per collection (so a push batch of fifty
 * messages pokes once) and grouped by audience; then events in order; then the other effects in order.
 */
function publish(queued: Queued[], sink: EffectSink, onError: (err: unknown) => void): void {
  const audience = new Map<string, Set<string> | null>();
  for (const q of queued) {
    if (q.kind !== 'poke') continue;
    for (const c of q.collections) {
      const had = audience.get(c);
      if (had === null) continue;
      if (q.users === null) audience.set(c, null);
      else audience.set(c, new Set([...(had ?? []), ...q.users]));
    }
  }
  const groups = new Map<string, { collections: string[]; users: string[] | null }>();
  for (const [c, users] of audience) {
    const list = users ? [...users].sort() : null;
    const key = list ? list.join('\n') : '*';
    const group = groups.get(key) ?? { collections: [], users: list };
    group.collections.push(c);
    groups.set(key, group);
  }
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      // The write has committed: a failed notification must not turn it into an error for the caller.
      onError(err);
    }
  };
  for (const g of groups.values()) {
    safely(() => sink.poke(g.collections, g.users ?? undefined));
  }
  for (const q of queued) {
    if (q.kind === 'emit') safely(() => sink.emit(q.name, q.payload, q.users ?? undefined));
  }
  const once = new Set<string>();
  for (const q of queued) {
    if (q.kind !== 'effect') continue;
    if (q.key !== undefined) {
      if (once.has(q.key)) continue;
      once.add(q.key);
    }
    safely(q.fn);
  }
}

export function createUnitOfWork(
  backend: UnitOfWorkBackend,
  sink: EffectSink,
  onEffectError: (err: unknown) => void = (err) => {
    throw err;
  },
): UnitOfWork {
  /** The open unit's queue (one at a time: the back-end is synchronous). */
  let current: Queued[] | null = null;
  const txOf = (queue: Queued[]): WriteTx => ({
    seq: () => backend.nextSeq(),
    poke: (collections, userIds) =>
      queue.push({ kind: 'poke', collections: [...collections], users: userIds ? [...userIds] : null }),
    emit: (name, payload, userIds) =>
      queue.push({ kind: 'emit', name, payload, users: userIds ? [...userIds] : null }),
    effect: (fn, key) => queue.push({ kind: 'effect', fn, key }),
  });

  return {
    write<T>(fn: (tx: WriteTx) => T): T {
      if (current) {
        const queue = current;
        const mark = queue.length;
        try {
          return backend.transaction(() => fn(txOf(queue)));
        } catch (err) {
          queue.length = mark;
          throw err;
        }
      }
      const queue: Queued[] = [];
      current = queue;
      let result: T;
      try {
        result = backend.transaction(() => fn(txOf(queue)));
      } finally {
        current = null;
      }
      publish(queue, sink, onEffectError);
      return result;
    },
  };
}
