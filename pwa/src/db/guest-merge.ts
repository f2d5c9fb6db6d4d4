import { useSyncExternalStore } from 'react';

/**
 * Guest favourites the account lacks, offered after login in the spec's dialog
 * 'Sincronizează favoritele salvate înainte de login'. Set by the lazily loaded boot module.
 */
export type GuestMergeOffer = {
  ids: string[];
  /** 'Adaugă în cont': copy into the account (replicated), then clear the guest list. */
  accept(): Promise<void>;
  /** 'Renunță': forget the guest list. */
  discard(): Promise<void>;
};

let offer: GuestMergeOffer | null = null;
const listeners = new Set<() => void>();

export function setGuestMergeOffer(o: GuestMergeOffer | null): void {
  offer = o;
  for (const fn of listeners) fn();
}

export function useGuestMergeOffer(): GuestMergeOffer | null {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => offer,
    () => null,
  );
}
