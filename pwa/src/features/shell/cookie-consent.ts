import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';

/** The visitor's cookie choice (spec doc 2 §3): unset, then 'accepted' or 'rejected'. */
export type CookieChoice = 'accepted' | 'rejected';
const CHANGED = 'hobbiz:cookie-consent';

export function readCookieChoice(): CookieChoice | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.cookieConsent);
    return v === 'accepted' || v === 'rejected' ? v : null;
  } catch {
    // Storage blocked: asking on every visit would be a nag that can never be answered; treat as refused.
    return 'rejected';
  }
}

export function storeCookieChoice(choice: CookieChoice): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, choice);
  } catch {
    /* storage blocked: the banner still closes for this page view */
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(notify: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.cookieConsent || e.key === null) notify();
  };
  window.addEventListener(CHANGED, notify);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, notify);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored choice; 'unknown' during the prerender and hydration (the prerendered home has no banner, so
 * a visitor who already chose never sees it flash).
 */
export function useCookieChoice(): CookieChoice | null | 'unknown' {
  return useSyncExternalStore(subscribe, readCookieChoice, () => 'unknown' as const);
}
