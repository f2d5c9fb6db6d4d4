import { type DependencyList, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { onDatabase } from './registry.ts';
import type { HobbizDatabase } from './types.ts';

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
