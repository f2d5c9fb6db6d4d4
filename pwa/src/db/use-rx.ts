import { type DependencyList, useEffect, useMemo, useState } from 'react';
import type { MangoQuery, RxCollection } from 'rxdb';
// Types only: this module is in the first-paint bundle, RxDB and RxJS arrive with the database.
import type { Observable } from 'rxjs';
import { onDatabase } from './registry.ts';
import type { CollectionKey, HobbizCollections, HobbizDatabase } from './types.ts';

type DocOf<K extends CollectionKey> = HobbizCollections[K] extends RxCollection<infer D> ? D : never;

/** A collection by name (the person's own are absent while signed out); the cast: K does not narrow the union. */
const collectionOf = <K extends CollectionKey>(db: HobbizDatabase, name: K) =>
  db.collections[name] as unknown as RxCollection<DocOf<K>> | undefined;

/**
 * The one way a component reads the local database: `query` builds an RxDB observable for the open
 * database (or null: nothing to read) and the component re-renders on every change. It subscribes again
 * when the database changes (sign-in, sign-out: another person's data) and when `deps` change (compared
 * by value, like a cache key). `undefined` until the database is open and the query has answered once.
 */
export function useRx<T>(
  query: (db: HobbizDatabase) => Observable<T> | null,
  deps: DependencyList,
): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` name everything the query depends on
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = null;
      setValue(undefined);
      if (!db) return;
      const obs = query(db);
      if (obs) sub = obs.subscribe((v) => setValue(v));
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [key]);
  return value;
}

/**
 * What `query` finds in a collection, as plain objects, live. Nothing to read (undefined) when `query`
 * is null or the collection is absent (the signed-in person's collections while signed out).
 */
export function useRxFind<K extends CollectionKey>(
  name: K,
  query: MangoQuery<DocOf<K>> | null,
  deps: DependencyList,
): DocOf<K>[] | undefined {
  const docs = useRx((db) => {
    const collection = collectionOf(db, name);
    return query && collection ? collection.find(query).$ : null;
  }, deps);
  return useMemo(() => docs?.map((d) => d.toMutableJSON() as DocOf<K>), [docs]);
}

/** Documents by id as a map of plain objects, live; empty while there are no ids or nothing is read yet. */
export function useRxByIds<K extends CollectionKey>(name: K, ids: string[]): Map<string, DocOf<K>> {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  const docs = useRx(
    (db) => {
      const collection = collectionOf(db, name);
      return key && collection ? collection.findByIds(key.split(',')).$ : null;
    },
    [key],
  );
  return useMemo(
    () => new Map([...(docs ?? [])].map(([id, d]) => [id, d.toMutableJSON() as DocOf<K>])),
    [docs],
  );
}
