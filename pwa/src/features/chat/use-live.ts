import { type DependencyList, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { onDatabase } from '../../db/registry.ts';
import type { HobbizDatabase } from '../../db/types.ts';

/**
 * A live value read from the local database: `query` builds an observable for the open database and the
 * component re-renders on every change. undefined until the database is open (or when it closes).
 */
export function useLive<T>(
  query: (db: HobbizDatabase) => Observable<T> | null,
  deps: DependencyList,
): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the query depends on (key)
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
