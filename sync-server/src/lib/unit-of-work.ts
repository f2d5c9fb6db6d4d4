/**
 * One unit of work for every write (docs/ARCHITECTURE.md): it opens the transaction, hands out `seq` numbers,
 * collects the real-time effects and publishes them only once the outermost write has committed — never
 * after a rollback. Services run every write through `uow.write`; routes and replication handlers call
 * services and never open a transaction, take a `seq` or write SQL themselves.
 *
 * `write` is asynchronous: the PostgreSQL back-end talks to a server, and the SQLite one keeps the same shape
 * (one writer at a time, BEGIN IMMEDIATE on its write connection). The open unit is found through
 * AsyncLocalStorage, so a `write` called inside another joins it as a savepoint and repositories called inside
 * it use its connection (plugins/db.ts routes them). `seq()` stays synchronous on both back-ends: the unit
 * takes the commit-order step when it begins (see docs/decisions.md, "Change order that never skips a row").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CollectionName, HeldKind } from '../../../schema/sync.ts';

/** Collections a device pulls from its checkpoint when poked: its person's own data. */
export type PulledCollection = Exclude<CollectionName, HeldKind>;

/** What a write may do besides calling repositories. */
export interface WriteTx {
  /** The next replication sequence number, taken inside this write: strictly increasing, never reused. */
  seq(): number;
  /** Tells clients that these collections changed (after commit); `userIds` limits it to those users. */
  poke(collections: readonly PulledCollection[], userIds?: Iterable<string>): void;
  /**
   * Public rows of these kinds changed (their new seq is in this write): after the commit, the held feed
   * of every instance reads the rows changed since its last pass and sends each to the sockets holding
   * it (replication/held.ts), and open listings learn of new matches. No client is poked: a device holds
   * what it has shown, it does not pull the catalogue. (On the bus it travels as a poke of these kinds,
   * which each instance's socket registry hands to its held feed.)
   */
  publicChanged(kinds: readonly HeldKind[]): void;
  /** A named real-time event of the spec, sent after commit. */
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void;
  /**
   * Any other consequence that must wait for the commit (closing sockets, an event computed from the
   * committed rows — it may be async; it then reads outside the unit). With a `key`, it runs once per unit
   * however many writes inside it ask for it.
   */
  effect(fn: () => unknown, key?: string): void;
}

export interface UnitOfWork {
  /**
   * Runs `fn` in one transaction and resolves to its result; effects are published after the commit.
   * Called inside another write it joins that unit: its effects wait for the outer commit, and if it
   * throws, its own changes are rolled back (a savepoint) and its effects dropped, whatever the outer one
   * then does. Always await it.
   */
  write<T>(fn: (tx: WriteTx) => T | Promise<T>): Promise<T>;
  /**
   * For code that learns of a change without holding the `tx` (a repository's callback): inside an open
   * unit, `fn` is one of its effects (after the outermost commit, dropped on rollback); outside any unit,
   * it runs after the current synchronous work. Unlike `write(tx => tx.effect(fn))` it opens no
   * transaction (on PostgreSQL that would take the seq lock just to wait).
   */
  afterCommit(fn: () => unknown): void;
}

/** One open transaction of a back-end (the outermost write's). */
export interface BackendTx {
  nextSeq(): number;
}

/** What the unit needs from a storage back-end. */
export type UnitOfWorkBackend = {
  /**
   * Runs `fn` in a transaction — a savepoint of the open one when called inside it — and commits, or rolls
   * back when it throws or rejects. The back-end serializes outermost transactions and routes the
   * repositories' queries to the transaction's connection while `fn` runs. May return synchronously when
   * `fn` does and the writer is free (SQLite).
   */
  transaction<T>(fn: (tx: BackendTx) => T | Promise<T>): T | Promise<T>;
};
export type EffectSink = {
  poke(collections: string[], userIds?: Iterable<string>): void;
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void;
};

type Queued =
  | { kind: 'poke'; collections: readonly string[]; users: string[] | null }
  | { kind: 'emit'; name: string; payload: unknown; users: string[] | null }
  | { kind: 'effect'; fn: () => unknown; key?: string };

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
  const safely = (fn: () => unknown) => {
    try {
      const out = fn();
      // The write has committed: a failed notification must not turn it into an error for the caller.
      if (out instanceof Promise) out.catch(onError);
    } catch (err) {
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

const isPromise = <T>(v: T | Promise<T>): v is Promise<T> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';

export function createUnitOfWork(
  backend: UnitOfWorkBackend,
  sink: EffectSink,
  onEffectError: (err: unknown) => void = (err) => {
    throw err;
  },
): UnitOfWork {
  /** The open unit's queue, for the code running inside it (nested writes join it). */
  const open = new AsyncLocalStorage<Queued[]>();
  const txOf = (queue: Queued[], btx: BackendTx): WriteTx => ({
    seq: () => btx.nextSeq(),
    poke: (collections, userIds) =>
      queue.push({ kind: 'poke', collections: [...collections], users: userIds ? [...userIds] : null }),
    publicChanged: (kinds) => queue.push({ kind: 'poke', collections: [...kinds], users: null }),
    emit: (name, payload, userIds) =>
      queue.push({ kind: 'emit', name, payload, users: userIds ? [...userIds] : null }),
    effect: (fn, key) => queue.push({ kind: 'effect', fn, key }),
  });
  // Effects run outside the unit: what they read comes from the committed state, not the closed transaction.
  const published = new WeakSet<Queued[]>();
  const publishOutside = (queue: Queued[]) => {
    published.add(queue);
    open.exit(() => publish(queue, sink, onEffectError));
  };

  /** A write inside an open unit: a savepoint whose effects are dropped if it fails. */
  function nested<T>(queue: Queued[], fn: (tx: WriteTx) => T | Promise<T>): T | Promise<T> {
    const mark = queue.length;
    const drop = (err: unknown): never => {
      queue.length = mark;
      throw err;
    };
    try {
      const out = backend.transaction((btx) => fn(txOf(queue, btx)));
      return isPromise(out) ? out.catch(drop) : out;
    } catch (err) {
      return drop(err);
    }
  }

  return {
    write<T>(fn: (tx: WriteTx) => T | Promise<T>): Promise<T> {
      try {
        const outer = open.getStore();
        if (outer) {
          const out = nested(outer, fn);
          return isPromise(out) ? out : Promise.resolve(out);
        }
        const queue: Queued[] = [];
        // A synchronous `fn` on a free SQLite writer commits before this returns.
        const out = open.run(queue, () => backend.transaction((btx) => fn(txOf(queue, btx))));
        if (!isPromise(out)) {
          publishOutside(queue);
          return Promise.resolve(out);
        }
        return out.then((value) => {
          publishOutside(queue);
          return value;
        });
      } catch (err) {
        // Always a promise: a write that throws synchronously rejects like one that fails later.
        return Promise.reject(err);
      }
    },
    afterCommit(fn: () => unknown): void {
      const outer = open.getStore();
      // A callback scheduled inside a unit may run after it committed: its effect is not lost then.
      if (outer && !published.has(outer)) outer.push({ kind: 'effect', fn });
      else queueMicrotask(() => publishOutside([{ kind: 'effect', fn }]));
    },
  };
}
