import { createStore } from '../lib/store.ts';

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

const offer = createStore<GuestMergeOffer | null>(null);

export const setGuestMergeOffer = offer.set;
export const useGuestMergeOffer = offer.useValue;
