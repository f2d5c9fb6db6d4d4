import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { onDatabase } from './registry.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * Subscribes to an RxDB query of the current local database (re-subscribing when it changes, e.g. after
 * login) and whenever `key` changes. `undefined` until the database is open and the query has answered once.
 */
export function useRx<T>(query: (db: HobbizDatabase) => Observable<T> | null, key: string): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything the query depends on
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    setValue(undefined);
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = null;
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
