import { useSyncExternalStore } from 'react';

/**
 * One value shared outside React (an offer, a pending question, a toast, the sync client): `set` tells
 * every subscriber, components read it with `useValue()`. Server rendering sees `initial`.
 */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (fn: () => void) => {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      for (const fn of listeners) fn();
    },
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
