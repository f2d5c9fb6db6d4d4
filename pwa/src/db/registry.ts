import type { HobbizDatabase } from './types.ts';

/**
 * The current local database, set by the lazily loaded boot module. Lives in the main chunk but imports
 * only types, so RxDB itself stays out of the critical path.
 */
type Listener = (db: HobbizDatabase | null) => void;
let current: HobbizDatabase | null = null;
const listeners = new Set<Listener>();

export function currentDatabase(): HobbizDatabase | null {
  return current;
}

export function setCurrentDatabase(db: HobbizDatabase | null): void {
  current = db;
  for (const fn of listeners) fn(db);
}

export function onDatabase(fn: Listener): () => void {
  listeners.add(fn);
  fn(current);
  return () => listeners.delete(fn);
}
