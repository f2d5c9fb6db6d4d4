import type { HobbizDatabase } from './types.ts';
import type { WorkingSet } from './working-set.ts';

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

/**
 * Collections of the current database whose first pull of this session has finished: until then a
 * local list may still be partly empty (the profile arrived, its reviews not yet), and a page that also
 * has the server's answer shows that one.
 */
const caughtUp = new WeakMap<HobbizDatabase, Set<string>>();
const caughtUpListeners = new Set<() => void>();

export function markCaughtUp(db: HobbizDatabase, collection: string): void {
  const set = caughtUp.get(db) ?? new Set<string>();
  caughtUp.set(db, set);
  set.add(collection);
  if (db === current) for (const fn of caughtUpListeners) fn();
}

export function isCaughtUp(collection: string): boolean {
  return !!current && !!caughtUp.get(current)?.has(collection);
}

export function onCaughtUp(fn: () => void): () => void {
  caughtUpListeners.add(fn);
  const off = onDatabase(() => fn());
  return () => {
    caughtUpListeners.delete(fn);
    off();
  };
}

/** The working set of the open database (held announcements, profiles, reviews); null between sessions. */
let workingSet: WorkingSet | null = null;
const workingSetListeners = new Set<(ws: WorkingSet | null) => void>();

export function setWorkingSet(ws: WorkingSet | null): void {
  workingSet = ws;
  for (const fn of workingSetListeners) fn(ws);
}

export function currentWorkingSet(): WorkingSet | null {
  return workingSet;
}

export function onWorkingSet(fn: (ws: WorkingSet | null) => void): () => void {
  workingSetListeners.add(fn);
  fn(workingSet);
  return () => workingSetListeners.delete(fn);
}
